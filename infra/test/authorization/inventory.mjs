#!/usr/bin/env node
// Prints, as JSON, what every service and the gateway actually serve, read from the built apps
// themselves rather than from a hand list (the authorization matrix test runs this once):
//
// - REST: each service's AppModule is built by Nest in preview mode (the module graph and the
//   Express router are set up, no provider is instantiated, nothing connects or listens). The
//   routes come from the Express router stack; each is matched to its controller method, whose
//   @Public / @RequireRole / @RequirePermission metadata is read the way the global guards read it
//   (handler first, then class).
// - GraphQL: every provider of the same module graph that Nest's GraphQL explorer would treat as a
//   resolver; its Query/Mutation methods (by schema name), reference resolvers (by entity type)
//   and their gate metadata.
// - The gateway: its own Express routes, the REST prefix table, the edge's public-route rule for
//   each service route, and the supergraph composed from the checked-in `services/*/schema.graphql`
//   (printed as the API schema clients see).
//
// Runs as its own Node process (plain Node ESM, exactly as the services load) so the test process
// never loads Nest or Apollo. Usage: node infra/test/authorization/inventory.mjs > inventory.json
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// Configs validate at boot; give them everything they would ask for, and never let a developer's
// or CI's real secrets matter here (nothing is signed or connected).
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL = 'silent';
process.env.JWT_SECRET ??= randomBytes(32).toString('hex');
process.env.EVENT_SECRET_KEY ??= randomBytes(32).toString('hex');

/** A package as the code in `dir` resolves it (the same instance the service itself loads). */
const importFrom = (dir, specifier) => import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve(specifier)).href);
const identityDir = join(ROOT, 'services', 'identity');
const { RequestMethod } = await importFrom(identityDir, '@nestjs/common');
const { PATH_METADATA, METHOD_METADATA } = await importFrom(identityDir, '@nestjs/common/constants.js');
const { MetadataScanner } = await importFrom(identityDir, '@nestjs/core');
const { IS_PUBLIC, REQUIRED_PERMISSION, REQUIRED_ROLES } = await importFrom(identityDir, '@salon/nest-kit');
const { RESOLVER_TYPE_METADATA, RESOLVER_NAME_METADATA, RESOLVER_PROPERTY_METADATA, RESOLVER_REFERENCE_METADATA } = await importFrom(
  identityDir,
  '@nestjs/graphql/dist/graphql.constants.js',
);

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);
const scanner = new MetadataScanner();

/** The guards' reading: the handler's metadata wins over the class's (Reflector.getAllAndOverride). */
function gateOf(handler, klass) {
  const read = (key) => {
    const own = Reflect.getMetadata(key, handler);
    return own !== undefined ? own : Reflect.getMetadata(key, klass);
  };
  return { public: read(IS_PUBLIC) === true, roles: read(REQUIRED_ROLES) ?? null, permission: read(REQUIRED_PERMISSION) ?? null };
}

const joinPath = (...parts) =>
  '/' +
  parts
    .flatMap((p) => (Array.isArray(p) ? p : [p]))
    .filter((p) => p !== undefined && p !== null)
    .map((p) => String(p).replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

function expressRoutes(router, prefix = '') {
  const found = [];
  for (const layer of router?.stack ?? []) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method !== '_all') found.push({ method: method.toUpperCase(), path: joinPath(prefix, layer.route.path) });
      }
    } else if (layer.handle?.stack) {
      // A mounted router: Express 5 keeps no mount path on the layer, only a matcher; our only
      // mounted routers (health) are mounted at the root.
      found.push(...expressRoutes(layer.handle, prefix));
    }
  }
  return found;
}

