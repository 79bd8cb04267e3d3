import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { ticketOfConflict } from './checkout-link';

const refusal = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'This appointment is already on ticket #1001', extensions }] });

describe('ticketOfConflict', () => {
  it('is the ticket the appointment is already on, and nothing for another refusal', () => {
    expect(ticketOfConflict(refusal({ code: 'CONFLICT', status: 409, details: { id: 't1', number: 1001, version: 2 } }))).toBe('t1');
    expect(ticketOfConflict(refusal({ code: 'CONFLICT', status: 409 }))).toBeNull();
    expect(ticketOfConflict(refusal({ code: 'BAD_USER_INPUT', details: { id: 't1' } }))).toBeNull();
    expect(ticketOfConflict(new Error('Failed to fetch'))).toBeNull();
  });
});
