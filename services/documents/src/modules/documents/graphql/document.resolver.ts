import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ReaderProvider } from '../../../common/reader.provider.js';
import { DocumentsUseCase } from '../use-cases/documents.use-case.js';
import { DocumentModel, DownloadLinkModel } from './document.model.js';

@Resolver(() => DocumentModel)
export class DocumentResolver {
  constructor(
    private readonly useCase: DocumentsUseCase,
    private readonly readers: ReaderProvider,
  ) {}

  @Query(() => [DocumentModel], { description: "A client's documents, or every document when clientId is left out (staff)" })
  async documents(@CurrentAuth() auth: AuthContext, @Args('clientId', { type: () => ID, nullable: true }) clientId?: string) {
    return this.useCase.list(await this.readers.of(auth), clientId ?? null, new Date());
  }

  @Query(() => DownloadLinkModel, {
    description: "A short-lived link to the file; inline for a preview shown in place. Opening a signed form's PDF is logged as a read",
  })
  async documentDownload(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('inline', { type: () => Boolean, nullable: true }) inline?: boolean,
  ) {
    return this.useCase.downloadLink(await this.readers.of(auth), id, new Date(), inline ?? false);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => DocumentModel)
  shareDocument(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('expiresInDays', { type: () => Int, nullable: true }) expiresInDays?: number,
  ) {
    return this.useCase.share(auth, id, { expiresInDays: expiresInDays ?? null }, new Date());
  }

  @RequirePermission('edit_clients')
  @Mutation(() => DocumentModel)
  revokeDocument(@Args('id', { type: () => ID }) id: string) {
    return this.useCase.revoke(id, new Date());
  }

  @RequirePermission('delete_clients')
  @Mutation(() => Boolean)
  async deleteDocument(@Args('id', { type: () => ID }) id: string) {
    await this.useCase.delete(id, new Date());
    return true;
  }
}