async function inspectService(name) {
  const dir = join(ROOT, 'services', name);
  const dist = join(dir, 'dist');
  if (!existsSync(join(dist, 'app.module.js'))) throw new Error(`services/${name} is not built (npx turbo run build)`);
  const { NestFactory } = await importFrom(dir, '@nestjs/core');
  const configModule = await import(pathToFileURL(join(dist, 'config.js')).href);
  const loadConfig = Object.entries(configModule).find(([key, value]) => /^load\w*Config$/.test(key) && typeof value === 'function')?.[1];
  if (!loadConfig) throw new Error(`services/${name}/dist/config.js exports no load…Config function`);
  const { AppModule } = await import(pathToFileURL(join(dist, 'app.module.js')).href);
  const app = await NestFactory.create(AppModule.forRoot(loadConfig()), { preview: true, logger: false, abortOnError: false });
  // Only the routes: app.init() would also bind middleware, which preview mode cannot instantiate.
  const adapter = app.getHttpAdapter();
  await adapter.init?.();
  app.routesResolver.resolve(adapter, '/');
  const served = expressRoutes(adapter.getInstance().router);

  const handlers = [];
  const rootFields = [];
  const entities = [];
  const fieldResolvers = [];
  const seen = new Set();
  for (const moduleRef of app.container.getModules().values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const klass = wrapper.metatype;
      if (!klass || seen.has(klass)) continue;
      seen.add(klass);
      const base = Reflect.getMetadata(PATH_METADATA, klass);
      for (const methodName of scanner.getAllMethodNames(klass.prototype)) {
        const handler = klass.prototype[methodName];
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        const method = Reflect.getMetadata(METHOD_METADATA, handler);
        if (path === undefined || method === undefined) continue;
        for (const sub of Array.isArray(path) ? path : [path]) {
          handlers.push({
            method: RequestMethod[method],
            path: joinPath(base, sub),
            handler: `${klass.name}.${methodName}`,
            gate: gateOf(handler, klass),
          });
        }
      }
    }
    for (const wrapper of moduleRef.providers.values()) {
      const klass = wrapper.metatype;
      if (typeof klass !== 'function' || !klass.prototype || seen.has(klass)) continue;
      seen.add(klass);
      for (const methodName of scanner.getAllMethodNames(klass.prototype)) {
        const handler = klass.prototype[methodName];
        const type = Reflect.getMetadata(RESOLVER_TYPE_METADATA, handler) ?? Reflect.getMetadata(RESOLVER_TYPE_METADATA, klass);
        if (!type) continue;
        const where = `${klass.name}.${methodName}`;
        if (Reflect.getMetadata(RESOLVER_REFERENCE_METADATA, handler)) {
          entities.push({ type, handler: where, gate: gateOf(handler, klass) });
        } else if (ROOT_TYPES.has(type) && !Reflect.getMetadata(RESOLVER_PROPERTY_METADATA, handler)) {
          const field = Reflect.getMetadata(RESOLVER_NAME_METADATA, handler) || methodName;
          rootFields.push({ type, field, handler: where, gate: gateOf(handler, klass) });
        } else if (Reflect.getMetadata(RESOLVER_PROPERTY_METADATA, handler)) {
          const field = Reflect.getMetadata(RESOLVER_NAME_METADATA, handler) || methodName;
          fieldResolvers.push({ type, field, handler: where, gate: gateOf(handler, klass) });
        }
      }
    }
  }
  const routes = served.map((route) => {
    const matches = handlers.filter((h) => h.method === route.method && h.path === route.path);
    return {
      ...route,
      handler: matches[0]?.handler ?? null,
      gate: matches.length === 1 ? matches[0].gate : null,
      candidates: matches.length,
    };
  });
  const unserved = handlers.filter((h) => !served.some((r) => r.method === h.method && r.path === h.path));
  return { routes, unserved, rootFields, entities, fieldResolvers };
}

async function inspectGateway(services) {
  const gatewayDist = join(ROOT, 'gateway', 'dist');
  const load = (file) => import(pathToFileURL(join(gatewayDist, file)).href);
  const { loadConfig } = await load('config.js');
  const { createGatewayApp } = await load('app.js');
  const { isPublicRoute } = await load('edge-auth.js');
  const { ServiceRegistry, SERVICES } = await load('service-registry.js');
  const { composeSupergraph, findSubgraphSchemaFiles } = await load('supergraph-composition.js');
  const { printSchema } = await importFrom(join(ROOT, 'gateway'), 'graphql');

  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: process.env.JWT_SECRET };
  for (const definition of SERVICES) env[`${definition.name.toUpperCase()}_URL`] = `http://127.0.0.1:1`;
  const config = loadConfig(env);
  // Built, never started: no Redis connection (lazyConnect), no listening socket.
  const gateway = createGatewayApp(config);
  const own = expressRoutes(gateway.app.router);
  gateway.redis.disconnect();

  const registry = new ServiceRegistry(config.serviceUrls);
  const concrete = (path) => path.replace(/:[A-Za-z]\w*/g, 'x');
  const restRoutes = [];
  for (const [service, found] of Object.entries(services)) {
    for (const route of found.routes) {
      if (!route.path.startsWith('/api/')) continue;
      restRoutes.push({
        service,
        method: route.method,
        path: route.path,
        owner: registry.ownerOf(concrete(route.path))?.name ?? null,
        edgePublic: isPublicRoute(route.method, concrete(route.path)),
      });
    }
  }
  const schemaFiles = findSubgraphSchemaFiles(ROOT);
  const { apiSchema } = composeSupergraph(schemaFiles.map((f) => ({ name: f.name, url: `http://${f.name}/graphql`, sdl: f.sdl })));
  return {
    routes: own,
    prefixes: SERVICES.map((s) => ({ service: s.name, prefixes: s.restPrefixes })),
    restRoutes,
    supergraphSdl: printSchema(apiSchema),
  };
}

const serviceNames = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'src', 'app.module.ts')))
  .map((entry) => entry.name)
  .sort();
const services = {};
for (const name of serviceNames) services[name] = await inspectService(name);
const gateway = await inspectGateway(services);
// Exit only once the whole answer is written: a pipe takes it in chunks, and exiting straight after
// write() cut it at ~146 kB on Node 26 (the parent then failed to parse it).
process.stdout.write(JSON.stringify({ services, gateway }), () => process.exit(0));
