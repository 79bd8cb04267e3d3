import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { NoteTemplatesUseCase } from '../use-cases/note-templates.use-case.js';
import { NoteTemplateInput, NoteTemplateModel } from './note-template.model.js';

@Resolver(() => NoteTemplateModel)
export class NoteTemplateResolver {
  constructor(private readonly templates: NoteTemplatesUseCase) {}

  @RequirePermission('view_clients')
  @Query(() => [NoteTemplateModel])
  noteTemplates(@Args('includeArchived', { type: () => Boolean, nullable: true }) includeArchived?: boolean) {
    return this.templates.list(includeArchived ?? false);
  }

  @RequirePermission('view_clients')
  @Query(() => NoteTemplateModel)
  noteTemplate(@Args('id', { type: () => ID }) id: string) {
    return this.templates.get(id);
  }

  @RequirePermission('manage_note_templates')
  @Mutation(() => NoteTemplateModel)
  createNoteTemplate(@CurrentAuth() auth: AuthContext, @Args('input') input: NoteTemplateInput) {
    return this.templates.create(auth, input);
  }

  @RequirePermission('manage_note_templates')
  @Mutation(() => NoteTemplateModel)
  updateNoteTemplate(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: NoteTemplateInput,
    @Args('version', { type: () => Int, nullable: true }) version?: number,
  ) {
    return this.templates.update(auth, id, version === undefined || version === null ? { ...input } : { ...input, version });
  }

  @RequirePermission('manage_note_templates')
  @Mutation(() => NoteTemplateModel, { description: 'Hidden from new notes; notes written with it keep it' })
  archiveNoteTemplate(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.templates.archive(auth, id);
  }

  @RequirePermission('manage_note_templates')
  @Mutation(() => Boolean, {
    description: 'Deletes a template no note uses and archives one that notes use (as DELETE /api/note-templates/{id}); true when archived',
  })
  async deleteNoteTemplate(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return (await this.templates.remove(auth, id)).archived;
  }
}
