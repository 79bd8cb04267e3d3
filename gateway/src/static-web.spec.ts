import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb } from './static-web.js';

// A built client whose public folder has a sub-folder with the same name as a client route
// (web/public/help/*.png next to the /help route).
let dist: string;
let server: Server;
let base: string;
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'static-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>');
  mkdirSync(join(dist, 'help'));
  writeFileSync(join(dist, 'help', 'staff.png'), PNG);
  const app = express();
  app.use(staticWeb(dist));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('staticWeb with a public sub-folder named like a route', () => {
  it('serves the client at the route itself, never a redirect to the folder', async () => {
    for (const path of ['/help', '/help/', '/help/staff']) {
      const res = await fetch(`${base}${path}`, { headers: html, redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>Salon</title>');
    }
  });

  it('serves the files in the folder, and a 404 for a missing one', async () => {
    const res = await fetch(`${base}/help/staff.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${base}/help/gone.png`, { headers: { accept: 'image/avif,image/webp,*/*' } })).status).toBe(404);
  });
});
