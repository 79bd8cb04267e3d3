import { Injectable, Logger } from '@nestjs/common';
import type { AiToolCallView } from '@salon/contracts';
import { safeErrorMessage } from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { consentChangeOf } from '../../consent/domain/consent-keywords.js';
import { ClientDirectory } from '../../phone/persistence/client-directory.provider.js';
import {
  appointmentsText,
  appointmentText,
  appointmentTimes,
  moveTarget,
  ownAppointment,
  type ClientAppointment,
} from '../domain/appointment-changes.js';
import { checkReply, formatClock, handoverTrigger, parseClockTime, resolveDay, signed, unsigned, withinHours } from '../domain/guards.js';
import {
  cataloguePrices,
  matchService,
  openingHoursText,
  salonFacts,
  SALON_TOOLS,
  slotsToOffer,
  timesText,
} from '../domain/salon-tools.js';
import { AiRepository, type OfferedSlot, type PendingAction } from '../persistence/ai.repository.js';
import { OnlineBookingClient, type SalonService } from '../persistence/online-booking.client.js';
import { ChatModel, type ChatMessage } from '../provider/chat-model.js';
import { AiSendUseCase } from './ai-send.use-case.js';

/** Model rounds in one turn (each may call tools); past it the assistant is taken as unsure. */
const MAX_ROUNDS = 5;
/** A client may answer with a time the engine offered this long ago. */
const OFFER_MEMORY_MS = 48 * 3600_000;

const HANDOVER_TEXT: Record<string, string> = {
  'asked-for-person': 'The client asked for a person',
  complaint: 'The client complained',
};

interface TurnState {
  locationId: string;
  zone: string;
  today: string;
  services: SalonService[];
  phone: string;
  clientName: string | null;
  /** The client the texting phone belongs to (the conversation's, else the clients service's match); null: unknown. */
  clientId: string | null;
  /** The client's upcoming appointments as scheduling listed them in this turn (times a reply may name). */
  listed: ClientAppointment[];
  /** Engine slots offered in this conversation before this turn. */
  earlier: OfferedSlot[];
  /** Engine slots offered in this turn. */
  offered: OfferedSlot[];
  toolCalls: AiToolCallView[];
  pending: PendingAction | null;
  handover: string | null;
}

/**
 * One AI turn (worker): an inbound text in, a reply drafted or sent (or the conversation handed to
 * staff). The model sees the salon's facts and the conversation, may call find_times,
 * book_appointment and hand_over, and its final words pass the guards (times from the engine,
 * prices from the catalogue) before anything reaches the client. Every turn is logged with its
 * context, tool calls and results.
 */
@Injectable()
export class AiTurnUseCase {
  private readonly logger = new Logger('AiTurn');

  constructor(
    private readonly repo: AiRepository,
    private readonly booking: OnlineBookingClient,
    private readonly model: ChatModel,
    private readonly send: AiSendUseCase,
    private readonly clients: ClientDirectory,
  ) {}

