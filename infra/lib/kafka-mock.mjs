// Uses Node built-ins only: `npm test` runs it before anything else is built.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall, which } from './apt.mjs';
import { ROOT } from './install.mjs';

export const KAFKA_MOCK_SOURCE = join(ROOT, 'infra/kafka-mock/kafka-mock.c');
/** Git-ignored; the nest-kit test helper (kafkaMockBinary) looks here too. */
export const KAFKA_MOCK_BINARY = join(ROOT, 'infra/kafka-mock/build/kafka-mock');
const MOCK_HEADER = '/usr/include/librdkafka/rdkafka_mock.h';

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/**
 * The Kafka transport's tests run against librdkafka's mock cluster (no Kafka broker can be
 * installed here): Debian's librdkafka-dev brings the library and its header, a C compiler builds
 * the few lines of infra/kafka-mock/kafka-mock.c. Installs what is missing, rebuilds when the
 * source is newer than the binary, and returns the binary's path.
 */
export function ensureKafkaMock() {
  const missing = [];
  if (!existsSync(MOCK_HEADER)) missing.push('librdkafka-dev');
  if (!which('cc', 'gcc')) missing.push('gcc', 'libc6-dev');
  if (missing.length && !aptInstall(missing, 'the Kafka mock cluster')) {
    throw new Error(`Could not install ${missing.join(', ')} with apt-get; the Kafka transport tests need them (docs/operations.md)`);
  }
  if (mtime(KAFKA_MOCK_BINARY) >= mtime(KAFKA_MOCK_SOURCE)) return KAFKA_MOCK_BINARY;
  const compiler = which('cc', 'gcc');
  if (!compiler) throw new Error('No C compiler (cc or gcc) on PATH after installing gcc');
  console.log('› Building the Kafka mock cluster (infra/kafka-mock)…');
  mkdirSync(join(ROOT, 'infra/kafka-mock/build'), { recursive: true });
  const result = spawnSync(compiler, ['-O2', '-Wall', '-Wextra', '-o', KAFKA_MOCK_BINARY, KAFKA_MOCK_SOURCE, '-lrdkafka'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`Building ${KAFKA_MOCK_SOURCE} failed (exit ${result.status ?? result.signal})`);
  return KAFKA_MOCK_BINARY;
}
