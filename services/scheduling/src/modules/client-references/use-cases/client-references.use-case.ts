import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ClientReferencesRepository } from '../persistence/client-references.repository.js';

/**
 * Scheduling's references to client profiles follow the clients service's merges: a booking made
 * on a visitor's own profile lands on the client it was merged into (by the desk's one click on
 * "possible duplicate", or by the visitor's confirmation link), with everything else of theirs.
 */
@Injectable()
export class ClientReferencesUseCase {
  constructor(private readonly references: ClientReferencesRepository) {}

  /** In the caller's transaction (the inbox's, or a confirmation's): idempotent, a second run finds nothing left to move. */
  async clientMerged(m: EntityManager, mergedId: string, survivorId: string): Promise<void> {
    if (mergedId === survivorId) return;
    await this.references.repoint(m, mergedId, survivorId);
  }
}
