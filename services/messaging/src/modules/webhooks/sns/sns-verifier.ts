import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import { snsAcceptanceProblem } from '../domain/sns-acceptance.js';
import { certificateUrlProblem, isSnsMessage, snsUrlProblem, verifySnsSignature, type SnsMessage } from '../domain/sns-signature.js';
import { SnsClient } from './sns-client.js';

/** A verified SNS message, or null when the body is not one or its signature does not hold. */
@Injectable()
export class SnsVerifier {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly sns: SnsClient,
  ) {}

  async verify(body: unknown): Promise<SnsMessage | null> {
    if (!isSnsMessage(body)) return null;
    if (certificateUrlProblem(body.SigningCertURL, this.config.SES_WEBHOOK_CERT_HOSTS)) return null;
    const pem = await this.sns.certificate(body.SigningCertURL).catch(() => null);
    return pem && verifySnsSignature(body, pem) ? body : null;
  }

  /** Why a verified message is still refused (another topic, a replay), or null; checked before anything acts on it. */
  refusal(message: SnsMessage, now = new Date()): string | null {
    return snsAcceptanceProblem(message, this.config.SES_SNS_TOPIC_ARNS, now);
  }

  /** Only URLs on the same allowlisted hosts are visited (no request forgery through SubscribeURL). */
  async confirm(message: SnsMessage): Promise<boolean> {
    const url = message.SubscribeURL;
    if (!url || snsUrlProblem(url, this.config.SES_WEBHOOK_CERT_HOSTS)) return false;
    await this.sns.confirmSubscription(url);
    return true;
  }
}
