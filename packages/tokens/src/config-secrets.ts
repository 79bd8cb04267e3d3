/**
 * Values this repository once shipped as defaults or examples for JWT_SECRET, EVENT_SECRET_KEY or
 * TWILIO_AUTH_TOKEN. Anyone can read them in the history, so no process accepts them, whatever
 * NODE_ENV says.
 */
const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'dev-only-insecure-jwt-secret-change-me-0123456789',
  'dev-only-insecure-event-secret-key-change-me',
  'dev-only-local-twilio-auth-token',
  'change-me-change-me-change-me-change-me',
  'change-me-event-secret-key',
]);

export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.has(value);
}

export const PUBLISHED_SECRET_MESSAGE = 'is a value published in this repository; generate a random one (e.g. `openssl rand -base64 48`)';

/** What a process says when a secret is missing: where `npm start` keeps them, and what to do elsewhere. */
export const MISSING_SECRET_HINT =
  '`npm start` generates one per installation in .local/secrets.json and passes it to every process; ' +
  'anywhere else set it to a random value shared by every service (e.g. `openssl rand -base64 48`)';
