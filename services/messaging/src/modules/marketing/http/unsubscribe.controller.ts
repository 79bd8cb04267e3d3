import { Controller, Get, Header, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '@salon/nest-kit';
import { UnsubscribeUseCase } from '../use-cases/unsubscribe.use-case.js';
import { unsubscribePage } from './unsubscribe-page.js';

/**
 * The public unsubscribe link of a campaign e-mail. GET shows a page with one button (link
 * scanners open links; a GET changes nothing); POST unsubscribes, from that button or from a mail
 * client's RFC 8058 one-click (`List-Unsubscribe=One-Click`). The token is the credential.
 */
@Controller('api/marketing/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeUseCase) {}

  @Public()
  @Get(':token')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(@Param('token') token: string, @Res({ passthrough: true }) res: Response): string {
    const valid = this.unsubscribe.check(token) !== null;
    res.status(valid ? 200 : 404);
    return unsubscribePage(valid ? 'ask' : 'invalid', token);
  }

  @Public()
  @Post(':token')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async post(@Param('token') token: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const outcome = await this.unsubscribe.unsubscribe(token);
    res.status(outcome.kind === 'done' ? 200 : 404);
    return unsubscribePage(outcome.kind === 'done' ? 'done' : 'invalid', token);
  }
}
