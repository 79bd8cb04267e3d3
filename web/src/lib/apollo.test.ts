import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApiError, conflictOf, fieldErrorsOf } from './api-client';
import { asApiError } from './apollo';

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
