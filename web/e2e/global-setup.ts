import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { startPlatform } from '../../infra/lib/platform.mjs';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { dropDatabase, postgresAdminUrl } from '../../infra/lib/local-services.mjs';

/**
 * Starts the real platform (services, worker, gateway serving the built web client, the local
 * SES server and Twilio peer) on its own ports,
 * databases and Redis prefix, so the walk never touches a developer's `npm start` data.
 */
export default async function setup(project: TestProject) {
  const tag = randomBytes(3).toString('hex');
  const port = Number(process.env.E2E_PORT ?? 4600);
  const platform = await startPlatform({
    port,
    portOffset: port - 4000,
    databasePrefix: `e2e_${tag}`,
    redisPrefix: `e2e:${tag}:`,
    logs: process.env.E2E_LOGS ? 'inherit' : 'ignore',
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'test', LOGIN_MAX_ATTEMPTS_PER_IP: '1000', RECOVERY_MAX_PER_IP: '1000', SMS_PROVIDER: 'twilio' },
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('sesUrl', platform.peers.ses.url);
  project.provide('twilioUrl', platform.peers.twilio.url);
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
  }
}
