#!/usr/bin/env node
// `npm run events -- …`: the operator's view of the event backbone (docs/events.md).
//   dead-letters [--context identity] [--json]       list parked events with their errors
//   replay <dead-letter-id> | --all [--context c]      republish to the original stream/topic, remove from the dead letters
//   replay-from --group <service> --context <c> --from <ISO time | position>
//                                                      rewind a consumer group (its inbox makes the replay harmless)
// Reads REDIS_URL, REDIS_KEY_PREFIX (default 'salon:'), EVENT_BUS, KAFKA_BROKERS, KAFKA_CREATE_TOPICS,
// KAFKA_IDEMPOTENT. Needs a build.
import { parseArgs } from 'node:util';

const USAGE = `usage:
  node infra/bin/events.mjs dead-letters [--context <context>] [--json]
  node infra/bin/events.mjs replay <dead-letter-id> | --all [--context <context>]
  node infra/bin/events.mjs replay-from --group <service> --context <context> --from <ISO time | position>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    context: { type: 'string' },
    all: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    group: { type: 'string' },
    from: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const [command, target] = positionals;
if (values.help || !command) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

let kit;
try {
  kit = await import('@salon/nest-kit');
} catch (error) {
  console.error(`Cannot load @salon/nest-kit (${error.message}). Build first: npm run build`);
  process.exit(1);
}

const transport = kit.createEventTransport({
  EVENT_BUS: process.env.EVENT_BUS || undefined,
  KAFKA_BROKERS: process.env.KAFKA_BROKERS || undefined,
  KAFKA_CREATE_TOPICS: process.env.KAFKA_CREATE_TOPICS !== 'false',
  KAFKA_IDEMPOTENT: process.env.KAFKA_IDEMPOTENT === 'true',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'salon:',
  serviceName: 'events-cli',
});

function table(rows, columns) {
  const cells = [columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => String(c.value(row) ?? '')))];
  const widths = columns.map((c, i) => Math.min(c.max ?? 200, Math.max(...cells.map((r) => r[i].length))));
  const fit = (text, width) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));
  return cells
    .map((r, n) =>
      [
        r
          .map((cell, i) => fit(cell, widths[i]))
          .join('  ')
          .trimEnd(),
        n === 0 ? widths.map((w) => '-'.repeat(w)).join('  ') : null,
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

const COLUMNS = [
  { title: 'id', value: (l) => l.id },
  { title: 'type', value: (l) => l.type ?? '(unreadable)' },
  { title: 'aggregate', value: (l) => (l.aggregateId ? `${l.aggregateType ?? '?'}/${l.aggregateId}` : ''), max: 40 },
  { title: 'group', value: (l) => l.group },
  { title: 'error', value: (l) => l.error, max: 60 },
  { title: 'attempts', value: (l) => l.attempts },
  { title: 'time', value: (l) => l.deadAt },
];

let exitCode = 0;
try {
  if (command === 'dead-letters' || command === 'list') {
    const letters = await transport.deadLetters(values.context);
    if (values.json) console.log(JSON.stringify(letters, null, 2));
    else if (letters.length === 0) console.log(`No dead letters${values.context ? ` in ${values.context}` : ''}.`);
    else console.log(`${table(letters, COLUMNS)}\n\n${letters.length} dead letter(s). Replay one: node infra/bin/events.mjs replay <id>`);
  } else if (command === 'replay') {
    const ids = values.all ? (await transport.deadLetters(values.context)).map((l) => l.id) : target ? [target] : [];
    if (ids.length === 0) {
      console.error(values.all ? 'Nothing to replay.' : USAGE);
      exitCode = values.all ? 0 : 1;
    }
    for (const id of ids) {
      try {
        await transport.replayDeadLetter(id);
        console.log(`replayed ${id}`);
      } catch (error) {
        console.error(`could not replay ${id}: ${error.message}`);
        exitCode = 1;
      }
    }
  } else if (command === 'replay-from') {
    if (!values.group || !values.context || !values.from) throw new Error(USAGE);
    await transport.replayFrom({ group: values.group, context: values.context, from: values.from });
    console.log(`group ${values.group} will read ${values.context} again from ${values.from}`);
  } else {
    console.error(USAGE);
    exitCode = 1;
  }
} catch (error) {
  console.error(error.message);
  exitCode = 1;
} finally {
  await transport.close();
}
process.exit(exitCode);
