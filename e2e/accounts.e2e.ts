/**
 * Accounts and money in the browser (issue 12's browser test), at 390 px: a visitor opens the
 * operator's referral link, signs up with a mobile number, reads the OTP through the operator's
 * message list (API, as the operator) and lands on home as a sign-up user; turns Security Auth on
 * with a TOTP code computed here (RFC 6238 with node:crypto), logs out and in again with a code;
 * asks for a deposit that the operator approves and a withdrawal that the operator pays (API);
 * the payment statement and the account statement show both, and the ledger check is clean.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  apiSession,
  describeBrowser,
  ensureWebBuilt,
  expectNoSeriousAxe,
  istString,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type RunningServer,
  look,
} from './harness.ts';

const POLL = { timeout: 30_000, interval: 250 };
const MOBILE = { width: 390, height: 844 };
const STEP_S = 30;

/** RFC 4648 base32 (the authenticator key) to bytes. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of text.replace(/[\s=]/g, '').toUpperCase()) {
    const i = alphabet.indexOf(c);
    if (i < 0) throw new Error(`not base32: ${c}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps) for time step `step`, `digits` long. */
function totp(key: Buffer, step: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1]! & 0x0f;
  const n = ((h[o]! & 0x7f) << 24) | (h[o + 1]! << 16) | (h[o + 2]! << 8) | h[o + 3]!;
  return String(n % 10 ** digits).padStart(digits, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / STEP_S);

type Payment = {
  payment_id: number;
  type: string;
  reference: string | null;
  amount: number;
  created_at: string;
};
type Operator = Awaited<ReturnType<typeof apiSession>>;

async function shot(page: Page, name: string) {
  await look(page, { path: `${ARTIFACTS}/accounts-${name}.png`, fullPage: true });
}

/** The 6-digit code of the newest message the built-in sender delivered to a number. */
async function otpFor(operator: Operator, e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const r = await operator.call('admin/messages', { limit: 5, recipient: e164 });
      const messages = (r.body.data as { messages: { body: string; status: string }[] } | undefined)
        ?.messages;
      const sent = messages?.find((m) => m.status === 'SENT');
      code = sent ? /(\d{6})/.exec(sent.body)?.[1] : undefined;
      return code;
    }, POLL)
    .toMatch(/^\d{6}$/);
  return code!;
}

async function pendingPayment(operator: Operator, type: 'DEPOSIT' | 'WITHDRAW', userId: number) {
  let found: Payment | undefined;
  await expect
    .poll(async () => {
      const r = await operator.call('admin/payments', { status: 'PENDING', type, user_id: userId });
      found = (r.body.data as { rows: Payment[] } | undefined)?.rows[0];
      return found?.payment_id;
    }, POLL)
    .toBeGreaterThan(0);
  return found!;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  return page.getByRole('navigation', { name: 'Account' });
}

