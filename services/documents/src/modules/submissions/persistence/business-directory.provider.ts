import { Inject, Injectable } from '@nestjs/common';
import { businessSettingsSchema } from '@salon/contracts';
import { APP_CONFIG, ServiceToken } from '@salon/nest-kit';
import type { DocumentsConfig } from '../../../config.js';

const KEPT_MS = 60_000;
const nameOnly = businessSettingsSchema.pick({ businessName: true });

/**
 * The salon's name as identity's business settings have it (the PDF's heading, the public pages),
 * kept a minute. When identity cannot answer, a page still opens: it says "Your salon".
 */
@Injectable()
export class BusinessDirectory {
  private kept: { until: number; name: string } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: DocumentsConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  async businessName(): Promise<string> {
    if (this.kept && this.kept.until > Date.now()) return this.kept.name;
    const res = await this.serviceToken
      .call(this.config.IDENTITY_URL, '/api/business-settings', { schema: nameOnly, timeoutMs: 3000 })
      .catch(() => null);
    if (!res?.ok) return this.kept?.name ?? 'Your salon';
    this.kept = { until: Date.now() + KEPT_MS, name: res.body.businessName };
    return res.body.businessName;
  }
}
