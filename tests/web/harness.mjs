// The browser tests' harness: a real ringside-server on a free loopback port (the binary
// from RINGSIDE_SERVER, which tests/web/CMakeLists.txt sets), Debian's chromium driven by
// playwright-core (pinned in package-lock.json; Playwright's own browsers are never
// downloaded), and a guard on every page that fails the test when a request leaves the test
// server, the page throws or logs an error, or its Content-Security-Policy refuses anything.
//
//   startServer({ args })        -> { url: 'http://127.0.0.1:PORT/', wsUrl, port }
//   launchBrowser()              -> a playwright Browser
//   openPage(browser, server, contextOptions) -> { context, page, guard: { check(), problems } }
//   stopAll()                    -> closes every browser and stops every server started here
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { createInterface } from 'node:readline';

const CHROMIUM = process.env.RINGSIDE_CHROMIUM || '/usr/bin/chromium';
// Headless, with everything that would make chromium talk to anyone but the test server off.
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

const servers = [];
const browsers = [];

// Starts ringside-server with its own --data directory and `args` (extra flags), and waits
// for its `listening on` line.
export async function startServer({ args = [] } = {}) {
  const binary = process.env.RINGSIDE_SERVER;
  assert.ok(binary, 'RINGSIDE_SERVER is not set: run the browser tests with ctest ' +
    '(ctest --preset release -L web), or set it to build/bin/ringside-server');
  assert.ok(existsSync(binary), `RINGSIDE_SERVER=${binary} does not exist: build it first`);
  const data = mkdtempSync(path.join(os.tmpdir(), 'ringside-web-'));
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--data', data,
    '--log-level', 'warn', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { child, data, exited: new Promise((r) => child.once('exit', r)) };
  servers.push(entry);
  // The server's warnings and errors belong in the test's output.
  child.stderr.on('data', (chunk) => process.stderr.write(`[ringside-server] ${chunk}`));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ringside-server did not say `listening on` within 20 s')), 20000);
    child.once('exit', (code) => reject(new Error(`ringside-server exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^listening on 127\.0\.0\.1:(\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  return { url: `http://127.0.0.1:${port}/`, wsUrl: `ws://127.0.0.1:${port}/ws`, port };
}

async function playwright() {
  try {
    return await import('playwright-core');
  } catch (e) {
    throw new Error('playwright-core is not installed in tests/web: run ' +
      '`(cd tests/web && npm ci)` (scripts/test does) — ' + e.message);
  }
}

export async function launchBrowser() {
  const { chromium } = await playwright();
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium ` +
    '(scripts/install-deps --test does), or point RINGSIDE_CHROMIUM at a Chromium');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  browsers.push(browser);
  return browser;
}

// A person: a browser context of their own (their own localStorage, so their own identity),
// one page in it, and the guard.
export async function openPage(browser, server, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  // The page's Content-Security-Policy must never have to refuse anything the page does:
  // every violation is reported on the console, where the guard below sees it.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`securitypolicyviolation: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'}`);
    });
  });
  const page = await context.newPage();
  const origin = new URL(server.url).host;
  const problems = [];
  const outside = (url) => {
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return false;
    return u.host !== origin;
  };
  context.on('request', (req) => {
    if (outside(req.url())) problems.push(`a request left the test server: ${req.method()} ${req.url()}`);
  });
  page.on('websocket', (ws) => {
    if (outside(ws.url())) problems.push(`a WebSocket left the test server: ${ws.url()}`);
  });
  page.on('pageerror', (err) => problems.push(`an uncaught error in the page: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const csp = /^securitypolicyviolation: (.*)$/.exec(msg.text());
    problems.push(csp ? `a CSP violation: ${csp[1]}` : `the page logged an error: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} for ${res.url()}`);
  });
  const guard = {
    problems,
    check() {
      assert.deepEqual(problems, [], 'the page stayed on the test server, without errors');
    },
  };
  return { context, page, guard };
}

// Closes every browser, then stops every server (SIGTERM, then SIGKILL after 5 s) and
// removes its data directory.
export async function stopAll() {
  await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => {})));
  await Promise.all(servers.splice(0).map(async ({ child, data, exited }) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(data, { recursive: true, force: true });
  }));
}
