import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SubmissionsUseCase } from '../../submissions/use-cases/submissions.use-case.js';
import { FormsUseCase } from '../use-cases/forms.use-case.js';

const versionOf = (body: unknown) => {
  const v = (body as { version?: unknown } | null)?.version;
  return typeof v === 'number' ? v : undefined;
};

/** The form builder (staff): drafts, publishing, versions, services, submissions, links for clients. */
@Controller('api/forms')
export class FormsController {
  constructor(
    private readonly forms: FormsUseCase,
    private readonly submissions: SubmissionsUseCase,
  ) {}

  @RequirePermission('view_clients')
  @Get()
  list(@Query('archived') archived?: string) {
    return this.forms.list(archived === 'true');
  }

  @RequirePermission('edit_clients')
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.forms.create(auth, body);
  }

  @RequirePermission('view_clients')
  @Get(':id')
  get(@Param('id') id: string) {
    return this.forms.get(id);
  }

  @RequirePermission('edit_clients')
  @Put(':id')
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.forms.update(id, body);
  }

  @RequirePermission('edit_clients')
  @Post(':id/publish')
  publish(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.forms.publish(auth, id, versionOf(body));
  }

  @RequirePermission('edit_clients')
  @Post(':id/archive')
  archive(@Param('id') id: string) {
    return this.forms.archive(id, true);
  }

  @RequirePermission('edit_clients')
  @Post(':id/restore')
  restore(@Param('id') id: string) {
    return this.forms.archive(id, false);
  }

  @RequirePermission('view_clients')
  @Get(':id/versions')
  versions(@Param('id') id: string) {
    return this.forms.versions(id);
  }

  @RequirePermission('view_clients')
  @Get(':id/submissions')
  listSubmissions(@Param('id') id: string) {
    return this.submissions.listForForm(id);
  }

  @RequirePermission('edit_clients')
  @Post(':id/requests')
  request(@Param('id') id: string, @Body() body: unknown) {
    return this.submissions.request(id, body, new Date());
  }
}
