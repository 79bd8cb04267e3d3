import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import type { Response } from 'express';
import { ImportViewsUseCase } from '../use-cases/import-views.use-case.js';
import { parseMappingParam, PreviewImportUseCase } from '../use-cases/preview-import.use-case.js';
import { StartImportUseCase } from '../use-cases/start-import.use-case.js';
import { UploadImportUseCase } from '../use-cases/upload-import.use-case.js';

/** /api/client-imports: upload a CSV, preview a mapping, start, poll, download the rejected rows. */
@RequirePermission(PERMISSIONS.IMPORT_CLIENTS)
@Controller('api/client-imports')
export class ClientImportsController {
  constructor(
    private readonly uploads: UploadImportUseCase,
    private readonly previews: PreviewImportUseCase,
    private readonly starts: StartImportUseCase,
    private readonly views: ImportViewsUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  upload(@Body() body: unknown, @Query('fileName') fileName: unknown, @CurrentAuth() auth: AuthContext) {
    return this.uploads.upload({ content: body, fileName }, auth);
  }

  @Get()
  recent(@Query('limit') limit?: string) {
    return this.views.recent(limit === undefined ? 20 : Number(limit));
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.views.get(id);
  }

  @Get(':id/preview')
  preview(@Param('id') id: string, @Query('mapping') mapping?: string) {
    return this.previews.preview(id, parseMappingParam(mapping));
  }

  @Post(':id/start')
  @HttpCode(200)
  start(@Param('id') id: string, @Body() body: unknown) {
    return this.starts.start(id, body);
  }

  @Get(':id/rejected.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  async rejected(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const { fileName, csv } = await this.views.rejectedCsv(id);
    res.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  }
}
