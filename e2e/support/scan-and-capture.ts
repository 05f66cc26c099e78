import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** axe-core's browser build, put into a page the first time the page is scanned. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until the page shows what it will keep showing: what a change of width
 * redraws (columns a phone hides, a menu folded) has been drawn, and every
 * animation that ends (a dialog fading in) has ended. A scan of a dialog
 * halfway through its fade measures the contrast of text not yet opaque.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await frame();
    const ending = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The serious and critical findings of axe-core's rules on the page as it is
 * now. axe is put in once per document (the two widths of a screen share it)
 * and only violations come back: the page has no frames, so the scan runs in
 * place, without the blank page a frame-by-frame scan assembles its results in.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<AxeResults> } }).axe;
    const results = await axe.run({ resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** A desktop and a phone: the two widths every screen is checked and captured at. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/**
 * What a reader would see as broken: the page scrolling sideways, or a word in a
 * table cut across two lines though the cell could hold it whole ('Atenc ión').
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // The first element past the window's edge that no scrolling box holds.
      const scrolls = (e: Element) => /auto|scroll|hidden/.test(getComputedStyle(e).overflowX);
      const held = (e: Element) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
          if (scrolls(a)) return true;
        return false;
      };
      const wide = [...document.querySelectorAll('body *')].find(
        (e) => e.getBoundingClientRect().right > root.clientWidth + 1 && !held(e),
      );
      // An element held by a scroller may still escape it when absolutely positioned past it.
      const what = wide
        ? `${wide.tagName.toLowerCase()}.${[...wide.classList].join('.')}`
        : 'a positioned element';
      faults.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window (${what})`);
    }
    /** The width a line of this text can take: its nearest block's, inside its padding. */
    const blockWidth = (node: Node) => {
      let element = node.parentElement;
      while (element && getComputedStyle(element).display.startsWith('inline'))
        element = element.parentElement;
      if (!element) return 0;
      const style = getComputedStyle(element);
      return (
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      );
    };
    for (const cell of document.querySelectorAll('td, th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const width = blockWidth(node);
        // Hyphens and slashes are places a line may break (phones, dates): the pieces between count as words.
        for (const match of text.matchAll(/[^\s/-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const pieces = [...range.getClientRects()];
          const lines = new Set(pieces.map((r) => Math.round(r.top)));
          // Cut though the word, its pieces laid end to end, fits one line of the block.
          if (lines.size > 1 && pieces.reduce((sum, r) => sum + r.width, 0) <= width)
            faults.push(`'${match[0]}' is cut across lines in a table cell`);
        }
      }
    }
    return faults;
  });
}

/**
 * At 1280 and 375 px: fails on any serious or critical axe finding or layout
 * fault (`layoutFaults`), then saves
 * a full-page screenshot as artifacts/<name>-<width>.png. `prepare` runs after
 * each resize (to load the page again, for instance). The page is left at 1280 px.
 */
export async function scanAndCapture(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await prepare?.();
    const serious = await seriousViolations(page);
    expect(serious, `serious or critical violations on ${name} at ${viewport.width} px`).toEqual([]);
    expect(await layoutFaults(page), `layout of ${name} at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}