describeBrowser('accounts and money in and out', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the TOTP helper gives the RFC 6238 test vector', () => {
    // Appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits).
    const key = base32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(key.toString()).toBe('12345678901234567890');
    expect(totp(key, Math.floor(59 / STEP_S), 8)).toBe('94287082');
  });

  it('signs up by referral link with an OTP, turns Security Auth on, logs in with a code, deposits and withdraws', async () => {
    const operator = await apiSession(server.url, 'operator', 'operator123');
    expect(operator.token).not.toBe('');
    const userName = `e2e_${randomInt(100_000, 999_999)}`;
    const password = 'Punter2026';
    const mobile = `9${randomInt(100_000_000, 999_999_999)}`;
    const { page, context } = await openPage(browser, 'accounts-signup', MOBILE);

    // ---- sign-up at 390 px: not redirected away, India (+91) preselected ----
    await page.goto(`${server.url}/#/auth/sign-up/BACKLAY`);
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(page.url()).toContain('#/auth/sign-up/BACKLAY');
    await page.getByRole('button', { name: /\+91 India, country code/ }).waitFor();
    await page.getByLabel('User Name').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByLabel('Mobile Number').fill(mobile);
    await shot(page, '390-signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Verify your mobile number' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('otpVerify'))).toBe('otp');
    expect(await page.evaluate(() => localStorage.getItem('usertoken'))).toBeNull();
    await shot(page, '390-otp');

    // ---- the OTP, read by the operator from the built-in sender's messages ----
    const otp = await otpFor(operator, `+91${mobile}`);
    await page.getByLabel('Verification code').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/#\/home$/);
    const info = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userinfo') ?? '{}') as Record<string, unknown>,
    );
    expect(info).toMatchObject({ user_name: userName, is_signup_user: '1' });
    expect(info.parent_id).not.toBe(-1);
    const userId = info.user_id as number;

    // ---- the welcome popup's advice leads to Security Auth ----
    const welcome = page.getByRole('dialog', { name: /Enable Security Auth To Secure Your ID/ });
    await welcome.waitFor();
    await welcome.getByRole('link', { name: 'Enable Security Auth' }).click();
    await page.waitForURL(/#\/security-auth$/);
    await page.getByRole('button', { name: 'Turn on Security Auth' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.locator('.security__secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, '390-2fa-setup');
    const key = base32(secret);
    const enableStep = stepNow();
    await page.getByLabel('Authenticator code').fill(totp(key, enableStep));
    await page.getByRole('button', { name: 'Turn on Security Auth' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await shot(page, '390-2fa-codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('Security Auth is on').first().waitFor();

    // ---- log out, log in again: the second step asks for a code ----
    await (await openUserMenu(page)).getByRole('button', { name: 'SignOut' }).click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByLabel('User Name').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Security Auth Verification' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('usertoken'))).toBeNull();
    // Half-signed-in, another route leads back here.
    await page.goto(`${server.url}/#/report/account-statement`);
    await page.getByLabel('Authenticator code').waitFor();
    await shot(page, '390-login-2fa');
    // Each time step counts once: the code of the step after the one that turned it on (±1 step).
    const loginStep = Math.max(stepNow(), enableStep + 1);
    await page.getByLabel('Authenticator code').fill(totp(key, loginStep));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/#\/home$/);
    const welcomeAgain = page.getByRole('dialog', { name: /Enable Security Auth/ });
    await welcomeAgain.waitFor();
    await welcomeAgain.getByRole('button', { name: 'Close' }).click();

    // ---- deposit: the operator approves it ----
    await (await openUserMenu(page)).getByRole('link', { name: 'Deposit / Withdraw' }).click();
    await page.waitForURL(/#\/setting\/d-w$/);
    await page.getByText('backlay@upi').waitFor();
    const reference = `UTR${randomInt(100_000_000, 999_999_999)}`;
    await page.getByLabel('1. Amount (₹)').fill('5000');
    await page.getByLabel(/Payment reference/).fill(reference);
    await shot(page, '390-deposit');
    await page.getByRole('button', { name: 'Submit deposit request' }).click();
    await page.getByText(/Deposit request of ₹5,000.00 received/).waitFor();
    await page.getByRole('list', { name: 'Pending requests' }).getByText('₹5,000.00').waitFor();
    const deposit = await pendingPayment(operator, 'DEPOSIT', userId);
    expect(deposit).toMatchObject({ reference, amount: 5000 });
    const approved = await operator.call('admin/payment/deposit/approve', { payment_id: deposit.payment_id });
    expect(approved.body).toMatchObject({ status: true, data: { status: 'APPROVED' } });
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('5,000.00');

    // ---- withdrawal to a new bank account: held at once, the operator pays it ----
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await expect.poll(() => page.getByTestId('available').textContent(), POLL).toBe('₹5,000.00');
    const bank = page.getByRole('form', { name: 'Add a bank account' });
    await bank.getByLabel('Account holder name').fill('E2E Punter');
    await bank.getByLabel('Account number', { exact: true }).fill('123456789012');
    await bank.getByLabel('Confirm account number').fill('123456789012');
    await bank.getByLabel('IFSC').fill('hdfc0001234');
    await bank.getByLabel('Bank name').fill('HDFC Bank');
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await page.getByLabel(/HDFC Bank ••••9012/).waitFor();
    await page.getByLabel('2. Amount (₹)').fill('1200');
    await shot(page, '390-withdraw');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByText(/Withdrawal request of ₹1,200.00 to .*••••9012 received/).waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent(), POLL).toBe('3,800.00');
    const withdrawal = await pendingPayment(operator, 'WITHDRAW', userId);
    const paid = await operator.call('admin/payment/withdraw/pay', {
      payment_id: withdrawal.payment_id,
      payout_reference: 'NEFT-E2E-1',
    });
    expect(paid.body).toMatchObject({ status: true, data: { status: 'PAID' } });

    // ---- the payment statement shows both, in UTC+5:30 ----
    await (await openUserMenu(page)).getByRole('link', { name: 'Payment Statement' }).click();
    const statement = page.getByRole('table', { name: 'Payment statement' });
    await statement.waitFor();
    const rows = statement.locator('tbody tr');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([
      istString(withdrawal.created_at),
      'Withdrawal',
      '1,200.00',
      'HDFC Bank ••••9012',
      '—',
      'Paid',
      '',
    ]);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([
      istString(deposit.created_at),
      'Deposit',
      '5,000.00',
      expect.stringMatching(/UPI/),
      reference,
      'Approved',
      '',
    ]);
    await shot(page, '390-payment-statement');

    // ---- and the account statement ----
    await page.getByRole('link', { name: 'Account Statement' }).first().click();
    const account = page.getByRole('table', { name: 'Account statement' });
    await account.waitFor();
    const credit = account.locator('tbody tr', { hasText: `ref ${reference}` });
    await credit.waitFor();
    expect(await credit.locator('td').nth(2).textContent()).toBe('5,000.00');
    const debit = account.locator('tbody tr', { hasText: /Withdrawal .*••••9012/ });
    expect(await debit.locator('td').nth(3).textContent()).toBe('1,200.00');
    expect(await page.getByText(/Closing balance/).textContent()).toContain('3,800.00');
    await shot(page, '390-account-statement');

    const check = await operator.call('admin/ledger/check');
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    await context.close();
  });

  // Issue 46: the API keys page by keyboard alone, at both widths: a key made, used by a program
  // against the real server (no cookie, no XSRF pair), revoked, and refused from then on.
  for (const viewport of [{ width: 1366, height: 900 }, MOBILE]) {
    it(`API keys at ${viewport.width} px by keyboard: made, used by a program, revoked; axe clean`, async () => {
      const { page, context } = await openPage(browser, `api-keys-${viewport.width}`, viewport);
      await signIn(page, server.url, 'demo');
      await page.goto(`${server.url}/#/user`);
      await page.getByRole('link', { name: 'API keys for programs' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      const name = `bot ${viewport.width}`;
      await page.getByLabel('Name').focus();
      await page.keyboard.type(name);
      await page.keyboard.press('Tab'); // Read, ticked already
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space'); // Trade
      await page.keyboard.press('Tab');
      await page.keyboard.type('127.0.0.1\n::1');
      // The expiry, left empty: Tab walks its day, month and year, then reaches the button.
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      for (let i = 0; i < 5 && (await focused()) !== 'Create key'; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe('Create key');
      await page.keyboard.press('Enter');
      const secret = page.getByRole('region', { name: `Your new key: ${name}` });
      await secret.waitFor();
      const header = (await secret.locator('code').textContent())!;
      expect(header).toMatch(/^Authorization: Key bk_[0-9a-f]{16}:[A-Za-z0-9_-]{43}$/);
      await page.getByRole('listitem', { name }).waitFor();
      await expectNoSeriousAxe(page);
      await look(page, { path: `${ARTIFACTS}/api-keys-${viewport.width}.png`, fullPage: true });

      // A program with the key alone.
      const withKey = () =>
        fetch(`${server.url}/api/user/getUserBalance`, {
          headers: { authorization: header.slice('Authorization: '.length) },
        });
      const used = await withKey();
      expect(used.status).toBe(200);
      expect(((await used.json()) as { status: boolean }).status).toBe(true);

      await secret.getByRole('button', { name: 'I have copied it' }).focus();
      await page.keyboard.press('Enter');
      await secret.waitFor({ state: 'detached' });
      const card = page.getByRole('listitem', { name });
      await card.getByRole('button', { name: `Revoke ${name}` }).focus();
      await page.keyboard.press('Enter');
      // The question takes the focus on "Keep it"; "Yes, revoke" is just before it.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
      await expectNoSeriousAxe(page);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await card.getByText(/^Revoked /).waitFor();
      expect((await withKey()).status).toBe(401);
      await context.close();
    });
  }
});
