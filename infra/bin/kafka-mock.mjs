#!/usr/bin/env node
// librdkafka's mock Kafka cluster, by hand:
//   node infra/bin/kafka-mock.mjs build                      installs librdkafka-dev if needed, builds
//   node infra/bin/kafka-mock.mjs [--brokers N] [topic ...]  builds, then runs it in the foreground:
//                                                            prints BOOTSTRAP=host:port, Ctrl-C stops it
// Point a service at it with KAFKA_BROKERS=<that address> KAFKA_CREATE_TOPICS=false (docs/operations.md).
import { spawn } from 'node:child_process';
import { ensureKafkaMock } from '../lib/kafka-mock.mjs';

const binary = ensureKafkaMock();
const args = process.argv.slice(2);
if (args[0] === 'build') {
  console.log(binary);
} else {
  const child = spawn(binary, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
