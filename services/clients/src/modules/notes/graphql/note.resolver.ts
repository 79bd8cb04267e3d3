import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { NotesUseCase } from '../use-cases/notes.use-case.js';
import { AddNoteInput, NoteModel, UpdateNoteInput } from './note.model.js';

@Resolver(() => NoteModel)
export class NoteResolver {
  constructor(private readonly notes: NotesUseCase) {}

  @RequirePermission('edit_clients')
  @Mutation(() => NoteModel)
  addNote(@CurrentAuth() auth: AuthContext, @Args('clientId', { type: () => ID }) clientId: string, @Args('input') input: AddNoteInput) {
    return this.notes.add(auth, clientId, input);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => NoteModel, { description: 'A stale version answers CONFLICT with the current note in extensions.details' })
  updateNote(
    @CurrentAuth() auth: AuthContext,
    @Args('clientId', { type: () => ID }) clientId: string,
    @Args('noteId', { type: () => ID }) noteId: string,
    @Args('input') input: UpdateNoteInput,
  ) {
    return this.notes.update(auth, clientId, noteId, input);
  }

  @RequirePermission('edit_clients')
  @Mutation(() => Boolean)
  async deleteNote(
    @CurrentAuth() auth: AuthContext,
    @Args('clientId', { type: () => ID }) clientId: string,
    @Args('noteId', { type: () => ID }) noteId: string,
  ) {
    await this.notes.remove(auth, clientId, noteId);
    return true;
  }
}
