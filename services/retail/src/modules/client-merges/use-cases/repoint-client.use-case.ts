import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';

/** A merged-away client's tickets and payments belong to the survivor from now on (their sales history follows them). */
@Injectable()
export class RepointClientUseCase {
  constructor(private readonly tickets: TicketRepository) {}

  execute(change: { survivorId: string; mergedId: string }, manager: EntityManager): Promise<number> {
    return this.tickets.repointClient(manager, change.mergedId, change.survivorId);
  }
}
