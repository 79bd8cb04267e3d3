import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type Request } from 'express';

const NOT_STATIC = /^\/(api|graphql|health|assets)(\/|$)/;
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * GET/HEAD navigations a browser makes: not API, GraphQL, health or a (missing) hashed asset, and
 * explicitly asking for HTML (a script or image request sends *\/*, which must stay a 404).
 */
function isSpaNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_STATIC.test(req.path)) return false;
  return req.path === '/' || (req.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web client (WEB_DIST): hashed files under /assets are cached for a year, every
 * other file and index.html must be revalidated. Any other browser navigation gets index.html
 * (client-side routes such as /calendar or /forms/42). Without a build, `/` says how to make one.
 */
export function staticWeb(webDist: string): Router {
  const router = Router();
  const indexFile = join(webDist, 'index.html');

  router.use(
    '/assets',
    express.static(join(webDist, 'assets'), {
      index: false,
      fallthrough: true,
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
    }),
  );
  router.use(
    express.static(webDist, {
      index: false,
      // A folder of files (the help pictures in /help) must not turn the /help route into a
      // redirect to /help/: a folder falls through to the routes below like a missing file.
      redirect: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );
  router.use((req, res, next) => {
    if (!isSpaNavigation(req)) return next();
    // Checked per navigation (cheap next to a page load), so a build made after start is served.
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send(`The web client is not built: ${indexFile} does not exist. Run \`npm run build -w web\` (or set WEB_DIST).\n`);
      return;
    }
    res.sendFile(indexFile, { cacheControl: false, headers: { 'cache-control': 'no-cache' } });
  });
  return router;
}
