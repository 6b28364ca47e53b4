// The header's account form: a guest (marked as one) registers its name, a second browser (a
// second device) signs in to the same account and is no guest, a wrong password is refused
// with the server's sentence, and signing out leaves that browser a guest again, whose old
// name is now reserved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, stopAll } from './harness.mjs';
import { arrive, checkGuard } from './support/page-driver.mjs';

let server;
let browser;

before(async () => {
  // Cheap password hashes (libsodium's MIN cost): the form is tested, not the hash.
  server = await startServer({ args: ['--password-opslimit', '1', '--password-memlimit', '8192'] });
  browser = await launchBrowser();
});
after(stopAll);

async function accountForm(page, name, password, button) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByLabel('Account', { exact: true }).fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

test('register, sign in on another browser, a wrong password, sign out', async () => {
  const phone = await openPage(browser, server);
  await arrive(phone, server, 'alice');
  const who = phone.page.locator('#who');
  assert.equal(await who.textContent(), 'alice');
  assert.match(await who.getAttribute('class'), /\bguest\b/);

  await accountForm(phone.page, 'alice', 'alices password', 'Register');
  await phone.page.locator('#who:not(.guest)').waitFor();
  await phone.page.getByRole('button', { name: 'Sign out' }).waitFor();
  assert.equal(await phone.page.getByRole('button', { name: 'Account', exact: true }).isHidden(), true);

  const laptop = await openPage(browser, server);
  await arrive(laptop, server, 'visitor');
  await accountForm(laptop.page, 'alice', 'not the password', 'Sign in');
  const problem = laptop.page.locator('#account-error');
  await problem.waitFor({ state: 'visible' });
  assert.equal(await problem.textContent(), 'wrong name or password');
  await laptop.page.getByLabel('Password').fill('alices password');
  await laptop.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await laptop.page.locator('#who:not(.guest)').waitFor();
  assert.equal(await laptop.page.locator('#who').textContent(), 'alice');
  assert.equal(await laptop.page.evaluate(() => window.ringside.conn.player),
    await phone.page.evaluate(() => window.ringside.conn.player));

  // Signing out: this browser's token is revoked, and its name is an account's now.
  await laptop.page.getByRole('button', { name: 'Sign out' }).click();
  const nameDialog = laptop.page.locator('#name-dialog .error');
  await nameDialog.waitFor({ state: 'visible' });
  assert.match(await nameDialog.textContent(), /account/);
  await laptop.page.getByLabel('Name').fill('bob');
  await laptop.page.getByRole('button', { name: 'Continue' }).click();
  await laptop.page.locator('#who.guest').waitFor();
  assert.equal(await laptop.page.locator('#who').textContent(), 'bob');
  checkGuard(phone);
  checkGuard(laptop);
});
