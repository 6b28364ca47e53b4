// The page talks only to the server it came from, and no other site may frame it: a link
// that names another server (`?server=ws://...`) does not make the page connect there, and
// a page on another origin that frames it gets an empty frame. The page does all this under
// its Content-Security-Policy without a single violation (the guard fails on any), its own
// WebSocket included (connect-src 'self').
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { createRoom, checkGuard } from './support/page-driver.mjs';

let server;
let browser;
const listeners = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await stopAll();
  await Promise.all(listeners.map((l) => new Promise((r) => l.close(r))));
});

// A listener on a free loopback port (not the test server's) that counts who connects.
async function listen(make) {
  const listener = make();
  listeners.push(listener);
  await new Promise((r) => listener.listen(0, '127.0.0.1', r));
  return listener;
}

test('?server= naming another server: the page still talks to its own, and nothing else', async () => {
  let connections = 0;
  const other = await listen(() => net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  }));
  const elsewhere = `ws://127.0.0.1:${other.address().port}/ws`;

  const person = await openPage(browser, server, { viewport: { width: 1280, height: 900 } });
  const sockets = [];
  person.page.on('websocket', (ws) => sockets.push(ws.url()));
  await person.page.goto(`${server.url}?server=${encodeURIComponent(elsewhere)}`);
  await person.page.getByLabel('Name').fill('vic');
  await person.page.getByRole('button', { name: 'Continue' }).click();
  await person.page.locator('.link-state.online').waitFor();
  const room = await createRoom(person.page, { game: 'zertz' });
  // The record comes from the page's own server too.
  const record = await person.page.getByRole('link', { name: 'Download record' }).getAttribute('href');
  assert.equal(record, `${server.url}api/rooms/${room}/record`);
  await person.page.waitForTimeout(500);

  assert.equal(connections, 0, `nothing connected to ${elsewhere}`);
  assert.deepEqual([...new Set(sockets)], [server.wsUrl], 'the only WebSocket is to the page\'s own server');
  checkGuard(person);
});

test('a page on another origin cannot frame the page', async () => {
  const framer = await listen(() => http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>elsewhere</title><iframe src="${server.url}"></iframe>`);
  }));
  // No guard here: the framing page is itself on another origin.
  const context = await browser.newContext();
  const page = await context.newPage();
  const asked = [];
  context.on('request', (req) => asked.push(req.url()));
  const refusals = [];
  page.on('console', (msg) => {
    if (/frame-ancestors|X-Frame-Options/.test(msg.text())) refusals.push(msg.text());
  });
  await page.goto(`http://127.0.0.1:${framer.address().port}/`);
  await page.waitForTimeout(1000);

  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert.ok(frame, 'the iframe is there');
  assert.notEqual(frame.url(), server.url, `the frame did not become the page (it is ${frame.url()})`);
  assert.equal(await page.frameLocator('iframe').locator('#link-state').count(), 0,
    'nothing of the page is in the frame');
  // The browser asked for the page, read its headers, and went no further: no script loaded.
  assert.ok(asked.includes(server.url), `the frame asked for the page: ${asked.join(' ')}`);
  assert.ok(!asked.some((u) => u.startsWith(server.url) && u.endsWith('.js')),
    `no script of the page loaded: ${asked.join(' ')}`);
  assert.ok(refusals.length > 0, 'chromium says why it refused the frame');
  console.log(`refused: ${refusals[0]}`);
  await context.close();
});
