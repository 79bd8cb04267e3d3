/**
 * AI messaging (`/ai-messaging`, issue 16): an assistant that drafts or sends replies in the SMS
 * inbox from the salon's own facts, and books through the online booking API. Its settings per
 * location, the provider (any OpenAI-compatible chat-completions API), and the log of every reply
 * it wrote with the context, tool calls and results behind it.
 */
import { z } from 'zod';
import { lineSchema } from '../rules/text.js';

/** off: nothing; draft: staff approve each reply; auto: sent at once during the set hours (drafts outside them). */
export const AI_MODES = ['off', 'draft', 'auto'] as const;
export type AiMode = (typeof AI_MODES)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00');

/** The shortest signature an AI reply may carry (the AI label must stay readable). */
export const AI_SIGNATURE_MIN = 5;

export const aiLocationSettingsInputSchema = z.object({
  locationId: z.uuid(),
  mode: z.enum(AI_MODES),
  /** Auto mode sends on its own from `autoFrom` to `autoTo` (location time); outside them it drafts. */
  autoFrom: clockTime,
  autoTo: clockTime,
  /**
   * Appended to every AI reply when it is sent (server-side, whatever a draft was edited to) so the
   * client knows a machine wrote it: at least 5 characters with a word in it ("– AI assistant").
   */
  signature: lineSchema(60, { min: AI_SIGNATURE_MIN }).refine((s) => /\p{L}{2,}/u.test(s), {
    message: 'must say in words that an assistant wrote the reply, e.g. "– AI assistant"',
  }),
});
export type AiLocationSettingsInput = z.infer<typeof aiLocationSettingsInputSchema>;
export type AiLocationSettingsView = AiLocationSettingsInput & { version: number };

export const DEFAULT_AI_SIGNATURE = '– AI assistant';

export const aiProviderInputSchema = z.object({
  /** The chat-completions API's base, e.g. https://api.openai.com/v1 or a local server. */
  baseUrl: z.url().max(300),
  model: lineSchema(100, { min: 1 }),
  /** Omitted: keep the stored key. */
  apiKey: lineSchema(300, { min: 1 }).optional(),
});
export type AiProviderInput = z.infer<typeof aiProviderInputSchema>;

export interface AiProviderView {
  configured: boolean;
  baseUrl: string | null;
  model: string | null;
  /** The key is never shown again; only whether one is stored. */
  hasKey: boolean;
}

export const AI_REPLY_STATUSES = ['thinking', 'draft', 'sent', 'handed-over', 'discarded', 'failed'] as const;
export type AiReplyStatus = (typeof AI_REPLY_STATUSES)[number];

export interface AiToolCallView {
  name: string;
  arguments: string;
  result: string;
  /** A guard refused the call (the result says why). */
  refused: boolean;
}

export interface AiReplyView {
  id: string;
  conversationId: string;
  phone: string;
  locationId: string | null;
  status: AiReplyStatus;
  /** The reply as the client gets it (with the signature); null while thinking or when handed over without one. */
  body: string | null;
  handoverReason: string | null;
  /** The booking a draft will make when approved, in words. */
  pendingAction: string | null;
  /** The system prompt and conversation the model was given (JSON). */
  context: string;
  toolCalls: AiToolCallView[];
  error: string | null;
  createdAt: string;
  decidedAt: string | null;
}
