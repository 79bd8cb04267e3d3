// The rules of the tree as four checks, each answering a list of problems that name the file and
// the rule: ESLint (eslint.config.mjs), Prettier (.prettierrc.json, .prettierignore),
// dependency-cruiser (.dependency-cruiser.cjs) and TypeScript (every workspace's typecheck). Used by `npm test` (infra/bin/test.mjs), by
// `npm run rules` and by infra/test/rules.spec.ts, which plants a violation of each.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative } from 'node:path';
import { ROOT } from './install.mjs';

/** What `npm run deps` cruises: every workspace's code (infra's fixtures are not part of it). */
export const CRUISED = ['packages', 'services', 'gateway', 'web'];

const rel = (file, root = ROOT) => (isAbsolute(file) ? relative(root, file) : file);

/**
 * ESLint errors (warnings are counted, not listed) for files or folders, relative to the root.
 * @returns {Promise<{ problems: { file: string; line: number; rule: string; message: string }[]; warnings: number }>}
 */
export async function lintProblems(patterns = ['.']) {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: ROOT, errorOnUnmatchedPattern: false });
  const results = await eslint.lintFiles(patterns);
  const problems = [];
  let warnings = 0;
  for (const r of results) {
    for (const m of r.messages) {
      if (m.severity < 2) {
        warnings++;
        continue;
      }
      problems.push({ file: rel(r.filePath), line: m.line ?? 0, rule: m.ruleId ?? 'eslint', message: m.message.split('\n')[0] });
    }
  }
  return { problems, warnings };
}

/** The files Prettier would look at for `prettier --check .` (tracked and new files, minus .gitignore). */
function treeFiles() {
  const out = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (out.status !== 0) throw new Error(`git ls-files failed: ${out.stderr}`);
  return out.stdout.split('\0').filter(Boolean);
}

/**
 * Files that Prettier (with the root config and .prettierignore) would rewrite.
 * @returns {Promise<{ problems: { file: string; line: number; rule: string; message: string }[]; checked: number }>}
 */
export async function formatProblems(files = treeFiles()) {
  const prettier = await import('prettier');
  const ignorePath = join(ROOT, '.prettierignore');
  const problems = [];
  let checked = 0;
  for (const file of files) {
    const path = isAbsolute(file) ? file : join(ROOT, file);
    const info = await prettier.getFileInfo(path, { ignorePath, resolveConfig: true });
    if (info.ignored || !info.inferredParser) continue;
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // deleted but still in the index
    }
    checked++;
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    if (!(await prettier.check(text, options))) {
      problems.push({ file: rel(path), line: 0, rule: 'prettier', message: 'not formatted (npm run format)' });
    }
  }
  return { problems, checked };
}

/**
 * Dependency rule violations. `root` is where the rules' paths start (the repository, or a fixture
 * tree laid out like it).
 * @returns {Promise<{ problems: { file: string; line: number; rule: string; message: string }[]; modules: number }>}
 */
export async function dependencyProblems(paths = CRUISED, root = ROOT) {
  const { cruise } = await import('dependency-cruiser');
  const require = createRequire(import.meta.url);
  const config = require(join(ROOT, '.dependency-cruiser.cjs'));
  const previous = process.cwd();
  process.chdir(root); // dependency-cruiser resolves and reports relative to the working directory
  try {
    const { output } = await cruise(paths, {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsConfig: { fileName: join(ROOT, 'tsconfig.base.json') },
      outputType: 'json',
    });
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    const problems = result.summary.violations.map((v) => ({
      file: v.from,
      line: 0,
      rule: v.rule.name,
      message: v.cycle ? `cycle: ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(' → ')}` : `imports ${v.to}`,
    }));
    return { problems, modules: result.summary.totalCruised };
  } finally {
    process.chdir(previous);
  }
}

/** The `error TS…` lines of turbo's typecheck output: `@salon/web:typecheck: src/x.tsx(12,3): error TS2322: …`. */
export function typeErrors(text) {
  const problems = [];
  for (const m of text.matchAll(/^(@[\w/-]+|[\w-]+):typecheck: (.+?)\((\d+),\d+\): error (TS\d+): (.+)$/gm))
    problems.push({ file: `${m[1]} ${m[2]}`, line: Number(m[3]), rule: m[4], message: m[5] });
  return problems;
}

/**
 * TypeScript errors of every workspace, tests included (`turbo run typecheck`: each workspace's
 * `tsc --noEmit`). The builds check only what they ship and Vite checks nothing, so without this a
 * test file or a web page could hold a type error that no step reports.
 * @returns {{ problems: { file: string; line: number; rule: string; message: string }[]; workspaces: number }}
 */
export function typeProblems() {
  const out = spawnSync('npx', ['turbo', 'run', 'typecheck', '--continue', '--output-logs=errors-only', '--log-prefix=task'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const text = `${out.stdout}\n${out.stderr}`;
  const problems = typeErrors(text);
  if (out.status !== 0 && !problems.length)
    problems.push({
      file: '-',
      line: 0,
      rule: 'typecheck',
      message: `turbo run typecheck failed: ${text.trim().split('\n').slice(-5).join(' / ')}`,
    });
  const workspaces = Number(/Tasks:\s+\d+ successful, (\d+) total/.exec(text)?.[1] ?? 0);
  return { problems, workspaces };
}

/** Runs the four checks, prints each problem as `file:line  rule  message`, and answers the counts. */
export async function runRules({ print = console.log } = {}) {
  const checks = [
    {
      name: 'ESLint',
      run: async () => lintProblems(),
      note: (r) => (r.warnings ? `, ${r.warnings} warnings (npm run lint lists them)` : ''),
    },
    { name: 'Prettier', run: async () => formatProblems(), note: (r) => ` in ${r.checked} files` },
    { name: 'Dependency rules', run: async () => dependencyProblems(), note: (r) => ` in ${r.modules} modules` },
    { name: 'Types', run: async () => typeProblems(), note: (r) => (r.workspaces ? ` in ${r.workspaces} workspaces` : '') },
  ];
  const results = [];
  for (const check of checks) {
    const started = Date.now();
    let result;
    try {
      result = await check.run();
    } catch (error) {
      result = {
        problems: [
          {
            file: '-',
            line: 0,
            rule: check.name,
            message: `the check itself failed: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      };
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const mark = result.problems.length ? '✗' : '✓';
    const extra = result.problems[0]?.file === '-' ? '' : check.note(result);
    print(`${mark} ${check.name}: ${result.problems.length} problems${extra} (${seconds} s)`);
    for (const p of result.problems.slice(0, 200)) print(`  ${p.file}${p.line ? `:${p.line}` : ''}  ${p.rule}  ${p.message}`);
    if (result.problems.length > 200) print(`  … and ${result.problems.length - 200} more`);
    results.push({ name: check.name, problems: result.problems.length });
  }
  return results;
}
