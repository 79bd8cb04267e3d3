import { Injectable } from '@nestjs/common';
import { ConflictError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { actorUuid, isUuid } from '@salon/contracts';
import { changedFields, consentOf, fullName, mergeClientStates, type ConsentChannel } from '../domain/client-rules.js';
import type { Client } from '@salon/contracts';
import { ClientRepository } from '../persistence/client.repository.js';
import { ClientsUseCase, notFound } from './clients.use-case.js';

const mergeSchema = z.object({ duplicateId: z.string().max(64).refine(isUuid, 'must be a client id') }).strict();

/**
 * POST /api/clients/{id}/merge {duplicateId}: the duplicate is merged INTO {id}, in one
 * transaction: the survivor keeps its values and fills its blanks, unites tags and alerts, takes
 * the newer consent decision per channel; every note moves; the duplicate points at the survivor
 * (and so does anything merged into it before); `clients.client.merged.v1` tells the other
 * services to re-point their references.
 */
@Injectable()
export class MergeClientsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    private readonly outbox: OutboxWriter,
    private readonly clientsUseCase: ClientsUseCase,
  ) {}

  async execute(auth: AuthContext, survivorId: string, input: unknown): Promise<Client> {
    const { duplicateId } = parseInput(mergeSchema, input);
    if (!isUuid(survivorId)) throw notFound(survivorId);
    if (duplicateId === survivorId) throw ValidationFailedError.field('duplicateId', 'cannot merge a client into itself');
    const actor = actorUuid(auth.userId);
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.clients.lock([survivorId, duplicateId], manager);
      const survivor = locked.find((c) => c.id === survivorId);
      const duplicate = locked.find((c) => c.id === duplicateId);
      if (!survivor || survivor.deletedAt) throw notFound(survivorId);
      if (survivor.mergedInto) throw new ConflictError(`${fullName(survivor)} was already merged into another client`);
      if (!duplicate || duplicate.deletedAt) throw notFound(duplicateId);
      if (duplicate.mergedInto) throw new ConflictError(`${fullName(duplicate)} was already merged into another client`);

      const merged = mergeClientStates(survivor, duplicate);
      const changed = changedFields(survivor, merged);
      const consentChanged = (['sms', 'email'] as ConsentChannel[]).filter((ch) => {
        const before = consentOf(survivor, ch);
        const after = consentOf({ ...survivor, ...merged }, ch);
        return before.granted !== after.granted || before.at?.getTime() !== after.at?.getTime();
      });
      await this.clients.update(survivor.id, { ...merged, updatedBy: actor }, manager);
      await manager.query(`UPDATE client_notes SET client_id = $1 WHERE client_id = $2`, [survivor.id, duplicate.id]);
      await this.clients.repointMerged(duplicate.id, survivor.id, manager);
      await this.clients.update(duplicate.id, { mergedInto: survivor.id, updatedBy: actor }, manager);
      const saved = (await this.clients.findById(survivor.id, manager))!;
      const allChanged = [...changed, ...(merged.lastVisitAt ? ['lastVisitAt'] : []), ...consentChanged.map((c) => `${c}Consent`)];
      await this.outbox.appendAll(manager, [
        this.clientsUseCase.event(auth, saved, 'clients.client.merged.v1', { survivorId: survivor.id, mergedId: duplicate.id }),
        ...(allChanged.length
          ? [this.clientsUseCase.event(auth, saved, 'clients.client.updated.v1', { clientId: saved.id, changed: allChanged })]
          : []),
        ...consentChanged.map((ch) => this.clientsUseCase.consentEvent(auth, saved, ch)),
      ]);
    });
    return this.clientsUseCase.get(survivorId);
  }
}
