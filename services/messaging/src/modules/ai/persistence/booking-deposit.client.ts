import { Inject, Injectable, Logger } from '@nestjs/common';
import { bookingDepositViewSchema } from '@salon/contracts';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';

/**
 * Retail's deposit of an online booking (`POST /api/booking-deposits {appointmentId}`, public: the
 * appointment's unguessable id is the credential; the same deposit again for the same appointment).
 * Its card modal is a link only when it is a hosted page; the Payment Element needs the booking page.
 */
@Injectable()
export class BookingDepositClient {
  private readonly logger = new Logger('BookingDeposit');

  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {}

  /** The page where the client pays the deposit of this held appointment; null when retail gives no link. */
  async paymentLink(appointmentId: string): Promise<string | null> {
    try {
      const res = await fetch(new URL('/api/booking-deposits', this.config.RETAIL_URL), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ appointmentId }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        this.logger.warn(`POST /api/booking-deposits answered ${res.status}`);
        return null;
      }
      const view = bookingDepositViewSchema.parse(await res.json());
      return view.status === 'awaiting_payment' && view.cardModal?.kind === 'hosted_page' ? view.cardModal.url : null;
    } catch (error) {
      this.logger.warn(`the deposit's payment link: ${safeErrorMessage(error)}`);
      return null;
    }
  }
}
