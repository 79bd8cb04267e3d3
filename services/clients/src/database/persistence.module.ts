import { Global, Module } from '@nestjs/common';
import { ClientRepository } from '../modules/clients/persistence/client.repository.js';
import { NoteTemplateRepository } from '../modules/note-templates/persistence/note-template.repository.js';
import { NoteRepository } from '../modules/notes/persistence/note.repository.js';

const REPOSITORIES = [ClientRepository, NoteRepository, NoteTemplateRepository];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
