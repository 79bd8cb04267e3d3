import type { NoShowGroup } from '@salon/contracts';

/** Finished appointments of one kind, counted: reminded or not, and their final status. */
export interface FinishedAppointmentCount {
  reminded: boolean;
  status: string;
  count: number;
}

/**
 * The no-show rate of reminded against not-reminded appointments. Only finished appointments
 * count (completed or no-show): a cancelled one is neither, one still to come has no outcome yet.
 */
export function noShowRates(rows: readonly FinishedAppointmentCount[]): { reminded: NoShowGroup; notReminded: NoShowGroup } {
  const group = (reminded: boolean): NoShowGroup => {
    const mine = rows.filter((r) => r.reminded === reminded && (r.status === 'completed' || r.status === 'no-show'));
    const appointments = mine.reduce((n, r) => n + r.count, 0);
    const noShows = mine.filter((r) => r.status === 'no-show').reduce((n, r) => n + r.count, 0);
    return { appointments, noShows, rate: appointments === 0 ? null : noShows / appointments };
  };
  return { reminded: group(true), notReminded: group(false) };
}
