import { ClientEntity } from '../modules/clients/persistence/client.entity.js';
import { NoteTemplateEntity } from '../modules/note-templates/persistence/note-template.entity.js';
import { NoteEntity } from '../modules/notes/persistence/note.entity.js';
import { ClientsInitial1763900000000 } from './migrations/1763900000000-clients-initial.js';
import { ClientImports1763900000100 } from './migrations/1763900000100-client-imports.js';
import { CriticalAlerts1795400000100 } from './migrations/1795400000100-critical-alerts.js';
import { ClientSpend1797700000000 } from './migrations/1797700000000-client-spend.js';

/** Everything TypeORM needs to know about this service's database, in one place. (Imports use raw SQL: no entities.) */
export const ENTITIES = [ClientEntity, NoteEntity, NoteTemplateEntity];
export const MIGRATIONS = [ClientsInitial1763900000000, ClientImports1763900000100, CriticalAlerts1795400000100, ClientSpend1797700000000];
