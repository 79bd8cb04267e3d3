import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApiError } from './api-client';
import { isForbidden, refusalText } from './permission-refusal';

const gqlError = (code: string, message: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] } as never);

describe('refusalText', () => {
  it('words a GraphQL FORBIDDEN or a REST 403 for people, naming the action', () => {
    const raw = 'Forbidden: requires any of edit_appointments, update_appointments';
    expect(refusalText(gqlError('FORBIDDEN', raw), 'change appointments')).toBe(
      "You don't have permission to change appointments. Ask an owner.",
    );
    expect(refusalText(new ApiError(raw, 403, { error: raw }), 'book appointments')).toBe(
      "You don't have permission to book appointments. Ask an owner.",
    );
  });

  it("keeps any other refusal's own reason (the engine's conflict)", () => {
    expect(refusalText(gqlError('CONFLICT', 'Dana Lee is on break (Lunch)'), 'change appointments')).toBe('Dana Lee is on break (Lunch)');
    expect(isForbidden(new Error('offline'))).toBe(false);
  });
});
