import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { authHeaders } from './api-client';
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

export function createApolloClient(): ApolloClient {
  const errorLink = new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) handleUnauthorized();
  });
  const authLink = new SetContextLink((prev) => ({ headers: { ...(prev.headers ?? {}), ...authHeaders() } }));
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  return new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, httpLink]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}

export const apolloClient = createApolloClient();
