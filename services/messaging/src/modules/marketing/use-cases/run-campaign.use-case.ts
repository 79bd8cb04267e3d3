import { Inject, Injectable, Logger } from '@nestjs/common';
import { segmentDefinitionSchema } from '@salon/contracts';
import type { MessagingConfig } from '../../../config.js';
import { APP_CONFIG } from '@salon/nest-kit';
import { withinCap } from '../../automations/domain/frequency-cap.js';
import { afterQuietHours } from '../../automations/domain/quiet-hours.js';
import { AutomationRepository } from '../../automations/persistence/automation.repository.js';
import { marketingVerdict } from '../../consent/domain/marketing-consent.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { campaignEmail, campaignSms } from '../domain/campaign-content.js';
import { signTrackingToken, type TrackingUrls } from '../domain/tracking.js';
import { signUnsubscribeToken } from '../domain/unsubscribe-token.js';
import { CampaignQueue } from '../jobs/campaign-queue.js';
import type { DirectoryClient } from '../persistence/client-directory.provider.js';
import { MarketingRepository, type CampaignRow } from '../persistence/marketing.repository.js';
import { SegmentAudience } from './segment-audience.js';

const DAY = 86_400_000;

export type CampaignOutcome = { kind: 'stale' } | { kind: 'deferred'; until: Date } | { kind: 'sent'; queued: number; skipped: number };

/** The public address of a campaign's unsubscribe link (the API serves the page and the one-click POST). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/marketing/unsubscribe/${token}`;
}

/** The public open pixel and click redirect of one campaign e-mail (the API serves both). */
export function trackingUrls(publicUrl: string, secret: string, campaignId: string, clientId: string): TrackingUrls {
  return {
    open: `${publicUrl}/api/marketing/track/open/${signTrackingToken(secret, { kind: 'open', campaignId, clientId })}`,
    click: (url) => `${publicUrl}/api/marketing/track/click/${signTrackingToken(secret, { kind: 'click', campaignId, clientId, url })}`,
  };
}

/**
 * A campaign's send, in the worker, when its time comes. The segment is evaluated now; each
 * client is then checked now: consent for the channel (the profile as the clients service has it,
 * and for SMS the phone's STOP), a one-click unsubscribe, and the location's frequency cap. A
 * text waits for the end of quiet hours. One row per campaign and client (primary key) and one
 * message per pair (idempotency key `campaign:<id>:<clientId>`): a retried or repeated job sends
 * nobody twice, and one that died between the two repairs the missing message with the same key.
 */
@Injectable()
export class RunCampaignUseCase {
  private readonly logger = new Logger('RunCampaign');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly marketing: MarketingRepository,
    private readonly audience: SegmentAudience,
    private readonly automations: AutomationRepository,
    private readonly platform: PlatformLookup,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly messages: QueueMessageUseCase,
    private readonly queue: CampaignQueue,
  ) {}

  async run(campaignId: string, now = new Date()): Promise<CampaignOutcome> {
    const campaign = await this.marketing.startSending(campaignId, now);
    if (!campaign) return { kind: 'stale' };
    const segmentRow = await this.marketing.segment(campaign.segmentId);
    const segment = segmentDefinitionSchema.parse(segmentRow ?? { match: 'all', rules: [] });
    const business = await this.platform.businessAt(campaign.locationId);
    const settings = await this.automations.settings(campaign.locationId ?? 'default');
    if (campaign.channel === 'sms') {
      const later = afterQuietHours(now, business.timeZone, { start: settings.quietStart, end: settings.quietEnd });
      if (later.getTime() > now.getTime()) {
        await this.marketing.deferSending(campaign.id, later);
        await this.queue.schedule(campaign.id, later, now.getTime());
        return { kind: 'deferred', until: later };
      }
    }
    const handled = await this.marketing.handledClients(campaign.id);
    let queued = 0;
    let skipped = 0;
    for await (const client of this.audience.matching(segment, { now, zone: business.timeZone })) {
      if (handled.has(client.id) && !(await this.marketing.recipientWithoutMessage(campaign.id, client.id))) continue;
      const refusal = await this.refusal(campaign, client, settings.maxPerClientPerDay, now);
      if (refusal) {
        if (await this.marketing.claimRecipient(campaign.id, client.id, 'skipped', refusal)) skipped++;
        continue;
      }
      // Claimed by another attempt meanwhile, and its message written: nothing to do.
      if (
        !(await this.marketing.claimRecipient(campaign.id, client.id, 'queued', null)) &&
        !(await this.marketing.recipientWithoutMessage(campaign.id, client.id))
      )
        continue;
      const message = await this.queueMessage(campaign, client);
      await this.marketing.setRecipientMessage(campaign.id, client.id, message.id);
      queued++;
    }
    await this.marketing.finishSending(campaign.id, now);
    this.logger.log(`campaign ${campaign.id}: ${queued} queued, ${skipped} skipped`);
    return { kind: 'sent', queued, skipped };
  }

  /** Why this client gets nothing from this campaign, or null. */
  private async refusal(campaign: CampaignRow, client: DirectoryClient, capPerDay: number, now: Date): Promise<string | null> {
    const channel = campaign.channel;
    const consent = channel === 'sms' ? client.smsConsent : client.emailConsent;
    const address = channel === 'sms' ? client.phone : client.email;
    const optedOut = channel === 'sms' && address ? await this.smsConsent.isOptedOut(address) : false;
    const verdict = marketingVerdict(channel, { granted: consent.granted, method: consent.method, address }, optedOut);
    if (!verdict.allowed) return verdict.reason;
    if (await this.marketing.unsubscribed(client.id, channel)) return 'the client unsubscribed';
    const recent = await this.marketing.recentSendTimes(client.id, new Date(now.getTime() - DAY));
    if (!withinCap(recent, now, capPerDay)) return `the client had ${capPerDay} messages in the last day`;
    return null;
  }

  private queueMessage(campaign: CampaignRow, client: DirectoryClient) {
    const common = { idempotencyKey: `campaign:${campaign.id}:${client.id}`, purpose: 'campaign', createdBy: null };
    if (campaign.channel === 'sms')
      return this.messages.queue({ ...common, channel: 'sms', to: client.phone!, text: campaignSms(campaign.text ?? '') });
    const token = signUnsubscribeToken(this.config.EVENT_SECRET_KEY, { campaignId: campaign.id, clientId: client.id, channel: 'email' });
    const url = unsubscribeUrl(this.config.PUBLIC_URL, token);
    const body = campaignEmail(
      personalise(campaign.html ?? '', client, true),
      campaign.text ? personalise(campaign.text, client) : null,
      url,
      trackingUrls(this.config.PUBLIC_URL, this.config.EVENT_SECRET_KEY, campaign.id, client.id),
    );
    return this.messages.queue({
      ...common,
      channel: 'email',
      to: client.email!,
      subject: personalise(campaign.subject ?? '', client),
      text: body.text,
      html: body.html,
      // RFC 8058: mail clients offer "Unsubscribe" and POST List-Unsubscribe=One-Click to the URL.
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}

/** `{{firstName}}` in a campaign's subject or body. */
function personalise(text: string, client: DirectoryClient, html = false): string {
  const name = client.firstName || 'there';
  const value = html ? name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : name;
  return text.replace(/\{\{\s*firstName\s*\}\}/g, () => value);
}
