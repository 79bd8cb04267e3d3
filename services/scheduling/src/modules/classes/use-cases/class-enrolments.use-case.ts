import { Injectable } from '@nestjs/common';
import type { EnrolmentResult } from '@salon/contracts';
import { ConflictError, NotFoundError, OutboxWriter, parseInput, ReferenceCheck, type AuthContext } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { actorUuid, isUuid } from '../../../common/ids.js';
import { checkAttendance, checkEnrolmentCancel, decideEnrolment, nextQueueNo, promotions } from '../domain/class-enrolment.js';
import { ClassRepository, type EnrolmentView, type LockedSession } from '../persistence/class.repository.js';

const enrolSchema = z.object({ clientId: z.uuid(), waitlist: z.boolean().default(true) }).strict();
const attendanceSchema = z.object({ status: z.enum(['attended', 'no-show', 'enrolled']) }).strict();

export type { EnrolmentResult };

/**
 * The roster of a session. Every change locks the session row first (`FOR UPDATE`), so the
 * seat count read is the committed one: of any number of concurrent enrolments exactly
 * `capacity` get a seat and the rest queue with distinct places.
 */
@Injectable()
export class ClassEnrolmentsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly classes: ClassRepository,
    private readonly outbox: OutboxWriter,
    private readonly references: ReferenceCheck,
  ) {}

  /** The client is checked with the clients service first: an unknown or deleted one is a 400 naming clientId. */
  async enrol(auth: AuthContext, sessionId: string, input: unknown, now = new Date()): Promise<EnrolmentView> {
    const e = parseInput(enrolSchema, input);
    await this.references.require({ clients: [{ field: 'clientId', id: e.clientId }] });
    return this.dataSource.transaction(async (m) => {
      const session = await this.locked(m, sessionId);
      const roster = await this.classes.roster(m, session.id);
      const decision = decideEnrolment({ session, roster, clientId: e.clientId, now, waitlist: e.waitlist });
      if (!decision.ok) throw new ConflictError(decision.message);
      const id = await this.classes.insertEnrolment(m, {
        sessionId: session.id,
        clientId: e.clientId,
        status: decision.status,
        queueNo: nextQueueNo(roster),
        enrolledBy: actorUuid(auth.userId),
      });
      await this.outbox.append(m, {
        type: 'scheduling.class.enrolled.v1',
        aggregateType: 'class-session',
        aggregateId: session.id,
        locationId: session.locationId,
        actor: { type: 'user', id: auth.userId },
        payload: {
          classSessionId: session.id,
          enrolmentId: id,
          clientId: e.clientId,
          startsAt: session.startsAt.toISOString(),
          waitlisted: decision.status === 'waitlisted',
          waitlistPosition: decision.waitlistPosition,
        },
      });
      return this.enrolment(m, session.id, id);
    });
  }

  /** Cancelling a seat hands it to the first waitlisted client in the same transaction. */
  async cancel(auth: AuthContext, sessionId: string, enrolmentId: string, now = new Date()): Promise<EnrolmentResult> {
    return this.dataSource.transaction(async (m) => {
      const session = await this.locked(m, sessionId);
      const roster = await this.classes.roster(m, session.id);
      const entry = roster.find((r) => r.id === enrolmentId);
      if (!entry) throw new NotFoundError(`Enrolment ${enrolmentId} not found in this class`);
      const check = checkEnrolmentCancel(entry.status);
      if (!check.ok) throw new ConflictError(check.message);
      await this.classes.setEnrolmentStatus(m, [entry.id], 'cancelled');
      await this.outbox.append(m, {
        type: 'scheduling.class.enrolment-cancelled.v1',
        aggregateType: 'class-session',
        aggregateId: session.id,
        locationId: session.locationId,
        actor: { type: 'user', id: auth.userId },
        payload: {
          classSessionId: session.id,
          enrolmentId: entry.id,
          clientId: entry.clientId,
          startsAt: session.startsAt.toISOString(),
          wasWaitlisted: entry.status === 'waitlisted',
        },
      });
      // Nobody is promoted into a class that is already over.
      const promoted = now < session.endsAt ? await this.promote(m, auth, session) : [];
      return { enrolment: await this.enrolment(m, session.id, entry.id), promoted };
    });
  }

  async markAttendance(sessionId: string, enrolmentId: string, input: unknown, now = new Date()): Promise<EnrolmentView> {
    const { status } = parseInput(attendanceSchema, input);
    return this.dataSource.transaction(async (m) => {
      const session = await this.locked(m, sessionId);
      const entry = (await this.classes.roster(m, session.id)).find((r) => r.id === enrolmentId);
      if (!entry) throw new NotFoundError(`Enrolment ${enrolmentId} not found in this class`);
      const check = checkAttendance({ session, status: entry.status, to: status, now });
      if (!check.ok) throw new ConflictError(check.message);
      await this.classes.setEnrolmentStatus(m, [entry.id], status);
      return this.enrolment(m, session.id, entry.id);
    });
  }

  /**
   * Fills free seats from the waitlist, first come first served, with one event per client.
   * The caller holds the session's lock (a cancelled seat, a raised capacity).
   */
  async promote(
    m: EntityManager,
    auth: AuthContext,
    session: Pick<LockedSession, 'id' | 'locationId' | 'startsAt'> & { capacity: number },
  ): Promise<EnrolmentView[]> {
    const moving = promotions(session.capacity, await this.classes.roster(m, session.id));
    if (moving.length === 0) return [];
    await this.classes.setEnrolmentStatus(
      m,
      moving.map((e) => e.id),
      'enrolled',
    );
    await this.outbox.appendAll(
      m,
      moving.map((e) => ({
        type: 'scheduling.class.waitlist-promoted.v1' as const,
        aggregateType: 'class-session',
        aggregateId: session.id,
        locationId: session.locationId,
        actor: { type: 'user' as const, id: auth.userId },
        payload: { classSessionId: session.id, enrolmentId: e.id, clientId: e.clientId, startsAt: session.startsAt.toISOString() },
      })),
    );
    const all = await this.classes.enrolments(session.id, m);
    return moving.map((e) => all.find((x) => x.id === e.id)!);
  }

  private async locked(m: EntityManager, sessionId: string): Promise<LockedSession> {
    const session = isUuid(sessionId) ? await this.classes.lock(m, sessionId) : null;
    if (!session) throw new NotFoundError(`Class ${sessionId} not found`);
    return session;
  }

  private async enrolment(m: EntityManager, sessionId: string, id: string): Promise<EnrolmentView> {
    return (await this.classes.enrolments(sessionId, m)).find((e) => e.id === id)!;
  }
}
