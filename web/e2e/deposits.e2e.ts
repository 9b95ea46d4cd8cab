// Deposits in a real browser (D88): Debian's Chromium driven by playwright-core against the real
// service on a fresh PGlite data directory. Payments recorded to Undeposited Funds (one through the
// Record payment form's "Deposit to", left at its default) are ticked on New deposit, whose total is
// shown before posting; the deposit is then voided through its confirmation dialog. Screenshots of the
// Deposits screen at 1366 px and 390 px go to test-results/screens/.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { killIfRunning, type Service, startService, stopService } from '../../test/helpers/service.ts';

const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
const SCREENS = join('test-results', 'screens');

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('deposits in the browser', { skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}` }, () => {
  let service: Service | undefined;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const pageErrors: string[] = [];
  const email = `dora-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  let api: (method: string, path: string, body?: unknown) => Promise<any>;

  before(async () => {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-e2e-deposits-'));
    await mkdir(SCREENS, { recursive: true });
    service = await startService(dataDir);
    const signup = await fetch(`${service.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, name: 'Dora Deposit', organization_name: 'Corner Bakery' }),
    });
    assert.equal(signup.status, 201);
    const session = (await signup.json()) as { token: string; organization: { id: string } };
    api = async (method, path, body) => {
      const response = await fetch(`${service!.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session.token}`,
          'x-organization-id': session.organization.id,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
      return response.json();
    };
    const customer = await api('POST', '/api/v1/customers', { display_name: 'Blue Heron Cafe' });
    for (const [amount, reference] of [
      ['120.00', '1041'],
      ['80.50', '1042'],
    ])
      await api('POST', '/api/v1/payments-received', {
        customer: customer.id,
        payment_date: today(),
        amount,
        method: 'check',
        reference,
      });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  after(async () => {
    await browser?.close();
    if (service) assert.equal(await stopService(service), 0);
    killIfRunning(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
  };
  const nav = async (label: string) => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: label, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
  };

  test('log in; Record payment offers "Deposit to", Undeposited Funds by default', async () => {
    await page.goto(`${service!.base}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await nav('Payments');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Blue Heron Cafe' }).click();
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('19.50');
    assert.equal(
      await dialog.getByRole('textbox', { name: 'Deposit to' }).inputValue(),
      '1010 Undeposited Funds',
    );
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'PMT-000003', exact: true }).waitFor();
  });

  test('New deposit: tick the payments, see their total, post DEP-000001 to Business Checking', async () => {
    await nav('Deposits');
    await shot('deposits-empty');
    await page.getByRole('button', { name: 'New deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Deposit PMT-000001' }).check();
    await dialog.getByRole('checkbox', { name: 'Deposit PMT-000003' }).check();
    await dialog.getByRole('status').filter({ hasText: '2 payments ticked' }).waitFor();
    assert.match(await dialog.getByRole('status').innerText(), /2 payments ticked, total \$139\.50/);
    await shot('deposits-new');
    await dialog.getByRole('button', { name: 'Post deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'DEP-000001', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'PMT-000001, PMT-000003' }).waitFor();
    const deposits = await api('GET', '/api/v1/deposits');
    assert.equal(deposits.results[0].amount, '139.5000');
    await shot('deposits-1366');
  });

  test('Void asks first, naming the deposit; the payments are back in Undeposited Funds', async () => {
    await page.getByRole('button', { name: 'Void DEP-000001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void deposit DEP-000001?' });
    await dialog.waitFor();
    await shot('deposits-void-confirm');
    await dialog.getByRole('button', { name: 'Void DEP-000001' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /DEP-000001.*void/ }).waitFor();
    const undeposited = await api('GET', '/api/v1/payments-received?undeposited=true');
    assert.equal(undeposited.results.length, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('deposits-390');
    assert.deepEqual(pageErrors, []);
  });
});
