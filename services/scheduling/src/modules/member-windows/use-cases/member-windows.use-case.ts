import { Injectable } from '@nestjs/common';
import { isUuid } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { applyChange, priorityDaysOf, type MembershipChange } from '../domain/member-window.rules.js';
import { MemberWindowRepository } from '../persistence/member-window.repository.js';

/** Who is a member, as scheduling learns it from retail's events, and the extra online booking days that gives. */
@Injectable()
export class MemberWindowsUseCase {
  constructor(private readonly windows: MemberWindowRepository) {}

  /** One of retail's membership events, in the consumer's inbox transaction. */
  async apply(m: EntityManager, change: MembershipChange): Promise<void> {
    const row = await this.windows.lock(m, change.membershipId);
    const next = applyChange(row, change);
    if (next) await this.windows.save(m, next);
  }

  /** The days beyond the location's window a client sees online now (0 for a visitor or a non-member). */
  async extraDays(clientId: string | null, now = new Date()): Promise<number> {
    if (!clientId || !isUuid(clientId)) return 0;
    return priorityDaysOf(await this.windows.ofClient(clientId), now);
  }
}
