import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '@salon/nest-kit';
import { TrackingUseCase } from '../use-cases/tracking.use-case.js';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The public tracking addresses of campaign e-mails (through the gateway, no session: the signed
 * token is the credential). `open/:token` is the pixel: it always answers the image, recorded or
 * not, so a mail client never shows a broken picture. `click/:token` records the click and
 * redirects (302) to the address signed in the token; a forged token answers 404 and goes nowhere.
 */
@Controller('api/marketing/track')
export class TrackingController {
  constructor(private readonly tracking: TrackingUseCase) {}

  @Public()
  @Get('open/:token')
  @Header('Cache-Control', 'no-store, private')
  async open(@Param('token') token: string, @Res() res: Response): Promise<void> {
    await this.tracking.record(token);
    res.status(200).type('image/gif').send(PIXEL);
  }

  @Public()
  @Get('click/:token')
  @Header('Cache-Control', 'no-store, private')
  async click(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const outcome = await this.tracking.record(token);
    if (outcome.kind !== 'recorded' || outcome.claim.kind !== 'click') {
      res.status(404).type('text/plain').send('This link is not valid.');
      return;
    }
    res.redirect(302, outcome.claim.url);
  }
}
