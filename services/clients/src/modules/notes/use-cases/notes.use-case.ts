import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  parseInput,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { actorUuid, addNoteInputSchema, isUuid, updateNoteInputSchema, type Note } from '@salon/contracts';
import { notesVolumeRefusal } from '../../clients/domain/read-volume.js';
import { ClientsUseCase } from '../../clients/use-cases/clients.use-case.js';
import { validateNoteValues } from '../../note-templates/domain/template-rules.js';
import { NoteTemplateRepository } from '../../note-templates/persistence/note-template.repository.js';
import type { NoteEntity } from '../persistence/note.entity.js';
import { NoteRepository } from '../persistence/note.repository.js';

export function toNoteView(n: NoteEntity): Note {
  return {
    id: n.id,
    clientId: n.clientId,
    body: n.body,
    templateId: n.templateId,
    templateName: n.templateName,
    values: n.values,
    pinned: n.pinned,
    authorId: n.authorId ?? '',
    authorName: n.authorName,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    version: n.version,
  };
}

@Injectable()
export class NotesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notes: NoteRepository,
    private readonly templates: NoteTemplateRepository,
    private readonly clients: ClientsUseCase,
    private readonly users: UserDirectory,
  ) {}

  /** GET /api/clients/{id}/notes: one client's notes. */
  async list(clientId: string): Promise<Note[]> {
    const client = await this.clients.live(clientId);
    return (await this.notes.listForClient(client.id)).map(toNoteView);
  }

  /**
   * `Client.notes`, reached however (a page, aliases, federation references): `readInRequest` holds
   * the clients whose notes this request has read, so the notes of a second client need what the
   * export needs (domain/read-volume.ts), as reading them on REST takes one request per client.
   */
  async listInRequest(auth: AuthContext, clientId: string, readInRequest: Set<string>): Promise<Note[]> {
    const client = await this.clients.live(clientId);
    readInRequest.add(client.id);
    const refusal = readInRequest.size > 1 ? notesVolumeRefusal(await this.clients.readerOf(auth), readInRequest.size) : null;
    if (refusal) throw new ForbiddenError(refusal);
    return (await this.notes.listForClient(client.id)).map(toNoteView);
  }

  /** A free note (`body`) or a structured one (`templateId` + `values` checked against the template). */
  async add(auth: AuthContext, clientId: string, input: unknown): Promise<Note> {
    const n = parseInput(addNoteInputSchema, input);
    const client = await this.clients.live(clientId);
    let template: { id: string; name: string; values: Record<string, unknown> } | null = null;
    if (n.templateId) {
      const found = await this.templates.findById(n.templateId);
      if (!found || found.archived) throw ValidationFailedError.field('templateId', 'is not an active note template');
      const checked = validateNoteValues(found.sections, n.values ?? {});
      if (checked.problems.length) throw new ValidationFailedError(checked.problems);
      template = { id: found.id, name: found.name, values: checked.values };
    } else {
      if (n.values) throw ValidationFailedError.field('templateId', 'is required with values');
      if (!n.body) throw ValidationFailedError.field('body', 'is required');
    }
    const authorId = actorUuid(auth.userId);
    const authorName = authorId ? await this.users.nameOf(authorId) : null;
    const note = await this.notes.insert({
      clientId: client.id,
      body: n.body ?? null,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      values: template?.values ?? null,
      pinned: n.pinned ?? false,
      authorId,
      authorName,
    });
    return toNoteView(note);
  }

  /** Optimistic concurrency: a stale `version` answers 409 with the current note, never overwrites it. */
  async update(_auth: AuthContext, clientId: string, noteId: string, input: unknown): Promise<Note> {
    const change = parseInput(updateNoteInputSchema, input);
    const client = await this.clients.live(clientId);
    return this.dataSource.transaction(async (manager) => {
      const note = isUuid(noteId) ? await this.notes.lock(client.id, noteId, manager) : null;
      if (!note) throw new NotFoundError(`Note ${noteId} not found`);
      if (note.version !== change.version) {
        throw new ConflictError(
          'This note was changed by someone else while you were editing; compare with the current note and save again',
          toNoteView(note),
          'version',
        );
      }
      const values: Partial<NoteEntity> = {};
      if (change.pinned !== undefined) values.pinned = change.pinned;
      if (change.body !== undefined) values.body = change.body ?? null;
      if (change.values !== undefined) {
        if (!note.templateId) throw ValidationFailedError.field('values', 'only a structured note has values');
        const template = await this.templates.findById(note.templateId, manager);
        const checked = validateNoteValues(template?.sections ?? [], change.values ?? {});
        if (checked.problems.length) throw new ValidationFailedError(checked.problems);
        values.values = checked.values;
      }
      if (!note.templateId && 'body' in values && !values.body) throw ValidationFailedError.field('body', 'is required');
      if (Object.keys(values).length === 0) return toNoteView(note);
      await this.notes.update(note.id, values, manager);
      return toNoteView((await this.notes.findById(note.id, manager))!);
    });
  }

  async remove(_auth: AuthContext, clientId: string, noteId: string): Promise<void> {
    const client = await this.clients.live(clientId);
    await this.dataSource.transaction(async (manager) => {
      const note = isUuid(noteId) ? await this.notes.lock(client.id, noteId, manager) : null;
      if (!note) throw new NotFoundError(`Note ${noteId} not found`);
      await this.notes.update(note.id, { deletedAt: new Date() }, manager);
    });
  }
}
