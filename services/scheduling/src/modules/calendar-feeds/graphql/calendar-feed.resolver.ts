import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequireRole, type AuthContext } from '@salon/nest-kit';
import { CalendarFeedsUseCase } from '../use-cases/calendar-feeds.use-case.js';
import { CalendarFeedLinkModel, CalendarFeedModel } from './calendar-feed.model.js';

/** The same guards as /api/calendar-feeds/staff/{id}: one's own feed, or anyone's with edit_calendar. */
@Resolver()
export class CalendarFeedResolver {
  constructor(private readonly feeds: CalendarFeedsUseCase) {}

  @RequireRole('staff', 'admin')
  @Query(() => CalendarFeedModel)
  calendarFeed(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID }) staffId: string) {
    return this.feeds.status(auth, staffId);
  }

  @RequireRole('staff', 'admin')
  @Mutation(() => CalendarFeedLinkModel, { description: 'A new secret link; any earlier one stops working' })
  createCalendarFeed(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID }) staffId: string) {
    return this.feeds.create(auth, staffId);
  }

  @RequireRole('staff', 'admin')
  @Mutation(() => Boolean)
  async revokeCalendarFeed(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID }) staffId: string) {
    await this.feeds.revoke(auth, staffId);
    return true;
  }
}
