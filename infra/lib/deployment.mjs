// docker-compose.yml and the per-service Kubernetes manifests, derived from infra/lib/platform.mjs
// (SERVICES, LOCAL_PEERS), each service's .env.example and the event contexts of
// @salon/contracts. `node infra/bin/deployment.mjs` writes them; infra/test/deployment.spec.ts
// fails when the committed files differ from what this renders, so a service added to SERVICES
// (or a peer to LOCAL_PEERS) is not done until that command has been run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ROOT } from './install.mjs';
import { LOCAL_PEERS, SERVICES } from './platform.mjs';

export const GATEWAY = { name: 'gateway', dir: 'gateway', package: '@salon/gateway', port: 4000 };
export const IMAGE_REGISTRY = 'salon';
/** Every app image is infra/docker/Dockerfile built for one workspace. */
export const imageOf = (name) => `${IMAGE_REGISTRY}/${name}`;
export const packageOf = (service) => `@salon/${service.name}`;

/**
 * How each local peer runs in a container: its script in the infra image, and the variable that
 * points the services at it. A peer in LOCAL_PEERS without an entry here stops the generator
 * with a message naming it (the peers are the local stand-ins only: compose, never Kubernetes).
 */
export const PEER_RUN = {
  ses: { script: 'infra/local/ses-server.mjs', variable: 'SES_ENDPOINT', ui: 'every e-mail sent' },
  twilio: { script: 'infra/local/twilio-peer.mjs', variable: 'TWILIO_API_URL', args: ['--auth-token', '${TWILIO_AUTH_TOKEN:-}'] },
  s3: { script: 'infra/local/s3-server.mjs', variable: 'S3_ENDPOINT', args: ['--directory', '/tmp/salon-s3'] },
  // The local OpenAI-compatible model server (mock-llm rules); messaging's seed points the demo assistant at it.
  llm: { script: 'infra/local/llm-peer.mjs', variable: 'AI_LOCAL_BASE_URL' },
  stripe: {
    script: 'infra/local/stripe-peer.mjs',
    variable: 'STRIPE_API_URL',
    // The browser opens the hosted card page on the published port, not the compose network's name.
    publicVariable: 'STRIPE_HOSTED_URL',
    args: [
      '--public-url',
      `http://localhost:${LOCAL_PEERS.stripe}`,
      '--secret-key',
      '${STRIPE_SECRET_KEY:-}',
      '--webhook-secret',
      '${STRIPE_WEBHOOK_SECRET:-}',
      '--webhook-url',
      'http://gateway:4000/api/webhooks/stripe',
    ],
  },
};

/** Pinned images of the data stores (compose). */
export const STORE_IMAGES = { postgres: 'postgres:18.1-bookworm', redis: 'redis:8.2-bookworm', kafka: 'apache/kafka:4.1.0' };
export const KAFKA_PARTITIONS = 4;
/** Where a worker serves /metrics (OpenTelemetry's customary Prometheus port). */
export const WORKER_METRICS_PORT = 9464;

