import { Module } from '@nestjs/common';
import { NoteTemplateResolver } from './graphql/note-template.resolver.js';
import { NoteTemplatesController } from './http/note-templates.controller.js';
import { NoteTemplatesUseCase } from './use-cases/note-templates.use-case.js';

@Module({
  controllers: [NoteTemplatesController],
  providers: [NoteTemplatesUseCase, NoteTemplateResolver],
  exports: [NoteTemplatesUseCase],
})
export class NoteTemplatesModule {}
