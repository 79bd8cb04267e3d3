import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { MemberWindowsUseCase } from '../use-cases/member-windows.use-case.js';

/** retail.membership.* → scheduling's projection of who is a member (the priority booking window). Only calls the use-case. */
@Injectable()
export class MembershipEventsConsumer {
  constructor(private readonly members: MemberWindowsUseCase) {}

  @EventHandler('retail.membership.started.v1')
  started(e: TypedEventEnvelope<'retail.membership.started.v1'>, m: EntityManager) {
    const p = e.payload;
    return this.members.apply(m, {
      kind: 'started',
      membershipId: p.membershipId,
      clientId: p.clientId,
      periodEnd: new Date(p.periodEnd),
      priorityDays: p.priorityBookingDays ?? 0,
      at: new Date(e.occurredAt),
    });
  }

  @EventHandler('retail.membership.paused.v1')
  paused(e: TypedEventEnvelope<'retail.membership.paused.v1'>, m: EntityManager) {
    const p = e.payload;
    const periodEnd = p.periodEnd ? new Date(p.periodEnd) : null;
    return this.members.apply(m, {
      kind: 'paused',
      membershipId: p.membershipId,
      clientId: p.clientId,
      periodEnd,
      at: new Date(e.occurredAt),
    });
  }

  @EventHandler('retail.membership.resumed.v1')
  resumed(e: TypedEventEnvelope<'retail.membership.resumed.v1'>, m: EntityManager) {
    const p = e.payload;
    const periodEnd = p.periodEnd ? new Date(p.periodEnd) : null;
    return this.members.apply(m, {
      kind: 'resumed',
      membershipId: p.membershipId,
      clientId: p.clientId,
      periodEnd,
      at: new Date(e.occurredAt),
    });
  }

  @EventHandler('retail.membership.cancelled.v1')
  cancelled(e: TypedEventEnvelope<'retail.membership.cancelled.v1'>, m: EntityManager) {
    const p = e.payload;
    return this.members.apply(m, { kind: 'cancelled', membershipId: p.membershipId, clientId: p.clientId, at: new Date(e.occurredAt) });
  }

  @EventHandler('retail.membership.renewed.v1')
  renewed(e: TypedEventEnvelope<'retail.membership.renewed.v1'>, m: EntityManager) {
    const p = e.payload;
    return this.members.apply(m, {
      kind: 'renewed',
      membershipId: p.membershipId,
      clientId: p.clientId,
      periodEnd: new Date(p.periodEnd),
      at: new Date(e.occurredAt),
    });
  }

  @EventHandler('retail.membership.past-due.v1')
  pastDue(e: TypedEventEnvelope<'retail.membership.past-due.v1'>, m: EntityManager) {
    const p = e.payload;
    return this.members.apply(m, { kind: 'past_due', membershipId: p.membershipId, clientId: p.clientId, at: new Date(e.occurredAt) });
  }

  @EventHandler('retail.membership.plan-changed.v1')
  planChanged(e: TypedEventEnvelope<'retail.membership.plan-changed.v1'>, m: EntityManager) {
    const p = e.payload;
    return this.members.apply(m, {
      kind: 'plan_changed',
      membershipId: p.membershipId,
      clientId: p.clientId,
      priorityDays: p.priorityBookingDays,
      at: new Date(e.occurredAt),
    });
  }
}
