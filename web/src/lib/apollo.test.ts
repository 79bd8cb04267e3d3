import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApiError, conflictOf, fieldErrorsOf } from './api-client';
import { CLASS_WEEK } from '../pages/classes/classes-gql';
import { asApiError, createApolloClient } from './apollo';

const failed = (errors: { message: string; extensions?: Record<string, unknown> }[]) => new CombinedGraphQLErrors({ data: null, errors });

describe('asApiError', () => {
  it('reads a GraphQL failure as the ApiError REST throws: status, message, details', () => {
    const current = { id: 'c1', version: 3 };
    const e = asApiError(failed([{ message: 'changed', extensions: { code: 'CONFLICT', status: 409, details: current } }]));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 409, message: 'changed', body: { error: 'changed', code: 'CONFLICT', details: current } });
    expect(conflictOf(e).message).toBe('changed');
  });

  it('takes the status from the code when the extensions carry none, and one field error from extensions.field', () => {
    const e = asApiError(failed([{ message: 'is required', extensions: { code: 'BAD_USER_INPUT', field: 'values.subjective' } }]));
    expect((e as ApiError).status).toBe(400);
    expect(fieldErrorsOf(e)).toEqual({ 'values.subjective': 'is required' });
    expect((asApiError(failed([{ message: 'gone', extensions: { code: 'NOT_FOUND' } }])) as ApiError).status).toBe(404);
  });

  it('passes other errors through', () => {
    const other = new Error('offline');
    expect(asApiError(other)).toBe(other);
  });
});

describe('the cache', () => {
  it('matches a fragment on an interface (ClassSessionCore), so a class list reads back whole', () => {
    const client = createApolloClient();
    const session = {
      __typename: 'ClassSession',
      id: 's-1',
      locationId: 'l-1',
      seriesId: null,
      name: 'Yoga',
      description: null,
      category: null,
      instructorId: 'u-1',
      roomId: null,
      startsAt: '2026-11-23T15:00:00.000Z',
      endsAt: '2026-11-23T16:00:00.000Z',
      durationMin: 60,
      capacity: 10,
      priceMinor: 2000,
      currency: 'USD',
      status: 'scheduled',
      cancelReason: null,
      createdBy: null,
      version: 1,
      enrolledCount: 0,
      waitlistedCount: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const variables = { locationId: 'l-1', from: 'a', to: 'b' };
    client.cache.writeQuery({ query: CLASS_WEEK, variables, data: { classSessions: [session] } });
    expect(client.cache.readQuery({ query: CLASS_WEEK, variables })).toEqual({ classSessions: [session] });
  });
});
