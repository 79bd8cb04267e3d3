import { Injectable } from '@nestjs/common';
import {
  aiLocationSettingsInputSchema,
  aiProviderInputSchema,
  AI_REPLY_STATUSES,
  type AiLocationSettingsView,
  type AiProviderView,
  type AiReplyStatus,
  type AiReplyView,
} from '@salon/contracts';
import { NotFoundError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { z } from 'zod';
import { AiRepository } from '../persistence/ai.repository.js';

/** What `/ai-messaging` reads and changes: the provider, each location's mode, the log and the hand-overs. */
@Injectable()
export class AiSettingsUseCase {
  constructor(private readonly repo: AiRepository) {}

  async provider(): Promise<AiProviderView> {
    const p = await this.repo.provider();
    return { configured: p !== null, baseUrl: p?.baseUrl ?? null, model: p?.model ?? null, hasKey: Boolean(p?.apiKey) };
  }

  async saveProvider(input: unknown): Promise<AiProviderView> {
    const p = parseInput(aiProviderInputSchema, input);
    await this.repo.saveProvider(p.baseUrl.replace(/\/+$/, ''), p.model, p.apiKey);
    return this.provider();
  }

  async removeProvider(): Promise<AiProviderView> {
    await this.repo.clearProvider();
    return this.provider();
  }

  settings(locationId: string): Promise<AiLocationSettingsView> {
    parseInput(z.object({ locationId: z.uuid() }), { locationId });
    return this.repo.locationSettings(locationId);
  }

  saveSettings(input: unknown): Promise<AiLocationSettingsView> {
    return this.repo.saveLocationSettings(parseInput(aiLocationSettingsInputSchema, input));
  }

  replies(status: string | null, limit: number): Promise<AiReplyView[]> {
    if (status !== null && !AI_REPLY_STATUSES.includes(status as AiReplyStatus)) {
      throw ValidationFailedError.field('status', `must be one of ${AI_REPLY_STATUSES.join(', ')}`);
    }
    return this.repo.list({ status: (status as AiReplyStatus | null) ?? undefined, limit: Math.min(Math.max(limit, 1), 200) });
  }

  handovers() {
    return this.repo.handovers();
  }

  async clearHandover(conversationId: string): Promise<boolean> {
    if (!(await this.repo.handedOver(conversationId))) throw new NotFoundError(`Conversation ${conversationId} is not handed over`);
    await this.repo.clearHandover(conversationId);
    return true;
  }
}
