import { Body, Controller, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { TwilioSignatureGuard } from '../../webhooks/http/twilio-signature.guard.js';
import { VoiceWebhooksUseCase, type VoiceForm } from '../use-cases/voice-webhooks.use-case.js';

/** Twilio's voice webhooks: public at the edge, believed only with a valid X-Twilio-Signature (403 otherwise). */
@Public()
@UseGuards(TwilioSignatureGuard)
@Controller('api/webhooks/twilio/voice')
export class VoiceWebhooksController {
  constructor(private readonly voice: VoiceWebhooksUseCase) {}

  @Post()
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  incoming(@Body() form: VoiceForm): Promise<string> {
    return this.voice.incoming(form);
  }

  @Post('dial-result')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  dialResult(@Body() form: VoiceForm): Promise<string> {
    return this.voice.dialResult(form);
  }

  @Post('recording')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  recording(@Body() form: VoiceForm): Promise<string> {
    return this.voice.recording(form);
  }

  @Post('bridge')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  bridge(@Query('callId') callId?: string): Promise<string> {
    return this.voice.bridge(callId);
  }

  @Post('bridge-result')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  bridgeResult(@Query('callId') callId: string | undefined, @Body() form: VoiceForm): Promise<string> {
    return this.voice.bridgeResult(callId, form);
  }

  @Post('status')
  @HttpCode(204)
  status(@Body() form: VoiceForm): Promise<void> {
    return this.voice.status(form);
  }
}
