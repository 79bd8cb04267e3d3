import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import type { Client } from '@salon/contracts';
import { ClientModel } from '../../clients/graphql/client.model.js';
import { NotesUseCase } from '../use-cases/notes.use-case.js';
import { NoteModel } from './note.model.js';

/** The clients whose notes one GraphQL request has read (the request is the GraphQL context's `req`). */
const NOTES_READ = Symbol('clients whose notes this request read');
type RequestWithReads = { [NOTES_READ]?: Set<string> };

/** `Client.notes`: pinned first, newest first. */
@Resolver(() => ClientModel)
export class ClientNotesResolver {
  constructor(private readonly notesUseCase: NotesUseCase) {}

  @ResolveField(() => [NoteModel], { description: 'The notes of more than one client in one request need export_clients' })
  notes(@Parent() client: Client, @CurrentAuth() auth: AuthContext, @Context('req') req: RequestWithReads) {
    return this.notesUseCase.listInRequest(auth, client.id, (req[NOTES_READ] ??= new Set()));
  }
}
