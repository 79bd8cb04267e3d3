import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, parseInput, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { actorUuid, intSchema, isUuid, templateInputSchema, type NoteTemplate } from '@salon/contracts';
import { normaliseSections } from '../domain/template-rules.js';
import type { NoteTemplateEntity } from '../persistence/note-template.entity.js';
import { NoteTemplateRepository } from '../persistence/note-template.repository.js';

export function toTemplateView(t: NoteTemplateEntity): NoteTemplate {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    sections: t.sections,
    archived: t.archived,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    version: t.version,
  };
}

const updateSchema = z.object({ version: intSchema({ min: 1 }).optional() }).passthrough();

@Injectable()
export class NoteTemplatesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly templates: NoteTemplateRepository,
  ) {}

  async list(includeArchived = false): Promise<NoteTemplate[]> {
    return (await this.templates.list(includeArchived)).map(toTemplateView);
  }

  async get(id: string): Promise<NoteTemplate> {
    return toTemplateView(await this.entity(id));
  }

  async entity(id: string): Promise<NoteTemplateEntity> {
    const template = isUuid(id) ? await this.templates.findById(id) : null;
    if (!template) throw new NotFoundError(`Note template ${id} not found`);
    return template;
  }

  async create(auth: AuthContext, input: unknown): Promise<NoteTemplate> {
    const t = parseInput(templateInputSchema, input);
    const saved = await this.templates
      .insert({
        name: t.name,
        description: t.description ?? null,
        sections: normaliseSections(t.sections),
        createdBy: actorUuid(auth.userId),
      })
      .catch(nameClash(t.name));
    return toTemplateView(saved);
  }

  /** PUT: the whole template again; `version` (optional) guards against overwriting someone else's edit. */
  async update(_auth: AuthContext, id: string, input: unknown): Promise<NoteTemplate> {
    const { version, ...rest } = parseInput(updateSchema, input);
    const t = parseInput(templateInputSchema, rest);
    await this.dataSource
      .transaction(async (manager) => {
        const current = isUuid(id) ? await this.templates.lock(id, manager) : null;
        if (!current) throw new NotFoundError(`Note template ${id} not found`);
        if (version !== undefined && version !== current.version) {
          throw new ConflictError(
            `Note template ${current.name} was changed by someone else; review it and try again`,
            toTemplateView(current),
            'version',
          );
        }
        await this.templates.update(
          id,
          { name: t.name, description: t.description ?? null, sections: normaliseSections(t.sections) },
          manager,
        );
      })
      .catch(nameClash(t.name));
    return this.get(id);
  }

  /** DELETE: a template no note uses is deleted; a used one is archived (its notes keep their name and values). */
  async remove(_auth: AuthContext, id: string): Promise<{ archived: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const current = isUuid(id) ? await this.templates.lock(id, manager) : null;
      if (!current) throw new NotFoundError(`Note template ${id} not found`);
      if (await this.templates.isUsed(id, manager)) {
        if (!current.archived) await this.templates.update(id, { archived: true }, manager);
        return { archived: true };
      }
      await this.templates.delete(id, manager);
      return { archived: false };
    });
  }

  async archive(_auth: AuthContext, id: string): Promise<NoteTemplate> {
    await this.dataSource.transaction(async (manager) => {
      const current = isUuid(id) ? await this.templates.lock(id, manager) : null;
      if (!current) throw new NotFoundError(`Note template ${id} not found`);
      if (!current.archived) await this.templates.update(id, { archived: true }, manager);
    });
    return this.get(id);
  }
}

function nameClash(name: string) {
  return (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') throw new ConflictError(`A note template named ${name} already exists`);
    throw error;
  };
}
