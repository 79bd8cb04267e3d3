import { Module } from '@nestjs/common';
import { MembershipEventsConsumer } from './events/membership-events.consumer.js';
import { MemberWindowRepository } from './persistence/member-window.repository.js';
import { MemberWindowsUseCase } from './use-cases/member-windows.use-case.js';

/** Members' priority booking window: scheduling's projection of retail's memberships. */
@Module({
  providers: [MemberWindowRepository, MemberWindowsUseCase, MembershipEventsConsumer],
  exports: [MemberWindowsUseCase],
})
export class MemberWindowsModule {}
