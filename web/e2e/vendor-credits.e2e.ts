// Vendor credits in a real browser (D87): Debian's Chromium driven by playwright-core against the real
// service on a fresh PGlite data directory. Sign up through the page; a vendor and a bill of $100.00
// opened; a vendor credit of $30.00 made on the shared document editor and issued (VC-000001); $20.00
// of it applied to the bill (the bill's balance due falls to $80.00, $10.00 of credit is left); its
// void refused in words while applied; the bill's Credited figure, the vendor's credit left, and AP
// aging's negative unapplied credit. Screenshots at 1366 px and 390 px go to FOLIO_SCREENS (default
// test-results/screens); axe-core runs on each.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { killIfRunning, type Service, startService, stopService } from '../../test/helpers/service.ts';

const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
const SCREENS = process.env.FOLIO_SCREENS ?? join('test-results', 'screens');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VENDOR = 'Northwind Office Supply Cooperative of the Lower Valley';

describe('vendor credits in the browser', {
  skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}`,
}, () => {
  let service: Service | undefined;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const pageErrors: string[] = [];
  const axeFindings: string[] = [];
  const email = `vera-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';

  before(async () => {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-e2e-vendor-credits-'));
    await mkdir(SCREENS, { recursive: true });
    service = await startService(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  after(async () => {
    await browser?.close();
    if (service) assert.equal(await stopService(service), 0);
    killIfRunning(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A read of the API as the app makes it: the browser's session cookie, the web header, the books. */
  const apiGet = async (path: string) => {
    const books = await page.evaluate(() => sessionStorage.getItem('folio.books'));
    const response = await page.request.get(`${service!.base}${path}`, {
      headers: { 'X-Folio-Client': 'web', 'X-Organization-Id': String(books) },
    });
    assert.ok(response.ok(), `GET ${path}: ${response.status()}`);
    return (await response.json()) as any;
  };
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENS, `vendor-credits-${name}.png`), fullPage: true });
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
  /** A document line of the shared editor: its account, description, quantity and unit cost. */
  const fillLine = async (account: RegExp, description: string, quantity: string, unitCost: string) => {
    await page.getByRole('textbox', { name: 'Account of line 1' }).click();
    await page.getByRole('option', { name: account }).click();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill(description);
    await page.getByRole('textbox', { name: 'Quantity of line 1' }).fill(quantity);
    await page.getByRole('textbox', { name: 'Unit cost of line 1' }).fill(unitCost);
  };
  const atPhoneWidth = async (name: string) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${name} is ${width} px wide on a 390 px phone`);
    await shot(`${name}-390`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(300);
  };

  test('sign up through the page; a vendor and a bill of $100.00, opened', async () => {
    await page.goto(`${service!.base}/signup`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Vera Vendorcredit');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Lower Valley Print Works');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await nav('Vendors');
    await page.getByRole('button', { name: 'New vendor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Display name' }).fill(VENDOR);
    await dialog.getByRole('button', { name: 'Create vendor' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: VENDOR, exact: true }).waitFor();

    await nav('Bills');
    await page.getByRole('button', { name: 'New bill' }).click();
    await page.getByRole('heading', { name: 'New bill', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Vendor', exact: true }).click();
    await page.getByRole('option', { name: VENDOR }).click();
    await page.getByRole('textbox', { name: 'Vendor reference' }).fill('NW-4410');
    await fillLine(/^6300 /, 'Toner cartridges', '4', '25');
    await page.getByTestId('document-totals').getByText('$100.00').first().waitFor();
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('heading', { name: /^Bill BILL-000001/ }).waitFor();
    const bills = await apiGet('/api/v1/bills');
    assert.deepEqual(
      bills.results.map((b: { status: string; balance_due: string }) => [b.status, b.balance_due]),
      [['open', '100.0000']],
    );
  });

  test('Purchases, Vendor credits: a credit of $30.00 made on the document editor and issued as VC-000001', async () => {
    await nav('Vendor credits');
    await main().getByText('No vendor credits yet').waitFor();
    await shot('list-empty');
    await page.getByRole('button', { name: 'New vendor credit' }).click();
    await page.getByRole('heading', { name: 'New vendor credit', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Vendor', exact: true }).click();
    await page.getByRole('option', { name: VENDOR }).click();
    await page.getByRole('textbox', { name: 'Vendor reference' }).fill('CM-0093');
    await page.getByRole('textbox', { name: 'Memo' }).fill('Two cartridges sent back, one price taken back');
    await fillLine(/^6300 /, 'Returned toner cartridges', '1.2', '25');
    await page.getByTestId('document-totals').getByText('$30.00').first().waitFor();
    await shot('editor');
    await page.getByRole('button', { name: 'Issue', exact: true }).click();
    await page.getByRole('heading', { name: 'Vendor credit VC-000001', level: 1 }).waitFor();
    await main().getByText('Not applied to a bill yet.').waitFor();
    await shot('issued');
    const credits = await apiGet('/api/v1/vendor-credits');
    assert.deepEqual(
      credits.results.map(
        (c: { number: string; status: string; total: string; remaining_credit: string }) => [
          c.number,
          c.status,
          c.total,
          c.remaining_credit,
        ],
      ),
      [['VC-000001', 'issued', '30.0000', '30.0000']],
    );
  });

  test('Apply credit: $20.00 to BILL-000001, the rest shown as typed; the bill owes $80.00 and $10.00 is left', async () => {
    await page.getByRole('button', { name: 'Apply credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply VC-000001' });
    const amount = dialog.getByRole('textbox', { name: 'Apply to BILL-000001 (due $100.00)' });
    await amount.fill('35');
    await dialog.getByRole('status').getByText('The applications exceed the credit there is.').waitFor();
    await amount.fill('20');
    await dialog.getByRole('status').getByText('Left unapplied: $10.00').waitFor();
    await shot('apply');
    await dialog.getByRole('button', { name: 'Apply credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByRole('link', { name: 'BILL-000001' }).waitFor();
    const figures = await main().innerText();
    assert.match(figures, /Applied\s*\$20\.00/);
    assert.match(figures, /Remaining credit\s*\$10\.00/);
    await shot('applied');
    const credit = (await apiGet('/api/v1/vendor-credits')).results[0];
    assert.deepEqual([credit.amount_applied, credit.remaining_credit], ['20.0000', '10.0000']);
    const bill = (await apiGet('/api/v1/bills')).results[0];
    assert.deepEqual([bill.amount_credited, bill.balance_due], ['20.0000', '80.0000']);
    await atPhoneWidth('applied');
  });

  test('Void is refused while credit is applied: the dialog says so first, then the API’s sentence', async () => {
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Void vendor credit VC-000001?' });
    await dialog.getByText(/Folio will refuse this void/).waitFor();
    await dialog.getByRole('button', { name: 'Void VC-000001' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const said = await alert.innerText();
    assert.match(said, /cannot be voided/i);
    assert.match(said, /applied to bills/i);
    assert.doesNotMatch(said, /invalid_state|[{}]/, 'a sentence, not a code');
    await shot('void-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const credit = (await apiGet('/api/v1/vendor-credits')).results[0];
    assert.equal(credit.status, 'issued', 'the credit is not voided');
  });

  test('the bill shows what was credited; the vendor shows the credit left; the list shows the remaining credit', async () => {
    await main().getByRole('link', { name: 'BILL-000001' }).click();
    await page.getByRole('heading', { name: /^Bill BILL-000001/, level: 1 }).waitFor();
    // The bill read before the credit shows at once, then its refetch (the apply made it stale).
    await main().getByText('Credited', { exact: true }).waitFor();
    const bill = await main().innerText();
    assert.match(bill, /Credited\s*\$20\.00/);
    assert.match(bill, /Balance due\s*\$80\.00/);
    await shot('bill');

    await main().getByRole('link', { name: VENDOR }).click();
    await page.getByRole('heading', { name: VENDOR, level: 1 }).waitFor();
    await main().getByText('Credit left to apply:').waitFor();
    const vendorPage = await main().innerText();
    assert.match(vendorPage, /Credit left to apply: \$10\.00/);
    assert.match(vendorPage, /\$70\.00/, 'the balance: $80.00 owed less $10.00 of credit');
    const vendors = await apiGet('/api/v1/vendors');
    assert.equal(vendors.results[0].balance, '70.0000');
    await shot('vendor');
    await atPhoneWidth('vendor');

    await nav('Vendor credits');
    await page.getByRole('row', { name: /VC-000001.*issued.*\$30\.00.*\$10\.00/ }).waitFor();
    await shot('list');
    await atPhoneWidth('list');
  });

  test('AP aging shows the vendor’s unapplied credit, negative, beside the bill’s $80.00', async () => {
    await nav('Reports');
    await page.getByRole('tab', { name: 'AP aging' }).click();
    await page.getByRole('tab', { name: 'AP aging', selected: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Unapplied credit' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`^${VENDOR}`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(cells.at(-2), '-$10.00', `the unapplied column of ${cells.join(' | ')}`);
    assert.equal(cells.at(-1), '$70.00', 'the total');
    const aging = await apiGet(`/api/v1/reports/ap-aging`);
    assert.deepEqual([aging.totals.unapplied, aging.totals.total], ['-10.0000', '70.0000']);
    await shot('ap-aging');
    await atPhoneWidth('ap-aging');
    assert.deepEqual(pageErrors, [], 'no page error');
    assert.deepEqual(axeFindings, [], 'no serious or critical axe finding');
  });
});