/** The variables a workspace documents (DESIGN §6: every variable is in its .env.example). */
export function declaredVariables(dir) {
  let text;
  try {
    text = readFileSync(join(ROOT, dir, '.env.example'), 'utf8');
  } catch {
    return new Set();
  }
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

/** The services a service calls: those whose URL variable its .env.example declares. */
export function callsOf(service) {
  const declared = declaredVariables(service.dir);
  return SERVICES.filter((other) => other !== service && declared.has(other.gatewayVariable)).map((other) => other.name);
}

/** Who calls a service: the gateway, and every service (API and worker) that declares its URL. */
export function callersOf(service) {
  return [GATEWAY.name, ...SERVICES.filter((other) => callsOf(other).includes(service.name)).map((other) => other.name)];
}

/** The Kafka topics: events.<context> and its dead letters, for every context of the contracts. */
export async function kafkaTopics() {
  const { EVENT_PAYLOADS, contextOf } = await import('@salon/contracts');
  const contexts = [...new Set(Object.keys(EVENT_PAYLOADS).map(contextOf))].sort();
  return contexts.flatMap((context) => [`events.${context}`, `events.${context}.dlq`]);
}

export function checkPeers() {
  const missing = Object.keys(LOCAL_PEERS).filter((name) => !PEER_RUN[name]);
  if (missing.length)
    throw new Error(`LOCAL_PEERS ${missing.join(', ')} ha${missing.length > 1 ? 've' : 's'} no PEER_RUN entry in infra/lib/deployment.mjs`);
}

// ---------------------------------------------------------------- compose

const build = (workspace, port) => ({
  context: '.',
  dockerfile: 'infra/docker/Dockerfile',
  args: { PKG: workspace.package, APP: workspace.dir, ...(port ? { PORT: String(port) } : {}) },
});
const composeDb = (database) => `postgres://postgres@postgres:5432/salon_${database}`;

/**
 * The value compose gives a variable, for every variable a workspace may declare; each process
 * gets exactly the ones its .env.example declares (so nothing here can name a variable no process reads).
 */
function composeValues() {
  const values = {
    NODE_ENV: 'production',
    REDIS_URL: 'redis://redis:6379',
    KAFKA_BROKERS: 'kafka:9092',
    // kafka-init creates the topics; a real broker takes the idempotent producer
    KAFKA_CREATE_TOPICS: 'false',
    KAFKA_IDEMPOTENT: 'true',
    JWT_SECRET: '${JWT_SECRET:?set JWT_SECRET to a random value of at least 32 characters (openssl rand -base64 48)}',
    EVENT_SECRET_KEY: '${EVENT_SECRET_KEY:?set EVENT_SECRET_KEY to a random value (openssl rand -base64 32)}',
    TWILIO_AUTH_TOKEN: '${TWILIO_AUTH_TOKEN:-}',
    // Unset: card payments answer 422 (cash works); set both to use the local Stripe peer.
    STRIPE_SECRET_KEY: '${STRIPE_SECRET_KEY:-}',
    STRIPE_WEBHOOK_SECRET: '${STRIPE_WEBHOOK_SECRET:-}',
    STRIPE_PUBLISHABLE_KEY: '${STRIPE_PUBLISHABLE_KEY:-}',
    // The services believe X-Forwarded-For only from the compose network (the gateway); their ports are not published.
    TRUSTED_PROXIES: 'loopback, uniquelocal',
    PUBLIC_URL: 'http://localhost:4000',
    // The images run with NODE_ENV=production, where messaging accepts SES notifications only from listed SNS topics.
    SES_SNS_TOPIC_ARNS: '${SES_SNS_TOPIC_ARNS:-arn:aws:sns:us-east-1:000000000000:local-ses-notifications}',
  };
  for (const service of SERVICES) {
    values[service.gatewayVariable] = `http://${service.name}:${service.port}`;
    values[`${service.name.toUpperCase()}_DATABASE_URL`] = composeDb(service.database);
  }
  for (const [name, port] of Object.entries(LOCAL_PEERS)) {
    values[PEER_RUN[name].variable] = `http://${name}:${port}`;
    // A peer whose pages the browser opens: its published address (ports bind 127.0.0.1:<port>).
    if (PEER_RUN[name].publicVariable) values[PEER_RUN[name].publicVariable] = `http://localhost:${port}`;
  }
  return values;
}

function environmentFor(dir, extra = {}) {
  const declared = declaredVariables(dir);
  const values = composeValues();
  const env = {};
  for (const name of [...declared].sort()) if (name in values) env[name] = values[name];
  return { ...env, ...extra };
}

const healthy = { condition: 'service_healthy' };
const completed = { condition: 'service_completed_successfully' };
const probe = (interval = '10s') => ({
  test: ['CMD', 'node', '/usr/local/lib/salon/probe.mjs', 'ready'],
  interval,
  timeout: '5s',
  retries: 5,
  start_period: '30s',
});

export async function renderCompose() {
  checkPeers();
  const topics = await kafkaTopics();
  const services = {
    postgres: {
      image: STORE_IMAGES.postgres,
      environment: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
      ports: ['127.0.0.1:5432:5432'],
      volumes: ['postgres:/var/lib/postgresql'],
      healthcheck: { test: ['CMD', 'pg_isready', '-U', 'postgres'], interval: '5s', timeout: '5s', retries: 10 },
    },
    redis: {
      image: STORE_IMAGES.redis,
      ports: ['127.0.0.1:6379:6379'],
      healthcheck: { test: ['CMD', 'redis-cli', 'ping'], interval: '5s', timeout: '5s', retries: 10 },
    },
    kafka: {
      image: STORE_IMAGES.kafka,
      // Kafka 4: KRaft only, one node that is broker and controller.
      environment: {
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092',
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@kafka:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
        KAFKA_NUM_PARTITIONS: String(KAFKA_PARTITIONS),
      },
      healthcheck: {
        test: ['CMD', '/opt/kafka/bin/kafka-broker-api-versions.sh', '--bootstrap-server', 'localhost:9092'],
        interval: '10s',
        timeout: '10s',
        retries: 12,
        start_period: '20s',
      },
    },
    'kafka-init': {
      image: STORE_IMAGES.kafka,
      // The topics of every event context in @salon/contracts (auto-creation is off).
      command: [
        'sh',
        '-ec',
        `for topic in ${topics.join(' ')}; do /opt/kafka/bin/kafka-topics.sh --bootstrap-server kafka:9092 --create --if-not-exists --topic "$$topic" --partitions ${KAFKA_PARTITIONS} --replication-factor 1; done`,
      ],
      depends_on: { kafka: healthy },
    },
  };
  const infra = { package: '@salon/infra', dir: 'infra' };
  for (const [name, port] of Object.entries(LOCAL_PEERS)) {
    const peer = PEER_RUN[name];
    services[name] = {
      image: imageOf('infra'),
      build: build(infra),
      command: ['node', peer.script, '--port', String(port), '--host', '0.0.0.0', ...(peer.args ?? [])],
      environment: { PORT: String(port) },
      ports: [`127.0.0.1:${port}:${port}`],
      healthcheck: {
        test: ['CMD', 'node', '-e', `fetch('http://127.0.0.1:${port}/').then(() => process.exit(0), () => process.exit(1))`],
        interval: '10s',
        timeout: '5s',
        retries: 5,
      },
    };
  }
  const stores = { postgres: healthy, redis: healthy, 'kafka-init': completed };
  // A process waits for the peers whose variable its .env.example declares.
  const peerDeps = (dir) => {
    const declared = declaredVariables(dir);
    return Object.fromEntries(
      Object.keys(LOCAL_PEERS)
        .filter((name) => declared.has(PEER_RUN[name].variable))
        .map((name) => [name, healthy]),
    );
  };
  let previousSeed = null;
  for (const service of SERVICES) {
    const workspace = { package: packageOf(service), dir: service.dir };
    const image = imageOf(service.name);
    const own = { DATABASE_URL: composeDb(service.database) };
    // Seeds read the demo rows of services before them (start order, as `npm start`).
    const migrate = [`node ${service.dir}/dist/migrate.js`, ...(service.seed ? [`node ${service.dir}/dist/seed.js`] : [])].join(' && ');
    services[`${service.name}-migrate`] = {
      image,
      build: build(workspace, service.port),
      command: ['sh', '-c', migrate],
      environment: environmentFor(service.dir, own),
      depends_on: { postgres: healthy, ...(previousSeed ? { [previousSeed]: completed } : {}) },
    };
    previousSeed = `${service.name}-migrate`;
    const calls = Object.fromEntries(callsOf(service).map((name) => [name, healthy]));
    const runtimeDeps = { [`${service.name}-migrate`]: completed, ...stores, ...peerDeps(service.dir) };
    services[service.name] = {
      image,
      // the same build as the migration's (a cache hit), so compose never tries to pull salon/*
      build: build(workspace, service.port),
      command: ['node', `${service.dir}/dist/main.js`],
      environment: environmentFor(service.dir, { ...own, PORT: String(service.port) }),
      healthcheck: probe(),
      depends_on: { ...runtimeDeps, ...calls },
    };
    if (service.worker) {
      services[`${service.name}-worker`] = {
        image,
        build: build(workspace, service.port),
        command: ['node', `${service.dir}/${service.worker}`],
        // METRICS_PORT: Prometheus scrapes the worker there, as in the Kubernetes manifests.
        environment: environmentFor(service.dir, { ...own, HEARTBEAT_FILE: '/tmp/heartbeat', METRICS_PORT: String(WORKER_METRICS_PORT) }),
        healthcheck: probe(),
        depends_on: { ...runtimeDeps, ...calls },
      };
    }
  }
  services.gateway = {
    image: imageOf(GATEWAY.name),
    // The gateway serves the web client's build: the image is pruned to both workspaces.
    build: { ...build(GATEWAY, GATEWAY.port), args: { ...build(GATEWAY, GATEWAY.port).args, WITH: '@salon/web' } },
    command: ['node', 'gateway/dist/main.js'],
    ports: ['127.0.0.1:4000:4000'],
    // Callers reach the gateway directly: none of their forwarding headers is believed.
    environment: environmentFor(GATEWAY.dir, { PORT: String(GATEWAY.port), TRUSTED_PROXIES: '' }),
    healthcheck: probe(),
    depends_on: { redis: healthy, ...Object.fromEntries(SERVICES.map((s) => [s.name, healthy])) },
  };
  const header = [
    '# Generated by `node infra/bin/deployment.mjs` from infra/lib/platform.mjs (SERVICES, LOCAL_PEERS),',
    "# each workspace's .env.example and the event contexts of @salon/contracts: edit those, not this file.",
    '# JWT_SECRET=$(openssl rand -base64 48) EVENT_SECRET_KEY=$(openssl rand -base64 32) docker compose up --build',
    '#   → http://localhost:4000   (e-mail preview: http://localhost:8005)',
    '# There are no default secrets: compose stops with a message when one is missing.',
    '# Every app image is infra/docker/Dockerfile (Node 26, the current LTS) pruned to one workspace.',
    '',
  ].join('\n');
  return header + stringify({ services, volumes: { postgres: {} } }, { lineWidth: 0, aliasDuplicateObjects: false });
}

// ---------------------------------------------------------------- Kubernetes base

const POD_SECURITY = {
  runAsNonRoot: true,
  runAsUser: 1000,
  runAsGroup: 1000,
  fsGroup: 1000,
  seccompProfile: { type: 'RuntimeDefault' },
};
export const CONTAINER_SECURITY = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};
const TMP = { volumes: [{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } }], mount: [{ name: 'tmp', mountPath: '/tmp' }] };
const RESOURCES = {
  api: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } },
  worker: { requests: { cpu: '50m', memory: '160Mi' }, limits: { cpu: '1', memory: '384Mi' } },
  migrate: { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
  gateway: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '2', memory: '512Mi' } },
};
const envFrom = (secret) => [
  { configMapRef: { name: 'platform' } },
  { configMapRef: { name: 'service-urls' } },
  { secretRef: { name: secret } },
];
const labels = (name, component) => ({ app: name, 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': component });
const httpProbes = (port) => ({
  startupProbe: { httpGet: { path: '/health/live', port }, periodSeconds: 2, failureThreshold: 60 },
  readinessProbe: { httpGet: { path: '/health/ready', port }, periodSeconds: 5, failureThreshold: 2 },
  livenessProbe: { httpGet: { path: '/health/live', port }, periodSeconds: 10, failureThreshold: 3, timeoutSeconds: 3 },
});
const execProbe = (periodSeconds, failureThreshold) => ({
  exec: { command: ['node', '/usr/local/lib/salon/probe.mjs', 'live'] },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 5,
});
const heartbeatProbes = {
  startupProbe: execProbe(5, 24),
  readinessProbe: execProbe(15, 2),
  livenessProbe: execProbe(15, 3),
};

function deployment(name, component, { image, command, port, probes, resources, replicas, secret, grace, env = [] }) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: labels(name, component) },
    spec: {
      replicas,
      revisionHistoryLimit: 5,
      selector: { matchLabels: { app: name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: labels(name, component) },
        spec: {
          automountServiceAccountToken: false,
          securityContext: POD_SECURITY,
          // SHUTDOWN_TIMEOUT_MS (services 25 s, gateway 10 + 5 s) stays under the grace period.
          terminationGracePeriodSeconds: grace,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: { app: name } },
            },
          ],
          containers: [
            {
              name: component,
              image,
              command,
              ...(port ? { ports: [{ name: 'http', containerPort: port }] } : {}),
              env,
              envFrom: envFrom(secret),
              ...probes,
              resources,
              securityContext: CONTAINER_SECURITY,
              volumeMounts: TMP.mount,
            },
          ],
          volumes: TMP.volumes,
        },
      },
    },
  };
}

