import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { publicFormsApi } from '../forms/public-forms-api';
import { nextPollMs } from './booked-forms-poll';

/** The link's path and query: the page stays on this site whatever address the service was told. */
function localHref(link: string): string {
  const url = new URL(link, window.location.origin);
  return `${url.pathname}${url.search}`;
}

/**
 * The booking confirmation's "forms to fill before your visit": the forms the booked services ask
 * that the client has not filled, each with the client's own link. Looked up by the booking answer's
 * unguessable formsKey; the requests are made when documents reads the booked event, so the list is
 * asked again for a little while until they are there. Nothing shows for a visit without forms.
 */
export function BookedForms({ formsKey }: { formsKey: string }) {
  // A round of asking: when it began and how many answers came before it (the query's counts run on).
  const round = useRef({ startedAt: 0, baseCount: 0 });
  const [roundOver, setRoundOver] = useState(false);
  const queryClient = useQueryClient();
  const queryKey = ['booked-forms', formsKey];
  const q = useQuery({
    queryKey,
    queryFn: () => publicFormsApi.booked(formsKey),
    refetchInterval: (query) => {
      if ((query.state.data?.length ?? 0) > 0) return false;
      // The round starts with the first ask (this runs outside render).
      if (round.current.startedAt === 0) round.current.startedAt = Date.now();
      const asks = query.state.dataUpdateCount + query.state.errorUpdateCount - round.current.baseCount;
      const wait = nextPollMs(asks, Date.now() - round.current.startedAt);
      if (wait === false) queueMicrotask(() => setRoundOver(true));
      return wait;
    },
    retry: 1,
  });
  const forms = q.data ?? [];
  const polling = q.isFetching || (q.isPending && !q.isError);
  const checkAgain = () => {
    const state = queryClient.getQueryState(queryKey);
    round.current = { startedAt: Date.now(), baseCount: (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0) };
    setRoundOver(false);
    void q.refetch();
  };
  if (!forms.length) {
    // Still looking: nothing to show yet (most visits ask no forms). Once a round is over, a quiet way to look again.
    if (!roundOver && !q.isError) return null;
    return (
      <p className="muted bk-forms-later" data-testid="booked-forms-none">
        {q.isError
          ? 'We could not check for forms to fill before your visit. '
          : 'Any forms to fill before your visit will appear here and be sent to you by text or e-mail. '}
        <button type="button" className="btn btn-ghost btn-sm" disabled={polling} onClick={checkAgain}>
          {polling ? 'Checking…' : 'Check again'}
        </button>
      </p>
    );
  }
  return (
    <section className="bk-forms" data-testid="booked-forms" aria-labelledby="bk-forms-title">
      <h2 id="bk-forms-title" className="bk-forms-title">
        Before your visit
      </h2>
      <p className="muted">
        Please fill {forms.length === 1 ? 'this form' : 'these forms'}; it takes a few minutes and saves time at the desk.
      </p>
      <ul className="bk-forms-list">
        {forms.map((f) => (
          <li key={f.link}>
            <a className="btn btn-secondary" href={localHref(f.link)}>
              Fill in {f.formName}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
