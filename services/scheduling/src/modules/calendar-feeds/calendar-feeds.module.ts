import { Module } from '@nestjs/common';
import { OnlineBookingModule } from '../online-booking/online-booking.module.js';
import { CalendarFeedResolver } from './graphql/calendar-feed.resolver.js';
import { CalendarFeedsController } from './http/calendar-feeds.controller.js';
import { CalendarFeedsRepository } from './persistence/calendar-feeds.repository.js';
import { CalendarFeedsUseCase } from './use-cases/calendar-feeds.use-case.js';

/** Each staff member's appointments as an iCalendar feed behind a secret, revocable URL (Google, Apple Calendar). */
@Module({
  imports: [OnlineBookingModule],
  controllers: [CalendarFeedsController],
  providers: [CalendarFeedsRepository, CalendarFeedsUseCase, CalendarFeedResolver],
})
export class CalendarFeedsModule {}
