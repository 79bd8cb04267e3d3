import { useQuery } from '@tanstack/react-query';
import { publicFormsApi } from '../forms/public-forms-api';

/** How often and how long the confirmation looks for the booking's forms (they arrive with the booked event). */
const POLL_MS = 1500;
const POLLS = 20;

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
  const q = useQuery({
    queryKey: ['booked-forms', formsKey],
    queryFn: () => publicFormsApi.booked(formsKey),
    refetchInterval: (query) => ((query.state.data?.length ?? 0) === 0 && query.state.dataUpdateCount < POLLS ? POLL_MS : false),
    retry: 1,
  });
  const forms = q.data ?? [];
  if (!forms.length) return null;
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
