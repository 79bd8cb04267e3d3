import { Injectable } from '@nestjs/common';
import {
  DEFAULT_AI_SIGNATURE,
  type AiLocationSettingsInput,
  type AiLocationSettingsView,
  type AiReplyStatus,
  type AiReplyView,
  type AiToolCallView,
} from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ProviderSettings } from '../provider/chat-model.js';

type Raw = Record<string, unknown>;

export interface OfferedSlot {
  serviceId: string;
  staffId: string;
  startsAt: string;
  /** 'YYYY-MM-DD HH:mm' in the location's zone. */
  local: string;
}

export interface PendingBooking {
  kind?: 'book';
  locationId: string;
  serviceId: string;
  staffId: string;
  startsAt: string;
  firstName: string;
  phone: string;
  /** The client the texting phone belongs to: booked onto that profile; null/absent: as an online visitor. */
  clientId?: string | null;
  /** The location's IANA zone (times in a held-for-deposit reply). */
  zone?: string;
  description: string;
  /** Set once made: scheduling only held the time for this deposit (the appointment's id for retail's payment link). */
  held?: { appointmentId: string; deposit: { amountMinor: number; currency: string; dueAt: string } } | null;
}

/** A move or cancellation of the texting client's own appointment, made when the reply goes out. */
export interface PendingChange {
  kind: 'move' | 'cancel';
  clientId: string;
  appointmentId: string;
  /** For a move: the engine's slot. */
  startsAt?: string;
  staffId?: string;
  description: string;
}

/** What an approved reply does before it is sent (old rows without a kind are bookings). */
export type PendingAction = PendingBooking | PendingChange;

/** A move or cancellation (not a booking). */
export function isChange(p: PendingAction): p is PendingChange {
  return p.kind === 'move' || p.kind === 'cancel';
}

const VERBS = { book: 'Book', move: 'Move', cancel: 'Cancel' } as const;

/** The log's line for a pending action: "Book Haircut on …", "Move …", "Cancel …". */
export function pendingActionText(p: PendingAction): string {
  return `${VERBS[p.kind ?? 'book']} ${p.description}`;
}

export interface ReplyRow {
  id: string;
  conversationId: string;
  phone: string;
  locationId: string | null;
  status: AiReplyStatus;
  body: string | null;
  pendingAction: PendingAction | null;
  /** The pending action was made (an earlier approval got that far). */
  actionDone: boolean;
  messageId: string | null;
}

export const DEFAULT_LOCATION_SETTINGS = { mode: 'off', autoFrom: '09:00', autoTo: '18:00', signature: DEFAULT_AI_SIGNATURE } as const;

/** The assistant's settings, its replies (the log) and the hand-over flags. */
@Injectable()
export class AiRepository {
  constructor(private readonly dataSource: DataSource) {}

  async provider(): Promise<ProviderSettings | null> {
    const [r] = await this.dataSource.query(`SELECT base_url, model, api_key FROM ai_provider WHERE id = 1`);
    return r ? { baseUrl: r.base_url, model: r.model, apiKey: r.api_key ?? null } : null;
  }

