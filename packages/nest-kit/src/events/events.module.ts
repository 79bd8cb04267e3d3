import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import { contextOf, type EventEnvelope, type EventType } from '@salon/contracts';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import { createLogger } from '../logging/logger.js';
import { eventHandlersOf, receives } from './event-handler.decorator.js';
import { createEventTransport } from './create-event-transport.js';
import type { EventTransport, Subscription } from './event-transport.js';
import { eventsConfigSchema } from './events.config.js';
import { InboxConsumer } from './inbox-consumer.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxWriter } from './outbox-writer.provider.js';
import { consumerLag, eventsConsumed } from '../telemetry/metrics.js';
import { contextFrom, SpanKind, withSpan } from '../telemetry/tracing.js';

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

export interface EventsModuleOptions {
  serviceName: string;
  /** Publish this service's outbox (its API process; not every worker replica needs to). */
  relay?: boolean;
  /** Subscribe the @EventHandler methods of this app's providers. */
  consume?: boolean;
  /**
   * Handle a run of one partition's events in ONE inbox transaction (faster under load). Only for
   * a service whose handlers do all their database work through the `manager` they are given (a
   * handler using its own connection could wait on the run's locks). A failing run is rolled back
   * and delivered again one event at a time, so effects outside the database may repeat, as with
   * any redelivery. Off by default.
   */
  batchInbox?: boolean;
}

interface ResolvedEventsConfig {
  EVENT_BUS?: 'redis' | 'kafka';
  KAFKA_BROKERS?: string;
  KAFKA_CREATE_TOPICS: boolean;
  KAFKA_IDEMPOTENT: boolean;
  EVENT_MAX_ATTEMPTS: number;
  EVENT_RELAY_INTERVAL_MS: number;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  LOG_LEVEL: string;
}

