import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppError } from '@salon/nest-kit';
import twilio from 'twilio';
import type { MessagingConfig } from '../../../config.js';
import { PeerRequestClient } from '../../delivery/providers/twilio/peer-request-client.js';

export interface OutboundCall {
  /** The phone that rings first (staff). */
  to: string;
  /** The business number shown. */
  from: string;
  /** Where Twilio fetches the TwiML once staff answer. */
  url: string;
  statusCallback: string;
}

/** Twilio has not been given an auth token: no call can be placed. */
export class VoiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

/** Programmable Voice through the official SDK (TWILIO_API_URL points it at the local peer). */
@Injectable()
export class TwilioVoiceProvider {
  private readonly client: ReturnType<typeof twilio> | null;

  constructor(@Inject(APP_CONFIG) config: MessagingConfig) {
    this.client = config.TWILIO_AUTH_TOKEN
      ? twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, {
          autoRetry: false,
          httpClient: config.TWILIO_API_URL ? new PeerRequestClient(config.TWILIO_API_URL) : undefined,
        })
      : null;
  }

  async call(call: OutboundCall): Promise<{ callSid: string }> {
    if (!this.client) throw new VoiceUnavailableError('Twilio is not configured (TWILIO_AUTH_TOKEN)');
    const created = await this.client.calls.create({
      to: call.to,
      from: call.from,
      url: call.url,
      method: 'POST',
      statusCallback: call.statusCallback,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['completed'],
    });
    return { callSid: created.sid };
  }
}
