import { useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import type { ClientSummary } from './client-types';
import { CLIENTS } from './clients-gql';
import { PAGE_SIZE, lastVisitParams, type ClientSort, type LastVisitFilter } from './list-params';

export interface ClientListQuery {
  search: string;
  tag: string;
  locationId: string;
  lastVisit: LastVisitFilter;
  sort: ClientSort;
  offset: number;
}

export interface ClientListResult {
  items: ClientSummary[];
  total: number;
  /** True until the first answer. */
  loading: boolean;
  /** True while a newer answer is on its way (the old rows stay on screen). */
  fetching: boolean;
  error: string | null;
  refetch(): void;
}

/** The list page's data: one GraphQL `clients(…)` page; the previous rows stay while the next loads. */
export function useClientList(q: ClientListQuery): ClientListResult {
  const lv = lastVisitParams(q.lastVisit);
  const { data, previousData, loading, error, refetch } = useQuery(CLIENTS, {
    variables: {
      search: q.search || null,
      tag: q.tag || null,
      locationId: q.locationId || null,
      lastVisitBefore: lv.lastVisitBefore ?? null,
      lastVisitAfter: lv.lastVisitAfter ?? null,
      limit: PAGE_SIZE,
      offset: q.offset,
      sort: q.sort,
    },
    notifyOnNetworkStatusChange: true,
  });
  const shown = data ?? previousData;
  let items = shown?.clients.items ?? [];
  // "Never visited" has no server filter in the contract: the page drops clients with a visit.
  if (lv.neverVisited) items = items.filter((c) => !c.lastVisitAt);
  return {
    items,
    total: shown?.clients.total ?? 0,
    loading: loading && !shown,
    fetching: loading,
    error: error ? graphqlErrorMessage(error) : null,
    refetch: () => void refetch(),
  };
}
