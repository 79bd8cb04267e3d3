import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.provider.js';
import { ShiftRepository } from '../persistence/shift.repository.js';

/**
 * Flags every shift left open past its location's limit as forgotten, so managers see it without
 * anyone opening a time sheet first. Never guesses a clock-out; idempotent (an already flagged
 * shift is no longer open), so every worker replica may run it.
 */
@Injectable()
export class FlagForgottenShiftsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shifts: ShiftRepository,
    private readonly clock: Clock,
  ) {}

  sweep(now: Date = this.clock.now()): Promise<number> {
    return this.dataSource.transaction((m) => this.shifts.flagForgotten(m, now, null));
  }
}
