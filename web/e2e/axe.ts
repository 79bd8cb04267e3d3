import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.2 A and AA rules (DESIGN §8: every module passes axe in the walk). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's own words for the first node (for contrast: the two colours and the ratio). */
  summary?: string;
}

/** axe-core's violations inside `selector` on the page as it stands (axe is injected once per page). */
export async function axeViolations(page: Page, selector: string): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP (rightly)
  // refuses inline scripts, and the walk keeps the CSP on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A colour transition caught half-way (a button's 0.15 s fade as the theme or hover settles)
  // measures a contrast that no one ever reads, so axe looks only once every transition has ended.
  // A spinner's endless animation never finishes, so only the ones with an end are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  return page.evaluate(
    async ({ selector, tags }) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: any[] }> } }).axe;
      const result = await axe.run(selector, { runOnly: { type: 'tag', values: tags } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n: { target: string[] }) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join(' ').trim(),
      }));
    },
    { selector, tags: TAGS },
  );
}
