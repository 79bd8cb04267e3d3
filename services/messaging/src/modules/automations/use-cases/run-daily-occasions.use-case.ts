import { Injectable, Logger } from '@nestjs/common';
import type { AutomationKind } from '@salon/contracts';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { lastVisitOf } from '../../marketing/domain/segment-rules.js';
import { ClientDirectory } from '../../marketing/persistence/client-directory.provider.js';
import { MarketingRepository } from '../../marketing/persistence/marketing.repository.js';
import { birthdayOccasion, clientLocationId, localDay, winBackOccasion } from '../domain/occasions.js';
import { AutomationQueue } from '../jobs/automation-queue.js';
import { DailyOccasionsQueue } from '../jobs/daily-occasions-queue.js';
import { AutomationRepository } from '../persistence/automation.repository.js';
import { AutomationSendRepository } from '../persistence/automation-send.repository.js';

export interface DailyRunResult {
  planned: Record<'birthday' | 'win-back', number>;
}

/**
 * A location's daily run: each of its clients whose birthday or win-back occasion is due today (on
 * the location's calendar) gets one automation send, keyed by the occasion (`birthday:<client>:<the
 * birthday's date>`, `win-back:<client>:<the last visit's day>`), so a retried or repeated run adds
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
  ) {}

  async syncSchedules(): Promise<void> {
    await this.dailyQueue.sync(await this.platform.locations());
  }

  async run(locationId: string, at: Date): Promise<DailyRunResult> {
    const planned = { birthday: 0, 'win-back': 0 };
    const [birthday, winBack] = await Promise.all([
      this.automations.find(locationId, 'birthday'),
      this.automations.find(locationId, 'win-back'),
    ]);
    if (!birthday.enabled && !winBack.enabled) return { planned };
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
        if (winBack.enabled) {
          const lastVisit = lastVisitOf(c.lastVisitAt ? new Date(c.lastVisitAt) : null, histories.get(c.id)?.lastVisitAt ?? null);
          const occasion = winBackOccasion(lastVisit, today, winBack.timing, zone, upcoming.has(c.id));
          if (occasion && (await this.plan('win-back', locationId, c.id, `win-back:${c.id}:${occasion}`, at))) planned['win-back']++;
        }
      }
    }
    if (planned.birthday + planned['win-back'] > 0)
      this.logger.log(`${locationId} ${today}: ${planned.birthday} birthday and ${planned['win-back']} win-back messages planned`);
    return { planned };
  }

  /** One send per occasion key; a send already planned is only put on the queue again (same job id). */
  private async plan(kind: AutomationKind, locationId: string, clientId: string, idempotencyKey: string, at: Date): Promise<boolean> {
    const { send, created } = await this.sends.insertOnce({ locationId, kind, appointmentId: null, clientId, idempotencyKey, dueAt: at });
    if (send.state === 'scheduled') await this.sendQueue.schedule(send.id, send.dueAt);
    return created;
  }
}
