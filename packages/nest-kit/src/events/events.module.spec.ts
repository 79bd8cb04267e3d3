import 'reflect-metadata';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { EventEnvelope } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { kafkaMockBinary, startKafkaMock, type KafkaMock } from '../testing/kafka-mock.js';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../testing/test-database.js';
import { EventHandler } from './event-handler.decorator.js';
import { deleteRedisKeys, EventTables1700000000000, waitFor } from './event-fixtures.js';
import { eventsConfigSchema } from './events.config.js';
import { EVENT_TRANSPORT, EventsModule } from './events.module.js';
import type { EventTransport } from './event-transport.js';
import { KafkaTransport } from './kafka.transport.js';
import { OutboxWriter } from './outbox-writer.provider.js';
import { RedisStreamsTransport } from './redis-streams.transport.js';

@Injectable()
class CreateUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}
  execute(userId: string, history?: true) {
    return this.dataSource.transaction((m) =>
      this.outbox.append(m, {
        type: 'identity.user.created.v1',
        aggregateType: 'user',
        aggregateId: userId,
        ...(history ? { history, occurredAt: new Date('2026-01-05T10:00:00Z') } : {}),
        payload: { userId, role: 'staff', email: `${userId}@x.test` },
      }),
    );
  }
}

@Injectable()
class WelcomeConsumer {
  @EventHandler('identity.user.created.v1')
  async onUserCreated(envelope: EventEnvelope, manager: EntityManager) {
    await manager.query(`INSERT INTO effects VALUES ($1, 'welcome')`, [envelope.id]);
  }
}

/** A projection: it takes history (a fact of the past written after the fact) as well as live events. */
@Injectable()
class DirectoryConsumer {
  @EventHandler('identity.user.created.v1', { history: true })
  async onUserCreated(envelope: EventEnvelope, manager: EntityManager) {
    await manager.query(`INSERT INTO effects VALUES ($1, 'directory')`, [envelope.id]);
  }
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const mockBinary = kafkaMockBinary();

/**
 * The outbox → relay → transport → @EventHandler → inbox path of a service, wired by the module
 * from its config alone: on Redis Streams, and on Kafka (librdkafka's mock cluster, whose topics
 * exist from its start, hence KAFKA_CREATE_TOPICS=false).
 */
function runEventsModule(bus: 'redis' | 'kafka', expected: new (...args: never[]) => EventTransport) {
  describe.skipIf(bus === 'kafka' && !mockBinary)(`EventsModule on ${bus}`, { timeout: 30_000 }, () => {
    let db: TestDatabase;
    let app: INestApplication;
    let mock: KafkaMock | null = null;
    const redisPrefix = testRedisPrefix('events-module');

    beforeAll(async () => {
      db = await createTestDatabase('events_module', { migrations: [EventTables1700000000000], entities: [] });
      if (bus === 'kafka') mock = await startKafkaMock({ binary: mockBinary!, topics: ['events.identity', 'events.identity.dlq'] });
      const config = loadConfig(baseConfigSchema.and(eventsConfigSchema), {
        DATABASE_URL: db.url,
        REDIS_KEY_PREFIX: redisPrefix,
        EVENT_RELAY_INTERVAL_MS: '20',
        LOG_LEVEL: 'silent',
        JWT_SECRET: process.env.JWT_SECRET, // the run's own (vitest.config.ts)
        ...(mock ? { KAFKA_BROKERS: mock.brokers.join(','), KAFKA_CREATE_TOPICS: 'false' } : {}),
      });
      @Module({
        imports: [
          ConfigModule.forRoot(config),
          DatabaseModule.forRoot({ entities: [], migrations: [] }),
          EventsModule.forRoot({ serviceName: 'probe', relay: true, consume: true }),
        ],
        providers: [CreateUserUseCase, WelcomeConsumer, DirectoryConsumer],
      })
      class ProbeModule {}
      const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
      app = moduleRef.createNestApplication({ logger: false });
      await app.init();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await mock?.stop();
      await db?.drop();
      await deleteRedisKeys(REDIS_URL, redisPrefix);
    });

    it('relays what a use-case appended and runs the @EventHandler through the inbox', async () => {
      expect(app.get<EventTransport>(EVENT_TRANSPORT)).toBeInstanceOf(expected);
      const envelope = await app.get(CreateUserUseCase).execute('u-42');
      const dataSource = app.get(DataSource);
      await waitFor(
        async () => (await dataSource.query(`SELECT 1 FROM effects WHERE event_id = $1`, [envelope.id])).length === 2,
        "both consumers' effects",
        20_000,
      );
      expect(await dataSource.query(`SELECT consumer, type FROM inbox ORDER BY consumer`)).toEqual([
        { consumer: 'probe:DirectoryConsumer.onUserCreated', type: 'identity.user.created.v1' },
        { consumer: 'probe:WelcomeConsumer.onUserCreated', type: 'identity.user.created.v1' },
      ]);
      expect(await dataSource.query(`SELECT 1 FROM outbox WHERE published_at IS NULL`)).toHaveLength(0);

      // Redelivering the same event (a replay) changes nothing.
      await app.get<EventTransport>(EVENT_TRANSPORT).publish([envelope]);
      const other = await app.get(CreateUserUseCase).execute('u-43');
      await waitFor(
        async () => (await dataSource.query(`SELECT 1 FROM effects WHERE event_id = $1`, [other.id])).length === 2,
        'the next effects',
      );
      expect(await dataSource.query(`SELECT 1 FROM effects WHERE event_id = $1 AND consumer = 'welcome'`, [envelope.id])).toHaveLength(1);
    });

    it('delivers history only to the handlers that project it: nothing acts on a fact of the past', async () => {
      const past = await app.get(CreateUserUseCase).execute('u-44', true);
      expect(past.history).toBe(true);
      const dataSource = app.get(DataSource);
      await waitFor(
        async () => (await dataSource.query(`SELECT 1 FROM effects WHERE event_id = $1`, [past.id])).length >= 1,
        'the projection of the past event',
        20_000,
      );
      // A live event after it is handled by both, so the welcome handler had its chance at the past one.
      const live = await app.get(CreateUserUseCase).execute('u-45');
      await waitFor(
        async () => (await dataSource.query(`SELECT 1 FROM effects WHERE event_id = $1`, [live.id])).length === 2,
        'both effects of the live event',
      );
      expect(await dataSource.query(`SELECT consumer FROM effects WHERE event_id = $1`, [past.id])).toEqual([{ consumer: 'directory' }]);
      expect(await dataSource.query(`SELECT consumer FROM inbox WHERE event_id = $1`, [past.id])).toEqual([
        { consumer: 'probe:DirectoryConsumer.onUserCreated' },
      ]);
    });
  });
}

runEventsModule('redis', RedisStreamsTransport);
runEventsModule('kafka', KafkaTransport);
