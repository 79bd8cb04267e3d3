import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { ReaderProvider } from '../../../common/reader.provider.js';
import { SubmissionsUseCase } from '../use-cases/submissions.use-case.js';

/** Reading what clients filled in: staff with view_clients, or the client themself (the use-case decides). */
@Controller('api/forms')
export class SubmissionsController {
  constructor(
    private readonly submissions: SubmissionsUseCase,
    private readonly readers: ReaderProvider,
  ) {}

  @Get('submissions/:submissionId')
  async read(@CurrentAuth() auth: AuthContext, @Param('submissionId') id: string) {
    return this.submissions.read(await this.readers.of(auth), id, 'rest');
  }

  @Get('submissions/:submissionId/reads')
  async reads(@CurrentAuth() auth: AuthContext, @Param('submissionId') id: string) {
    return this.submissions.reads(await this.readers.of(auth), id);
  }

  @Get('clients/:clientId')
  async clientForms(@CurrentAuth() auth: AuthContext, @Param('clientId') clientId: string) {
    return this.submissions.clientForms(await this.readers.of(auth), clientId, new Date());
  }
}