  async run(inboundMessageId: string, now = new Date()): Promise<void> {
    const inbound = await this.repo.inbound(inboundMessageId);
    if (!inbound || consentChangeOf(inbound.body)) return; // STOP/START are the consent module's
    const provider = await this.repo.provider();
    if (!provider) return; // not configured: nothing changes
    const locationId = await this.locationFor(inbound.toNumber, inbound.clientId);
    if (!locationId) return; // AI off everywhere
    const settings = await this.repo.locationSettings(locationId);
    if (settings.mode === 'off') return;
    if (await this.repo.handedOver(inbound.conversationId)) return; // staff have this conversation
    const replyId = await this.repo.begin(inbound.conversationId, inboundMessageId, locationId, now);
    if (!replyId) return;

    const trigger = handoverTrigger(inbound.body);
    if (trigger) {
      await this.repo.handOver(inbound.conversationId, HANDOVER_TEXT[trigger]);
      await this.repo.finish(replyId, {
        status: 'handed-over',
        body: null,
        handoverReason: HANDOVER_TEXT[trigger],
        context: [{ role: 'user', content: inbound.body }],
        toolCalls: [],
        offered: [],
      });
      return;
    }

    let context: ChatMessage[] = [];
    const state: TurnState = {
      locationId,
      zone: 'UTC',
      today: '',
      services: [],
      phone: inbound.phone,
      clientName: inbound.clientName,
      clientId: inbound.clientId,
      listed: [],
      earlier: await this.repo.offeredIn(inbound.conversationId, new Date(now.getTime() - OFFER_MEMORY_MS)),
      offered: [],
      toolCalls: [],
      pending: null,
      handover: null,
    };
    try {
      const [info, services, hours] = await Promise.all([
        this.booking.info(),
        this.booking.services(locationId),
        this.booking.openingHours(locationId),
      ]);
      const location = info.locations.find((l) => l.id === locationId);
      if (!location) throw new Error(`Location ${locationId} does not take online bookings`);
      state.zone = location.timeZone;
      state.today = DateTime.fromJSDate(now, { zone: location.timeZone }).toFormat('yyyy-MM-dd');
      state.services = services;
      const system = salonFacts({
        businessName: info.businessName,
        location,
        services,
        openingHours: openingHoursText(hours),
        policies: (info.design.policies as string | null | undefined) ?? null,
        today: state.today,
      });
      const history = await this.repo.history(inbound.conversationId);
      context = [
        { role: 'system', content: system },
        ...history.map((h): ChatMessage =>
          h.direction === 'inbound'
            ? { role: 'user', content: h.body }
            : { role: 'assistant', content: unsigned(h.body, settings.signature) },
        ),
      ];
      const messages = [...context];
      let final: string | null = null;
      for (let round = 0; round < MAX_ROUNDS && final === null && !state.handover; round++) {
        const turn = await this.model.complete(provider, messages, SALON_TOOLS);
        if (turn.toolCalls.length === 0) {
          final = turn.content ?? '';
          break;
        }
        messages.push({ role: 'assistant', content: turn.content, toolCalls: turn.toolCalls });
        for (const call of turn.toolCalls) {
          const { result, refused } = await this.tool(call.name, call.arguments, state);
          state.toolCalls.push({ name: call.name, arguments: call.arguments, result, refused });
          messages.push({ role: 'tool', toolCallId: call.id, content: result });
        }
      }
      if (state.handover !== null || final === null) {
        return await this.handOver(
          replyId,
          inbound.conversationId,
          state,
          context,
          state.handover ?? 'The assistant was not sure what to answer',
        );
      }
      const verdict = checkReply(final, {
        offered: new Set([...[...state.earlier, ...state.offered].map((o) => o.local), ...appointmentTimes(state.listed, state.zone)]),
        today: state.today,
        prices: cataloguePrices(services),
      });
      if (!verdict.ok) return await this.handOver(replyId, inbound.conversationId, state, context, verdict.reason, final);
      const body = signed(final, settings.signature);
      const localNow = DateTime.fromJSDate(now, { zone: state.zone }).toFormat('HH:mm');
      const auto = settings.mode === 'auto' && withinHours(localNow, settings.autoFrom, settings.autoTo);
      await this.repo.finish(replyId, {
        status: 'draft',
        body,
        pendingAction: state.pending,
        context,
        toolCalls: state.toolCalls,
        offered: state.offered,
      });
      if (auto) await this.send.approve(replyId, null, null);
    } catch (error) {
      this.logger.warn(`AI turn for ${inboundMessageId}: ${safeErrorMessage(error)}`);
      await this.repo.handOver(inbound.conversationId, 'The assistant could not answer (provider or booking error)');
      await this.repo.finish(replyId, {
        status: 'failed',
        body: null,
        handoverReason: 'The assistant could not answer (provider or booking error)',
        context,
        toolCalls: state.toolCalls,
        offered: state.offered,
        error: safeErrorMessage(error),
      });
    }
  }

  private async handOver(
    replyId: string,
    conversationId: string,
    state: TurnState,
    context: ChatMessage[],
    reason: string,
    refusedText?: string,
  ): Promise<void> {
    await this.repo.handOver(conversationId, reason);
    await this.repo.finish(replyId, {
      status: 'handed-over',
      body: null,
      handoverReason: reason,
      context,
      toolCalls: refusedText
        ? [...state.toolCalls, { name: 'reply', arguments: refusedText, result: reason, refused: true }]
        : state.toolCalls,
      offered: state.offered,
    });
  }

  /** Runs one tool call; a guard's refusal is an answer the model reads, never an exception. */
  private async tool(name: string, rawArgs: string, state: TurnState): Promise<{ result: string; refused: boolean }> {
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(rawArgs || '{}') as Record<string, unknown>;
    } catch {
      return { result: 'Refused: the arguments were not JSON', refused: true };
    }
    const str = (k: string) => (typeof args[k] === 'string' ? (args[k] as string) : '');
    if (name === 'hand_over') {
      state.handover = str('reason') || 'The assistant handed over';
      return { result: 'A member of staff will take over this conversation.', refused: false };
    }
    if (name === 'my_appointments' || name === 'move_appointment' || name === 'cancel_appointment') {
      return this.changeTool(name, str, state);
    }
    if (name !== 'find_times' && name !== 'book_appointment') return { result: `Refused: there is no tool ${name}`, refused: true };
    const service = matchService(state.services, str('service'));
    if (!service)
      return { result: `Refused: the salon does not offer ${str('service') || 'that'} online. Offer a listed service.`, refused: true };
    const date = resolveDay(str('day'), state.today);
    if (!date || date < state.today)
      return { result: `Refused: ${str('day') || 'that'} is not a day ahead. Ask which day.`, refused: true };
    const engine = await this.booking.availability(state.locationId, service.id, date);

    if (name === 'find_times') {
      const offered = slotsToOffer(engine.slots, state.zone, date, str('part_of_day') || undefined);
      state.offered.push(
        ...offered.map((o) => ({ serviceId: service.id, staffId: o.staffId, startsAt: o.startsAt, local: `${o.date} ${o.time}` })),
      );
      return { result: timesText(service, date, offered), refused: false };
    }

