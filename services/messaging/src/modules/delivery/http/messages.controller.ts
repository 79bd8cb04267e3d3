import { Controller, Get, Param, Query } from '@nestjs/common';
import { AdminOnly } from '@salon/nest-kit';
import { MessageViewsUseCase } from '../use-cases/message-views.use-case.js';

/** GET /api/messages?limit=&channel= and GET /api/messages/:id — the message log (admin). */
@AdminOnly()
@Controller('api/messages')
export class MessagesController {
  constructor(private readonly views: MessageViewsUseCase) {}

  @Get()
  list(@Query('limit') limit?: string, @Query('channel') channel?: string) {
    return this.views.list(limit === undefined ? 50 : Number(limit), channel === 'email' || channel === 'sms' ? channel : undefined);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.views.get(id);
  }
}