  async saveProvider(baseUrl: string, model: string, apiKey: string | undefined): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ai_provider (id, base_url, model, api_key) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET base_url = $1, model = $2, api_key = COALESCE($3, ai_provider.api_key), updated_at = now()`,
      [baseUrl, model, apiKey ?? null],
    );
  }

  async clearProvider(): Promise<void> {
    await this.dataSource.query(`DELETE FROM ai_provider`);
  }

  async locationSettings(locationId: string): Promise<AiLocationSettingsView> {
    const [r] = await this.dataSource.query(`SELECT * FROM ai_location_settings WHERE location_id = $1`, [locationId]);
    if (!r) return { locationId, ...DEFAULT_LOCATION_SETTINGS, version: 0 };
    return toSettings(r);
  }

  async allLocationSettings(): Promise<AiLocationSettingsView[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM ai_location_settings ORDER BY updated_at`);
    return rows.map(toSettings);
  }

  async saveLocationSettings(s: AiLocationSettingsInput): Promise<AiLocationSettingsView> {
    const [r] = await this.dataSource.query(
      `INSERT INTO ai_location_settings (location_id, mode, auto_from, auto_to, signature) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (location_id) DO UPDATE SET mode = $2, auto_from = $3, auto_to = $4, signature = $5,
         version = ai_location_settings.version + 1, updated_at = now()
       RETURNING *`,
      [s.locationId, s.mode, s.autoFrom, s.autoTo, s.signature],
    );
    return toSettings(r);
  }

  /** The location whose own number (phone_numbers) this is; null when it is no location's. */
  async locationOfNumber(number: string): Promise<string | null> {
    const [r] = await this.dataSource.query(`SELECT location_id FROM phone_numbers WHERE number = $1`, [number]);
    return (r?.location_id as string | undefined) ?? null;
  }

  /** The location a conversation belongs to: that of the client's latest appointment we know of. */
  async locationOfClient(clientId: string): Promise<string | null> {
    const [r] = await this.dataSource.query(
      `SELECT location_id FROM automation_appointments WHERE client_id = $1 ORDER BY starts_at DESC LIMIT 1`,
      [clientId],
    );
    return (r?.location_id as string | undefined) ?? null;
  }

  async inbound(messageId: string): Promise<{
    conversationId: string;
    phone: string;
    clientId: string | null;
    clientName: string | null;
    body: string;
    /** The number the client texted (Twilio's `To`), when recorded. */
    toNumber: string | null;
  } | null> {
    const [r] = await this.dataSource.query(
      `SELECT cm.conversation_id, cm.body, cm.to_number, c.phone, c.client_id, c.client_name FROM conversation_messages cm
       JOIN conversations c ON c.id = cm.conversation_id WHERE cm.id = $1 AND cm.direction = 'inbound'`,
      [messageId],
    );
    return r
      ? {
          conversationId: r.conversation_id,
          phone: r.phone,
          clientId: r.client_id ?? null,
          clientName: r.client_name ?? null,
          body: r.body,
          toNumber: r.to_number ?? null,
        }
      : null;
  }

  /** The conversation's last texts, oldest first. */
  async history(conversationId: string, limit = 20): Promise<{ direction: 'inbound' | 'outbound'; body: string }[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT direction, body FROM (SELECT direction, body, at, id FROM conversation_messages WHERE conversation_id = $1 ORDER BY at DESC, id DESC LIMIT $2) t ORDER BY at, id`,
      [conversationId, limit],
    );
    return rows.map((r) => ({ direction: r.direction as 'inbound' | 'outbound', body: r.body as string }));
  }

  /** Starts the reply to one inbound text; null when it was already started (a redelivered job). */
  async begin(conversationId: string, inboundMessageId: string, locationId: string | null, now: Date): Promise<string | null> {
    // created_at from the service's clock (not the database's): offeredIn compares it with that clock.
    const rows: Raw[] = await this.dataSource.query(
      `INSERT INTO ai_replies (conversation_id, inbound_message_id, location_id, status, created_at) VALUES ($1, $2, $3, 'thinking', $4)
       ON CONFLICT (inbound_message_id) DO NOTHING RETURNING id`,
      [conversationId, inboundMessageId, locationId, now],
    );
    if (rows[0]) return rows[0].id as string;
    const [existing] = await this.dataSource.query(`SELECT id, status FROM ai_replies WHERE inbound_message_id = $1`, [inboundMessageId]);
    // A worker that died mid-turn left it thinking: take it up again.
    return existing?.status === 'thinking' ? (existing.id as string) : null;
  }

  async finish(
    id: string,
    r: {
      status: AiReplyStatus;
      body: string | null;
      handoverReason?: string | null;
      pendingAction?: PendingAction | null;
      context: unknown;
      toolCalls: AiToolCallView[];
      offered: OfferedSlot[];
      error?: string | null;
    },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE ai_replies SET status = $2, body = $3, handover_reason = $4, pending_action = $5, context = $6, tool_calls = $7, offered = $8, error = $9
       WHERE id = $1`,
      [
        id,
        r.status,
        r.body,
        r.handoverReason ?? null,
        r.pendingAction ? JSON.stringify(r.pendingAction) : null,
        JSON.stringify(r.context),
        JSON.stringify(r.toolCalls),
        JSON.stringify(r.offered),
        r.error ?? null,
      ],
    );
  }

  /** What the engine offered in this conversation's recent replies (a client answers with one of them). */
  async offeredIn(conversationId: string, since: Date): Promise<OfferedSlot[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT offered FROM ai_replies WHERE conversation_id = $1 AND created_at >= $2 ORDER BY created_at DESC LIMIT 10`,
      [conversationId, since],
    );
    return rows.flatMap((r) => r.offered as OfferedSlot[]);
  }

  async reply(id: string, manager?: EntityManager): Promise<ReplyRow | null> {
    const [r] = await (manager ?? this.dataSource.manager).query(
      `SELECT r.*, c.phone FROM ai_replies r JOIN conversations c ON c.id = r.conversation_id WHERE r.id = $1 ${manager ? 'FOR UPDATE OF r' : ''}`,
      [id],
    );
    return r
      ? {
          id: r.id,
          conversationId: r.conversation_id,
          phone: r.phone,
          locationId: r.location_id ?? null,
          status: r.status,
          body: r.body ?? null,
          pendingAction: (r.pending_action as PendingAction | null) ?? null,
          actionDone: r.action_done_at != null,
          messageId: r.message_id ?? null,
        }
      : null;
  }

  /** The pending action was made; `outcome` is merged into it (e.g. a booking only held for a deposit), for a retried send. */
  async markActionDone(id: string, outcome: Partial<PendingBooking> = {}): Promise<void> {
    await this.dataSource.query(
      `UPDATE ai_replies SET action_done_at = now(), pending_action = pending_action || $2::jsonb WHERE id = $1 AND action_done_at IS NULL`,
      [id, JSON.stringify(outcome)],
    );
  }

  async decide(
    id: string,
    status: AiReplyStatus,
    patch: { body?: string | null; messageId?: string | null; error?: string | null; by: string | null },
    manager?: EntityManager,
  ): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `UPDATE ai_replies SET status = $2, body = COALESCE($3, body), message_id = COALESCE($4, message_id), error = $5, decided_by = $6, decided_at = now()
       WHERE id = $1`,
      [id, status, patch.body ?? null, patch.messageId ?? null, patch.error ?? null, patch.by],
    );
  }

  async list(filter: { status?: AiReplyStatus; limit: number }): Promise<AiReplyView[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT r.*, c.phone FROM ai_replies r JOIN conversations c ON c.id = r.conversation_id
       WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.created_at DESC LIMIT $2`,
      [filter.status ?? null, filter.limit],
    );
    return rows.map(toView);
  }

  async handOver(conversationId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ai_handovers (conversation_id, reason) VALUES ($1, $2) ON CONFLICT (conversation_id) DO UPDATE SET reason = $2, at = now()`,
      [conversationId, reason],
    );
  }

  async handedOver(conversationId: string): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM ai_handovers WHERE conversation_id = $1`, [conversationId]);
    return rows.length > 0;
  }

  async clearHandover(conversationId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM ai_handovers WHERE conversation_id = $1`, [conversationId]);
  }

  async handovers(): Promise<{ conversationId: string; phone: string; clientName: string | null; reason: string; at: string }[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT h.*, c.phone, c.client_name FROM ai_handovers h JOIN conversations c ON c.id = h.conversation_id ORDER BY h.at DESC`,
    );
    return rows.map((r) => ({
      conversationId: r.conversation_id as string,
      phone: r.phone as string,
      clientName: (r.client_name as string | null) ?? null,
      reason: r.reason as string,
      at: new Date(r.at as string).toISOString(),
    }));
  }
}

function toSettings(r: Raw): AiLocationSettingsView {
  return {
    locationId: r.location_id as string,
    mode: r.mode as AiLocationSettingsView['mode'],
    autoFrom: r.auto_from as string,
    autoTo: r.auto_to as string,
    signature: r.signature as string,
    version: r.version as number,
  };
}

function toView(r: Raw): AiReplyView {
  const pending = r.pending_action as PendingAction | null;
  return {
    id: r.id as string,
    conversationId: r.conversation_id as string,
    phone: r.phone as string,
    locationId: (r.location_id as string | null) ?? null,
    status: r.status as AiReplyStatus,
    body: (r.body as string | null) ?? null,
    handoverReason: (r.handover_reason as string | null) ?? null,
    pendingAction: pending ? pendingActionText(pending) : null,
    context: JSON.stringify(r.context),
    toolCalls: r.tool_calls as AiToolCallView[],
    error: (r.error as string | null) ?? null,
    createdAt: new Date(r.created_at as string).toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at as string).toISOString() : null,
  };
}
