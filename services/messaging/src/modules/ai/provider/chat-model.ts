/**
 * The provider port: one chat-completions turn with tools. Any OpenAI-compatible API answers it
 * (OpenAiChatModel); tests run it against the local rule-driven model server.
 */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ChatToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ChatToolCall {
  id: string;
  name: string;
  /** The model's JSON arguments, as it wrote them (parsed by the caller, which may refuse them). */
  arguments: string;
}

export interface ChatTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatTurn {
  content: string | null;
  toolCalls: ChatToolCall[];
}

export interface ProviderSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export abstract class ChatModel {
  abstract complete(settings: ProviderSettings, messages: ChatMessage[], tools: ChatTool[]): Promise<ChatTurn>;
}
