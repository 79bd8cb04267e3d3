// The local provider peers of infra/local, typed for the tests.
// @ts-expect-error -- plain .mjs without declarations
import { startTwilioPeer as startPeer } from '../../../../infra/local/twilio-peer.mjs';
// @ts-expect-error -- plain .mjs without declarations
import { startLocalSes as startSes } from '../../../../infra/local/ses-server.mjs';

export interface PeerMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  form: Record<string, string>;
  receivedAt: number;
}

export interface TwilioPeer {
  url: string;
  messages(): PeerMessage[];
  clear(): void;
  failNext(count: number, status?: number): void;
  optOut(number: string): void;
  sendStatusCallback(
    sid: string,
    status?: string,
    options?: { token?: string; callbackUrl?: string; extra?: Record<string, string> },
  ): Promise<Response>;
  stop(): Promise<void>;
  /** Voice: calls created through the Calls API, and the signed webhooks of a simulated call. */
  calls(): PeerCall[];
  answerCall(
    sid: string,
    options?: { duration?: number; status?: string; clientAnswer?: string; clientSeconds?: number },
  ): Promise<{ sid: string; steps: PeerStep[] }>;
  inboundCall(options: {
    url: string;
    from: string;
    to: string;
    answer?: 'no-answer' | 'completed' | 'busy';
    voicemailSeconds?: number;
    callSid?: string;
    talkSeconds?: number;
  }): Promise<{ callSid: string; steps: PeerStep[] }>;
  postSigned(target: string, params: Record<string, string>, token?: string): Promise<PeerStep>;
}

export interface PeerCall {
  sid: string;
  to: string;
  from: string;
  url: string | null;
  statusCallback: string | null;
  status: string;
  form: Record<string, string>;
}

export interface PeerStep {
  url: string;
  status: number;
  body: string;
}

export interface LocalSes {
  url: string;
  emails(): Promise<
    {
      messageId: string;
      from: string;
      destination: { to: string[] };
      subject: string;
      body: { text?: string; html?: string };
      at: number;
    }[]
  >;
  /** SES-style `Send` events of accepted sends (tags as name -> values), optionally filtered by `name:value`. */
  sendEvents(tag?: string): Promise<SesSendEvent[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export interface SesSendEvent {
  eventType: 'Send';
  mail: {
    messageId: string;
    timestamp: string;
    tags: Record<string, string[]>;
    configurationSet: string | null;
    /** A raw send's top-level headers (SendRawEmail only), as SES event records carry them. */
    headers: { name: string; value: string }[];
  };
}

export const startTwilioPeer = startPeer as (options: {
  port?: number;
  authToken?: string;
  delayMs?: number;
  onMessage?: (m: PeerMessage, count: number) => unknown;
}) => Promise<TwilioPeer>;
export const startLocalSes = startSes as (options: {
  port?: number;
  onSend?: (event: SesSendEvent, count: number) => unknown;
}) => Promise<LocalSes>;

// @ts-expect-error -- plain .mjs without declarations
import { twilioSignature as sign } from '../../../../infra/local/twilio-peer.mjs';
/** Twilio's webhook signature, computed independently of the SDK that verifies it. */
export const twilioSignature = sign as (authToken: string, url: string, params: Record<string, string>) => string;

// @ts-expect-error -- plain .mjs without declarations
import { startLlmPeer as startLlm } from '../../../../infra/local/llm-peer.mjs';

export interface LlmPeer {
  url: string;
  /** What an OpenAI client takes (…/v1). */
  baseUrl: string;
  stop(): Promise<void>;
}

/** The local OpenAI-compatible model server (@dwmkerr/mock-llm with infra/local/mock-llm.yaml). */
export const startLlmPeer = startLlm as (options?: { port?: number }) => Promise<LlmPeer>;
