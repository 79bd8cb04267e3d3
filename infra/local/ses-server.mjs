#!/usr/bin/env node
// The local SES-compatible server (aws-ses-v2-local from npm) in a child process: the messaging
// service sends through @aws-sdk/client-ses to it (SES_ENDPOINT), and its web view at `url`
// shows every e-mail. GET `${url}/store` lists them as JSON; POST `${url}/clear-store` empties it.
//
// In front of it sits a small recorder that keeps what aws-ses-v2-local drops: each accepted
// send's message tags and configuration set, published the way SES event publishing does (a
// `Send` event per accepted message: eventType, mail.messageId, mail.timestamp, mail.tags as
// name -> [values]). GET `${url}/send-events?tag=<name>:<value>` lists them; the messaging worker
// reads it before retrying an e-mail whose outcome it lost (SES_SEND_EVENTS_URL).
//
//   import { startLocalSes } from './infra/local/ses-server.mjs'
//   const ses = await startLocalSes({ port: 8005 })   // port 0 picks a free one
//   await ses.emails(); await ses.clear(); await ses.stop()
//   node infra/local/ses-server.mjs --port 8005
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));

const require = createRequire(import.meta.url);

function cliPath() {
  const pkg = require.resolve('aws-ses-v2-local/package.json', { paths: [process.cwd(), dirname(new URL(import.meta.url).pathname)] });
  return join(dirname(pkg), 'dist', 'cli.js');
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, host, () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });
}

/** Tags of an SES v1 query-API (form) or v2 JSON send: { name: [value] } as in SES event records. */
function tagsOf(contentType, body) {
  const tags = {};
  const add = (name, value) => {
    if (name) (tags[name] ??= []).push(String(value ?? ''));
  };
  if ((contentType ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(body || '{}');
      for (const t of parsed.EmailTags ?? []) add(t.Name, t.Value);
      return { tags, configurationSet: parsed.ConfigurationSetName ?? null };
    } catch {
      return { tags, configurationSet: null };
    }
  }
  const form = new URLSearchParams(body);
  for (const [key, value] of form) {
    const m = key.match(/^Tags\.member\.(\d+)\.Name$/);
    if (m) add(value, form.get(`Tags.member.${m[1]}.Value`));
  }
  return { tags, configurationSet: form.get('ConfigurationSetName'), action: form.get('Action') };
}

/**
 * The top-level headers of a SendRawEmail's message, as SES event records carry them
 * (`mail.headers`: [{ name, value }]); a campaign's List-Unsubscribe is checked there.
 */
function rawHeadersOf(contentType, body) {
  if ((contentType ?? '').includes('json')) return [];
  const data = new URLSearchParams(body).get('RawMessage.Data');
  if (!data) return [];
  const raw = Buffer.from(data, 'base64').toString('utf8');
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.match(/^([^:\s]+):\s*(.*)$/))
    .filter(Boolean)
    .map((m) => ({ name: m[1], value: m[2] }));
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req
      .on('data', (c) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/**
 * `env`: the server process's environment (default this process's; the browser walk passes its shifted clock).
 * `onSend(event, count)`: called after the server accepted a send and before the caller hears back
 * (a test can kill the sender in exactly that window).
 */
export async function startLocalSes({
  port = 8005,
  host = '127.0.0.1',
  timeoutMs = 15_000,
  stdio = 'ignore',
  env = process.env,
  onSend,
} = {}) {
  const chosen = port === 0 ? await freePort(host) : port;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${chosen}`;
  const innerHost = '127.0.0.1';
  const inner = await freePort(innerHost);
  const innerUrl = `http://${innerHost}:${inner}`;
  const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, cliPath(), '--port', String(inner), '--host', innerHost], {
    env,
    stdio: ['pipe', stdio, stdio],
  });
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`aws-ses-v2-local exited before answering (code ${exited.code}); is port ${chosen} taken?`);
    try {
      const res = await fetch(`${innerUrl}/health-check`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`aws-ses-v2-local did not answer on ${innerUrl} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const sendEvents = [];
  const front = createHttpServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const path = new URL(req.url, 'http://ses').pathname;
      if (req.method === 'GET' && path === '/send-events') {
        const wanted = new URL(req.url, 'http://ses').searchParams.get('tag');
        const [name, ...rest] = (wanted ?? '').split(':');
        const value = rest.join(':');
        const events = wanted ? sendEvents.filter((e) => e.mail.tags[name]?.includes(value)) : sendEvents;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events }));
        return;
      }
      if (req.method === 'POST' && path === '/clear-store') sendEvents.length = 0;
      const headers = { ...req.headers };
      delete headers['content-length'];
      delete headers.host;
      delete headers.connection;
      delete headers['transfer-encoding'];
      const answer = await fetch(`${innerUrl}${req.url}`, {
        method: req.method,
        headers,
        body: ['GET', 'HEAD'].includes(req.method) ? undefined : body,
      });
      const text = Buffer.from(await answer.arrayBuffer());
      const isSend =
        req.method === 'POST' && answer.ok && /SendEmail|SendRawEmail|outbound-emails/.test(`${path} ${body.toString('utf8', 0, 200)}`);
      if (isSend) {
        const messageId = text.toString().match(/<MessageId>([^<]+)<\/MessageId>|"MessageId"\s*:\s*"([^"]+)"/);
        const { tags, configurationSet } = tagsOf(req.headers['content-type'], body.toString());
        const event = {
          eventType: 'Send',
          mail: {
            messageId: messageId?.[1] ?? messageId?.[2] ?? null,
            timestamp: new Date().toISOString(),
            tags,
            configurationSet,
            headers: rawHeadersOf(req.headers['content-type'], body.toString()),
          },
          send: {},
        };
        sendEvents.push(event);
        if (onSend) await onSend(event, sendEvents.length);
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(text);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error?.message ?? error) }));
    }
  });
  try {
    await new Promise((resolve, reject) => front.once('error', reject).listen(chosen, host, resolve));
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`local SES could not listen on ${host}:${chosen}: ${error.message}`, { cause: error });
  }

  return {
    url,
    port: chosen,
    pid: child.pid,
    /** Every e-mail the server received: { messageId, from, destination: { to }, subject, body: { text, html }, at }. */
    async emails() {
      const res = await fetch(`${url}/store`);
      return (await res.json()).emails;
    },
    /** The SES-style `Send` events of accepted sends, optionally only those carrying tag name=value. */
    async sendEvents(tag) {
      const res = await fetch(`${url}/send-events${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`);
      return (await res.json()).events;
    },
    async clear() {
      await fetch(`${url}/clear-store`, { method: 'POST' });
    },
    async stop() {
      await new Promise((resolve) => front.close(() => resolve()));
      if (exited) return;
      await new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8005' }, host: { type: 'string', default: '127.0.0.1' } } });
  const ses = await startLocalSes({ port: Number(values.port), host: values.host, stdio: 'inherit' });
  console.log(`local SES: ${ses.url} (web view), ${ses.url}/store (JSON)`);
  const stop = () => ses.stop().then(() => process.exit(0));
  process.on('SIGINT', stop).on('SIGTERM', stop);
}
