import type { Page } from 'playwright-core';

// axe-core, the engine behind Lighthouse's accessibility score, run inside each page: WCAG 2.1 A and AA plus
// its best practices (landmarks, heading order). docs/architecture.md#budgets sets an accessibility score of 100.
const AXE = require.resolve('axe-core/axe.min.js');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

export async function violations(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  }, RULES);
  return found.map((v) => `${path}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