const hpa = (name, min, max) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: min,
    maxReplicas: max,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
  },
});
const pdb = (name) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name },
  spec: { maxUnavailable: 1, selector: { matchLabels: { app: name } } },
});
const service = (name, port, targetPort = port) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, labels: { app: name } },
  spec: { selector: { app: name }, ports: [{ name: 'http', port, targetPort }] },
});

/** The resources of one service: API, worker, Service, HPAs, PDBs, its migration Job and who may call it. */
export function serviceManifests(svc) {
  const image = imageOf(svc.name);
  const env = [{ name: 'PORT', value: String(svc.port) }];
  const docs = [
    deployment(svc.name, 'api', {
      image,
      command: ['node', `${svc.dir}/dist/main.js`],
      port: svc.port,
      probes: httpProbes(svc.port),
      resources: RESOURCES.api,
      replicas: 2,
      secret: svc.name,
      grace: 30,
      env,
    }),
    service(svc.name, svc.port),
    hpa(svc.name, 2, 10),
    pdb(svc.name),
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: `${svc.name}-callers` },
      spec: {
        podSelector: { matchLabels: { app: svc.name } },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: callersOf(svc).flatMap((caller) => {
              const callerService = SERVICES.find((s) => s.name === caller);
              const apps = [caller, ...(callerService?.worker ? [`${caller}-worker`] : [])];
              return apps.map((app) => ({ podSelector: { matchLabels: { app } } }));
            }),
            ports: [{ protocol: 'TCP', port: svc.port }],
          },
        ],
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: `${svc.name}-migrate`, labels: labels(`${svc.name}-migrate`, 'migrate') },
      spec: {
        backoffLimit: 2,
        activeDeadlineSeconds: 600,
        ttlSecondsAfterFinished: 86400,
        template: {
          metadata: { labels: labels(`${svc.name}-migrate`, 'migrate') },
          spec: {
            restartPolicy: 'Never',
            automountServiceAccountToken: false,
            securityContext: POD_SECURITY,
            containers: [
              {
                name: 'migrate',
                image,
                command: ['node', `${svc.dir}/dist/migrate.js`],
                envFrom: envFrom(svc.name),
                resources: RESOURCES.migrate,
                securityContext: CONTAINER_SECURITY,
                volumeMounts: TMP.mount,
              },
            ],
            volumes: TMP.volumes,
          },
        },
      },
    },
  ];
  if (svc.worker) {
    const worker = `${svc.name}-worker`;
    docs.push(
      deployment(worker, 'worker', {
        image,
        command: ['node', `${svc.dir}/${svc.worker}`],
        probes: heartbeatProbes,
        resources: RESOURCES.worker,
        replicas: 1,
        secret: svc.name,
        // a consumer finishes its event (up to 10 s), a BullMQ job its send
        grace: 60,
        // METRICS_PORT: a worker has no HTTP port, so it opens one for Prometheus alone (nest-kit).
        env: [
          { name: 'HEARTBEAT_FILE', value: '/tmp/heartbeat' },
          { name: 'METRICS_PORT', value: String(WORKER_METRICS_PORT) },
        ],
      }),
      hpa(worker, 1, 6),
      pdb(worker),
    );
  }
  return docs;
}

