import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { ClientNoticeRequestedConsumer } from './events/client-notice-requested.consumer.js';
import { SendAppointmentNoticeUseCase } from './use-cases/send-appointment-notice.use-case.js';

/** "Notify client" after the desk moved an appointment (scheduling's notice event → text or e-mail), worker only. */
@Module({ imports: [ClientMessagesModule], providers: [SendAppointmentNoticeUseCase, ClientNoticeRequestedConsumer] })
export class AppointmentNoticesModule {}
