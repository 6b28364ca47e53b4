// The page as a browser gets it from ringside-server (which builds it into its binary): every
// file from the test server itself, gzipped, with an ETag; the whole page under 200 KB as
// sent; a reload revalidates (304) instead of downloading again. And the guard every other
// scenario relies on does see a request to another host, an error in the page and a
// violation of the page's Content-Security-Policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, checkGuard } from './support/page-driver.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(stopAll);

// Every response the page gets while `act` runs, with its size on the wire.
async function responses(page, act) {
  const seen = [];
  const listen = (res) => seen.push(res);
  page.on('response', listen);
  await act();
  page.off('response', listen);
  return Promise.all(seen.filter((r) => r.url().startsWith('http')).map(async (res) => {
    const sizes = await res.request().sizes();
    return {
      path: new URL(res.url()).pathname,
      status: res.status(),
      headers: res.headers(),
      body: sizes.responseBodySize,
      header: sizes.responseHeadersSize,
    };
  }));
}

test('the page is served gzipped with ETags, under 200 KB, and a reload revalidates', async () => {
  const person = await openPage(browser, server, { viewport: { width: 1280, height: 900 } });
  const first = await responses(person.page, () => arrive(person, server, 'sam'));
  const paths = first.map((r) => r.path).sort();
  assert.ok(paths.includes('/') && paths.includes('/style.css') && paths.includes('/js/app.js') &&
    paths.includes('/vendor/fast-json-patch/core.js'), paths.join(' '));
  for (const r of first) {
    assert.equal(r.status, 200, r.path);
    assert.equal(r.headers['content-encoding'], 'gzip', `${r.path} is sent gzipped`);
    assert.match(r.headers.etag, /^"[0-9a-f]{24}-gzip"$/, r.path);
    assert.equal(r.headers['cache-control'], 'no-cache', r.path);
  }
  const body = first.reduce((n, r) => n + r.body, 0);
  const headers = first.reduce((n, r) => n + r.header, 0);
  console.log(`first load: ${first.length} requests, ${body} bytes of bodies (gzip) + ${headers} of headers`);
  assert.ok(body + headers < 200 * 1000, `the page is ${body + headers} bytes as sent`);

  // A reload asks again (no-cache) and gets 304s: the bodies are not sent twice.
  const again = await responses(person.page, async () => {
    await person.page.reload();
    await person.page.locator('.link-state.online').waitFor();
  });
  const revalidated = again.filter((r) => r.status === 304);
  const reloadBody = again.reduce((n, r) => n + r.body, 0);
  // (Chromium may report the revalidated document as a 200; its body is empty all the same.)
  const others = again.filter((r) => r.status !== 304).map((r) => `${r.path} ${r.status}`);
  console.log(`reload: ${again.length} requests, ${revalidated.length} answered 304, ` +
    `${reloadBody} bytes of bodies (others: ${others.join(', ') || 'none'})`);
  assert.ok(revalidated.length >= 1, `a reload revalidates: ${again.map((r) => `${r.path} ${r.status}`).join(', ')}`);
  for (const r of again) assert.ok(r.status === 304 || r.status === 200, `${r.path} ${r.status}`);
  assert.ok(reloadBody < body, 'a reload sends less than the first load');
  checkGuard(person);
});

test('the guard sees a request to another host, an uncaught error and a CSP violation', async () => {
  const person = await openPage(browser, server);
  await arrive(person, server, 'tess');
  await person.page.evaluate(() => {
    // 127.0.0.2 is loopback, so nothing leaves this machine, but it is not the test server.
    // The page's policy refuses the fetch before it is sent; a new window is not the
    // policy's to refuse, so it is the guard that sees it.
    fetch('http://127.0.0.2:9/elsewhere').catch(() => {});
    window.open('http://127.0.0.2:9/window');
    setTimeout(() => { throw new Error('thrown on purpose'); }, 0);
    // An inline style, which the page's policy refuses.
    document.body.setAttribute('style', 'outline: 1px solid red');
  });
  await person.page.waitForTimeout(500);
  const found = person.guard.problems.join('\n');
  assert.match(found, /a request left the test server: GET http:\/\/127\.0\.0\.2:9\/window/);
  assert.match(found, /a CSP violation: connect-src refused http:\/\/127\.0\.0\.2:9\/elsewhere/);
  assert.match(found, /an uncaught error in the page: thrown on purpose/);
  assert.match(found, /a CSP violation: style-src-attr refused inline/);
  assert.throws(() => person.guard.check());
});
