import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  NotFoundError,
  OutboxWriter,
  parseInput,
  PermissionResolver,
  PlatformDirectory,
  ReferenceCheck,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { instantSchema } from '@salon/contracts';
import { actorUuid, isUuid } from '../../../common/ids.js';
import type { SchedulingConfig } from '../../../config.js';
import { scheduleScope } from '../domain/schedule-scope.js';
import { workingHoursChanged } from '../domain/working-hours-event.js';
import { exceptionInputSchema, policyInputSchema, timeOffInputSchema, workingHoursInputSchema } from '../domain/schedule-rules.js';
import { ScheduleRepository, type PolicyRow } from '../persistence/schedule.repository.js';

const locationQuery = z.object({ locationId: z.uuid(), staffId: z.uuid().optional() });
const rangeQuery = z.object({
  from: instantSchema(),
  to: instantSchema(),
  staffId: z.uuid().optional(),
  locationId: z.uuid().optional(),
});

@Injectable()
export class SchedulesUseCase {
  constructor(
    private readonly schedules: ScheduleRepository,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
    private readonly permissions: PermissionResolver,
    private readonly references: ReferenceCheck,
    private readonly directory: PlatformDirectory,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  /** A staff member's hours, exceptions and time off name a person (identity) and a location (identity). */
  private async requireStaffAt(staffId: string, locationId: string | null | undefined): Promise<void> {
    await this.references.require({
      staff: [{ field: 'staffId', id: staffId }],
      locations: locationId ? [{ field: 'locationId', id: locationId }] : [],
    });
  }

  /** The staff a caller may read (undefined = everyone); view_own_schedule means one's own. */
  private async scope(auth: AuthContext, staffId: string | undefined): Promise<string[] | undefined> {
    const permissions = auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId);
    return scheduleScope({ userId: auth.userId, role: auth.role, permissions }, staffId);
  }

  async workingHours(auth: AuthContext, query: unknown) {
    const q = parseInput(locationQuery, query);
    return this.schedules.workingHours(q.locationId, await this.scope(auth, q.staffId));
  }

  /**
   * The week replaces the person's hours at the location and, in the same transaction,
   * `scheduling.working-hours.changed.v1` carries the whole week as it now stands (payroll's
   * reports measure utilisation against it).
   */
  async replaceWorkingHours(auth: AuthContext, input: unknown) {
    const wh = parseInput(workingHoursInputSchema, input);
    await this.requireStaffAt(wh.staffId, wh.locationId);
    await this.dataSource.transaction(async (m) => {
      await this.schedules.replaceWorkingHours(m, wh);
      await this.outbox.append(m, workingHoursChanged(wh, { type: 'user', id: auth.userId }));
    });
    return this.schedules.workingHours(wh.locationId, [wh.staffId]);
  }

  async saveException(input: unknown) {
    const e = parseInput(exceptionInputSchema, input);
    await this.requireStaffAt(e.staffId, e.locationId);
    await this.schedules.upsertException(e);
    return e;
  }

  async timeOff(auth: AuthContext, query: unknown) {
    const q = parseInput(rangeQuery, query);
    return this.schedules.timeOff(new Date(q.from), new Date(q.to), await this.scope(auth, q.staffId), q.locationId);
  }

  async addTimeOff(auth: AuthContext, input: unknown) {
    const t = parseInput(timeOffInputSchema, input);
    await this.requireStaffAt(t.staffId, t.locationId);
    const id = await this.schedules.addTimeOff(t, actorUuid(auth.userId));
    return { id, ...t, locationId: t.locationId ?? null, label: t.label ?? null };
  }

  async removeTimeOff(id: string) {
    if (!isUuid(id) || !(await this.schedules.deleteTimeOff(id))) throw new NotFoundError(`Time off ${id} not found`);
  }

  /**
   * The location's booking policy; a location without a row gets the defaults. Its zone is
   * identity's (the location's own, set on /locations): a location added there books in its zone
   * before anyone saves a policy, and a zone changed there is followed within the directory's
   * minute. Only when identity cannot be asked does the row's copy (or spec §9's default) stand in.
   */
  async policy(locationId: string): Promise<PolicyRow> {
    if (!isUuid(locationId)) throw new NotFoundError(`Location ${locationId} not found`);
    return this.policyOf(locationId, this.schedules.policy(locationId));
  }

  /** `policy` from a row the caller read itself (a booking reads it in the statement that loads its window). */
  async policyOf(locationId: string, read: Promise<PolicyRow | null>): Promise<PolicyRow> {
    const [row, location] = await Promise.all([read, this.directory.location(locationId).catch(() => null)]);
    const policy = row ?? {
      locationId,
      timeZone: this.config.DEFAULT_TIME_ZONE,
      slotIntervalMin: 15,
      minNoticeMin: 60,
      maxAdvanceDays: 90,
      lateCancelHours: 24,
      openingHours: null,
      noShowFeeMinor: null,
      lateCancelFeeMinor: null,
      requireCardOnline: false,
    };
    return location?.timeZone ? { ...policy, timeZone: location.timeZone } : policy;
  }

  async savePolicy(locationId: string, input: unknown): Promise<PolicyRow> {
    if (!isUuid(locationId)) throw new NotFoundError(`Location ${locationId} not found`);
    const policy = parseInput(policyInputSchema, input);
    // The location is the path's: unknown to identity, it is a 404 like a malformed id.
    await this.references.require({ locations: [{ field: 'locationId', id: locationId }] }).catch((error: unknown) => {
      throw error instanceof ValidationFailedError ? new NotFoundError(`Location ${locationId} not found`) : error;
    });
    await this.schedules.savePolicy(locationId, policy);
    return this.policy(locationId);
  }
}
