import { z } from 'zod';

// The app runs under a Content-Security-Policy without 'unsafe-eval' (gateway/src/security-headers.ts).
// Zod compiles object parsers with `new Function` when it may, and decides when each schema is
// built by trying once: the browser refuses that try and reports a CSP violation. Schemas here
// are small, so they parse without compiling. Imported first by main.tsx, and bundled in zod's own
// chunk (vite.config.ts) so it runs before any other chunk builds a schema.
z.config({ jitless: true });
