#!/usr/bin/env node
// `npm run rules`: lint, format check, dependency rules and types, as `npm test` runs them first.
// `--json <file>` also writes each check's problem count there (npm test's summary reads it).
import { writeFileSync } from 'node:fs';
import { runRules } from '../lib/rules.mjs';

const results = await runRules();
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(results));
process.exit(results.some((r) => r.problems > 0) ? 1 : 0);
