import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { satisfies, type CalendarFeedLink, type CalendarFeedStatus } from '@salon/contracts';
import { ForbiddenError, NotFoundError, PermissionResolver, PlatformDirectory, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { isUuid } from '../../../common/ids.js';
import { PlatformLookup } from '../../online-booking/persistence/platform-lookup.provider.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK, staffFeed } from '../domain/calendar-feed.js';
import { CalendarFeedsRepository } from '../persistence/calendar-feeds.repository.js';

/** Someone else's feed is the calendar owner's to hand out or revoke (their own, anyone's). */
const MANAGE_OTHERS = { anyOf: ['edit_calendar'] } as const;
const DAY_MS = 86_400_000;
/** Where a feed is read: public (the secret is the credential), under the gateway's open paths. */
export const FEED_PATH = '/api/calendar-feeds/ics';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

@Injectable()
export class CalendarFeedsUseCase {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly permissions: PermissionResolver,
    private readonly references: ReferenceCheck,
    private readonly directory: PlatformDirectory,
    private readonly lookup: PlatformLookup,
  ) {}

  private async mayManage(auth: AuthContext, staffId: string): Promise<void> {
    if (!isUuid(staffId)) throw new NotFoundError(`Staff member ${staffId} not found`);
    if (auth.userId === staffId) return;
    const permissions = auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId);
    if (!satisfies({ role: auth.role, permissions }, MANAGE_OTHERS))
      throw new ForbiddenError("Forbidden: only edit_calendar hands out or revokes someone else's calendar feed");
  }

  async status(auth: AuthContext, staffId: string): Promise<CalendarFeedStatus> {
    await this.mayManage(auth, staffId);
    const feed = await this.feeds.feedOf(staffId);
    return { staffId, active: !!feed, createdAt: feed?.createdAt ?? null, lastReadAt: feed?.lastReadAt ?? null };
  }

  /**
   * A new secret link for the person (any earlier one stops working). The path is answered once:
   * only its hash is kept, so a lost link is replaced, never shown again.
   */
  async create(auth: AuthContext, staffId: string): Promise<CalendarFeedLink> {
    await this.mayManage(auth, staffId);
    await this.references.require({ staff: [{ field: 'staffId', id: staffId }] });
    const token = randomBytes(24).toString('base64url');
    const feed = await this.feeds.replace(staffId, hashToken(token), isUuid(auth.userId) ? auth.userId : null);
    return { staffId, active: true, createdAt: feed.createdAt, lastReadAt: null, path: `${FEED_PATH}/${token}.ics` };
  }

  async revoke(auth: AuthContext, staffId: string): Promise<void> {
    await this.mayManage(auth, staffId);
    if (!(await this.feeds.remove(staffId))) throw new NotFoundError(`No calendar feed for staff member ${staffId}`);
  }

  /** The feed itself, for a calendar app holding the secret; an unknown or revoked secret is a 404. */
  async read(tokenWithExtension: string, now = new Date()): Promise<string> {
    const token = tokenWithExtension.replace(/\.ics$/i, '');
    const staffId = /^[\w-]{20,64}$/.test(token) ? await this.feeds.staffByToken(hashToken(token)) : null;
    if (!staffId) throw new NotFoundError('This calendar link is not valid any more; ask for a new one in the app');
    const [items, person, business] = await Promise.all([
      this.feeds.items(staffId, new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS), new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS)),
      this.lookup.staffIntroduction(staffId).catch(() => ({ name: null })),
      this.lookup.business().catch(() => ({ businessName: 'Salon', locations: [] })),
    ]);
    const names = new Map(business.locations.map((l) => [l.id, l.name]));
    for (const id of new Set(items.map((i) => i.locationId)))
      if (!names.has(id)) names.set(id, (await this.directory.location(id).catch(() => null))?.name ?? '');
    return staffFeed({
      businessName: business.businessName,
      staffName: person.name ?? 'Staff',
      items: items.map((i) => ({ ...i, locationName: names.get(i.locationId) || null })),
    });
  }
}
