import { Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ChatModel, type ChatMessage, type ChatTool, type ChatTurn, type ProviderSettings } from './chat-model.js';

/** The port over the official `openai` SDK: any chat-completions API with tool calls (OpenAI, a gateway, a local server). */
@Injectable()
export class OpenAiChatModel extends ChatModel {
  private clients = new Map<string, OpenAI>();

  async complete(settings: ProviderSettings, messages: ChatMessage[], tools: ChatTool[]): Promise<ChatTurn> {
    const completion = await this.client(settings).chat.completions.create({
      model: settings.model,
      messages: messages.map(toOpenAi),
      tools: tools.map((t) => ({
        type: 'function' as const,
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
      temperature: 0.2,
    });
    const message = completion.choices[0]?.message;
    return {
      content: message?.content ?? null,
      toolCalls: (message?.tool_calls ?? []).flatMap((c, i) =>
        c.type === 'function' ? [{ id: c.id || `call_${i}`, name: c.function.name, arguments: c.function.arguments || '{}' }] : [],
      ),
    };
  }

  private client(s: ProviderSettings): OpenAI {
    const key = `${s.baseUrl}\n${s.apiKey ?? ''}`;
    let client = this.clients.get(key);
    if (!client) {
      // No key (a local server): the SDK still wants one, and the server ignores it.
      client = new OpenAI({ baseURL: s.baseUrl, apiKey: s.apiKey || 'none', timeout: 30_000, maxRetries: 1 });
      this.clients.clear();
      this.clients.set(key, client);
    }
    return client;
  }
}

function toOpenAi(m: ChatMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: m.content,
        ...(m.toolCalls?.length
          ? {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
    default:
      return { role: m.role, content: m.content };
  }
}
