// A token replayed from elsewhere takes its owner's seats; the owner's page says so in one line
// under its header (the server's `notice`). The other place is a bare WebSocket opened by this
// test that names another client address in X-Forwarded-For (the server trusts 127.0.0.1 as
// its proxy, so that is the address it counts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import crypto from 'node:crypto';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, checkGuard } from './support/page-driver.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ args: ['--trust-proxy', '127.0.0.1'] });
  browser = await launchBrowser();
});
after(stopAll);

// One masked text frame, as a client sends it.
function textFrame(text) {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const head = payload.length < 126
    ? Buffer.from([0x81, 0x80 | payload.length])
    : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, body]);
}

// Opens /ws as a client behind a proxy at `forwardedFor`, sends `text`, and resolves with what
// the server sent in the next `ms` milliseconds (frames undecoded: the tests look for text).
function sayFrom(port, forwardedFor, text, ms = 1000) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    let got = Buffer.alloc(0);
    let upgraded = false;
    s.on('connect', () => {
      s.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n` +
        `X-Forwarded-For: ${forwardedFor}\r\n\r\n`);
    });
    s.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf('\r\n\r\n');
      if (upgraded || end < 0) return;
      upgraded = true;
      if (!/^HTTP\/1\.1 101/.test(got.toString('latin1'))) {
        s.destroy();
        reject(new Error(`upgrade refused: ${got.toString('latin1')}`));
        return;
      }
      got = got.subarray(end + 4);
      s.write(textFrame(text));
      setTimeout(() => { s.destroy(); resolve(got.toString('latin1')); }, ms);
    });
    s.on('error', reject);
  });
}

test('a token used from another address: the page says so in one line and plays on', async () => {
  const alice = await openPage(browser, server);
  await arrive(alice, server, 'alice');
  const notice = alice.page.locator('#notice');
  assert.equal(await notice.isHidden(), true);
  const token = await alice.page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('ringside.token'));
    return key ? localStorage.getItem(key) : null;
  });
  assert.match(token, /^[0-9a-f]{64}$/);

  const answer = await sayFrom(server.port, '198.51.100.9',
    JSON.stringify({ type: 'hello', name: 'alice', token }));
  assert.match(answer, /"type":"welcome"/);
  await notice.waitFor({ state: 'visible' });
  assert.match(await notice.textContent(), /^your identity was just used to connect from another place/);
  assert.equal(await notice.getAttribute('role'), 'alert');
  // Nothing else changed: still online, still alice.
  await alice.page.locator('.link-state.online').waitFor();
  assert.equal(await alice.page.locator('#who').textContent(), 'alice');
  checkGuard(alice);
});
