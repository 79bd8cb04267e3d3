// The rules infra/test/deployment.spec.ts holds the Dockerfile, docker-compose.yml and the
// rendered Kubernetes overlays to. Each check returns the problems it finds (empty = fine), so the
// spec can also show that a broken input is caught.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../../lib/install.mjs';

export type Obj = Record<string, any>;

// ------------------------------------------------------------------ Dockerfile

interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** Instructions (continuation lines joined, comments dropped) grouped by stage. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      stages.push({ from: from[1]!, name: from[2], lines: [] });
      continue;
    }
    if (!stages.length) {
      const arg = /^ARG\s+(\w+)=(\S+)/i.exec(line);
      if (arg) args[arg[1]!] = arg[2]!;
      continue;
    }
    stages.at(-1)!.lines.push(line);
  }
  return { args, stages };
}

export function checkDockerfile(text: string, nodeMajor: number): string[] {
  const problems: string[] = [];
  const { args, stages } = parseDockerfile(text);
  const base = (from: string) => from.replace(/^\$\{?(\w+)\}?$/, (_, name: string) => args[name] ?? from);
  const final = stages.at(-1);
  if (!final) return ['no FROM'];
  const image = base(final.from);
  if (!new RegExp(`^node:${nodeMajor}(\\.[\\d.]+)?-[a-z]+-slim$`).test(image))
    problems.push(`the runtime stage is ${image}, not node:${nodeMajor}-<debian>-slim (the LTS of infra/node-lts)`);
  for (const stage of stages)
    if (base(stage.from) !== image && !stages.some((s) => s.name === stage.from))
      problems.push(`stage ${stage.name ?? '(final)'} is on ${base(stage.from)}`);
  if (!stages.some((s) => s.lines.some((l) => /\bturbo\s+prune\b.*--docker/.test(l))))
    problems.push('no stage runs `turbo prune … --docker`');
  const users = final.lines.filter((l) => /^USER\s/i.test(l));
  const user = users.at(-1)?.split(/\s+/)[1];
  if (!user) problems.push('the runtime stage has no USER: it would run as root');
  else if (/^(root|0)(:|$)/.test(user)) problems.push(`the runtime stage runs as ${user}`);
  if (!final.lines.some((l) => /^HEALTHCHECK\s+(--\S+\s+)*CMD\s/i.test(l))) problems.push('the runtime stage has no HEALTHCHECK');
  if (!final.lines.some((l) => /^CMD\s/i.test(l))) problems.push('the runtime stage has no CMD');
  // node_modules reach the runtime only from a stage that installed with --omit=dev.
  const prodStages = stages.filter((s) => s.lines.some((l) => /\bnpm ci\b[^&]*--omit=dev/.test(l))).map((s) => s.name);
  if (!prodStages.length) problems.push('no stage installs with `npm ci --omit=dev`');
  for (const line of final.lines) {
    if (/^RUN\b.*\bnpm (ci|install|i)\b/.test(line)) problems.push(`the runtime stage installs packages: ${line}`);
    const copy = /^COPY\s+--from=(\S+)\s+(\S+)/i.exec(line);
    if (!copy) continue;
    const [, stage, source] = copy;
    const fromStage = stages.find((s) => s.name === stage);
    const installsDev = fromStage?.lines.some((l) => /\bnpm ci\b/.test(l) && !/--omit=dev/.test(l));
    if (installsDev && (source === '/app' || /node_modules/.test(source!)))
      problems.push(`the runtime copies ${source} from ${stage}, which installed dev dependencies`);
  }
  return problems;
}

// ------------------------------------------------------------------ Compose

const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const PORTS = /^((\d{1,3}\.){3}\d{1,3}:)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/;

