import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ReaderProvider } from '../../../common/reader.provider.js';
import { DocumentsUseCase } from '../use-cases/documents.use-case.js';

/** Client and business files. Upload: POST /api/documents?title=…&fileName=…[&clientId=…] with the file as the body. */
@Controller('api/documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsUseCase,
    private readonly readers: ReaderProvider,
  ) {}

  @RequirePermission('edit_clients')
  @Post()
  upload(@CurrentAuth() auth: AuthContext, @Query() query: Record<string, unknown>, @Req() req: { body?: unknown }) {
    return this.documents.upload(auth, query, req.body, new Date());
  }

  @Get()
  async list(@CurrentAuth() auth: AuthContext, @Query('clientId') clientId?: string) {
    return this.documents.list(await this.readers.of(auth), clientId || null, new Date());
  }

  @Get(':id')
  async get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.documents.get(await this.readers.of(auth), id, new Date());
  }

  /** A short-lived link to the file (the bucket is never public); `?inline=1` for a preview the browser shows in place. */
  @Get(':id/download')
  async download(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Query('inline') inline?: string) {
    return this.documents.downloadLink(await this.readers.of(auth), id, new Date(), inline === '1' || inline === 'true');
  }

  @RequirePermission('edit_clients')
  @Post(':id/share')
  share(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.documents.share(auth, id, body, new Date());
  }

  @RequirePermission('edit_clients')
  @Post(':id/revoke')
  revoke(@Param('id') id: string) {
    return this.documents.revoke(id, new Date());
  }

  @RequirePermission('delete_clients')
  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string) {
    return this.documents.delete(id, new Date());
  }
}
