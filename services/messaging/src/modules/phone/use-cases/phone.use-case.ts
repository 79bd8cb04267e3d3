import { Inject, Injectable } from '@nestjs/common';
import {
  callClientInputSchema,
  clientFromCallInputSchema,
  phoneNumberInputSchema,
  type CallView,
  type PhoneNumberView,
} from '@salon/contracts';
import { APP_CONFIG, NotFoundError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import type { MessagingConfig } from '../../../config.js';
import { VOICE_PATHS } from '../domain/voice-twiml.js';
import { ClientDirectory } from '../persistence/client-directory.provider.js';
import { PhoneRepository } from '../persistence/phone.repository.js';
import { StaffPhones } from '../persistence/staff-phone.provider.js';
import { TwilioVoiceProvider } from '../providers/twilio-voice.provider.js';

/** The /phone screen: numbers per location, the call log, click to call, a client from a caller. */
@Injectable()
export class PhoneUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly phone: PhoneRepository,
    private readonly directory: ClientDirectory,
    private readonly voice: TwilioVoiceProvider,
    private readonly staffPhones: StaffPhones,
  ) {}

  numbers(): Promise<PhoneNumberView[]> {
    return this.phone.numbers();
  }

  async saveNumber(input: unknown): Promise<PhoneNumberView> {
    const values = parseInput(phoneNumberInputSchema, input);
    const saved = await this.phone.saveNumber(values);
    if (!saved) throw ValidationFailedError.field('number', 'already belongs to another location');
    return saved;
  }

  calls(filter: { locationId?: string; clientId?: string }, limit = 50): Promise<CallView[]> {
    return this.phone.log(filter, Math.min(Math.max(limit, 1), 200));
  }

  /**
   * Twilio rings the staff phone first; once it is answered, Twilio fetches the bridge TwiML and
   * dials the client from the location's number. The call's row exists before Twilio is asked,
   * so the bridge URL can name it; if Twilio refuses, the row goes.
   */
  async callClient(input: unknown, userId: string, now = new Date()): Promise<CallView> {
    const values = parseInput(callClientInputSchema, input);
    const number = await this.phone.numberOfLocation(values.locationId);
    if (!number) throw ValidationFailedError.field('locationId', 'has no phone number: set one up on the Phone page');
    // Twilio rings this phone at the salon's cost: only the location's own phones or the caller's own (no toll fraud).
    const staffPhone = values.staffPhone ?? number.forwardTo;
    if (!mayRing(staffPhone, number) && (await this.staffPhones.ownPhone(userId)) !== staffPhone) {
      throw ValidationFailedError.field(
        'staffPhone',
        "must be the location's front desk, a phone on its staff ring list, or your own phone on your profile",
      );
    }
    const client = await this.directory.byId(values.clientId);
    if (!client) throw new NotFoundError(`Client ${values.clientId} not found`);
    if (!client.phone) throw ValidationFailedError.field('clientId', 'has no phone number');
    const id = randomUUID();
    await this.phone.insertCall({
      id,
      callSid: `pending:${id}`,
      locationId: values.locationId,
      direction: 'outbound',
      phone: client.phone,
      staffPhone,
      clientId: client.id,
      clientName: client.name,
      outcome: 'ringing',
      startedAt: now,
      createdBy: userId,
    });
    try {
      const { callSid } = await this.voice.call({
        to: staffPhone,
        from: number.number,
        url: `${this.config.PUBLIC_URL}${VOICE_PATHS.bridge}?callId=${id}`,
        statusCallback: `${this.config.PUBLIC_URL}${VOICE_PATHS.status}`,
      });
      await this.phone.setCallSid(id, callSid);
    } catch (error) {
      await this.phone.deleteCall(id);
      throw error;
    }
    return (await this.phone.log({ id }, 1))[0]!;
  }

  /** An unknown caller becomes a client (the clients service makes the profile); their calls follow. */
  async clientFromCall(input: unknown): Promise<CallView> {
    const values = parseInput(clientFromCallInputSchema, input);
    const call = await this.phone.callById(values.callId);
    if (!call) throw new NotFoundError(`Call ${values.callId} not found`);
    if (call.clientId) throw ValidationFailedError.field('callId', 'is already matched to a client');
    const client = await this.directory.create({ firstName: values.firstName, lastName: values.lastName, phone: call.phone });
    await this.phone.linkClient(call.id, client.id, client.name);
    return (await this.phone.log({ id: call.id }, 1))[0]!;
  }
}

/** The phones a location rings anyway: its front desk and its staff ring list. */
function mayRing(phone: string, number: PhoneNumberView): boolean {
  return phone === number.forwardTo || number.ringStaff.includes(phone);
}