export function composeValidator() {
  // Its $schema names draft 2019-09 by an address Ajv does not know (http, trailing #): Ajv2019 is
  // that draft. Its draft-04 style `id: "#/properties/…"` labels are dropped: Ajv refuses `id`, and
  // as `$id` they would not be valid ids (they are labels, no $ref points at them).
  const dropIds = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(dropIds)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
              .map(([k, v]) => [k, dropIds(v)]),
          )
        : node;
  const { $schema: _draft, ...schema } = dropIds(JSON.parse(readFileSync(join(ROOT, 'infra/schemas/compose-spec.json'), 'utf8'))) as Obj;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', DURATION);
  ajv.addFormat('ports', { type: 'string', validate: (s: string) => PORTS.test(s) });
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  const validate = ajv.compile(schema);
  return (doc: unknown): string[] =>
    validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

// ------------------------------------------------------------------ Kubernetes

export function renderOverlay(path: string): Obj[] {
  const kubectl = process.env.KUBECTL || 'kubectl';
  const result = spawnSync(kubectl, ['kustomize', join(ROOT, path)], { encoding: 'utf8' });
  if (result.error) throw new Error(`${kubectl} could not run (${result.error.message}); \`npm test\` installs it (infra/lib/kubectl.mjs)`);
  if (result.status !== 0) throw new Error(`kubectl kustomize ${path} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((d) => d.toJSON() as Obj)
    .filter(Boolean);
}

const operatorSchemas = JSON.parse(readFileSync(join(ROOT, 'infra/schemas/operator-resources.json'), 'utf8'));
const operatorAjv = new Ajv({ strict: false, allErrors: true });
operatorAjv.addSchema({ $id: 'operators', definitions: operatorSchemas.definitions });

/** Validates one object against the schema of its apiVersion and kind; unknown kinds are a problem. */
export async function validateObject(obj: Obj): Promise<string[]> {
  const where = `${obj.kind}/${obj.metadata?.name}`;
  const [group, version] = String(obj.apiVersion).includes('/') ? String(obj.apiVersion).split('/') : ['', obj.apiVersion];
  const key = `${obj.apiVersion}/${obj.kind}`;
  if (operatorSchemas.kinds[key]) {
    const schema = JSON.parse(JSON.stringify(operatorSchemas.kinds[key]).replaceAll('"#/definitions/', '"operators#/definitions/'));
    const validate = operatorAjv.compile(schema);
    return validate(obj) ? [] : (validate.errors ?? []).map((e) => `${where}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }
  let Model: (new (data: Obj) => { validate(): void }) | undefined;
  try {
    const module =
      group === 'external-secrets.io'
        ? await import(/* @vite-ignore */ `@kubernetes-models/external-secrets/${group}/${version}/${obj.kind}`)
        : await import(/* @vite-ignore */ `kubernetes-models/${group ? `${group}/` : ''}${version}/${obj.kind}`);
    Model = module[obj.kind];
  } catch {
    return [`${where}: no schema for ${obj.apiVersion} ${obj.kind}`];
  }
  try {
    new Model!(obj).validate();
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

const SECURITY: Record<string, unknown> = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true };

/** Every container: limits, requests, the securityContext; a Deployment's: the three probes too. */
export function checkWorkload(obj: Obj): string[] {
  const problems: string[] = [];
  const where = `${obj.kind}/${obj.metadata.name}`;
  const pod = obj.spec?.template?.spec ?? {};
  if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod securityContext.runAsNonRoot is not true`);
  if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: pod seccompProfile is not RuntimeDefault`);
  for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
    const at = `${where} container ${c.name}`;
    for (const r of ['cpu', 'memory']) {
      if (!c.resources?.limits?.[r]) problems.push(`${at}: no ${r} limit`);
      if (!c.resources?.requests?.[r]) problems.push(`${at}: no ${r} request`);
    }
    const sc = c.securityContext ?? {};
    for (const [key, value] of Object.entries(SECURITY))
      if (sc[key] !== value) problems.push(`${at}: securityContext.${key} is not ${value}`);
    if (JSON.stringify(sc.capabilities?.drop) !== '["ALL"]') problems.push(`${at}: capabilities do not drop ALL`);
    if (sc.capabilities?.add?.length) problems.push(`${at}: adds capabilities`);
    if ((sc.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type) !== 'RuntimeDefault')
      problems.push(`${at}: seccomp is not RuntimeDefault`);
    if (obj.kind === 'Deployment')
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) if (!c[probe]) problems.push(`${at}: no ${probe}`);
    if (!/^[^:]+\/salon\/[a-z-]+:[\w.-]+$/.test(c.image) || c.image.endsWith(':latest'))
      problems.push(`${at}: image ${c.image} is not <registry>/salon/<name>:<release>`);
  }
  return problems;
}

