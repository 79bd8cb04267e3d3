#!/usr/bin/env node
// `npm run rules`: lint, format check and dependency rules, as `npm test` runs them first.
import { runRules } from '../lib/rules.mjs';

const results = await runRules();
process.exit(results.some((r) => r.problems > 0) ? 1 : 0);
