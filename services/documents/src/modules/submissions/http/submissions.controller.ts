import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SendFormLinksUseCase } from '../../form-links/use-cases/send-form-links.use-case.js';
import { ReaderProvider } from '../../../common/reader.provider.js';
import { SubmissionsUseCase } from '../use-cases/submissions.use-case.js';

/** Reading what clients filled in: staff with view_clients, or the client themself (the use-case decides). */
@Controller('api/forms')
export class SubmissionsController {
  constructor(
    private readonly submissions: SubmissionsUseCase,
    private readonly readers: ReaderProvider,
    private readonly sendLinks: SendFormLinksUseCase,
  ) {}

  @Get('submissions/:submissionId')
  async read(@CurrentAuth() auth: AuthContext, @Param('submissionId') id: string) {
    return this.submissions.read(await this.readers.of(auth), id, 'rest');
  }

  @Get('submissions/:submissionId/reads')
  async reads(@CurrentAuth() auth: AuthContext, @Param('submissionId') id: string) {
    return this.submissions.reads(await this.readers.of(auth), id);
  }

  /** A short-lived link to a file uploaded with the submission; the opening is logged like a read. */
  @Get('submissions/:submissionId/files/:fieldKey')
  async file(@CurrentAuth() auth: AuthContext, @Param('submissionId') id: string, @Param('fieldKey') fieldKey: string) {
    return this.submissions.fileLink(await this.readers.of(auth), id, fieldKey, new Date());
  }

  @Get('clients/:clientId')
  async clientForms(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string) {
    return this.submissions.clientForms(await this.readers.of(auth), clientId, new Date());
  }

  /** "Send forms": the client's open forms go to them in one message (SMS with consent, else e-mail). */
  @RequirePermission('edit_clients')
  @Post('clients/:clientId/send')
  @HttpCode(202)
  send(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string) {
    return this.sendLinks.execute(auth, clientId, new Date());
  }
}
