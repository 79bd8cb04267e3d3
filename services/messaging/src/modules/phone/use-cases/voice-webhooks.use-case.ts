import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../../config.js';
import { ClientConsentRepository } from '../../consent/persistence/client-consent.repository.js';
import { SmsConsentRepository } from '../../consent/persistence/sms-consent.repository.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { ConversationRepository } from '../../inbox/persistence/conversation.repository.js';
import { dialOutcome, nextOutcome, outboundOutcome, secondsOf, textBackMessage, textBackVerdict } from '../domain/call-outcome.js';
import { bridgeTwiml, hangupTwiml, ringTwiml, VOICE_PATHS, voicemailTwiml } from '../domain/voice-twiml.js';
import { ClientDirectory } from '../persistence/client-directory.provider.js';
import { PhoneRepository, type CallRow } from '../persistence/phone.repository.js';

export type VoiceForm = Record<string, string | undefined>;

/**
 * Twilio's voice webhooks (already signature-checked). Each answers TwiML built with the SDK. A
 * call is one row per CallSid, and each step (dial result, recording, status) is written once
 * through the webhook inbox, so Twilio redelivering a webhook records nothing twice and sends no
 * second text; a redelivered step gets the same TwiML back.
 */
@Injectable()
export class VoiceWebhooksUseCase {
  private readonly logger = new Logger('Phone');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly dataSource: DataSource,
    private readonly phone: PhoneRepository,
    private readonly directory: ClientDirectory,
    private readonly smsConsent: SmsConsentRepository,
    private readonly clientConsent: ClientConsentRepository,
    private readonly queue: QueueMessageUseCase,
    private readonly conversations: ConversationRepository,
  ) {}

  private url(path: string): string {
    return `${this.config.PUBLIC_URL}${path}`;
  }

  /** A call to one of our numbers: log it (matched to a client by phone) and ring the location. */
  async incoming(form: VoiceForm, now = new Date()): Promise<string> {
    const { CallSid: callSid, From: from, To: to } = form;
    if (!callSid || !from || !to) return hangupTwiml();
    const number = await this.phone.numberCalled(to);
    if (!number) return hangupTwiml('This number is not in service.');
    if (!(await this.phone.callBySid(callSid))) {
      const client = await this.directory.byPhone(from);
      await this.phone.insertCall({
        callSid,
        locationId: number.locationId,
        direction: 'inbound',
        phone: from,
        staffPhone: null,
        clientId: client?.id ?? null,
        clientName: client?.name ?? null,
        outcome: 'ringing',
        startedAt: now,
      });
    }
    return ringTwiml([number.forwardTo, ...number.ringStaff], number.ringSeconds, this.url(VOICE_PATHS.dialResult));
  }

  /** The <Dial> ended: answered ends the call; anything else is missed: voicemail and the text-back. */
  async dialResult(form: VoiceForm): Promise<string> {
    const call = form.CallSid ? await this.phone.callBySid(form.CallSid) : null;
    if (!call) return hangupTwiml();
    const number = await this.phone.numberOfLocation(call.locationId);
    const outcome = dialOutcome(form.DialCallStatus);
    await this.dataSource.transaction(async (m) => {
      if (!(await this.phone.firstDelivery(call.callSid, 'dial-result', m))) return;
      await this.phone.update(
        call.callSid,
        { outcome: nextOutcome(call.outcome, outcome), durationSeconds: outcome === 'answered' ? secondsOf(form.DialCallDuration) : null },
        m,
      );
    });
    if (outcome === 'answered' || !number) return hangupTwiml();
    // Outside the inbox check on purpose: the message's idempotency key makes it once, and a crash
    // between recording the step and queueing the text is repaired by Twilio's retry.
    await this.textBack(call, number.textBack, number.number);
    return voicemailTwiml(number.greeting, this.url(VOICE_PATHS.recording));
  }

  /** The caller left a message (Record's action): the call becomes a voicemail with its recording. */
  async recording(form: VoiceForm): Promise<string> {
    const call = form.CallSid ? await this.phone.callBySid(form.CallSid) : null;
    const seconds = secondsOf(form.RecordingDuration);
    if (call && form.RecordingUrl && seconds) {
      await this.dataSource.transaction(async (m) => {
        if (!(await this.phone.firstDelivery(call.callSid, 'recording', m))) return;
        await this.phone.update(
          call.callSid,
          { outcome: nextOutcome(call.outcome, 'voicemail'), recordingUrl: form.RecordingUrl, durationSeconds: seconds },
          m,
        );
      });
    }
    return hangupTwiml('Thank you. Goodbye.');
  }

  /**
   * Click to call's statusCallback: the staff leg's final status. Staff not picking up means the
   * client was never dialled (missed); a staff leg that completed leaves the outcome and length to
   * the client leg's result (bridge-result), or, when none came (staff hung up before the bridge),
   * records the call as missed.
   */
  async status(form: VoiceForm): Promise<void> {
    const call = form.CallSid ? await this.phone.callBySid(form.CallSid) : null;
    const staffLeg = outboundOutcome(form.CallStatus);
    if (!call || !staffLeg || call.direction !== 'outbound') return;
    await this.dataSource.transaction(async (m) => {
      if (!(await this.phone.firstDelivery(call.callSid, `status:${form.CallStatus}`, m))) return;
      const now = await this.phone.callBySid(call.callSid, m);
      if (!now || (staffLeg === 'answered' && now.outcome !== 'ringing')) return;
      await this.phone.update(call.callSid, { outcome: nextOutcome(now.outcome, 'missed'), durationSeconds: null }, m);
    });
  }

  /** Click to call: staff picked up; dial the client, showing the location's number. */
  async bridge(callId: string | undefined): Promise<string> {
    const call = callId ? await this.phone.callById(callId) : null;
    const number = call ? await this.phone.numberOfLocation(call.locationId) : null;
    if (!call || !number) return hangupTwiml('This call can no longer be connected.');
    return bridgeTwiml(call.phone, number.number, this.url(`${VOICE_PATHS.bridgeResult}?callId=${encodeURIComponent(call.id)}`));
  }

  /** The bridge's <Dial> ended: the client leg's DialCallStatus and DialCallDuration are the call's outcome and length (once). */
  async bridgeResult(callId: string | undefined, form: VoiceForm): Promise<string> {
    const call = callId ? await this.phone.callById(callId) : null;
    if (!call || call.direction !== 'outbound') return hangupTwiml();
    const outcome = dialOutcome(form.DialCallStatus);
    await this.dataSource.transaction(async (m) => {
      if (!(await this.phone.firstDelivery(call.callSid, 'bridge-result', m))) return;
      await this.phone.update(
        call.callSid,
        { outcome: nextOutcome(call.outcome, outcome), durationSeconds: outcome === 'answered' ? secondsOf(form.DialCallDuration) : null },
        m,
      );
    });
    return hangupTwiml();
  }

  /** From the location's own number (the one the client called), so a reply comes back to it. */
  private async textBack(call: CallRow, enabled: boolean, from: string): Promise<void> {
    const optedOut = await this.smsConsent.isOptedOut(call.phone);
    const client = call.clientId ? await this.directory.byId(call.clientId).catch(() => null) : null;
    const mirrored = call.clientId ? await this.clientConsent.find(call.clientId, 'sms').catch(() => null) : null;
    const verdict = textBackVerdict({ enabled, optedOut, clientSmsConsent: mirrored?.granted ?? client?.smsConsent ?? null });
    if (!verdict.send) {
      await this.phone.update(call.callSid, { textBackSkipped: verdict.reason });
      return;
    }
    const text = textBackMessage(`${this.config.PUBLIC_URL}/booking`, client?.firstName ?? null);
    const message = await this.queue.queue({
      idempotencyKey: `missed-call:${call.callSid}`,
      channel: 'sms',
      to: call.phone,
      text,
      from,
      purpose: 'missed-call',
      createdBy: null,
    });
    await this.phone.update(call.callSid, { textBackMessageId: message.id });
    // The text shows in the phone's inbox conversation (once), so a reply lands beside it.
    if (await this.dataSource.transaction((m) => this.phone.firstDelivery(call.callSid, 'text-back', m))) {
      await this.conversations.recordOutbound(call.phone, call.clientId, call.clientName, text, message.id);
    }
    this.logger.log(`missed call ${call.callSid}: text-back ${message.id}`);
  }
}
