// The local OpenAI-compatible model server for AI messaging: @dwmkerr/mock-llm (npm), answering
// chat completions, tool calls included, by the rules in mock-llm.yaml beside this file. Started
// by infra/lib/platform.mjs like the other peers, and by messaging's tests on a free port.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const EXIT_WITH_PARENT = join(here, 'exit-with-parent.cjs');
export const LLM_RULES = join(here, 'mock-llm.yaml');

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

/**
 * @param {{port?: number, host?: string, rules?: string, timeoutMs?: number}} [options] port 0: a free one
 * @returns {Promise<{url: string, baseUrl: string, port: number, pid: number, stop(): Promise<void>}>}
 *   `baseUrl` is what an OpenAI client takes (…/v1)
 */
export async function startLlmPeer({ port = 8009, host = '127.0.0.1', rules = LLM_RULES, timeoutMs = 15_000 } = {}) {
  const chosen = port === 0 ? await freePort(host) : port;
  const main = createRequire(import.meta.url).resolve('@dwmkerr/mock-llm/dist/main.js');
  const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, main, '--config', rules], {
    // The package gets no secret of ours: only where to listen.
    env: { PATH: process.env.PATH ?? '', HOST: host, PORT: String(chosen) },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  let exited = null;
  child.once('exit', (code) => (exited = { code }));
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${chosen}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`mock-llm exited before answering (code ${exited.code}); is port ${chosen} taken?\n${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mock-llm did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    baseUrl: `${url}/v1`,
    port: chosen,
    pid: child.pid,
    stop() {
      if (exited) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // node infra/local/llm-peer.mjs [--port 8009] [--host 127.0.0.1]
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const peer = await startLlmPeer({ port: Number(arg('--port') ?? process.env.PORT ?? 8009), host: arg('--host') ?? '127.0.0.1' });
  console.log(`local model server (mock-llm) on ${peer.baseUrl}`);
  process.on('SIGINT', () => void peer.stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void peer.stop().then(() => process.exit(0)));
}
