import { Injectable, Logger } from '@nestjs/common';
import type { AutomationKind } from '@salon/contracts';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { lastVisitOf } from '../../marketing/domain/segment-rules.js';
import { ClientDirectory } from '../../marketing/persistence/client-directory.provider.js';
import { MarketingRepository } from '../../marketing/persistence/marketing.repository.js';
import { customDueAt, daysSinceVisitOccasion, daysSinceVisitSendKey } from '../domain/custom-automation-rules.js';
import { birthdayOccasion, clientLocationId, localDay, winBackOccasion } from '../domain/occasions.js';
import { AutomationQueue } from '../jobs/automation-queue.js';
import { DailyOccasionsQueue } from '../jobs/daily-occasions-queue.js';
import { AutomationRepository } from '../persistence/automation.repository.js';
import { AutomationSendRepository } from '../persistence/automation-send.repository.js';
import { CustomAutomationRepository, type CustomAutomationRow } from '../persistence/custom-automation.repository.js';

export interface DailyRunResult {
  planned: Record<'birthday' | 'win-back' | 'days-since-last-visit', number>;
}

/**
 * A location's daily run: each of its clients whose birthday, win-back or owner's "N days since the
 * last visit" occasion is due today (on the location's calendar) gets one automation send, keyed by
 * the occasion (`birthday:<client>:<the birthday's date>`, `win-back:<client>:<the last visit's
 * day>`, `custom:<automation>:<client>:<the last visit's day>`), so a retried or repeated run adds
 * nothing. The send then goes through RunAutomationSendUseCase like any other: automation still on,
 * quiet hours, the daily cap and consent are checked when it is sent.
 */
@Injectable()
export class RunDailyOccasionsUseCase {
  private readonly logger = new Logger('DailyOccasions');

  constructor(
    private readonly automations: AutomationRepository,
    private readonly sends: AutomationSendRepository,
    private readonly sendQueue: AutomationQueue,
    private readonly dailyQueue: DailyOccasionsQueue,
    private readonly platform: PlatformLookup,
    private readonly directory: ClientDirectory,
    private readonly marketing: MarketingRepository,
    private readonly custom: CustomAutomationRepository,
  ) {}

  async syncSchedules(): Promise<void> {
    await this.dailyQueue.sync(await this.platform.locations());
  }

  async run(locationId: string, at: Date): Promise<DailyRunResult> {
    const planned = { birthday: 0, 'win-back': 0, 'days-since-last-visit': 0 };
    const [birthday, winBack, sinceVisit] = await Promise.all([
      this.automations.find(locationId, 'birthday'),
      this.automations.find(locationId, 'win-back'),
      this.custom.enabledFor(locationId, 'days-since-last-visit'),
    ]);
    if (!birthday.enabled && !winBack.enabled && sinceVisit.length === 0) return { planned };
    const locations = await this.platform.locations();
    const zone = locations.find((l) => l.id === locationId)?.timeZone ?? (await this.platform.businessAt(locationId)).timeZone;
    const today = localDay(at, zone);

    for await (const page of this.directory.pages()) {
      const mine = page.filter((c) => clientLocationId(c.preferredLocationId, locations) === locationId);
      if (mine.length === 0) continue;
      const ids = mine.map((c) => c.id);
      const [histories, upcoming] = await Promise.all([this.marketing.histories(ids), this.sends.clientsWithUpcoming(ids, at)]);
      for (const c of mine) {
        if (birthday.enabled) {
          const occasion = birthdayOccasion(c.birthday, today, birthday.timing);
          if (occasion && (await this.plan('birthday', locationId, c.id, `birthday:${c.id}:${occasion}`, at))) planned.birthday++;
        }
        const lastVisit = lastVisitOf(c.lastVisitAt ? new Date(c.lastVisitAt) : null, histories.get(c.id)?.lastVisitAt ?? null);
        if (winBack.enabled) {
          const occasion = winBackOccasion(lastVisit, today, winBack.timing, zone, upcoming.has(c.id));
          if (occasion && (await this.plan('win-back', locationId, c.id, `win-back:${c.id}:${occasion}`, at))) planned['win-back']++;
        }
        for (const automation of sinceVisit) {
          const occasion = daysSinceVisitOccasion(lastVisit, today, automation.days ?? 0, zone, upcoming.has(c.id));
          if (occasion && (await this.planSinceVisit(automation, c.id, occasion, at))) planned['days-since-last-visit']++;
        }
      }
    }
    if (planned.birthday + planned['win-back'] + planned['days-since-last-visit'] > 0)
      this.logger.log(
        `${locationId} ${today}: ${planned.birthday} birthday, ${planned['win-back']} win-back and ${planned['days-since-last-visit']} days-since-visit messages planned`,
      );
    return { planned };
  }

  /** An owner's "N days since the last visit": one send per automation, client and visit, due its delay after today's run. */
  private async planSinceVisit(automation: CustomAutomationRow, clientId: string, lastVisitDay: string, at: Date): Promise<boolean> {
    const { send, created } = await this.sends.insertOnce({
      locationId: automation.locationId,
      kind: 'custom',
      customAutomationId: automation.id,
      appointmentId: null,
      clientId,
      idempotencyKey: daysSinceVisitSendKey(automation.id, clientId, lastVisitDay),
      dueAt: customDueAt(automation.delayHours, at, at),
    });
    if (send.state === 'scheduled') await this.sendQueue.schedule(send.id, send.dueAt);
    return created;
  }

  /** One send per occasion key; a send already planned is only put on the queue again (same job id). */
  private async plan(kind: AutomationKind, locationId: string, clientId: string, idempotencyKey: string, at: Date): Promise<boolean> {
    const { send, created } = await this.sends.insertOnce({ locationId, kind, appointmentId: null, clientId, idempotencyKey, dueAt: at });
    if (send.state === 'scheduled') await this.sendQueue.schedule(send.id, send.dueAt);
    return created;
  }
}
