import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { ClientNotesResolver } from './graphql/client-notes.resolver.js';
import { NoteResolver } from './graphql/note.resolver.js';
import { NotesController } from './http/notes.controller.js';
import { NotesUseCase } from './use-cases/notes.use-case.js';

@Module({
  imports: [ClientsModule],
  controllers: [NotesController],
  providers: [NotesUseCase, NoteResolver, ClientNotesResolver],
  exports: [NotesUseCase],
})
export class NotesModule {}
