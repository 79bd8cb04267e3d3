import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { newRequestToken } from '../../documents/domain/public-link.rules.js';
import { bookingSendsForms, formLinkFor, type OpenRequest } from '../../form-links/domain/form-link.rules.js';
import { FormLinkPublisher } from '../../form-links/events/form-link.publisher.js';
import { FormRepository } from '../../forms/persistence/form.repository.js';
import { sha256Hex } from '../../submissions/domain/submission-hash.rules.js';
import { SubmissionRepository } from '../../submissions/persistence/submission.repository.js';

/** After the visit a link stays usable this long (a client may fill it at the desk). */
const GRACE_MS = 86_400_000;

/**
 * A booking of a service a form is attached to asks the client for that form: a request due at the
 * visit's start (the profile shows it as due). A once-per-client form (intake) is asked only if the
 * client never filled it and has no live request; an open request it finds instead is tied to this
 * booking's formsKey, so the `/booking` confirmation still lists it. When it asked something of a visit still ahead,
 * one documents.form-link.requested.v1 goes out in the same transaction (sendId = the appointment
 * id), so messaging sends the client one link for the appointment.
 */
@Injectable()
export class RequestFormsForBookingUseCase {
  constructor(
    private readonly forms: FormRepository,
    private readonly submissions: SubmissionRepository,
    private readonly links: FormLinkPublisher,
  ) {}

  async execute(
    booking: EventPayload<'scheduling.appointment.booked.v1'>,
    m: EntityManager,
    now: Date,
    locationId: string | null = null,
  ): Promise<number> {
    const serviceIds = [...new Set([booking.serviceId, ...(booking.segments ?? []).map((s) => s.serviceId)])];
    const startsAt = new Date(booking.startsAt);
    const made: OpenRequest[] = [];
    for (const form of await this.forms.forServices(m, serviceIds)) {
      if (form.oncePerClient && (await this.submissions.clientHasForm(m, booking.clientId, form.id, now))) {
        // Not asked twice; but a request still open from before is this booking's too: its confirmation shows it.
        const open = booking.formsKeySha256 ? await this.submissions.openRequestFor(m, booking.clientId, form.id, now) : null;
        if (open) await this.submissions.linkBookingKey(m, booking.formsKeySha256!, open);
        continue;
      }
      const token = newRequestToken();
      const expiresAt = new Date(Math.max(startsAt.getTime(), now.getTime()) + GRACE_MS);
      const id = await this.submissions.insertRequest(m, {
        tokenSha256: sha256Hex(token),
        token,
        formId: form.id,
        clientId: booking.clientId,
        appointmentId: booking.appointmentId,
        dueAt: startsAt,
        expiresAt,
        bookingKeySha256: booking.formsKeySha256 ?? null,
      });
      if (id) made.push({ id, formId: form.id, formName: form.name, token, expiresAt });
    }
    const link = bookingSendsForms(startsAt, now) ? formLinkFor(made, now) : null;
    if (link)
      await this.links.publish(m, {
        sendId: booking.appointmentId,
        reason: 'booked',
        clientId: booking.clientId,
        appointmentId: booking.appointmentId,
        startsAt,
        locationId,
        actor: { type: 'system', id: null },
        link,
      });
    return made.length;
  }
}