/** The app's parsed config where there is one (APP_CONFIG), the environment otherwise. */
function resolveConfig(appConfig: Record<string, unknown> | undefined): ResolvedEventsConfig {
  const source = { ...process.env, ...(appConfig ?? {}) } as Record<string, unknown>;
  const events = eventsConfigSchema.parse({
    EVENT_BUS: source.EVENT_BUS || undefined,
    KAFKA_BROKERS: source.KAFKA_BROKERS || undefined,
    KAFKA_CREATE_TOPICS: source.KAFKA_CREATE_TOPICS ?? undefined,
    KAFKA_IDEMPOTENT: source.KAFKA_IDEMPOTENT ?? undefined,
    EVENT_MAX_ATTEMPTS: source.EVENT_MAX_ATTEMPTS,
    EVENT_RELAY_INTERVAL_MS: source.EVENT_RELAY_INTERVAL_MS,
  });
  return {
    ...events,
    REDIS_URL: String(source.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: String(source.REDIS_KEY_PREFIX ?? 'salon:'),
    LOG_LEVEL: String(source.LOG_LEVEL ?? 'info'),
  };
}

interface DiscoveredHandler {
  consumer: string;
  type: EventType;
  /** Receives history too (`@EventHandler(type, { history: true })`). */
  history: boolean;
  call: (envelope: EventEnvelope, manager: EntityManager) => Promise<void>;
}

@Injectable()
export class EventsRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private relay: OutboxRelay | null = null;
  private subscription: Subscription | null = null;
  private readonly logger: Logger;
  private readonly config: ResolvedEventsConfig;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    private readonly moduleRef: ModuleRef,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {
    const appConfig = (() => {
      try {
        return moduleRef.get<Record<string, unknown>>(APP_CONFIG, { strict: false });
      } catch {
        return undefined;
      }
    })();
    this.config = resolveConfig(appConfig);
    this.logger = createLogger(options.serviceName, this.config.LOG_LEVEL).child({ component: 'events' });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.relay && !this.options.consume) return;
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (this.options.relay) {
      this.relay = new OutboxRelay(dataSource, this.transport, this.logger, { intervalMs: this.config.EVENT_RELAY_INTERVAL_MS });
      this.relay.start();
    }
    if (this.options.consume) await this.subscribe(new InboxConsumer(dataSource));
  }

  /** The @EventHandler methods of every provider, one inbox consumer name each. */
  discoverHandlers(): DiscoveredHandler[] {
    const handlers: DiscoveredHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
      const prototype = Object.getPrototypeOf(instance);
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        for (const { type, history } of eventHandlersOf(prototype[method])) {
          const fn = instance[method] as (envelope: EventEnvelope, manager: EntityManager) => Promise<void>;
          handlers.push({
            consumer: `${this.options.serviceName}:${instance.constructor.name}.${method}`,
            type,
            history,
            call: (e, m) => fn.call(instance, e, m),
          });
        }
      }
    }
    return handlers;
  }

  private async subscribe(inbox: InboxConsumer): Promise<void> {
    const handlers = this.discoverHandlers();
    if (handlers.length === 0) {
      this.logger.warn('events: consume is on but no @EventHandler methods were found');
      return;
    }
    const byType = new Map<string, DiscoveredHandler[]>();
    for (const h of handlers) byType.set(h.type, [...(byType.get(h.type) ?? []), h]);
    const contexts = [...new Set(handlers.map((h) => contextOf(h.type)))];
    const group = this.options.serviceName;
    this.subscription = await this.transport.subscribe({
      group,
      contexts,
      maxAttempts: this.config.EVENT_MAX_ATTEMPTS,
      handleBatch: this.options.batchInbox
        ? async (envelopes) => {
            const items = envelopes.flatMap((envelope) => {
              const mine = (byType.get(envelope.type) ?? []).filter((h) => receives(h, envelope));
              if (mine.length) {
                consumerLag.observe(
                  { group, context: contextOf(envelope.type) },
                  Math.max(0, Date.now() - Date.parse(envelope.occurredAt)) / 1000,
                );
              }
              return mine.map((handler) => ({
                consumer: handler.consumer,
                envelope,
                effect: (manager: EntityManager) => handler.call(envelope, manager),
              }));
            });
            await inbox.runBatch(items);
            for (const envelope of envelopes)
              if (byType.has(envelope.type)) eventsConsumed.inc({ group, type: envelope.type, outcome: 'handled' });
          }
        : undefined,
      handle: async (envelope) => {
        // Other types of a subscribed context, and history no handler here projects, are simply acknowledged.
        const mine = byType.get(envelope.type)?.filter((h) => receives(h, envelope));
        if (!mine?.length) return;
        consumerLag.observe({ group, context: contextOf(envelope.type) }, Math.max(0, Date.now() - Date.parse(envelope.occurredAt)) / 1000);
        try {
          // The handler continues the trace of the request that wrote the event (its traceparent).
          await withSpan(
            `${envelope.type} process`,
            {
              kind: SpanKind.CONSUMER,
              parent: contextFrom(envelope.traceparent),
              attributes: { 'messaging.consumer.group.name': group, 'messaging.message.id': envelope.id },
            },
            async () => {
              for (const handler of mine) {
                const ran = await inbox.run(handler.consumer, envelope, (manager) => handler.call(envelope, manager));
                if (!ran) this.logger.debug({ eventId: envelope.id, consumer: handler.consumer }, 'event already handled; skipped');
              }
            },
          );
          eventsConsumed.inc({ group, type: envelope.type, outcome: 'handled' });
        } catch (error) {
          eventsConsumed.inc({ group, type: envelope.type, outcome: 'failed' });
          throw error;
        }
      },
    });
    this.logger.info({ contexts, handlers: handlers.map((h) => `${h.consumer} <- ${h.type}`) }, 'events: consuming');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    await this.relay?.stop();
    await this.transport.close();
  }
}

/**
 * Events for a service: OutboxWriter everywhere (global), the transport as EVENT_TRANSPORT, and
 * optionally the outbox relay and the @EventHandler consumers, started on bootstrap and stopped
 * before the database closes.
 */
@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: EVENT_TRANSPORT,
          inject: [{ token: APP_CONFIG, optional: true }],
          useFactory: (appConfig?: Record<string, unknown>) => {
            const config = resolveConfig(appConfig);
            return createEventTransport({ ...config, serviceName: options.serviceName });
          },
        },
        OutboxWriter,
        EventsRuntime,
      ],
      exports: [OutboxWriter, EVENT_TRANSPORT],
    };
  }
}
