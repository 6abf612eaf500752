import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
}

/**
 * axe-core in the page: no critical and no serious violation. axe is injected as a script, so the
 * page's context must bypass the portal's content security policy (`bypassCSP: true`).
 */
export async function axeClean(page: Page, where: string): Promise<void> {
  await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (d: Document, o: object) => Promise<AxeResult> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  const bad = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, where).toEqual([]);
}
