import { Module } from '@nestjs/common';
import { AiReplyQueue } from './jobs/ai-reply-queue.js';

/** API process: where the Twilio webhook hands inbound texts to the AI assistant. */
@Module({ providers: [AiReplyQueue], exports: [AiReplyQueue] })
export class AiQueueModule {}
