import { Injectable } from '@nestjs/common';
import type { ConversationMessageView, ConversationView } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface ConversationRow {
  id: string;
  phone: string;
  clientId: string | null;
  clientName: string | null;
}

type Raw = Record<string, unknown>;

/** SMS conversations, one per phone number, and their texts both ways. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A text we sent a client: opens (or continues) the phone's conversation and ties it to the client. */
  async recordOutbound(
    phone: string,
    clientId: string | null,
    clientName: string | null,
    body: string,
    messageId: string | null,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const [c] = await m.query(
        `INSERT INTO conversations (phone, client_id, client_name, last_message_at, last_message_text) VALUES ($1, $2, $3, now(), $4)
         ON CONFLICT (phone) DO UPDATE SET client_id = COALESCE($2, conversations.client_id),
           client_name = COALESCE($3, conversations.client_name), last_message_at = now(), last_message_text = $4
         RETURNING id`,
        [phone, clientId, clientName, body.slice(0, 300)],
      );
      await m.query(`INSERT INTO conversation_messages (conversation_id, direction, body, message_id) VALUES ($1, 'outbound', $2, $3)`, [
        c.id,
        body,
        messageId,
      ]);
    });
  }

  /** A text a phone sent us; null when Twilio redelivered one already recorded (same MessageSid). */
  async recordInbound(
    phone: string,
    body: string,
    providerMessageId: string | null,
    manager: EntityManager,
    toNumber: string | null = null,
  ): Promise<{ conversation: ConversationRow; messageId: string } | null> {
    const [c] = await manager.query(
      `INSERT INTO conversations (phone) VALUES ($1)
       ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone
       RETURNING id, phone, client_id, client_name`,
      [phone],
    );
    const inserted: Raw[] = await manager.query(
      `INSERT INTO conversation_messages (conversation_id, direction, body, provider_message_id, to_number) VALUES ($1, 'inbound', $2, $3, $4)
       ON CONFLICT (provider_message_id) DO NOTHING RETURNING id`,
      [c.id, body, providerMessageId, toNumber],
    );
    if (!inserted[0]) return null;
    await manager.query(`UPDATE conversations SET last_message_at = now(), last_message_text = $2, unread = unread + 1 WHERE id = $1`, [
      c.id,
      body.slice(0, 300),
    ]);
    return { conversation: toConversation(c), messageId: inserted[0].id as string };
  }

  async setAction(messageId: string, action: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE conversation_messages SET action = $2 WHERE id = $1`, [messageId, action]);
  }

  async find(id: string): Promise<ConversationRow | null> {
    const [c] = await this.dataSource.query(`SELECT id, phone, client_id, client_name FROM conversations WHERE id = $1`, [id]);
    return c ? toConversation(c) : null;
  }

  async list(limit: number): Promise<ConversationView[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM conversations ORDER BY last_message_at DESC LIMIT $1`, [limit]);
    return rows.map((r) => ({
      id: r.id as string,
      phone: r.phone as string,
      clientId: (r.client_id as string | null) ?? null,
      clientName: (r.client_name as string | null) ?? null,
      lastMessageAt: new Date(r.last_message_at as string).toISOString(),
      lastMessageText: r.last_message_text as string,
      unread: r.unread as number,
    }));
  }

  async messages(conversationId: string): Promise<ConversationMessageView[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT cm.*, m.status FROM conversation_messages cm LEFT JOIN messages m ON m.id = cm.message_id
       WHERE cm.conversation_id = $1 ORDER BY cm.at, cm.id`,
      [conversationId],
    );
    return rows.map((r) => ({
      id: r.id as string,
      direction: r.direction as 'inbound' | 'outbound',
      body: r.body as string,
      at: new Date(r.at as string).toISOString(),
      action: (r.action as string | null) ?? null,
      status: (r.status as string | null) ?? null,
    }));
  }

  async markRead(conversationId: string): Promise<void> {
    await this.dataSource.query(`UPDATE conversations SET unread = 0 WHERE id = $1`, [conversationId]);
  }
}

function toConversation(r: Raw): ConversationRow {
  return {
    id: r.id as string,
    phone: r.phone as string,
    clientId: (r.client_id as string | null) ?? null,
    clientName: (r.client_name as string | null) ?? null,
  };
}
