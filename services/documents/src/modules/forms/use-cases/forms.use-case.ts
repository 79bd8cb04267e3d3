import { Injectable } from '@nestjs/common';
import { formInputSchema, type FormVersionView, type FormView } from '@salon/contracts';
import { ConflictError, NotFoundError, OutboxWriter, parseInput, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { decidePublish } from '../domain/form-versions.rules.js';
import { FormRepository, type FormRow } from '../persistence/form.repository.js';
import { isFormId, toFormVersionView, toFormView } from './form-view.js';

const actorOf = (auth: AuthContext | null) => ({ type: 'user' as const, id: auth?.userId ?? null });

/** The form builder: drafts, publishing immutable versions, the services a form is asked for. */
@Injectable()
export class FormsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly forms: FormRepository,
    private readonly references: ReferenceCheck,
    private readonly outbox: OutboxWriter,
  ) {}

  async list(includeArchived = false): Promise<FormView[]> {
    const rows = await this.forms.list(includeArchived);
    return Promise.all(rows.map((r) => this.view(r)));
  }

  async get(id: string): Promise<FormView> {
    return this.view(await this.require(id));
  }

  async versions(id: string): Promise<FormVersionView[]> {
    await this.require(id);
    return (await this.forms.versions(id)).map(toFormVersionView);
  }

  async create(auth: AuthContext | null, input: unknown): Promise<FormView> {
    const f = parseInput(formInputSchema, input);
    await this.checkServices(f.serviceIds);
    const id = await this.dataSource.transaction(async (m) => {
      const id = await this.forms.insert(m, { ...f, createdBy: auth?.userId ?? null });
      await this.forms.setServices(m, id, f.serviceIds);
      return id;
    });
    return this.get(id);
  }

  /** Changes the draft; what clients see changes only when it is published. */
  async update(id: string, input: unknown): Promise<FormView> {
    if (!isFormId(id)) throw new NotFoundError('No such form');
    const f = parseInput(formInputSchema, input);
    await this.checkServices(f.serviceIds);
    await this.dataSource.transaction(async (m) => {
      const current = await this.lockCurrent(m, id, f.version);
      await this.forms.updateDraft(m, current.id, f);
      await this.forms.setServices(m, current.id, f.serviceIds);
    });
    return this.get(id);
  }

  async publish(auth: AuthContext | null, id: string, expectedVersion?: number): Promise<FormView> {
    if (!isFormId(id)) throw new NotFoundError('No such form');
    await this.dataSource.transaction(async (m) => {
      const current = await this.lockCurrent(m, id, expectedVersion);
      if (current.archived) throw new ConflictError('An archived form cannot be published; restore it first', null, 'archived');
      const latest = current.publishedVersion ? await this.forms.findVersion(id, current.publishedVersion, m) : null;
      const decision = decidePublish(current, latest);
      if (!decision.publish) return;
      await this.forms.publish(m, id, {
        version: decision.version,
        name: current.name,
        definition: current.definition,
        by: auth?.userId ?? null,
      });
      await this.outbox.append(m, {
        type: 'documents.form.published.v1',
        aggregateType: 'form',
        aggregateId: id,
        actor: actorOf(auth),
        payload: { formId: id, version: decision.version, name: current.name, serviceIds: current.serviceIds },
      });
    });
    return this.get(id);
  }

  async archive(id: string, archived: boolean): Promise<FormView> {
    if (!isFormId(id)) throw new NotFoundError('No such form');
    await this.dataSource.transaction(async (m) => {
      await this.lockCurrent(m, id);
      await this.forms.setArchived(m, id, archived);
    });
    return this.get(id);
  }

  private async lockCurrent(m: EntityManager, id: string, expectedVersion?: number): Promise<FormRow> {
    const current = await this.forms.find(id, m, true);
    if (!current) throw new NotFoundError('No such form');
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw new ConflictError('This form was changed by someone else; reload it and save again', await this.view(current), 'version');
    return current;
  }

  private async require(id: string): Promise<FormRow> {
    const row = isFormId(id) ? await this.forms.find(id) : null;
    if (!row) throw new NotFoundError('No such form');
    return row;
  }

  private async view(row: FormRow): Promise<FormView> {
    const latest = row.publishedVersion ? await this.forms.findVersion(row.id, row.publishedVersion) : null;
    return toFormView(row, latest);
  }

  /** Services live in scheduling's catalogue: each id is vouched for there before it is kept. */
  private async checkServices(serviceIds: readonly string[]): Promise<void> {
    if (serviceIds.length) await this.references.require({ services: serviceIds.map((id, i) => ({ field: `serviceIds.${i}`, id })) });
  }
}
