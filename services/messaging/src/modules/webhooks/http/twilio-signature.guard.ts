import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { APP_CONFIG, ForbiddenError } from '@salon/nest-kit';
import type { Request } from 'express';
import twilio from 'twilio';
import type { MessagingConfig } from '../../../config.js';

/**
 * Twilio signs the full URL it called plus the form fields with the account's auth token
 * (X-Twilio-Signature). The URL is the public one (PUBLIC_URL; the gateway keeps the path), not
 * the address this process listens on. Without a configured token nothing is believed.
 */
@Injectable()
export class TwilioSignatureGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const signature = req.headers['x-twilio-signature'];
    const params = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const url = `${this.config.PUBLIC_URL}${req.originalUrl}`;
    const token = this.config.TWILIO_AUTH_TOKEN;
    if (!token || typeof signature !== 'string' || !twilio.validateRequest(token, signature, url, params)) {
      throw new ForbiddenError('Invalid Twilio signature');
    }
    return true;
  }
}
