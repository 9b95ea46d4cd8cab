// Document lists in a real browser (issue 21, "Lists, phone"): Debian's Chromium driven by
// playwright-core against the real service on a fresh PGlite data directory. Sign up through the
// page; customers and invoices (some long past due, some paid in part, one not yet due) made through
// the API; the invoice list sorted by a header (aria-sort ascending, then descending, the rows in the
// API's order), filtered to Overdue and to an issue-date range with the totals row equal to the API's
// totals; the N key opening a new invoice; the credit notes' and vendor credits' totals rows (by
// status, by vendor); and the list at 390x844 as cards, the number whole and the total and balance
// due on screen; the customers sorted by name, the order kept in the address over Back and a
// reload, an unknown order ignored. Screenshots go to FOLIO_SCREENS (default
// test-results/screens) as lists-*.png; axe-core runs on each (serious or critical fails).
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

/** `1234.5000` as the app shows dollars: `$1,234.50` (the API's string, never a float). */
function dollars(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}$${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

describe('document lists in the browser: sort, overdue, dates, totals, phone', {
  skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}`,
}, () => {
  let service: Service | undefined;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const pageErrors: string[] = [];
  const axeFindings: string[] = [];
  const email = `lena-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';

  before(async () => {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-e2e-lists-'));
    await mkdir(SCREENS, { recursive: true });
    service = await startService(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  after(async () => {
    await browser?.close();
    if (service) assert.equal(await stopService(service), 0);
    killIfRunning(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  const headers = async () => ({
    'X-Folio-Client': 'web',
    'X-Organization-Id': String(await page.evaluate(() => sessionStorage.getItem('folio.books'))),
  });
  /** The API as the app calls it: the browser's session cookie, the web header, the books. */
  const api = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await page.request.fetch(`${service!.base}${path}`, {
      method,
      headers: await headers(),
      ...(body === undefined ? {} : { data: body }),
    });
    assert.ok(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as any;
  };
  const shot = async (name: string, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENS, `lists-${name}.png`), fullPage });
    const violations = (await page.evaluate(
      `${AXE_SOURCE}\n;axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
    )) as { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    for (const violation of violations)
      if (violation.impact === 'serious' || violation.impact === 'critical')
        axeFindings.push(
          `${name}: ${violation.id} ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((n) => n.target))}`,
        );
  };
  const main = () => page.getByRole('main');
  const bodyRows = () => main().locator('tbody tr');
  /** The numbers of the rows shown, top to bottom. */
  const shownNumbers = async () =>
    (await bodyRows().locator('td:first-child').allInnerTexts()).map((text) => text.trim());
  const footer = () => main().locator('tfoot tr');

  test('sign up through the page; customers and invoices through the API', async () => {
    await page.goto(`${service!.base}/signup`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lena Lister');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Ledger Lane Lighting');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const accounts = await api('GET', '/api/v1/accounts');
    const income = accounts.results.find((account: { number: string }) => account.number === '4100').id;
    const customers = [];
    for (const name of ['Quayside Lamp Restoration Cooperative', 'Beacon Hardware', 'Marlow & Sons']) {
      customers.push(await api('POST', '/api/v1/customers', { display_name: name, payment_terms: 'net_30' }));
    }
    const today = new Date().toISOString().slice(0, 10);
    for (let index = 0; index < 12; index++) {
      const invoice = await api('POST', '/api/v1/invoices', {
        customer: customers[index % 3].id,
        // Nine long past due (Jan to Mar), three issued today (not yet due).
        issue_date: index < 9 ? `2026-0${1 + (index % 3)}-${String(5 + index).padStart(2, '0')}` : today,
        lines: [
          {
            description: `Lamp ${index}`,
            quantity: '1',
            unit_price: `${(index * 173) % 500}.75`,
            income_account: income,
          },
        ],
      });
      if (index === 11) continue; // a draft
      await api('POST', `/api/v1/invoices/${invoice.id}/send`, {});
      if (index % 4 === 1) {
        await api('POST', '/api/v1/payments-received', {
          customer: customers[index % 3].id,
          payment_date: today,
          amount: '20.00',
          method: 'ach',
          reference: `ACH ${index}`,
          applications: [{ invoice_id: invoice.id, amount: '20.00' }],
        });
      }
    }
  });

  test('a header sorts: aria-sort ascending, then descending, the rows in the API’s order', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Invoices', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await bodyRows().first().waitFor();
    const header = main().getByRole('columnheader', { name: 'Balance due' });
    assert.equal(await header.getAttribute('aria-sort'), 'none');

    await header.getByRole('button').click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Balance due'),
    );
    const ascending = await api('GET', '/api/v1/invoices?sort=balance_due');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      await shownNumbers(),
      ascending.results.map((row: { number: string }) => row.number),
    );

    // The keyboard sorts too: the header's button takes Enter.
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Balance due'),
    );
    const descending = await api('GET', '/api/v1/invoices?sort=-balance_due');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      await shownNumbers(),
      descending.results.map((row: { number: string }) => row.number),
    );
    const all = await api('GET', '/api/v1/invoices/totals');
    assert.match(
      (await footer().innerText()).replace(/\s+/g, ' '),
      new RegExp(`Totals: ${all.count} invoices`),
    );
    await footer().getByText(dollars(all.balance_due)).waitFor();
    await footer().getByText(dollars(all.total)).waitFor();
    await shot('sorted');
  });

  test('Overdue and an issue-date range filter the rows and the totals row', async () => {
    await main().getByText('Overdue', { exact: true }).click();
    const overdue = await api('GET', '/api/v1/invoices/totals?overdue=true');
    assert.ok(overdue.count > 0);
    await footer().getByText(`Totals: ${overdue.count} invoices`).waitFor();
    await footer().getByText(dollars(overdue.balance_due)).waitFor();
    assert.equal(await bodyRows().count(), overdue.count);
    // The fifth column is Due (Reference stands between Customer and Issued).
    for (const due of await bodyRows().locator('td:nth-child(5)').allInnerTexts()) {
      assert.match(due, /overdue/, 'every row shown is past due');
    }
    await shot('overdue');

    await main().getByLabel('Issue date from').fill('2026-02-01');
    await main().getByLabel('Issue date to').fill('2026-02-28');
    const february = await api(
      'GET',
      '/api/v1/invoices/totals?overdue=true&issue_date_from=2026-02-01&issue_date_to=2026-02-28',
    );
    await footer().getByText(`Totals: ${february.count} invoice`, { exact: false }).waitFor();
    await footer().getByText(dollars(february.total)).waitFor();
    assert.equal(await bodyRows().count(), february.count);
    await shot('overdue-february');
    await main().getByLabel('Issue date from').fill('');
    await main().getByLabel('Issue date to').fill('');
    await main().getByText('All', { exact: true }).click();
  });

  test('N opens a new invoice, not while typing in a filter', async () => {
    await main().getByRole('textbox', { name: 'Search' }).fill('n');
    await page.waitForTimeout(300);
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await main().getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).click();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  });

  test('credit notes and vendor credits show a totals row: count, total and remaining credit, by status and vendor', async () => {
    const accounts = await api('GET', '/api/v1/accounts');
    const accountId = (number: string) =>
      accounts.results.find((account: { number: string }) => account.number === number).id;
    const customer = (await api('GET', '/api/v1/customers')).results[0];
    const owing = `/api/v1/invoices?customer=${customer.id}&status=sent&sort=-balance_due`;
    const invoice = (await api('GET', owing)).results[0];
    // Credit notes: two issued (one with 10.00 applied), one draft.
    const notes = [];
    for (const price of ['40.00', '25.50', '12.25']) {
      notes.push(
        await api('POST', '/api/v1/credit-notes', {
          customer: customer.id,
          lines: [
            {
              description: 'Lamp returned',
              quantity: '1',
              unit_price: price,
              income_account: accountId('4100'),
            },
          ],
        }),
      );
    }
    for (const note of notes.slice(0, 2)) await api('POST', `/api/v1/credit-notes/${note.id}/issue`, {});
    await api('POST', `/api/v1/credit-notes/${notes[0].id}/apply`, {
      applications: [{ invoice_id: invoice.id, amount: '10.00' }],
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Credit notes', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Credit notes', level: 1 }).waitFor();
    const all = await api('GET', '/api/v1/credit-notes/totals');
    assert.deepEqual([all.count, all.total, all.remaining_credit], [3, '77.7500', '55.5000']);
    await footer().getByText('Totals: 3 credit notes').waitFor();
    await footer().getByText(dollars(all.total)).waitFor();
    await footer().getByText(dollars(all.remaining_credit)).waitFor();
    await shot('credit-notes-totals');
    await main().getByRole('radiogroup').getByText('Draft', { exact: true }).click();
    await footer().getByText('Totals: 1 credit note', { exact: true }).waitFor();
    await footer().getByText('$12.25').waitFor();
    await footer().getByText('$0.00').waitFor();

    // Vendor credits: two vendors; Harbour Glass's list through ?vendor= has its own totals.
    const vendors = [];
    for (const name of ['Harbour Glass', 'Wick & Wax'])
      vendors.push(await api('POST', '/api/v1/vendors', { display_name: name }));
    const bill = await api('POST', '/api/v1/bills', {
      vendor: vendors[0].id,
      lines: [{ description: 'Glass', quantity: '1', unit_cost: '300.00', account: accountId('6300') }],
    });
    await api('POST', `/api/v1/bills/${bill.id}/open`, {});
    const credits = [];
    for (const [vendor, cost] of [
      [vendors[0], '60.00'],
      [vendors[0], '14.40'],
      [vendors[1], '9.99'],
    ] as const) {
      const credit = await api('POST', '/api/v1/vendor-credits', {
        vendor: vendor.id,
        lines: [{ description: 'Returned', quantity: '1', unit_cost: cost, account: accountId('6300') }],
      });
      credits.push(await api('POST', `/api/v1/vendor-credits/${credit.id}/issue`, {}));
    }
    await api('POST', `/api/v1/vendor-credits/${credits[0].id}/apply`, {
      applications: [{ bill_id: bill.id, amount: '15.00' }],
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Vendor credits', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Vendor credits', level: 1 }).waitFor();
    const every = await api('GET', '/api/v1/vendor-credits/totals');
    assert.deepEqual([every.count, every.total, every.remaining_credit], [3, '84.3900', '69.3900']);
    await footer().getByText('Totals: 3 vendor credits').waitFor();
    await footer().getByText(dollars(every.total)).waitFor();
    await footer().getByText(dollars(every.remaining_credit)).waitFor();
    await shot('vendor-credits-totals');
    await page.goto(`${service!.base}/vendor-credits?vendor=${vendors[0].id}`);
    await page.getByRole('heading', { name: 'Credits from Harbour Glass', level: 1 }).waitFor();
    const theirs = await api('GET', `/api/v1/vendor-credits/totals?vendor=${vendors[0].id}`);
    assert.deepEqual([theirs.count, theirs.total, theirs.remaining_credit], [2, '74.4000', '59.4000']);
    await footer().getByText('Totals: 2 vendor credits').waitFor();
    await footer().getByText('$74.40').waitFor();
    await footer().getByText('$59.40').waitFor();
    await shot('vendor-credits-of-vendor-totals');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Invoices', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  });

  test('at 390x844 the list is cards: the number whole, total and balance due on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    const cards = main().getByRole('listitem');
    await cards.first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the list is ${width} px wide on a 390 px phone`);
    const first = cards.first();
    const number = first.getByRole('link').first();
    const numberBox = await number.boundingBox();
    assert.ok(numberBox && numberBox.height < 30, `the number is on one line (${numberBox?.height} px high)`);
    assert.match(await number.innerText(), /^INV-\d{6}$/);
    for (const label of ['Total', 'Balance due', 'Customer', 'Issued', 'Due']) {
      const item = first.getByText(label, { exact: true });
      await item.waitFor();
    }
    for (const card of await cards.all()) {
      const amounts = card.getByText(/^\$[\d,]+\.\d{2}$/);
      for (const amount of await amounts.all()) {
        const box = await amount.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'an amount within the screen');
      }
    }
    // The headers are gone; their orders are a menu.
    await main().getByRole('textbox', { name: 'Sort by' }).waitFor();
    await main()
      .getByText(/Totals: \d+ invoices/)
      .waitFor();
    await shot('phone-390');
    await shot('phone-390-screen', false); // what the phone shows before scrolling
    await main().getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Total, descending' }).click();
    const byTotal = await api('GET', '/api/v1/invoices?sort=-total');
    await page.waitForLoadState('networkidle');
    await cards.first().getByRole('link', { name: byTotal.results[0].number }).waitFor();
    await shot('phone-390-by-total');

    // Customers and payments are cards on a phone too: every column on screen, nothing wider than it.
    for (const [path, heading, name] of [
      ['/customers', 'Customers', 'customers'],
      ['/payments', 'Payments', 'payments'],
    ] as const) {
      await page.goto(`${service!.base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await main().getByRole('listitem').first().waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 390, `${heading} is ${wide} px wide on a 390 px phone`);
      await shot(`phone-390-${name}`, false);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    assert.deepEqual(pageErrors, [], 'no page error');
    assert.deepEqual(axeFindings, [], 'no serious or critical axe finding');
  });

  test('customers sorted by name: the order in the address, kept by Back and reload; an unknown one ignored', async () => {
    /** The list shows `order` on Display name: aria-sort set, its page read. */
    const sortedBy = async (order: string) => {
      await page.waitForFunction(
        (order) => document.querySelector(`th[aria-sort="${order}"]`)?.textContent?.includes('Display name'),
        order,
      );
      await page.waitForLoadState('networkidle');
    };
    const names = async () =>
      (await bodyRows().locator('td:first-child').allInnerTexts()).map((text) => text.trim());
    const apiNames = async (query: string) =>
      (await api('GET', `/api/v1/customers${query}`)).results.map(
        (row: { display_name: string }) => row.display_name,
      );
    await page.goto(`${service!.base}/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await bodyRows().first().waitFor();
    const header = main().getByRole('columnheader', { name: 'Display name' });
    assert.equal(await header.getAttribute('aria-sort'), 'none');

    await header.getByRole('button').click();
    await page.waitForURL(/[?&]sort=name\b/);
    await sortedBy('ascending');
    assert.deepEqual(await names(), await apiNames('?sort=name'));
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=-name\b/);
    await sortedBy('descending');
    const descending = await apiNames('?sort=-name');
    assert.deepEqual(await names(), descending);
    await shot('customers-by-name');

    // A customer's page, then Back: the list as it was.
    await main().getByRole('link', { name: descending[0] }).click();
    await page.getByRole('heading', { name: descending[0], level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(/[?&]sort=-name\b/);
    await sortedBy('descending');
    assert.deepEqual(await names(), descending);

    await page.reload();
    await sortedBy('descending');
    assert.deepEqual(await names(), descending);

    // An order the list does not offer: its own order, no error.
    await page.goto(`${service!.base}/customers?sort=-balance`);
    await bodyRows().first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await header.getAttribute('aria-sort'), 'none');
    assert.deepEqual(await names(), await apiNames(''));

    // The invoice list reads its order from the address too.
    await page.goto(`${service!.base}/invoices?sort=-total`);
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="descending"]')?.textContent?.startsWith('Total'),
    );
    await page.waitForLoadState('networkidle');
    assert.equal(
      await main().getByRole('columnheader', { name: 'Total', exact: true }).getAttribute('aria-sort'),
      'descending',
    );
    const byTotal = await api('GET', '/api/v1/invoices?sort=-total');
    assert.deepEqual(
      await shownNumbers(),
      byTotal.results.map((row: { number: string }) => row.number),
    );
    assert.deepEqual(pageErrors, [], 'no page error');
    assert.deepEqual(axeFindings, [], 'no serious or critical axe finding');
  });
});
