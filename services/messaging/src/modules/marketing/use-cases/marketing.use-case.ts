import { Injectable } from '@nestjs/common';
import {
  saveCampaignInputSchema,
  saveSegmentInputSchema,
  scheduleCampaignInputSchema,
  segmentDefinitionSchema,
  type CampaignStatsView,
  type CampaignView,
  type SegmentCountView,
  type SegmentView,
} from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { htmlToText } from '../domain/campaign-content.js';
import { CampaignQueue } from '../jobs/campaign-queue.js';
import { MarketingRepository, type CampaignRow, type SegmentRow } from '../persistence/marketing.repository.js';
import { SegmentAudience } from './segment-audience.js';

const NO_STATS: CampaignStatsView = {
  recipients: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  bounced: 0,
  booked: 0,
  unsubscribed: 0,
  skipped: 0,
  opened: 0,
  clicked: 0,
};

/** The /marketing screen: segments with their live count, campaigns with their stats, sending and scheduling. */
@Injectable()
export class MarketingUseCase {
  constructor(
    private readonly marketing: MarketingRepository,
    private readonly audience: SegmentAudience,
    private readonly platform: PlatformLookup,
    private readonly queue: CampaignQueue,
  ) {}

  async segments(): Promise<SegmentView[]> {
    return (await this.marketing.segments()).map(segmentView);
  }

  async saveSegment(input: unknown): Promise<SegmentView> {
    const p = parseInput(saveSegmentInputSchema, input);
    const values = { name: p.name, match: p.match, rules: p.rules };
    if (!p.id) return segmentView(await this.marketing.insertSegment(values));
    if (p.version === undefined) throw ValidationFailedError.field('version', 'is required to change a segment');
    const saved = await this.marketing.updateSegment(p.id, p.version, values);
    if (!saved) throw new ConflictError('The segment was changed by someone else; reload it and try again');
    return segmentView(saved);
  }

  /** How many clients the rules select now, and how many of them each channel can reach (consent and an address). */
  async count(definition: unknown, locationId: string | null, now = new Date()): Promise<SegmentCountView> {
    const segment = parseInput(segmentDefinitionSchema, definition);
    const { timeZone } = await this.platform.businessAt(locationId);
    const out = { total: 0, email: 0, sms: 0 };
    for await (const c of this.audience.matching(segment, { now, zone: timeZone })) {
      out.total++;
      if (c.email && c.emailConsent.granted) out.email++;
      if (c.phone && c.smsConsent.granted) out.sms++;
    }
    return out;
  }

  async campaigns(): Promise<CampaignView[]> {
    const rows = await this.marketing.campaigns();
    const stats = await this.marketing.stats(rows.map((r) => r.id));
    return rows.map((r) => campaignView(r, stats.get(r.id) ?? NO_STATS));
  }

  async campaign(id: string): Promise<CampaignView> {
    const row = await this.marketing.campaign(id);
    if (!row) throw new NotFoundError('Campaign not found');
    const stats = await this.marketing.stats([id]);
    return campaignView(row, stats.get(id) ?? NO_STATS);
  }

  async saveCampaign(input: unknown, userId: string | null): Promise<CampaignView> {
    const p = parseInput(saveCampaignInputSchema, input);
    if (!(await this.marketing.segment(p.segmentId))) throw ValidationFailedError.field('segmentId', 'is not a segment');
    const values = {
      name: p.name,
      channel: p.channel,
      segmentId: p.segmentId,
      locationId: p.locationId ?? null,
      subject: p.channel === 'email' ? (p.subject ?? null) : null,
      html: p.channel === 'email' ? (p.html ?? null) : null,
      design: p.channel === 'email' ? (p.design ?? null) : null,
      // E-mail: the plain-text part, derived from the design when not written.
      text: p.channel === 'sms' ? (p.text ?? null) : p.text?.trim() ? p.text : htmlToText(p.html ?? ''),
      createdBy: userId,
    };
    if (!p.id) return this.campaign(await this.marketing.insertCampaign(values));
    if (p.version === undefined) throw ValidationFailedError.field('version', 'is required to change a campaign');
    if (!(await this.marketing.updateCampaign(p.id, p.version, values)))
      throw new ConflictError('The campaign was changed, has been sent or was cancelled; reload it and try again');
    return this.campaign(p.id);
  }

  /** Send now (no time) or at a time: the worker's job does it, checking consent, quiet hours and caps then. */
  async schedule(input: unknown, now = new Date()): Promise<CampaignView> {
    const p = parseInput(scheduleCampaignInputSchema, input);
    const at = p.sendAt ? new Date(p.sendAt) : now;
    if (at.getTime() < now.getTime() - 60_000) throw ValidationFailedError.field('sendAt', 'must not be in the past');
    if (!(await this.marketing.schedule(p.id, at))) throw new ConflictError('The campaign has already been sent or was cancelled');
    await this.queue.schedule(p.id, at, now.getTime());
    return this.campaign(p.id);
  }

  async cancel(id: string): Promise<CampaignView> {
    if (!(await this.marketing.cancel(id))) throw new ConflictError('Only a draft or scheduled campaign can be cancelled');
    return this.campaign(id);
  }
}

function segmentView(r: SegmentRow): SegmentView {
  return { id: r.id, name: r.name, match: r.match, rules: r.rules, version: r.version, updatedAt: r.updatedAt.toISOString() };
}

function campaignView(r: CampaignRow, stats: CampaignStatsView): CampaignView {
  return {
    ...r,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    stats,
  };
}
