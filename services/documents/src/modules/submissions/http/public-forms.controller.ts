import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ClientIp, Public } from '@salon/nest-kit';
import { userAgentOf } from '../../../common/reader.provider.js';
import { SubmissionRateLimit } from '../persistence/submission-rate-limit.provider.js';
import { SubmissionsUseCase } from '../use-cases/submissions.use-case.js';
import { SubmitFormUseCase } from '../use-cases/submit-form.use-case.js';

/** `/forms/{id}` without a session: the published form, and its submission. */
@Public()
@Controller('api/forms/public')
export class PublicFormsController {
  constructor(
    private readonly submissions: SubmissionsUseCase,
    private readonly submit: SubmitFormUseCase,
    private readonly rateLimit: SubmissionRateLimit,
  ) {}

  /** The forms an online booking asks, by its answer's formsKey (`/booking` shows them with their links). */
  @Get('booked/:formsKey')
  booked(@Param('formsKey') formsKey: string) {
    return this.submissions.bookedForms(formsKey, new Date());
  }

  @Get(':id')
  form(@Param('id') id: string, @Query('r') request?: string) {
    return this.submissions.publicForm(id, request ?? null, new Date());
  }

  /** Limited per address and hour (429 beyond FORM_SUBMISSIONS_PER_IP_PER_HOUR), valid or not: the front door, not the seed or bench. */
  @Post(':id/submissions')
  @HttpCode(201)
  async submitForm(
    @Param('id') id: string,
    @Body() body: unknown,
    @ClientIp() ip: string,
    @Headers() headers: Record<string, string | string[] | undefined>,
  ) {
    await this.rateLimit.admit(ip);
    return this.submit.execute(id, body, { ip, userAgent: userAgentOf(headers), now: new Date() });
  }
}
