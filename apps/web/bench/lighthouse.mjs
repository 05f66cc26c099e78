#!/usr/bin/env node
// Lighthouse 12 (mobile preset: simulated slow 4G, the CPU slowed to the preset's phone) on the built
// app served by the real server with its demo data, five runs per page, the
// medians printed beside the goals; then the time to show the kept cartilla
// offline after tapping 'Cartilla' on a phone-sized, 4× slowed page.
// usage: npm run bench -w apps/web -- lighthouse   (builds first)
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_FULL_PATH } from '@red-dental/testing';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { selfSignedCertificate, startHttp2Front, startHttp2Server } from './http2-front.mjs';
import { buildReferences, REFERENCES } from './reference.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_FULL_PATH;
/** The demo affiliate (apps/api/src/db/seed/demo.ts). */
const DEMO_DOCUMENTO = '30123456';

const ALL_PAGES = [
  { path: '/login', signedIn: false },
  { path: '/login-afiliado', signedIn: false },
  { path: '/perfil-afiliado', signedIn: true },
  { path: '/cartilla', signedIn: true, showsMap: true },
  { path: '/notificaciones-afiliado', signedIn: true },
];
/**
 * BENCH_LIGHTHOUSE_PAGES=/login,/cartilla audits only those ('' audits none: only the offline timing);
 * BENCH_LIGHTHOUSE_SAVE=dir keeps every run's full report there.
 */
const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;

/**
 * The CPU slowdown: 'calibrated' (the default) sets it before each audit from
 * the host's measured speed, so that every audit emulates the same phone; a
 * number (4 is the preset's) applies it as it is.
 */
const CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU ?? 'calibrated';

/**
 * How the phone is emulated: 'simulate' (the preset's) loads the page at the host's speed and
 * models the phone from what it saw, multiplying each task by the slowdown; 'devtools' slows the
 * browser itself as it loads, so the page's own timers and yields see the phone's time.
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING ?? 'simulate';

/**
 * BENCH_LIGHTHOUSE_HTTP2=1 audits the pages through an HTTP/2 front (bench/http2-front.mjs), as a
 * deployment behind a TLS load balancer serves them; otherwise straight from the app (HTTP/1.1).
 */
const HTTP2 = process.env.BENCH_LIGHTHOUSE_HTTP2 === '1';
const CERTIFICATE = HTTP2 ? selfSignedCertificate() : null;
const BROWSER_ARGS = HTTP2 ? [...CHROMIUM_ARGS, '--ignore-certificate-errors'] : CHROMIUM_ARGS;
/** Where the audited pages are opened: the app itself, or the HTTP/2 front once started. */
let pageOrigin = ORIGIN;

/**
 * The slowdown that makes a host of this Lighthouse benchmark index behave as
 * the phone the mobile preset emulates: 4× is meant for a host of about 1533
 * (a fast desktop), and a slower host needs less. The curve is the one
 * Lighthouse's documentation points to (its CPU throttling calculator); a
 * two-core virtual machine measures 700–1600, from one minute to the next.
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The host's speed now, as Lighthouse measures it (median of three), in a page of the given browser. */
async function benchmarkIndex(browser) {
  const page = await browser.newPage();
  try {
    const indexes = [];
    for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return median(indexes);
  } finally {
    await page.close();
  }
}

const GOALS = { performance: 0.95, lcp: 1800, tbt: 150, cls: 0.05, accessibility: 1, bestPractices: 1 };

/** A plain light grey PNG of `size` pixels square, as a tile server sends its tiles. */
function greyPng(size) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size, 0xe5)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The tile server's stand-in: 256-pixel tiles, and 512-pixel ones under the
 * '@2x' names that TILE_URL's `{r}` asks for on high-density screens (the
 * tile server is outside the network's control; see docs/operating.md, TILE_URL).
 */
async function startTiles() {
  const tiles = { normal: greyPng(256), double: greyPng(512) };
  const handler = (req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
    res.end(req.url.includes('@2x') ? tiles.double : tiles.normal);
  };
  if (CERTIFICATE) return startHttp2Server(handler, CERTIFICATE);
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startApp(tileUrl, webDir) {
  const root = new URL('../../..', import.meta.url).pathname;
  const app = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'red-dental-lighthouse-')),
      LOG_LEVEL: 'warn',
      WEB_DIR: webDir,
      // Double-size tiles on high-density screens ({r}), as a tile server that offers them is set up.
      TILE_URL: tileUrl,
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${ORIGIN}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return app;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-app.pid);
  throw new Error('the server did not start');
}

