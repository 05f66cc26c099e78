import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@red-dental/testing';
import { chromium } from 'playwright-core';
import { API_DIR } from '../../test/processes.ts';

/*
 * The odontogram as a phone draws it: its own code's size (React and the
 * shared contracts are the app's anyway), and how long one click takes to
 * redraw the chart at the CPU slowdown of Lighthouse's mobile preset (4×).
 */

const WEB_SRC = path.join(API_DIR, '../web/src');
const COMPONENT = path.join(WEB_SRC, 'components/odontograma/index.ts');

/** A page with the editable chart, and `redraw(face)`: a click on a face, rendered and laid out, in ms. */
const HARNESS = `
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { useState } from 'react';
import { Odontograma } from ${JSON.stringify(COMPONENT)};

const marcas = [11, 16, 26, 36, 46, 21, 31, 41, 55, 75].map((pieza, i) => ({
  pieza, caras: i % 2 ? 'O' : '', tipo: i % 3 ? 'existente' : 'necesaria', texto: 'registro de prueba',
}));
function Chart() {
  const [seleccion, setSeleccion] = useState({ pieza: null, caras: '' });
  return <Odontograma label="Odontograma" marcas={marcas} seleccion={seleccion} onSeleccion={setSeleccion} />;
}
window.redraw = (face) => {
  const start = performance.now();
  flushSync(() => face.dispatchEvent(new MouseEvent('click', { bubbles: true })));
  void document.body.getBoundingClientRect().height;
  return performance.now() - start;
};
createRoot(document.getElementById('root')).render(<Chart />);
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function measureOdontograma(): Promise<{
  gzipKb: number;
  p50: number;
  p95: number;
  p99: number;
}> {
  const { build } = await import('esbuild');
  const own = await build({
    entryPoints: [COMPONENT],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    outdir: 'out',
    external: ['react', 'react/*', 'react-dom', '@red-dental/contracts'],
    loader: { '.module.css': 'local-css' },
  });
  const gzipKb = own.outputFiles.reduce((sum, f) => sum + gzipSync(f.contents).length, 0) / 1024;

  const harness = await build({
    stdin: { contents: HARNESS, loader: 'tsx', resolveDir: WEB_SRC },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    outdir: 'out',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.module.css': 'local-css' },
  });
  const js = harness.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = harness.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    await page.setContent(`<!doctype html><style>${css}</style><div id="root"></div>`);
    await page.addScriptTag({ content: js });
    await page.waitForSelector('[role="gridcell"]');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Run in the page: 420 clicks on faces across the chart, the first 20 left out as warm-up.
    const times = await page.evaluate<number[]>(`(() => {
      const faces = [...document.querySelectorAll('[role="checkbox"]')];
      const out = [];
      for (let i = 0; i < 420; i++) out.push(window.redraw(faces[(i * 37) % faces.length]));
      return out.slice(20);
    })()`);
    return { gzipKb, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
  } finally {
    await browser.close();
  }
}
