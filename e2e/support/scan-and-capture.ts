import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** A desktop and a phone: the two widths every screen is checked and captured at. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/**
 * At 1280 and 375 px: fails on any serious or critical axe finding, then saves
 * a full-page screenshot as artifacts/<name>-<width>.png. `prepare` runs after
 * each resize (to load the page again, for instance). The page is left at 1280 px.
 */
export async function scanAndCapture(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await prepare?.();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `serious or critical violations on ${name} at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}
