import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { ApiError, authHeaders } from './api-client';
import { POSSIBLE_TYPES } from './possible-types';
import { handleUnauthorized } from './unauthorized';

/** True when a GraphQL call failed for want of a valid session. */
export function isUnauthenticated(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 401;
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  return false;
}

/** The human message of an Apollo error: the first GraphQL error, else the network error text. */
export function graphqlErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? 'Request failed';
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { error?: string; errors?: { message: string }[] };
      return body.error ?? body.errors?.[0]?.message ?? error.message;
    } catch {
      return error.message;
    }
  }
  if (error instanceof Error) return error.message;
  return 'Request failed';
}

const STATUS_OF_CODE: Record<string, number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

/**
 * A failed GraphQL call as the ApiError a REST call would have thrown: the status from
 * `extensions.status` (else from the code) and `{ error, details }` as the body, so fieldErrorsOf,
 * conflictOf and currentFromConflict read both transports alike. Other errors pass through.
 */
export function asApiError(error: unknown): unknown {
  if (!CombinedGraphQLErrors.is(error)) return error;
  const first = error.errors[0];
  const ext = (first?.extensions ?? {}) as { code?: string; status?: number; details?: unknown; field?: string };
  const status = typeof ext.status === 'number' ? ext.status : (STATUS_OF_CODE[ext.code ?? ''] ?? 500);
  const message = first?.message ?? 'Request failed';
  const details = ext.details ?? (ext.field ? [{ field: ext.field, message }] : undefined);
  return new ApiError(message, status, { error: message, code: ext.code, details });
}

export function createApolloClient(): ApolloClient {
  const errorLink = new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) handleUnauthorized();
  });
  const authLink = new SetContextLink((prev) => ({ headers: { ...(prev.headers ?? {}), ...authHeaders() } }));
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  return new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, httpLink]),
    cache: new InMemoryCache({ possibleTypes: POSSIBLE_TYPES }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}

export const apolloClient = createApolloClient();
