// Each rule check of `npm test` fails on a planted violation, naming the file and the rule, with the
// real configuration: ESLint on a file planted in web/src for the run (type information and the
// React rules apply there), Prettier on a file planted beside this spec, dependency-cruiser on the
// fixture tree in fixtures/rules (laid out like the repository).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/install.mjs';
import { dependencyProblems, formatProblems, lintProblems, typeErrors } from '../lib/rules.mjs';

interface Problem {
  file: string;
  line: number;
  rule: string;
  message: string;
}

const planted: string[] = [];
function plant(relPath: string, text: string): string {
  const path = join(ROOT, relPath);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  planted.push(path);
  return relPath;
}
afterAll(() => {
  for (const path of planted) rmSync(path, { force: true });
  rmSync(join(ROOT, `infra/test/planted-${process.pid}`), { recursive: true, force: true });
});

describe('the rules checks of npm test', () => {
  it('ESLint reports a floating promise and a hook called conditionally, naming the file and the rule', async () => {
    const file = plant(
      `web/src/rules-planted-${process.pid}.tsx`,
      [
        "import { useState } from 'react';",
        '',
        'async function save(): Promise<void> {}',
        '',
        'export function Planted({ open }: { open: boolean }) {',
        '  if (open) {',
        '    const [value] = useState(0);',
        '    return <p>{value}</p>;',
        '  }',
        '  save();',
        '  return null;',
        '}',
        '',
      ].join('\n'),
    );
    const { problems } = (await lintProblems([file])) as { problems: Problem[] };
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file, line: 10, rule: '@typescript-eslint/no-floating-promises' }),
        expect.objectContaining({ file, line: 7, rule: 'react-hooks/rules-of-hooks' }),
      ]),
    );
  });

  it('Prettier reports a badly formatted file with the real config, and passes one in the house style', async () => {
    const dir = `infra/test/planted-${process.pid}`;
    const bad = plant(`${dir}/badly-formatted.ts`, 'export const  greeting = {text:"hello", to: [ "you" ]}\n');
    const good = plant(
      `${dir}/well-formatted.ts`,
      "export const line = ['a line of one hundred and twenty characters stays on one line with a width of 140', 'really'];\n",
    );
    const { problems } = (await formatProblems([bad, good])) as { problems: Problem[] };
    expect(problems).toEqual([expect.objectContaining({ file: bad, rule: 'prettier' })]);
  });

  it('dependency-cruiser reports each planted dependency violation with its file and rule', async () => {
    const fixtures = join(ROOT, 'infra/test/fixtures/rules');
    const { problems } = (await dependencyProblems(['packages', 'services'], fixtures)) as { problems: Problem[] };
    const found = problems.map((p) => `${p.rule} ${p.file}`).sort();
    expect(found).toEqual([
      'contracts-import-nothing-of-ours packages/contracts/src/index.ts',
      'domain-imports-no-transport-or-persistence services/scheduling/src/modules/visits/domain/visit-length.ts',
      'no-circular packages/nest-kit/src/events/event-transport.ts',
      'no-service-imports-another-service services/clients/src/modules/reminders/use-cases/reach-scheduling.use-case.ts',
    ]);
    expect(problems.find((p) => p.rule === 'no-circular')?.message).toContain('redis.transport.ts');
    expect(problems.find((p) => p.rule === 'domain-imports-no-transport-or-persistence')?.message).toContain(
      'persistence/visit.repository.ts',
    );
  });
});

describe('the type check', () => {
  it('names the workspace, file, line and error of each TypeScript error in turbo’s output', () => {
    const output = [
      '@salon/web:typecheck: src/pages/x.test.tsx(23,24): error TS2353: Object literal may only specify known properties.',
      '@salon/web:typecheck: npm error Lifecycle script `typecheck` failed',
      "@salon/scheduling:typecheck: src/test/app.ts(94,33): error TS2783: 'bio' is specified more than once.",
      ' Tasks:    10 successful, 12 total',
    ].join('\n');
    expect(typeErrors(output)).toEqual([
      { file: '@salon/web src/pages/x.test.tsx', line: 23, rule: 'TS2353', message: 'Object literal may only specify known properties.' },
      { file: '@salon/scheduling src/test/app.ts', line: 94, rule: 'TS2783', message: "'bio' is specified more than once." },
    ]);
    expect(typeErrors('@salon/web:typecheck: all good')).toEqual([]);
  });
});