    // book_appointment: only a time the engine offered in this conversation, and still free now.
    const time = parseClockTime(str('time'));
    if (!time) return { result: 'Refused: no clock time was given. Ask which of the offered times suits.', refused: true };
    const local = `${date} ${time}`;
    const wasOffered = [...state.earlier, ...state.offered].some((o) => o.serviceId === service.id && o.local === local);
    if (!wasOffered) {
      return {
        result: `Refused: ${formatClock(time)} was not offered by the availability engine. Use find_times and offer only its times.`,
        refused: true,
      };
    }
    const free = slotsToOffer(engine.slots, state.zone, date, 'any', 1000).find((s) => s.time === time);
    if (!free) return { result: `Refused: ${formatClock(time)} is not free any more. Use find_times for other times.`, refused: true };
    // A texter on file books onto their own profile (so "cancel my haircut" finds it later); only an unknown one as a visitor.
    if (!state.clientId) state.clientId = (await this.clients.byPhone(state.phone))?.id ?? null;
    const firstName = str('first_name') || state.clientName?.split(' ')[0] || 'Text client';
    const description = `${service.name} on ${DateTime.fromISO(date).toFormat('cccc d LLLL')} at ${formatClock(time)}${free.staffName ? ` with ${free.staffName}` : ''}`;
    state.pending = {
      kind: 'book',
      locationId: state.locationId,
      serviceId: service.id,
      staffId: free.staffId,
      startsAt: free.startsAt,
      firstName,
      phone: state.phone,
      clientId: state.clientId,
      zone: state.zone,
      description,
    };
    // Booked when the reply goes out (at once in auto mode, on approval in draft mode); never without it.
    return { result: `Booked: ${description}`, refused: false };
  }

  /**
   * my_appointments, move_appointment, cancel_appointment: only for the client the texting phone
   * belongs to, only that client's appointments (scheduling lists them for that client alone), and
   * a move only to a time the engine returned. Nothing changes until the reply goes out.
   */
  private async changeTool(
    name: 'my_appointments' | 'move_appointment' | 'cancel_appointment',
    str: (k: string) => string,
    state: TurnState,
  ): Promise<{ result: string; refused: boolean }> {
    if (!state.clientId) state.clientId = (await this.clients.byPhone(state.phone))?.id ?? null;
    if (!state.clientId) {
      state.handover = 'The texting phone is not on file as a client: staff must find the appointment';
      return { result: 'Refused: this phone number does not belong to a client on file.', refused: true };
    }
    const clientId = state.clientId;
    state.listed = (await this.booking.clientAppointments(clientId)).filter((a) => a.locationId === state.locationId);
    if (name === 'my_appointments') return { result: appointmentsText(state.listed, state.zone), refused: false };

    const own = ownAppointment(state.listed, str('appointment'));
    if (!own.ok) {
      if (own.handOver) state.handover = own.reason;
      return { result: `Refused: ${own.reason}`, refused: true };
    }
    const a = own.value;
    const was = appointmentText(a, state.zone);
    if (name === 'cancel_appointment') {
      state.pending = { kind: 'cancel', clientId, appointmentId: a.id, description: was };
      return { result: `Cancelled: ${was}`, refused: false };
    }
    const date = resolveDay(str('day'), state.today);
    if (!date || date < state.today)
      return { result: `Refused: ${str('day') || 'that'} is not a day ahead. Ask which day.`, refused: true };
    const time = parseClockTime(str('time'));
    if (!time) return { result: 'Refused: no clock time was given. Ask which of the offered times suits.', refused: true };
    const engine = await this.booking.availability(state.locationId, a.serviceId, date);
    const target = moveTarget({
      appointment: a,
      offered: [...state.earlier, ...state.offered],
      engine: engine.slots,
      zone: state.zone,
      date,
      time,
    });
    if (!target.ok) return { result: `Refused: ${target.reason}`, refused: true };
    const slot = target.value;
    const staffName = slot.staffId === a.staffId ? a.staffName : (slot.staffName ?? 'another stylist');
    // "Thursday 26 November at 2:00 PM with Dana Reyes"
    const to = appointmentText({ serviceName: a.serviceName, staffName, startsAt: slot.startsAt }, state.zone).slice(
      a.serviceName.length + 4,
    );
    state.pending = {
      kind: 'move',
      clientId,
      appointmentId: a.id,
      startsAt: slot.startsAt,
      staffId: slot.staffId,
      description: `${was}, to ${to}`,
    };
    return { result: `Moved: ${a.serviceName} to ${to}`, refused: false };
  }

  /**
   * The conversation's location: the one whose own number received the text decides (two locations,
   * two numbers); only a text to a number that is no location's (the shared TWILIO_FROM) falls back
   * to the client's latest appointment's location, else the first location with the assistant on.
   */
  private async locationFor(toNumber: string | null, clientId: string | null): Promise<string | null> {
    if (toNumber) {
      const own = await this.repo.locationOfNumber(toNumber);
      if (own) return own;
    }
    const all = await this.repo.allLocationSettings();
    const on = all.filter((s) => s.mode !== 'off');
    if (clientId) {
      const own = await this.repo.locationOfClient(clientId);
      if (own) return own;
    }
    return on[0]?.locationId ?? null;
  }
}
