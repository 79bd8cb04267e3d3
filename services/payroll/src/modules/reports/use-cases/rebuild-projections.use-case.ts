import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventJournalRepository } from '../../sales/persistence/event-journal.repository.js';
import { RecordSalesUseCase } from '../../sales/use-cases/record-sales.use-case.js';

/** The tables made only of events: a rebuild empties them and replays the journal. */
const PROJECTION_TABLES = [
  'sales_lines',
  'sales_tips',
  'sales_tickets',
  'sales_payments',
  'sales_refunds',
  'appointments',
  'report_clients',
  'report_working_weeks',
  'report_gift_cards',
  'report_gift_card_movements',
  'report_memberships',
  'report_membership_plan_changes',
  'report_automation_sends',
];
const PAGE = 1000;

/**
 * Rebuilds the projections from the event journal alone, in one transaction: they are emptied and
 * every journaled event is projected again in the order it arrived, through the same code the
 * consumers run. Consumers wait on the journal's lock meanwhile and apply their events after.
 */
@Injectable()
export class RebuildProjectionsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly journal: EventJournalRepository,
    private readonly projector: RecordSalesUseCase,
  ) {}

  async rebuild(): Promise<{ events: number }> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`LOCK TABLE event_journal IN SHARE MODE`);
      await m.query(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
      let after = '0';
      let events = 0;
      for (;;) {
        const page = await this.journal.page(m, after, PAGE);
        for (const row of page) await this.projector.project(m, row.envelope);
        events += page.length;
        if (page.length < PAGE) return { events };
        after = page[page.length - 1]!.seq;
      }
    });
  }
}
