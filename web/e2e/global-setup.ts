import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { startPlatform } from '../../infra/lib/platform.mjs';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { dropDatabase, postgresAdminUrl } from '../../infra/lib/local-services.mjs';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { randomSecrets } from '../../infra/lib/secrets.mjs';
// @ts-expect-error plain JavaScript, shared with the platform's processes
import { DEFAULT_TODAY, DEMO_TIME_ZONE, installClockOffset, zonedInstant } from '../../infra/lib/test-clock.mjs';

/**
 * Starts the real platform (services, worker, gateway serving the built web client, the local
 * SES server and Twilio peer) on its own ports,
 * databases and Redis prefix, so the walk never touches a developer's `npm start` data.
 *
 * The walk runs on its own clock: "now" is E2E_TODAY (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, wall time
 * in Chicago, a date alone meaning 09:00) or else DEFAULT_TODAY (Monday 2026-11-23 09:00), and
 * flows from there. Every platform process, this one (the Twilio peer), the test files
 * (setup-clock.ts) and the browser (browser.ts) share it, so the seed's demo weeks and the walks'
 * dates are the same whatever the machine's date.
 */
export default async function setup(project: TestProject) {
  const tag = randomBytes(3).toString('hex');
  const port = Number(process.env.E2E_PORT ?? 4600);
  const today = process.env.E2E_TODAY || DEFAULT_TODAY;
  const clockOffsetMs = zonedInstant(today, DEMO_TIME_ZONE) - Date.now();
  installClockOffset(clockOffsetMs);
  project.provide('clockOffsetMs', clockOffsetMs);
  console.log(`e2e clock: ${today} ${DEMO_TIME_ZONE} (${new Date().toISOString()}); set E2E_TODAY=YYYY-MM-DD[THH:MM] to change it`);
  const platform = await startPlatform({
    // A fresh random JWT secret, event key and Twilio token for this walk, kept nowhere.
    secrets: randomSecrets(),
    clockOffsetMs,
    port,
    portOffset: port - 4000,
    databasePrefix: `e2e_${tag}`,
    redisPrefix: `e2e:${tag}:`,
    logs: process.env.E2E_LOGS ? 'inherit' : 'ignore',
    env: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
      RECOVERY_MAX_PER_IP: '1000',
      ONLINE_BOOKINGS_PER_IP_PER_HOUR: '1000',
      FORM_SUBMISSIONS_PER_IP_PER_HOUR: '1000',
      SMS_PROVIDER: 'twilio',
    },
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('sesUrl', platform.peers.ses.url);
  project.provide('twilioUrl', platform.peers.twilio.url);
  project.provide('redisPrefix', `e2e:${tag}:`);
  return async () => {
    await platform.stop();
    for (const database of platform.databases) await dropDatabase(postgresAdminUrl(), database);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local SES server: GET /store lists every e-mail sent. */
    sesUrl: string;
    /** The local Twilio peer: GET /messages lists every text the SDK sent. */
    twilioUrl: string;
    /** The platform's Redis key prefix (the automations walk moves a delayed job's due time forward). */
    redisPrefix: string;
    /** How far the walk's clock is from the machine's (ms): setup-clock.ts installs it in each test file. */
    clockOffsetMs: number;
  }
}
