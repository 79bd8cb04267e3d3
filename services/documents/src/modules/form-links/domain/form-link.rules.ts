/**
 * Which link a "fill your forms" message carries. One message per send, whatever the number of
 * forms: it opens the first open form (by name), and the public page leads on to the client's
 * other open forms once it is signed. Pure, tested.
 */

export interface OpenRequest {
  id: string;
  formId: string;
  formName: string;
  token: string;
  expiresAt: Date;
}

export interface FormLink {
  /** The request whose link the message carries. */
  first: OpenRequest;
  /** Every open form's name, in the order the client meets them. */
  formNames: string[];
  /** When the carried link stops working. */
  expiresAt: Date;
}

/** The link to send for these requests, or null when none of them can still be filled. */
export function formLinkFor(requests: readonly OpenRequest[], now: Date): FormLink | null {
  const open = requests
    .filter((r) => new Date(r.expiresAt).getTime() > now.getTime())
    .sort((a, b) => a.formName.localeCompare(b.formName) || a.id.localeCompare(b.id));
  const first = open[0];
  if (!first) return null;
  return { first, formNames: [...new Set(open.map((r) => r.formName))], expiresAt: new Date(first.expiresAt) };
}

/** A booking sends its forms only while the visit is ahead (a booking entered afterwards, or the demo's history, sends none). */
export function bookingSendsForms(startsAt: Date, now: Date): boolean {
  return new Date(startsAt).getTime() > now.getTime();
}
