import { Inject, Injectable } from '@nestjs/common';
import { appointmentDepositViewSchema, type AppointmentDepositView } from '@salon/contracts';
import { APP_CONFIG, AppError, ContractDriftError, ServiceToken } from '@salon/nest-kit';
import type { RetailConfig } from '../../../config.js';

class SchedulingUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

/** What scheduling said about a confirmation or a release: done, or the hold was already settled the other way. */
export type HoldAnswer = { ok: true; hold: AppointmentDepositView } | { ok: false; reason: string };

/**
 * Scheduling's side of a deposit (its held time): read it, book it once paid, release it when the
 * payment failed. Calls go with retail's service token; answers are checked against the contract.
 */
@Injectable()
export class DepositScheduling {
  constructor(
    @Inject(APP_CONFIG) private readonly config: RetailConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  async hold(appointmentId: string): Promise<AppointmentDepositView | null> {
    const res = await this.call(`/api/appointments/${encodeURIComponent(appointmentId)}/deposit`, 'GET');
    if (res.status === 404) return null;
    if (!res.ok) throw new SchedulingUnavailableError('Booking cannot be reached right now; please try again in a minute');
    return appointmentDepositViewSchema.parse(res.body);
  }

  paid(appointmentId: string, paymentRef: string): Promise<HoldAnswer> {
    return this.settle(`/api/appointments/${encodeURIComponent(appointmentId)}/deposit/paid`, { paymentRef });
  }

  release(appointmentId: string, reason: string): Promise<HoldAnswer> {
    return this.settle(`/api/appointments/${encodeURIComponent(appointmentId)}/deposit/release`, { reason: reason.slice(0, 300) });
  }

  private async settle(path: string, body: object): Promise<HoldAnswer> {
    const res = await this.call(path, 'POST', body);
    if (res.status === 409) return { ok: false, reason: String(res.body?.error ?? 'The held time was settled already') };
    if (!res.ok) throw new SchedulingUnavailableError('Booking cannot be reached right now; please try again in a minute');
    return { ok: true, hold: appointmentDepositViewSchema.parse(res.body) };
  }

  private call(path: string, method: 'GET' | 'POST', body?: object) {
    return this.serviceToken.call(this.config.SCHEDULING_URL, path, { method, body }).catch((error: unknown) => {
      if (error instanceof ContractDriftError) throw error;
      throw new SchedulingUnavailableError('Booking cannot be reached right now; please try again in a minute');
    });
  }
}