export function gatewayManifests() {
  return [
    deployment(GATEWAY.name, 'gateway', {
      image: imageOf(GATEWAY.name),
      command: ['node', 'gateway/dist/main.js'],
      port: GATEWAY.port,
      probes: httpProbes(GATEWAY.port),
      resources: RESOURCES.gateway,
      replicas: 2,
      secret: GATEWAY.name,
      grace: 30,
      env: [{ name: 'PORT', value: String(GATEWAY.port) }],
    }),
    service(GATEWAY.name, 80, GATEWAY.port),
    hpa(GATEWAY.name, 2, 20),
    pdb(GATEWAY.name),
  ];
}

export const yamlDocs = (docs, comment) =>
  `# ${comment}\n` + docs.map((doc) => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n');

/** path (relative to the repo) → content, for every generated Kubernetes file. */
export function renderKubernetesBase() {
  const generated =
    '# Generated by `node infra/bin/deployment.mjs` from infra/lib/platform.mjs: edit that (or the generator), not this file.';
  const files = {};
  for (const svc of SERVICES) files[`k8s/base/services/${svc.name}.yaml`] = yamlDocs(serviceManifests(svc), generated.slice(2));
  files['k8s/base/services/gateway.yaml'] = yamlDocs(gatewayManifests(), generated.slice(2));
  files['k8s/base/services/kustomization.yaml'] =
    `${generated}\n` +
    stringify({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: [...SERVICES.map((s) => `${s.name}.yaml`), 'gateway.yaml'],
      // How the services find each other inside the cluster.
      configMapGenerator: [
        {
          name: 'service-urls',
          options: { labels: PREREQUISITE },
          literals: SERVICES.map((s) => `${s.gatewayVariable}=http://${s.name}:${s.port}`),
        },
      ],
    });
  return files;
}

// ---------------------------------------------------------------- Kubernetes: Kafka, secrets, databases

export const KAFKA_CLUSTER = 'salon-kafka';
/** Partitions bound how many members of a group consume at once: at or above the worker HPAs' maxReplicas. */
export const K8S_TOPIC_PARTITIONS = 12;
export const POSTGRES_CLUSTER = 'salon-db';
export const SECRET_STORE = 'salon-secrets';
export const OVERLAYS = ['staging', 'production'];
/**
 * What a release's migration Jobs need before they run (settings, secrets, the data stores): applied
 * with them, by `-l app.kubernetes.io/component in (prerequisite,migrate)` (docs/operations.md).
 */
export const PREREQUISITE = { 'app.kubernetes.io/component': 'prerequisite' };

export async function renderKafkaTopics() {
  const topics = await kafkaTopics();
  return topics.map((topic) => ({
    apiVersion: 'kafka.strimzi.io/v1beta2',
    kind: 'KafkaTopic',
    metadata: { name: topic.replaceAll('.', '-'), labels: { 'strimzi.io/cluster': KAFKA_CLUSTER, ...PREREQUISITE } },
    spec: {
      topicName: topic,
      partitions: K8S_TOPIC_PARTITIONS,
      replicas: 3,
      config: {
        'min.insync.replicas': 2,
        // dead letters wait for someone to replay them (docs/events.md)
        'retention.ms': topic.endsWith('.dlq') ? 30 * 86_400_000 : 7 * 86_400_000,
      },
    },
  }));
}

/** Production: each process's Secret is made by External Secrets from the store, never committed. */
export function renderExternalSecrets() {
  return [...SERVICES.map((s) => s.name), GATEWAY.name].map((name) => ({
    apiVersion: 'external-secrets.io/v1',
    kind: 'ExternalSecret',
    metadata: { name, labels: PREREQUISITE },
    spec: {
      refreshInterval: '1h',
      secretStoreRef: { kind: 'ClusterSecretStore', name: SECRET_STORE },
      target: { name, creationPolicy: 'Owner' },
      // salon/shared: JWT_SECRET, EVENT_SECRET_KEY, REDIS_URL; salon/<name>: DATABASE_URL and the provider keys
      dataFrom: [{ extract: { key: 'salon/shared' } }, { extract: { key: `salon/${name}` } }],
    },
  }));
}

/** Production: one CloudNativePG database per service, in one cluster. */
export function renderDatabases() {
  return SERVICES.map((s) => ({
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Database',
    metadata: { name: `salon-${s.database}`.replaceAll('_', '-'), labels: PREREQUISITE },
    spec: { name: `salon_${s.database}`, owner: 'salon', cluster: { name: POSTGRES_CLUSTER } },
  }));
}

/**
 * An overlay's `images:` names every app image (registry and release tag as its `gateway` entry
 * says): entries for services added since are appended, the others kept as they are.
 */
export async function renderOverlayImages(kustomizationText) {
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(kustomizationText);
  const images = doc.get('images');
  const entries = images?.toJSON() ?? [];
  const template = entries.find((e) => e.name === imageOf(GATEWAY.name));
  if (!template) throw new Error(`the overlay's images: has no ${imageOf(GATEWAY.name)} entry to copy the registry and tag from`);
  const registry = template.newName.slice(0, -imageOf(GATEWAY.name).length);
  for (const name of [...SERVICES.map((s) => s.name), GATEWAY.name]) {
    if (entries.some((e) => e.name === imageOf(name))) continue;
    images.add(doc.createNode({ name: imageOf(name), newName: `${registry}${imageOf(name)}`, newTag: template.newTag }));
  }
  return doc.toString({ lineWidth: 0 });
}

/** Every generated file, path → content, formatted as the rules' Prettier check wants it. */
export async function renderAll() {
  const prettier = await import('prettier');
  const generated =
    'Generated by `node infra/bin/deployment.mjs` from infra/lib/platform.mjs and @salon/contracts: edit those, not this file.';
  const files = {
    'docker-compose.yml': await renderCompose(),
    ...renderKubernetesBase(),
    'k8s/components/kafka/topics.yaml': yamlDocs(await renderKafkaTopics(), `${generated} The topics of every event context.`),
    'k8s/overlays/production/external-secrets.yaml': yamlDocs(renderExternalSecrets(), generated),
    'k8s/overlays/production/databases.yaml': yamlDocs(renderDatabases(), generated),
  };
  for (const overlay of OVERLAYS) {
    const path = `k8s/overlays/${overlay}/kustomization.yaml`;
    files[path] = await renderOverlayImages(readFileSync(join(ROOT, path), 'utf8'));
  }
  for (const [path, content] of Object.entries(files)) {
    const options = await prettier.resolveConfig(join(ROOT, path));
    files[path] = await prettier.format(content, { ...options, filepath: join(ROOT, path) });
  }
  return files;
}
