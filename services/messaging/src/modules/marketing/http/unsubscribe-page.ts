export type UnsubscribePageState = 'ask' | 'done' | 'invalid';

const TEXT: Record<UnsubscribePageState, { title: string; body: string }> = {
  ask: { title: 'Unsubscribe', body: 'Stop receiving marketing e-mails from us? Appointment messages are not affected.' },
  done: {
    title: 'You are unsubscribed',
    body: 'You will not receive marketing e-mails from us any more. Appointment messages are not affected.',
  },
  invalid: { title: 'This link is not valid', body: 'The unsubscribe link is incomplete or was changed. Open it again from the e-mail.' },
};

/**
 * The public unsubscribe page: plain HTML with no script and no inline style (the gateway's CSP
 * allows neither), one form posting back to the same address. The token only goes into the form's
 * action, URL-encoded.
 */
export function unsubscribePage(state: UnsubscribePageState, token: string): string {
  const t = TEXT[state];
  const form =
    state === 'ask'
      ? `<form method="post" action="/api/marketing/unsubscribe/${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`
      : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title></head>
<body><main><h1>${t.title}</h1><p>${t.body}</p>${form}</main></body>
</html>`;
}
