// The dependency rules of the monorepo (DESIGN §6), run by `npm run deps` and by `npm test` (Rules step).
// Paths are relative to the repository root. A workspace imported by its package name (@salon/x) resolves
// through node_modules to its folder (packages/x/dist/... once built), so each rule names both forms.
const SERVICES = '(clients|identity|messaging|scheduling|retail|payroll|documents)';
const OUR_PACKAGES = `^(packages/|services/|gateway/|web/|node_modules/@salon/|@salon/)`;
const A_SERVICE = `^(services/|node_modules/@salon/${SERVICES}/|@salon/${SERVICES}($|/))`;
// What a feature's domain folder must not know: transport, persistence and the frameworks behind them.
const TRANSPORT_OR_PERSISTENCE = [
  '^services/[^/]+/src/modules/[^/]+/(http|graphql|persistence|events|jobs)/',
  '^services/[^/]+/src/(app\\.module|main|config)\\.ts$',
  '(^|/)node_modules/(@nestjs|@apollo|@as-integrations|typeorm|pg|ioredis|kafkajs|bullmq|express|graphql)/',
  '^(@nestjs/|@apollo/|typeorm|pg|ioredis|kafkajs|bullmq|express|graphql)($|/)',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and hide which file owns what: split the shared part into its own file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-service-imports-another-service',
      severity: 'error',
      comment: "Services talk over HTTP/GraphQL/events with the shapes in @salon/contracts, never through each other's code.",
      from: { path: '^services/([^/]+)/' },
      to: { path: A_SERVICE, pathNot: ['^services/$1/', '^node_modules/@salon/$1/', '^@salon/$1($|/)'] },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      comment: 'packages/contracts is the leaf every part imports: it may not depend on any other workspace.',
      from: { path: '^packages/contracts/' },
      to: { path: OUR_PACKAGES, pathNot: ['^packages/contracts/', '^node_modules/@salon/contracts/', '^@salon/contracts($|/)'] },
    },
    {
      name: 'tokens-import-nothing-of-ours',
      severity: 'error',
      comment: 'packages/tokens is framework-free: the gateway and every service use it.',
      from: { path: '^packages/tokens/' },
      to: {
        path: OUR_PACKAGES,
        pathNot: ['^packages/(tokens|contracts)/', '^node_modules/@salon/(tokens|contracts)/', '^@salon/(tokens|contracts)($|/)'],
      },
    },
    {
      name: 'nest-kit-knows-no-service',
      severity: 'error',
      comment: 'The kit serves every service; it may use contracts and tokens, never a service, the gateway or the web.',
      from: { path: '^packages/nest-kit/' },
      to: { path: [A_SERVICE, '^(gateway|web)/', '^(node_modules/)?@salon/(gateway|web)($|/)'] },
    },
    {
      name: 'web-imports-no-service',
      severity: 'error',
      comment: "The web knows the platform through @salon/contracts and the gateway's API only.",
      from: { path: '^web/' },
      to: { path: [A_SERVICE, '^(gateway|packages/(nest-kit|tokens))/', '^(node_modules/)?@salon/(gateway|nest-kit|tokens)($|/)'] },
    },
    {
      name: 'domain-imports-no-transport-or-persistence',
      severity: 'error',
      comment: "A feature's domain/ folder holds pure rules: no http, graphql, persistence, events or jobs code, no framework.",
      from: { path: '^services/[^/]+/src/modules/[^/]+/domain/' },
      to: { path: TRANSPORT_OR_PERSISTENCE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|\\.turbo)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
