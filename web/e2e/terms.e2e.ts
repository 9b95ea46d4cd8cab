// Terms, due date and reference on the invoice editor, and a payment's own page (issue 21), in a real
// browser: Debian's Chromium driven by playwright-core against the real service on a fresh PGlite data
// directory. Picking a customer brings their terms and the due date they give; other terms move it;
// a typed date makes the terms "Custom"; the reference is saved and shown. A payment recorded on the
// sent invoice is found by its reference in the Payments search, opened on its own page (facts, the
// invoice it paid as a link, its ledger entry) and voided through the confirmation dialog (D82).
// Screenshots at 1366 px and 390 px go to FOLIO_SCREENS (default test-results/screens); axe-core
// runs on each.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { killIfRunning, type Service, startService, stopService } from '../../test/helpers/service.ts';
import { ACTION_TIMEOUT_MS } from './support.ts';

const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
const SCREENS = process.env.FOLIO_SCREENS ?? join('test-results', 'screens');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CUSTOMER = 'Blue Heron Cafe';

/** `date` plus `days`, as the server counts them (UTC calendar days). */
function plusDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

describe('invoice terms and payment pages in the browser', {
  skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}`,
}, () => {
  let service: Service | undefined;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const pageErrors: string[] = [];
  const axeFindings: string[] = [];
  const email = `tess-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  let api: (method: string, path: string, body?: unknown) => Promise<any>;
  const issueDate = '2026-03-02';

  before(async () => {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-e2e-terms-'));
    await mkdir(SCREENS, { recursive: true });
    service = await startService(dataDir);
    const signup = await fetch(`${service.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, name: 'Tess Terms', organization_name: 'Quayside Lamps' }),
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
    await api('POST', '/api/v1/customers', { display_name: CUSTOMER, payment_terms: 'net_15' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
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
    await page.screenshot({ path: join(SCREENS, `terms-${name}.png`), fullPage: true });
    const violations = (await page.evaluate(
      `${AXE_SOURCE}\n;axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
    )) as { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    for (const violation of violations)
      if (violation.impact === 'serious' || violation.impact === 'critical')
        axeFindings.push(
          `${name}: ${violation.id} ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((n) => n.target))}`,
        );
  };
  const nav = async (label: string) => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: label, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
  };
  const main = () => page.getByRole('main');
  const atPhoneWidth = async (name: string) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${name} is ${width} px wide on a 390 px phone`);
    await shot(`${name}-390`);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.waitForTimeout(300);
  };
  const terms = () => main().getByRole('textbox', { name: 'Terms' });
  const dueDate = () => main().getByRole('textbox', { name: 'Due date' });

  test('log in; the customer brings their terms and due date; other terms move it; a typed date is custom', async () => {
    await page.goto(`${service!.base}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    await main().getByRole('textbox', { name: 'Issue date' }).fill(issueDate);
    await page.getByRole('textbox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: CUSTOMER }).click();
    assert.equal(await terms().inputValue(), 'Net 15');
    assert.equal(await dueDate().inputValue(), plusDays(issueDate, 15));

    await terms().click();
    await page.getByRole('option', { name: 'Net 30' }).click();
    assert.equal(await dueDate().inputValue(), plusDays(issueDate, 30));
    await main().getByRole('textbox', { name: 'Issue date' }).fill('2026-03-10');
    assert.equal(await dueDate().inputValue(), plusDays('2026-03-10', 30), 'the issue date moves it');

    await dueDate().fill('2026-04-20');
    assert.equal(await terms().inputValue(), '', 'a typed date makes the terms custom');
    assert.equal(await terms().getAttribute('placeholder'), 'Custom');
    await main().getByRole('textbox', { name: 'Reference' }).fill('PO-4471');
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Brass harbour lamp');
    await page.getByRole('textbox', { name: 'Quantity of line 1' }).fill('2');
    await page.getByRole('textbox', { name: 'Unit price of line 1' }).fill('150');
    await shot('editor');
    await atPhoneWidth('editor');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Draft invoice INV-000001', level: 1 }).waitFor();
    const [saved] = (await api('GET', '/api/v1/invoices')).results;
    assert.deepEqual(
      [saved.issue_date, saved.payment_terms, saved.due_date, saved.reference],
      ['2026-03-10', null, '2026-04-20', 'PO-4471'],
    );
    assert.equal(await dueDate().inputValue(), '2026-04-20', 'the draft reopens as saved');
  });

  test('terms chosen again are saved with their date; Send; the page shows due date, terms and reference', async () => {
    await terms().click();
    await page.getByRole('option', { name: 'Net 7' }).click();
    assert.equal(await dueDate().inputValue(), '2026-03-17');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Invoice INV-000001', level: 1 }).waitFor();
    await main().getByText('due Mar 17, 2026 (Net 7)', { exact: false }).waitFor();
    await main().getByText('ref. PO-4471', { exact: false }).waitFor();
    const [sent] = (await api('GET', '/api/v1/invoices')).results;
    assert.deepEqual([sent.status, sent.payment_terms, sent.due_date], ['sent', 'net_7', '2026-03-17']);
    await shot('sent');

    await nav('Invoices');
    await page.getByRole('textbox', { name: 'Search' }).fill('po-44');
    await main().getByRole('cell', { name: 'PO-4471' }).waitFor();
    await shot('invoice-search');
  });

  test('Record payment on the invoice; Payments finds it by reference and opens its own page', async () => {
    await main().getByRole('link', { name: 'INV-000001' }).click();
    await page.getByRole('heading', { name: 'Invoice INV-000001', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reference' }).fill('Check 1041');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await api('POST', '/api/v1/payments-received', {
      customer: (await api('GET', '/api/v1/customers')).results[0].id,
      payment_date: '2026-03-11',
      amount: '5.00',
      method: 'cash',
      reference: 'Tip jar',
    });
    await nav('Payments');
    await page.getByRole('textbox', { name: 'Search' }).fill('check 10');
    await main()
      .getByRole('row', { name: /PMT-000001/ })
      .waitFor();
    await main()
      .getByRole('row', { name: /PMT-000002/ })
      .waitFor({ state: 'detached' });
    await shot('payments-search');
    await main().getByRole('link', { name: 'PMT-000001' }).click();
    await page.getByRole('heading', { name: 'Payment PMT-000001', level: 1 }).waitFor();
    await main().getByText('Check 1041').waitFor();
    await main().getByText('1010 Undeposited Funds').waitFor();
    await main().getByRole('link', { name: 'INV-000001' }).waitFor();
    const entryLink = main().getByRole('link', { name: 'Open the entry' });
    assert.match(String(await entryLink.getAttribute('href')), /^\/journal\/[0-9a-f-]{36}$/);
    await main().getByRole('link', { name: CUSTOMER }).waitFor();
    await shot('payment');
    await atPhoneWidth('payment');
  });

  test('Void asks first, naming the payment; the page shows it void and the invoice open again', async () => {
    await main().getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Void payment PMT-000001?' });
    await dialog.getByText('INV-000001', { exact: false }).first().waitFor();
    await shot('payment-void-confirm');
    await dialog.getByRole('button', { name: 'Void PMT-000001' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByRole('link', { name: 'its reversal' }).waitFor();
    assert.equal((await api('GET', '/api/v1/payments-received?search=PMT-000001')).results[0].status, 'void');
    const [invoice] = (await api('GET', '/api/v1/invoices')).results;
    assert.deepEqual([invoice.status, invoice.balance_due], ['sent', '300.0000']);
    assert.equal(
      await main().getByRole('button', { name: 'Void', exact: true }).count(),
      0,
      'a void payment offers no void',
    );
    await shot('payment-void');
    assert.deepEqual(pageErrors, [], 'no page error');
    assert.deepEqual(axeFindings, [], 'no serious or critical axe finding');
  });
});