async function affiliateToken() {
  const response = await fetch(`${ORIGIN}/api/afiliados/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documento: DEMO_DOCUMENTO }),
  });
  if (!response.ok) throw new Error(`affiliate sign-in: ${response.status}`);
  return (await response.json()).token;
}

/**
 * How long a browser just started is left alone before it is measured: Chromium builds its own
 * pages as it starts (the address bar's popup, about half a second of CPU in a renderer of its
 * own), which would otherwise share the two cores with the host's measurement and the audit.
 */
const BROWSER_SETTLE_MS = Number(process.env.BENCH_BROWSER_SETTLE_MS ?? 4000);

/**
 * A fresh browser (empty cache, no service worker), signed in as the affiliate at `origin` when
 * asked, left to settle.
 */
async function freshBrowser(token, origin = pageOrigin) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS, headless: true });
  await new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));
  if (token) {
    const page = await browser.newPage();
    // A file of the origin that runs no script: storage is reachable, nothing gets installed.
    await page.goto(`${origin}/icons/icon-192.png`);
    await page.evaluate((value) => {
      localStorage.setItem('DC_TOKEN', value);
      localStorage.setItem('DC_SESSION', JSON.stringify({ kind: 'afiliado' }));
    }, token);
    await page.close();
  }
  return browser;
}

/** One audit, tried again when Lighthouse could not measure the page (it says why). */
async function audit(pagePath, token, attempts = 3) {
  try {
    return await auditOnce(pagePath, token);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.warn(`${pagePath}: ${error.message}; measured again`);
    return audit(pagePath, token, attempts - 1);
  }
}

async function auditOnce(pagePath, token) {
  const browser = await freshBrowser(token);
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    const slowdown =
      CPU_SLOWDOWN === 'calibrated'
        ? calibratedSlowdown(await benchmarkIndex(browser))
        : Number(CPU_SLOWDOWN);
    const result = await lighthouse(`${pageOrigin}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the session put in storage; the browser is new, so nothing else is there.
      disableStorageReset: Boolean(token),
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
      throttlingMethod: THROTTLING,
    });
    if (process.env.BENCH_LIGHTHOUSE_SAVE) {
      const name = `${pagePath.slice(1).replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_SAVE, name), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError)
      throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      // All the main thread's work during the load (scripts, styles, layout), at the slowdown applied
      // (simulated, Lighthouse multiplies what it saw by it; with 'devtools' the browser ran that much
      // slower), and as this host did it.
      work: audits['mainthread-work-breakdown'].numericValue,
      hostWork: audits['mainthread-work-breakdown'].numericValue / slowdown,
      slowdown,
      hostIndex: result.lhr.environment.benchmarkIndex,
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await browser.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** From tapping 'Cartilla' in the phone menu, offline, to the kept list and its notice on screen. */
async function offlineCartillaMs(token) {
  const browser = await freshBrowser(token, ORIGIN);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 740, isMobile: true, hasTouch: true });
    await page.goto(`${ORIGIN}/perfil-afiliado`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
    await page.goto(`${ORIGIN}/cartilla`);
    await page.waitForFunction(() => document.body.innerText.includes('profesional'), { timeout: 30_000 });
    await page.goto(`${ORIGIN}/perfil-afiliado`);
    // Offline for the page and for the service worker, which fetches on its own.
    await page.setOfflineMode(true);
    const worker = await browser.waitForTarget((target) => target.type() === 'service_worker');
    const workerCdp = await worker.createCDPSession();
    await workerCdp.send('Network.enable');
    await workerCdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.reload();
    await page.waitForSelector('button[aria-controls]');
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.click('button[aria-controls]');
    const link = await page.waitForSelector('a[href="/cartilla"]', { visible: true });
    const started = performance.now();
    await link.tap();
    await page.waitForFunction(
      () =>
        document.body.innerText.includes('Sin conexión — cartilla del') &&
        /\d+ profesionales?/.test(document.body.innerText),
      { timeout: 30_000, polling: 'raf' },
    );
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}

const ok = (pass) => (pass ? 'ok' : 'MISSES');

/** A page's medians over RUNS audits, and the binary audits any run failed. */
async function measure(pagePath, token) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(pagePath, token));
  const m = (key) => median(runs.map((r) => r[key]));
  return {
    performance: m('performance'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    fcp: m('fcp'),
    work: m('work'),
    hostWork: m('hostWork'),
    slowdown: m('slowdown'),
    hostIndex: m('hostIndex'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

function figuresLine(label, figures) {
  return `${label.padEnd(26)} performance ${figures.performance.toFixed(2)}  FCP ${Math.round(figures.fcp)} ms  LCP ${Math.round(figures.lcp)} ms  TBT ${Math.round(figures.tbt)} ms  CLS ${figures.cls.toFixed(3)}  main-thread work ${Math.round(figures.work)} ms  accessibility ${figures.accessibility}  best practices ${figures.bestPractices}  (CPU ${figures.slowdown.toFixed(1)}× on a host of ${Math.round(figures.hostIndex)})`;
}

export async function runLighthouseBenchmark() {
  // The build as it is, plus the reference pages beside it (bench/reference.mjs).
  const tiles = await startTiles();
  const tileUrl = `${CERTIFICATE ? 'https' : 'http'}://127.0.0.1:${tiles.address().port}/{z}/{x}/{y}{r}.png`;
  const webDir = mkdtempSync(path.join(tmpdir(), 'red-dental-lighthouse-web-'));
  cpSync(new URL('../dist', import.meta.url).pathname, webDir, { recursive: true });
  await buildReferences(webDir, tileUrl);
  const app = await startApp(tileUrl, webDir);
  const front = CERTIFICATE ? await startHttp2Front(ORIGIN, CERTIFICATE) : null;
  if (front) pageOrigin = `https://127.0.0.1:${front.address().port}`;
  let failed = false;
  try {
    const token = await affiliateToken();
    console.log(
      `Lighthouse ${RUNS} runs per page, mobile preset (slow 4G), ${THROTTLING === 'devtools' ? 'the browser itself slowed' : 'simulated'}, ${front ? 'through an HTTP/2 front' : 'HTTP/1.1 from the app'}, CPU slowdown ${CPU_SLOWDOWN === 'calibrated' ? "calibrated to the host before each run (the preset's phone)" : `${CPU_SLOWDOWN}×`}, medians:`,
    );
    console.log(
      `goals: performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcp} ms, TBT ≤ ${GOALS.tbt} ms, CLS ≤ ${GOALS.cls}, accessibility ${GOALS.accessibility}, best practices ${GOALS.bestPractices}`,
    );
    const portal = [];
    for (const { path: pagePath, signedIn } of PAGES) {
      const figures = await measure(pagePath, signedIn ? token : null);
      if (signedIn) portal.push({ pagePath, figures });
      const pass =
        figures.performance >= GOALS.performance &&
        figures.lcp <= GOALS.lcp &&
        figures.tbt <= GOALS.tbt &&
        figures.cls <= GOALS.cls &&
        figures.accessibility >= GOALS.accessibility &&
        figures.bestPractices >= GOALS.bestPractices;
      if (!pass) failed = true;
      console.log(
        `${figuresLine(pagePath, figures)}  ${ok(pass)}` +
          (figures.failing.length ? `  (failing audits: ${figures.failing.join(', ')})` : ''),
      );
    }
    if (portal.length > 0) {
      let drawn;
      const shown = PAGES.some((page) => page.showsMap)
        ? [REFERENCES.profile, REFERENCES.drawn, REFERENCES.map]
        : [REFERENCES.profile, REFERENCES.drawn];
      for (const reference of shown) {
        const figures = await measure(reference.path, token);
        console.log(`${figuresLine(reference.label, figures)}  (${reference.about})`);
        if (reference === REFERENCES.drawn) drawn = figures;
      }
      // How many times a bare drawn page's work each portal page asks of the phone, from the work
      // as the host did it (each audit's slowdown differs): both sides are measured in the same
      // run on the same host, so the host's day moves it less than it moves the blocking time.
      console.log(
        `main-thread work as the host did it, beside the drawn reference's ${Math.round(drawn.hostWork)} ms: ${portal
          .map(({ pagePath, figures }) => `${pagePath} ${(figures.hostWork / drawn.hostWork).toFixed(1)}×`)
          .join(', ')}`,
      );
    }
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await offlineCartillaMs(token));
    const offline = median(times);
    if (offline >= 1000) failed = true;
    console.log(
      `offline cartilla, from tapping 'Cartilla' to the kept list (375 px, 4× CPU): median ${Math.round(offline)} ms of ${times.map((t) => Math.round(t)).join(', ')} (goal < 1000 ms) ${ok(offline < 1000)}`,
    );
  } finally {
    process.kill(-app.pid);
    front?.close();
    tiles.close();
    rmSync(webDir, { recursive: true, force: true });
  }
  return !failed;
}
