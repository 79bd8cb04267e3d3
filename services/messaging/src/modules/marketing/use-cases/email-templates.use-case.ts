import { Injectable } from '@nestjs/common';
import { emailBrandSchema, saveEmailTemplateInputSchema, type EmailRenderView, type EmailTemplateView } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { brandedMjml, renderMjml } from '../domain/email-template.js';

type Raw = Record<string, unknown>;

/**
 * Saved e-mail templates of /marketing: MJML the owner keeps, rendered on the server in the
 * salon's look (the brand from /booking-design). A template that does not render (MJML's strict
 * validation) is not saved: the error names the line.
 */
@Injectable()
export class EmailTemplatesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<EmailTemplateView[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM marketing_email_templates ORDER BY name, id`);
    return rows.map(view);
  }

  async save(input: unknown): Promise<EmailTemplateView> {
    const p = parseInput(saveEmailTemplateInputSchema, input);
    // Checked with a neutral brand: whether it renders does not depend on the colours.
    const check = await renderMjml(
      brandedMjml(p.mjml, { businessName: 'Salon', primaryColor: '#000000', backgroundColor: '#ffffff', logoUrl: null }),
    );
    if (check.errors.length > 0) {
      const first = check.errors[0]!;
      throw ValidationFailedError.field('mjml', `${first.line ? `line ${first.line}: ` : ''}${first.message}`);
    }
    if (!p.id) {
      const [row] = await this.dataSource.query(`INSERT INTO marketing_email_templates (name, mjml) VALUES ($1, $2) RETURNING *`, [
        p.name,
        p.mjml,
      ]);
      return view(row);
    }
    // TypeORM answers an UPDATE on PostgreSQL with [rows, affected count].
    const [rows] = (await this.dataSource.query(
      `UPDATE marketing_email_templates SET name = $2, mjml = $3, version = version + 1, updated_at = now()
        WHERE id = $1 AND version = $4 RETURNING *`,
      [p.id, p.name, p.mjml, p.version],
    )) as [Raw[], number];
    if (rows[0]) return view(rows[0]);
    const exists = await this.dataSource.query(`SELECT 1 FROM marketing_email_templates WHERE id = $1`, [p.id]);
    if (exists.length === 0) throw new NotFoundError('No such e-mail template');
    throw new ConflictError('The template was changed by someone else; reload it and try again');
  }

  /** The e-mail's HTML for this MJML in this brand (the campaign editor's preview and its HTML), or the problems. */
  async render(mjml: string, brand: unknown): Promise<EmailRenderView> {
    const b = parseInput(emailBrandSchema, brand);
    if (typeof mjml !== 'string' || mjml.trim() === '') throw ValidationFailedError.field('mjml', 'write the template');
    return renderMjml(brandedMjml(mjml, b));
  }
}

function view(r: Raw): EmailTemplateView {
  return {
    id: r.id as string,
    name: r.name as string,
    mjml: r.mjml as string,
    version: r.version as number,
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}
