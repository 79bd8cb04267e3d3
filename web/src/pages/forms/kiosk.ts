/**
 * Tablet (kiosk) mode of a form: staff open a client's due form from the profile's Forms tab on the
 * front-desk tablet; the client fills and signs it full-screen, then the tablet goes back to that
 * client's Forms tab. The client's id rides in `kiosk=` only to find the way back: the form link's
 * own `r=` token is what ties the submission to the client.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kiosk page of a due form's link (`…/forms/{id}?r=…`), on this site. */
export function kioskPath(link: string, clientId: string): string {
  const url = new URL(link, 'http://local');
  url.searchParams.set('kiosk', clientId);
  return `${url.pathname}${url.search}`;
}

/** Where a kiosk page returns to: the client's Forms tab; null when `kiosk=` is not a client id. */
export function kioskReturnPath(kiosk: string | null): string | null {
  return kiosk && UUID.test(kiosk) ? `/clients/${kiosk.toLowerCase()}?tab=forms` : null;
}
