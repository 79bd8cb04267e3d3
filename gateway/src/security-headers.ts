import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Stripe.js and its frames (the payment modal): loaded from Stripe only, never bundled. */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];

/**
 * What the web client may load. The Vite build has no inline script or style (React's `style`
 * props go through the CSSOM, which style-src does not govern); its calls are same-origin
 * (/graphql, /api). Logos are https URLs or image data URLs (the contract's imageUrlSchema);
 * exports are downloaded from blob: URLs. Nothing may frame the app (clickjacking).
 * No upgrade-insecure-requests: a salon reaching `npm start` over plain http on its network
 * would get every request rewritten to an https that is not there.
 */
export const WEB_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", ...STRIPE_SCRIPTS],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'frame-src': STRIPE_FRAMES,
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Headers on every answer of the gateway (helmet): nosniff, no Referer (reset and invitation
 * links carry tokens in the URL), no framing, same-origin resource and opener policies; the
 * web client's CSP on everything but /graphql (JSON only, and the development landing page
 * loads its own scripts); HSTS only when the request came over TLS, as seen directly or as a
 * proxy in TRUSTED_PROXIES says (X-Forwarded-Proto): a plain-http `npm start` must not tell a
 * browser to insist on https for localhost.
 */
export function securityHeaders(paymentFrameOrigins: readonly string[] = [], storageOrigins: readonly string[] = []): RequestHandler[] {
  const common = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  // Locally the card modal frames the Stripe peer's hosted page instead of Stripe's own frames.
  // The file store's presigned links (a document's preview): shown as an image or framed (a PDF).
  const directives = {
    ...WEB_CSP_DIRECTIVES,
    'img-src': [...WEB_CSP_DIRECTIVES['img-src'], ...storageOrigins],
    'frame-src': [...WEB_CSP_DIRECTIVES['frame-src'], ...paymentFrameOrigins, ...storageOrigins],
  };
  const csp = helmet.contentSecurityPolicy({ useDefaults: false, directives });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return [
    common,
    (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
    (req, res, next) => (req.path === '/graphql' || req.path.startsWith('/graphql/') ? next() : csp(req, res, next)),
  ];
}