const matches = (selector: Obj | undefined, labels: Obj) =>
  !!selector?.matchLabels && Object.entries(selector.matchLabels).every(([k, v]) => labels?.[k] === v);

/** Every Deployment has a PDB and an HPA; no Secret is committed; one Ingress, to the gateway. */
export function checkObjects(objects: Obj[]): string[] {
  const problems: string[] = [];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  for (const d of of('Deployment')) {
    const labels = d.spec.template.metadata.labels;
    if (!of('PodDisruptionBudget').some((p) => matches(p.spec.selector, labels)))
      problems.push(`Deployment/${d.metadata.name}: no PodDisruptionBudget`);
    if (
      !of('HorizontalPodAutoscaler').some(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === d.metadata.name,
      )
    )
      problems.push(`Deployment/${d.metadata.name}: no HorizontalPodAutoscaler`);
  }
  for (const s of of('Secret')) problems.push(`Secret/${s.metadata.name} is committed: reference it (ExternalSecret in production)`);
  const ingresses = of('Ingress');
  if (ingresses.length !== 1) problems.push(`${ingresses.length} Ingresses, expected the gateway's only`);
  for (const ingress of ingresses)
    for (const rule of ingress.spec.rules ?? [])
      for (const path of rule.http.paths)
        if (path.backend.service?.name !== 'gateway')
          problems.push(`Ingress/${ingress.metadata.name} routes to ${path.backend.service?.name}`);
  const defaultDeny = of('NetworkPolicy').some(
    (p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && p.spec.policyTypes?.includes('Ingress') && !p.spec.ingress?.length,
  );
  if (!defaultDeny) problems.push('no default-deny ingress NetworkPolicy');
  return problems;
}

/** The pods (by app label) allowed to reach pods labelled app=<name>, and whether any namespace may. */
export function allowedCallers(objects: Obj[], app: string): { apps: Set<string>; namespaces: boolean } {
  const apps = new Set<string>();
  let namespaces = false;
  // The Prometheus scrape policy is checked on its own (scrapeAllowance): it admits no caller.
  for (const p of objects.filter((o) => o.kind === 'NetworkPolicy' && o.metadata.name !== 'prometheus-scrape')) {
    const selector = p.spec.podSelector ?? {};
    const selects = Object.keys(selector).length === 0 || matches(selector, { app });
    if (!selects) continue;
    for (const rule of p.spec.ingress ?? []) {
      if (!rule.from) namespaces = true; // from anywhere
      for (const peer of rule.from ?? []) {
        if (peer.namespaceSelector || peer.ipBlock) namespaces = true;
        else if (peer.podSelector?.matchLabels?.app) apps.add(peer.podSelector.matchLabels.app);
        else if (peer.podSelector) apps.add('*');
      }
    }
  }
  return { apps, namespaces };
}

/** What `prometheus-scrape` admits: only Prometheus pods of one namespace, only on metrics ports. */
export function scrapeAllowance(objects: Obj[]): { peers: Obj[]; ports: Obj[] } | null {
  const p = objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'prometheus-scrape');
  if (!p) return null;
  return { peers: p.spec.ingress.flatMap((r: Obj) => r.from ?? [{}]), ports: p.spec.ingress.flatMap((r: Obj) => r.ports ?? [{}]) };
}
