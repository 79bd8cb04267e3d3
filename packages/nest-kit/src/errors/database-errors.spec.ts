import { Writable } from 'node:stream';
import type { ArgumentsHost } from '@nestjs/common';
import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../events/delivery.js';
import { createLogger } from '../logging/logger.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { toErrorResponse } from './error-response.js';

/**
 * Issue 10, finding 8: a database error reached the log with the query's parameters (a client's
 * name, e-mail, phone) and answered 500 for input the database could not hold. Real PostgreSQL
 * errors, through the real filter and logger.
 */
const URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let db: DataSource;

beforeAll(async () => {
  db = new DataSource({ type: 'postgres', url: URL });
  await db.initialize();
});
afterAll(async () => db?.destroy());

async function failure(sql: string, params: unknown[]): Promise<unknown> {
  try {
    await db.query(sql, params);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${sql} to fail`);
}

/** The filter with the service's logger writing into a string; answers what a REST caller receives. */
function filterWithCapturedLog() {
  const lines: string[] = [];
  const logger = createLogger(
    'test',
    'info',
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const filter = new AllExceptionsFilter(logger);
  const answer = (exception: unknown) => {
    let status = 0;
    let body: any;
    const res = {
      setHeader: () => undefined,
      status(s: number) {
        status = s;
        return res;
      },
      json(b: unknown) {
        body = b;
        return res;
      },
    };
    const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
    filter.catch(exception, host);
    return { status, body };
  };
  return { answer, log: () => lines.join('') };
}

const PERSONAL = 'ana.silva@example.com';

describe('database errors answered and logged', () => {
  it('an integer out of range (22003) is a 400, and the log has the code and query but not the value', async () => {
    const error = await failure(`SELECT $1::int AS n, $2::text AS email`, ['2147483648', PERSONAL]);
    const { answer, log } = filterWithCapturedLog();
    const { status, body } = answer(error);
    expect(status).toBe(400);
    expect(body.error).toBe('a number is out of range');
    expect(log()).toContain('22003');
    expect(log()).toContain('SELECT $1::int AS n');
    expect(log()).not.toContain('2147483648');
    expect(log()).not.toContain(PERSONAL);
  });

  it('a NUL in text (22021) and a date beyond the calendar (22008) are 400s', async () => {
    expect(toErrorResponse(await failure(`SELECT $1::text`, ['Ana\u0000']))).toMatchObject({
      status: 400,
      body: { error: 'a text contains a character that cannot be stored (such as NUL)' },
    });
    expect(toErrorResponse(await failure(`SELECT $1::timestamptz + interval '1000000 years'`, ['9999-12-31T00:00:00Z']))).toMatchObject({
      status: 400,
      body: { error: 'a date or time is out of range' },
    });
    expect(toErrorResponse(await failure(`SELECT $1::uuid`, ['not-a-uuid'])).status).toBe(400);
  });

  it('an unexpected database error is a 500 whose log names code and query, never a parameter or the message holding it', async () => {
    const error = await failure(`SELECT * FROM no_such_clients WHERE email = $1`, [PERSONAL]);
    const { answer, log } = filterWithCapturedLog();
    expect(answer(error)).toEqual({ status: 500, body: { error: 'Internal server error' } });
    const entry = JSON.parse(log().trim().split('\n').pop()!);
    expect(entry.err).toMatchObject({ type: 'QueryFailedError', code: '42P01', query: 'SELECT * FROM no_such_clients WHERE email = $1' });
    expect(entry.err).not.toHaveProperty('parameters');
    expect(entry.err).not.toHaveProperty('driverError');
    expect(log()).not.toContain(PERSONAL);
  });

  it('a unique violation carries the duplicate value in its detail: it is a 409 and the detail is logged nowhere', async () => {
    await db.query(`CREATE TEMP TABLE IF NOT EXISTS people (email text UNIQUE)`);
    await db.query(`INSERT INTO people VALUES ($1) ON CONFLICT DO NOTHING`, [PERSONAL]);
    const error = await failure(`INSERT INTO people VALUES ($1)`, [PERSONAL]);
    expect((error as { detail: string }).detail).toContain(PERSONAL);
    const { answer, log } = filterWithCapturedLog();
    expect(answer(error).status).toBe(409);
    // Any logger of ours, whoever logs the error.
    createLogger('test', 'info', { write: (line: string) => expect(line).not.toContain(PERSONAL) }).error({ err: error }, 'x');
    expect(log()).not.toContain(PERSONAL);
  });

  it('an error wrapping a database error as its cause is logged without the values too', async () => {
    const cause = await failure(`SELECT $1::int, $2::text`, ['nope', PERSONAL]);
    const lines: string[] = [];
    createLogger('test', 'info', { write: (line: string) => void lines.push(line) }).error(
      { err: new Error('import batch failed', { cause }) },
      'x',
    );
    expect(lines.join('')).toContain('22P02');
    expect(lines.join('')).not.toContain(PERSONAL);
    expect(lines.join('')).not.toContain('nope');
  });

  it('the message stored with a failed event or job says the condition, not the value', async () => {
    const error = await failure(`SELECT $1::int`, ['12345678901']);
    expect(errorMessage(error)).toBe('database error 22003 (numeric_value_out_of_range)');
    expect(errorMessage(new Error('plain'))).toBe('plain');
  });

  it('a plain pino logger is not needed: the filter itself hands the logger a safe error', async () => {
    const error = await failure(`SELECT * FROM no_such_table WHERE email = $1`, [PERSONAL]);
    const lines: string[] = [];
    const plain = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getResponse: () => ({ setHeader() {}, status: () => ({ json() {} }) }) }),
    } as unknown as ArgumentsHost;
    new AllExceptionsFilter(plain).catch(error, host);
    expect(lines.join('')).toContain('42P01');
    expect(lines.join('')).not.toContain(PERSONAL);
  });
});
