import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where `infra/lib/kafka-mock.mjs` builds the wrapper, relative to the repository root. */
const BUILT = join('infra', 'kafka-mock', 'build', 'kafka-mock');

/**
 * The built librdkafka mock-cluster wrapper (infra/kafka-mock), or null when it is not built:
 * `KAFKA_MOCK_BIN` (set by `npm test`, which installs librdkafka-dev and builds it), else the
 * build folder of the repository around the working directory.
 */
export function kafkaMockBinary(): string | null {
  const configured = process.env.KAFKA_MOCK_BIN;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`KAFKA_MOCK_BIN=${configured} does not exist`);
    return configured;
  }
  for (let dir = resolve(process.cwd()); ; dir = dirname(dir)) {
    if (existsSync(join(dir, BUILT))) return join(dir, BUILT);
    if (dirname(dir) === dir) return null;
  }
}

export interface KafkaMock {
  /** `host:port` of every mock broker. */
  brokers: string[];
  /** Closes its stdin (the wrapper exits when it closes) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts librdkafka's in-memory mock cluster on 127.0.0.1 with the given topics (it cannot create
 * topics through the admin API, so they are made at start). Nothing is kept on disk; stopping it
 * forgets every record, offset and group.
 */
export async function startKafkaMock(options: {
  topics: string[];
  brokers?: number;
  partitions?: number;
  binary?: string;
}): Promise<KafkaMock> {
  const binary = options.binary ?? kafkaMockBinary();
  if (!binary) throw new Error('The Kafka mock cluster is not built: node infra/bin/kafka-mock.mjs build (npm test builds it)');
  const args = ['--brokers', String(options.brokers ?? 1), '--partitions', String(options.partitions ?? 4), ...options.topics];
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const brokers = await new Promise<string[]>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^BOOTSTRAP=(.+)$/m.exec(stdout);
      if (match) resolve(match[1].trim().split(','));
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`kafka-mock exited before it printed its address: ${stderr.slice(-2000)}`)));
  });
  return {
    brokers,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
