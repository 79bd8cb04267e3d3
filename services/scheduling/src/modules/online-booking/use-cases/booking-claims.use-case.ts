import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { BookingClaimView } from '@salon/contracts';
import { APP_CONFIG, ConflictError, NotFoundError, OutboxWriter, UserDirectory } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { DataSource, type EntityManager } from 'typeorm';
import type { SchedulingConfig } from '../../../config.js';
import { AppointmentRepository } from '../../appointments/persistence/appointment.repository.js';
import { ClientReferencesUseCase } from '../../client-references/use-cases/client-references.use-case.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { claimExpiry, claimState, shouldSendClaim } from '../domain/visitor-claims.js';
import { BookingClaimsRepository, type ClaimRow } from '../persistence/booking-claims.repository.js';
import { PlatformLookup } from '../persistence/platform-lookup.provider.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One answer for every link that does not lead anywhere (unknown, mistyped, or a booking gone): nothing to learn from it. */
const NOT_VALID = 'This link is not valid';

/**
 * "I've booked here before": a visitor's booking stays on their own profile until the client their
 * details matched follows a one-time link sent to their contact on file (messaging picks the
 * channel by that client's consent, never an address the visitor typed). Following it merges the
 * visitor's profile into that client and moves the booking there (docs/security-notes/booking-id.md).
 */
@Injectable()
export class BookingClaimsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly claims: BookingClaimsRepository,
    private readonly appointments: AppointmentRepository,
    private readonly lookup: PlatformLookup,
    private readonly references: ClientReferencesUseCase,
    private readonly schedules: SchedulesUseCase,
    private readonly directory: UserDirectory,
    private readonly outbox: OutboxWriter,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  /**
   * In the booking's transaction, so the link exists only for a booking that commits: the claim and
   * `scheduling.booking-claim.requested.v1` (the token sealed for messaging), when the rules allow.
   */
  async requestInBooking(
    m: EntityManager,
    c: { appointmentId: string; visitorClientId: string; matchedClientId: string | null; bookedBefore: boolean },
    now: Date,
  ): Promise<void> {
    if (!c.bookedBefore || !c.matchedClientId) return;
    const sentToClientToday = await this.claims.countSince(m, c.matchedClientId, new Date(now.getTime() - 86_400_000));
    if (!shouldSendClaim({ ...c, sentToClientToday })) return;
    const appointment = (await this.appointments.find(c.appointmentId, m))!;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = claimExpiry(now);
    const claimId = await this.claims.insert(m, {
      tokenHash: hashToken(token),
      appointmentId: c.appointmentId,
      visitorClientId: c.visitorClientId,
      clientId: c.matchedClientId,
      expiresAt,
      createdAt: now,
    });
    await this.outbox.append(m, {
      type: 'scheduling.booking-claim.requested.v1',
      aggregateType: 'booking-claim',
      aggregateId: claimId,
      locationId: appointment.locationId,
      actor: { type: 'client', id: null },
      payload: {
        claimId,
        appointmentId: c.appointmentId,
        clientId: c.matchedClientId,
        serviceName: appointment.serviceName,
        startsAt: new Date(appointment.startsAt).toISOString(),
        expiresAt: expiresAt.toISOString(),
        token: sealSecret(token, this.config.EVENT_SECRET_KEY),
      },
    });
  }

  /** GET /api/online-booking/claims/{token}: what following the link would add to the profile. */
  async view(token: string, now = new Date()): Promise<BookingClaimView> {
    return this.viewOf(await this.byToken(token), now);
  }

  /**
   * POST /api/online-booking/claims/{token}/confirm: the visitor's profile is merged into the
   * client at the clients service (which publishes the merge; scheduling's consumer re-points too),
   * then the booking is moved here at once and the claim is used. A second press answers the same.
   */
  async confirm(token: string, now = new Date()): Promise<BookingClaimView> {
    const claim = await this.byToken(token);
    const state = claimState(claim, now);
    if (state.status === 'confirmed') return this.viewOf(claim, now);
    if (!state.live) throw new ConflictError(state.message!);
    const survivorId = await this.lookup.confirmVisitorProfile(claim.visitorClientId, claim.clientId);
    if (!survivorId) throw new ConflictError('This booking can no longer be added to your profile online; please call the salon');
    await this.dataSource.transaction(async (m) => {
      const locked = (await this.claims.find({ id: claim.id }, m, true))!;
      if (locked.confirmedAt) return;
      await this.references.clientMerged(m, claim.visitorClientId, survivorId);
      await this.claims.confirm(m, claim.id, now);
    });
    return this.viewOf((await this.claims.find({ id: claim.id }))!, now);
  }

  private async byToken(token: string): Promise<ClaimRow> {
    const claim =
      typeof token === 'string' && token.length >= 16 && token.length <= 64
        ? await this.claims.find({ tokenHash: hashToken(token) })
        : null;
    if (!claim) throw new NotFoundError(NOT_VALID);
    return claim;
  }

  private async viewOf(claim: ClaimRow, now: Date): Promise<BookingClaimView> {
    const a = await this.appointments.find(claim.appointmentId);
    if (!a) throw new NotFoundError(NOT_VALID);
    const [policy, staffName] = await Promise.all([this.schedules.policy(a.locationId), this.directory.nameOf(a.staffId)]);
    return {
      status: claimState(claim, now).status,
      serviceName: a.serviceName,
      staffName: staffName ?? 'Staff member',
      startsAt: new Date(a.startsAt).toISOString(),
      endsAt: new Date(a.endsAt).toISOString(),
      timeZone: policy.timeZone,
      expiresAt: claim.expiresAt.toISOString(),
    };
  }
}
