import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApiError, conflictOf } from './api-client';

/** A refusal for want of a permission: a GraphQL FORBIDDEN or a REST 403. */
export function isForbidden(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 403;
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
  return false;
}

/** "You don't have permission to change appointments. Ask an owner." */
export const forbiddenSentence = (action: string) => `You don't have permission to ${action}. Ask an owner.`;

/**
 * What a refused call says to a person: a missing permission in words (never the server's
 * "Forbidden: requires any of …"), anything else as the server's own reason.
 */
export function refusalText(error: unknown, action: string): string {
  return isForbidden(error) ? forbiddenSentence(action) : conflictOf(error).message;
}
