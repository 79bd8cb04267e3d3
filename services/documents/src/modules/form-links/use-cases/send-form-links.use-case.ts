import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FormLinkSendView } from '@salon/contracts';
import { ReferenceCheck, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { SubmissionRepository } from '../../submissions/persistence/submission.repository.js';
import { formLinkFor } from '../domain/form-link.rules.js';
import { FormLinkPublisher } from '../events/form-link.publisher.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Staff's "Send forms" on a client's profile: one message with the link to the client's first open
 * form (the page leads on to the others). Each press is a send of its own (a new sendId); messaging
 * sends one message per sendId however often the event arrives, by SMS with consent else e-mail.
 */
@Injectable()
export class SendFormLinksUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly publisher: FormLinkPublisher,
    private readonly references: ReferenceCheck,
  ) {}

  async execute(auth: AuthContext, clientId: string, now: Date): Promise<FormLinkSendView> {
    if (!UUID.test(clientId)) throw ValidationFailedError.field('clientId', 'must be a client id');
    await this.references.require({ clients: [{ field: 'clientId', id: clientId }] });
    const link = formLinkFor(await this.submissions.openRequestsForClient(clientId, now), now);
    if (!link) throw ValidationFailedError.field('clientId', 'has no forms due: ask for a form first');
    const sendId = randomUUID();
    await this.dataSource.transaction((m) =>
      this.publisher.publish(m, {
        sendId,
        reason: 'staff',
        clientId,
        appointmentId: null,
        startsAt: null,
        locationId: null,
        actor: { type: 'user', id: auth.userId },
        link,
      }),
    );
    return { sendId, formNames: link.formNames, expiresAt: link.expiresAt.toISOString() };
  }
}
