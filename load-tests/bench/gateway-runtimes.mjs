// Bench-only: starts gateway-runtime-server.mjs (another federation runtime over the platform's
// subgraphs) as its own process, like the platform's gateway, for the gateway benches' comparison rows.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const RUNTIME_LABELS = {
  hive: 'hive gateway (JS planner)',
  'hive-router': 'hive gateway (Rust planner)',
  apollo: 'apollo, no middleware',
};

/**
 * @param {object} options
 * @param {'hive'|'hive-router'|'apollo'} options.runtime
 * @param {number} options.port
 * @param {Record<string,string>} options.env the gateway's variables: *_URL, JWT_SECRET, REDIS_URL, REDIS_KEY_PREFIX…
 * @returns {Promise<{ runtime: string, label: string, url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startGatewayRuntime({ runtime, port, env }) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./gateway-runtime-server.mjs', import.meta.url))], {
    env: { ...process.env, ...env, GATEWAY_RUNTIME: runtime, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime} runtime did not start in 60 s: ${output.slice(-500)}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /listening (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} runtime exited (${code}): ${output.slice(-1000)}`));
    });
  });
  return {
    runtime,
    label: RUNTIME_LABELS[runtime] ?? runtime,
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await once(child, 'exit').catch(() => {});
      clearTimeout(timer);
    },
  };
}
