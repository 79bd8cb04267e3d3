import { Inject, Injectable, Logger } from '@nestjs/common';
import { segmentDefinitionSchema } from '@salon/contracts';
import type { MessagingConfig } from '../../../config.js';
import { APP_CONFIG } from '@salon/nest-kit';
import { afterQuietHours } from '../../automations/domain/quiet-hours.js';
import { AutomationRepository } from '../../automations/persistence/automation.repository.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import type { QueueMessageInput } from '../../delivery/domain/message-input.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { campaignEmail, campaignSms } from '../domain/campaign-content.js';
import { campaignAddress, decideRecipients, recipientClaims } from '../domain/campaign-recipients.js';
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

/** Clients of the book read per batch: one set of statements and one addBulk per batch. */
export const CAMPAIGN_BATCH = 1000;

/**
 * A campaign's send, in the worker, when its time comes. The segment is evaluated now, over the
 * book read in batches of `CAMPAIGN_BATCH`; each batch is checked and queued in a few statements
 * (`decideRecipients`: consent for the channel as the profile says now, the phone's STOP or the
 * e-mail suppression list, a one-click unsubscribe, the location's frequency cap), and a text
 * waits for the end of quiet hours. Per batch, in one transaction: the recipients claimed (primary
 * key campaign + client), their messages written (idempotency key `campaign:<id>:<clientId>`) and
 * linked; then one addBulk, then the progress saved. A retried or concurrent job sends nobody
 * twice; one that died resumes after the last batch it finished (that batch's jobs are put on the
 * queue again: the job id is the message id, so nothing is added twice).
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
    let queued = 0;
    let skipped = 0;
    const batches = this.audience.batches(
      segment,
      { now, zone: business.timeZone },
      { after: campaign.progressAfter, size: CAMPAIGN_BATCH },
    );
    for await (const batch of batches) {
      const done = await this.queueBatch(campaign, batch.clients, settings.maxPerClientPerDay, now);
      queued += done.queued;
      skipped += done.skipped;
      await this.marketing.saveProgress(campaign.id, batch.lastId);
    }
    await this.marketing.finishSending(campaign.id, now);
    this.logger.log(`campaign ${campaign.id}: ${queued} queued, ${skipped} skipped`);
    return { kind: 'sent', queued, skipped };
  }

  private async queueBatch(
    campaign: CampaignRow,
    clients: readonly DirectoryClient[],
    capPerDay: number,
    now: Date,
  ): Promise<{ queued: number; skipped: number }> {
    if (clients.length === 0) return { queued: 0, skipped: 0 };
    const addresses = clients.map((c) => campaignAddress(campaign.channel, c)).filter((a): a is string => a !== null);
    const facts = await this.marketing.pageFacts(
      campaign.id,
      campaign.channel,
      clients.map((c) => c.id),
      addresses,
      new Date(now.getTime() - DAY),
    );
    const decisions = decideRecipients(campaign.channel, clients, facts, capPerDay, now);
    const byId = new Map(clients.map((c) => [c.id, c]));
    // The personalised bodies are made before the transaction, so it holds its key locks only for the writes.
    const bodies = new Map(
      decisions.flatMap((d) =>
        d.kind === 'send' || d.kind === 'resend' ? [[d.clientId, this.message(campaign, byId.get(d.clientId)!, d.to)] as const] : [],
      ),
    );
    const { claimed, messages } = await this.marketing.runInTransaction(async (manager) => {
      const claimed = await this.marketing.claimRecipients(campaign.id, recipientClaims(decisions), manager);
      // Another attempt that claimed a client first writes its message in its own transaction.
      const sending = decisions.filter((d) => d.kind === 'resend' || (d.kind === 'send' && claimed.has(d.clientId)));
      const messages = await this.messages.recordMany(
        sending.map((d) => bodies.get(d.clientId)!),
        manager,
      );
      const idByKey = new Map(messages.map((m) => [m.idempotencyKey, m.id]));
      await this.marketing.linkMessages(
        campaign.id,
        sending.map((d) => ({ clientId: d.clientId, messageId: idByKey.get(campaignMessageKey(campaign.id, d.clientId))! })),
        manager,
      );
      return { claimed, messages };
    });
    await this.messages.enqueueAll(messages);
    return {
      queued: decisions.filter((d) => d.kind === 'send' && claimed.has(d.clientId)).length,
      skipped: decisions.filter((d) => d.kind === 'skip' && claimed.has(d.clientId)).length,
    };
  }

  private message(campaign: CampaignRow, client: DirectoryClient, to: string): QueueMessageInput {
    const common = { idempotencyKey: campaignMessageKey(campaign.id, client.id), purpose: 'campaign', createdBy: null, to };
    if (campaign.channel === 'sms') return { ...common, channel: 'sms', text: campaignSms(campaign.text ?? '') };
    const token = signUnsubscribeToken(this.config.EVENT_SECRET_KEY, { campaignId: campaign.id, clientId: client.id, channel: 'email' });
    const url = unsubscribeUrl(this.config.PUBLIC_URL, token);
    const body = campaignEmail(
      personalise(campaign.html ?? '', client, true),
      campaign.text ? personalise(campaign.text, client) : null,
      url,
      trackingUrls(this.config.PUBLIC_URL, this.config.EVENT_SECRET_KEY, campaign.id, client.id),
    );
    return {
      ...common,
      channel: 'email',
      subject: personalise(campaign.subject ?? '', client),
      text: body.text,
      html: body.html,
      // RFC 8058: mail clients offer "Unsubscribe" and POST List-Unsubscribe=One-Click to the URL.
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}

/** One message per campaign and client: the key a retried, resumed or concurrent job finds again. */
function campaignMessageKey(campaignId: string, clientId: string): string {
  return `campaign:${campaignId}:${clientId}`;
}

/** `{{firstName}}` in a campaign's subject or body. */
function personalise(text: string, client: DirectoryClient, html = false): string {
  const name = client.firstName || 'there';
  const value = html ? name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : name;
  return text.replace(/\{\{\s*firstName\s*\}\}/g, () => value);
}
