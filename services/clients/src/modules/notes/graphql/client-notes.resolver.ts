import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ClientModel } from '../../clients/graphql/client.model.js';
import type { Client } from '@salon/contracts';
import { NotesUseCase } from '../use-cases/notes.use-case.js';
import { NoteModel } from './note.model.js';

/** `Client.notes`: pinned first, newest first. */
@Resolver(() => ClientModel)
export class ClientNotesResolver {
  constructor(private readonly notesUseCase: NotesUseCase) {}

  @ResolveField(() => [NoteModel])
  notes(@Parent() client: Client) {
    return this.notesUseCase.list(client.id);
  }
}
