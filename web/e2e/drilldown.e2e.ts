// Issue 21, reports and setup, in a real browser: Debian's Chromium driven by playwright-core against
// the real service on a fresh PGlite data directory. Sign-up asks country, currency, time zone and
// fiscal year start (and the API keeps them); the chart of accounts is searched and an account opens
// its ledger; a P&L figure opens the account's ledger for that period, a ledger line its invoice,
// Back returns; the general ledger of every account takes a preset; AR and AP aging rows open the
// customer's open invoices and the vendor's open bills; Organization changes the fiscal year. Screens at 1366x768 and 390 px go to
// test-results/screens/drilldown-*.png; axe-core runs on each (serious or critical fails).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Api, apiAs, NEEDS_CHROMIUM, PASSWORD, useBrowser } from './support.ts';

const ZONE = 'America/Toronto';

/** Today in the books' time zone: documents are dated on the books' day (D22). */
const booksToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

describe('drill-down and setup in the browser', NEEDS_CHROMIUM, () => {
  const run = useBrowser('drilldown', { viewport: { width: 1366, height: 768 }, locale: 'en-CA' });
  const email = `dana-${Date.now()}@example.com`;
  let api: Api;
  let accounts: Record<string, { id: string; name: string }> = {};
  let customer: { id: string };
  let vendor: { id: string };
  let invoice: { id: string; number: string };

  let page: Page;
  before(() => {
    page = run.page;
  });

  /** The screen at 1366x768 and at 390 px wide (no wider than the phone), then back. */
  const shots = async (name: string) => {
    await run.shot(`${name}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await run.shot(`${name}-390`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${name} is ${width} px wide at 390`);
    await page.setViewportSize({ width: 1366, height: 768 });
  };
  const pick = async (label: string, typed: string, option: string | RegExp) => {
    const box = page.getByRole('textbox', { name: label, exact: true });
    await box.click();
    if (typed) await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };
  const base = () => run.base;

  test('sign-up asks country, currency, time zone and fiscal year start; the API keeps them', async () => {
    await page.goto(`${base()}/signup`);
    await run.fillSignUp({ name: 'Dana Drill', email, organization: 'Maple Leaf Joinery' });
    await pick('Country', 'Canada', /^Canada \(CA\)$/);
    await pick('Currency', 'CAD', /^CAD/);
    await pick('Time zone', 'Toronto', ZONE);
    await pick('Fiscal year starts in', '', 'April');
    await shots('signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const login = await fetch(`${base()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(login.status, 200);
    const { token } = (await login.json()) as { token: string };
    const me = await (
      await fetch(`${base()}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const live = me.memberships.find((m: { mode: string }) => m.mode === 'live').organization_id;
    api = apiAs(base(), token, live);
    const organization = await api('GET', '/api/v1/organization');
    assert.deepEqual(
      [
        organization.country,
        organization.currency,
        organization.timezone,
        organization.fiscal_year_start_month,
      ],
      ['CA', 'CAD', ZONE, 4],
    );
    const chart = (await api('GET', '/api/v1/accounts')).results as {
      number: string;
      id: string;
      name: string;
    }[];
    accounts = Object.fromEntries(chart.map((account) => [account.number, account]));
    assert.equal(accounts['2150']?.name, 'Accrued Liabilities');

    // The day's documents, through the API: an invoice sent, a bill opened, an accrual.
    const day = booksToday();
    customer = await api('POST', '/api/v1/customers', { display_name: 'Birch Street Bakery' });
    const draft = await api('POST', '/api/v1/invoices', {
      customer: customer.id,
      issue_date: day,
      lines: [
        {
          description: 'Oak shelving',
          quantity: '3',
          unit_price: '400.00',
          income_account: accounts['4100']!.id,
          is_taxable: false,
        },
      ],
    });
    invoice = await api('POST', `/api/v1/invoices/${draft.id}/send`);
    vendor = await api('POST', '/api/v1/vendors', { display_name: 'Timber Supply Co.' });
    const bill = await api('POST', '/api/v1/bills', {
      vendor: vendor.id,
      bill_date: day,
      lines: [{ account: accounts['6300']!.id, description: 'Sandpaper', quantity: '1', unit_cost: '85.00' }],
    });
    await api('POST', `/api/v1/bills/${bill.id}/open`);
    await api('POST', '/api/v1/journal-entries', {
      txn_date: day,
      memo: 'Accrued wages',
      post: true,
      lines: [
        { account: accounts['6600']!.id, debit: '250.00' },
        { account: accounts['2150']!.id, credit: '250.00' },
      ],
    });
  });

  test('the chart of accounts is searched by number or name; an account opens its ledger', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Chart of accounts' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Chart of accounts' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('accrued');
    await page.getByRole('link', { name: 'Accrued Liabilities' }).waitFor();
    assert.equal(await page.getByRole('row').filter({ hasText: 'Business Checking' }).count(), 0);
    await search.fill('21');
    await page.getByRole('link', { name: 'Credit Card' }).waitFor();
    await page.getByRole('link', { name: 'Accrued Liabilities' }).waitFor();
    await shots('accounts-search');
    await page.getByRole('link', { name: 'Accrued Liabilities' }).click();
    await page.waitForURL(/\/reports\/general-ledger\?account=.*period=this-year/);
    await page.getByText(/2150 Accrued Liabilities · Apr 1, \d{4} – /).waitFor();
    await page.getByRole('cell', { name: 'Accrued wages' }).waitFor();
    await shots('ledger-account');
  });

  test('a P&L figure opens the account ledger for its period; a line opens its invoice; Back returns', async () => {
    await page.goto(`${base()}/reports/profit-and-loss`);
    const figure = page.getByRole('link', { name: '$1,200.00' }).first();
    await figure.waitFor();
    await shots('pnl');
    await figure.click();
    await page.waitForURL(new RegExp(`account=${accounts['4100']!.id}&from=\\d{4}-\\d{2}-01&to=`));
    await page.getByText(/4100 Services · /).waitFor();
    const entry = page.getByRole('link', { name: /: open the invoice$/ });
    await entry.waitFor();
    await shots('ledger-from-pnl');
    await entry.click();
    await page.waitForURL(new RegExp(`/invoices/${invoice.id}$`));
    await page.getByRole('heading', { name: new RegExp(invoice.number) }).waitFor();
    await page.goBack();
    await page.getByText(/4100 Services · /).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: '$1,200.00' }).first().waitFor();
  });

  test('the general ledger of every account groups by account and takes a preset period', async () => {
    await page.goto(`${base()}/reports/general-ledger`);
    await page.getByRole('link', { name: '1100 Accounts Receivable' }).waitFor();
    await page.getByRole('link', { name: '2150 Accrued Liabilities' }).waitFor();
    await shots('ledger-all');
    await pick('Period', '', 'Last year');
    await page.waitForURL(/period=last-year/);
    await page.getByText('Nothing to report for these dates.').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: '1100 Accounts Receivable' }).waitFor();
  });

  test("an AR aging row opens the customer's open invoices; an AP aging row the vendor's open bills", async () => {
    await page.goto(`${base()}/reports/ar-aging`);
    await page.getByRole('link', { name: 'Birch Street Bakery' }).click();
    await page.waitForURL(new RegExp(`/invoices\\?customer=${customer.id}&status=sent`));
    await page.getByRole('heading', { level: 1, name: 'Invoices of Birch Street Bakery' }).waitFor();
    await page.getByRole('cell', { name: invoice.number }).waitFor();
    await shots('aging-invoices');
    await page.goto(`${base()}/reports/ap-aging`);
    await page.getByRole('link', { name: 'Timber Supply Co.' }).click();
    await page.waitForURL(new RegExp(`/bills\\?vendor=${vendor.id}&status=open`));
    await page.getByRole('heading', { level: 1, name: 'Bills from Timber Supply Co.' }).waitFor();
    await page.getByRole('cell', { name: 'BILL-000001' }).waitFor();
  });

  test('More, Organization shows the country and fiscal year start and changes the year', async () => {
    await page.goto(`${base()}/more/organization`);
    await page.getByRole('heading', { level: 1, name: 'Organization' }).waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Country', exact: true }).inputValue(),
      'Canada (CA)',
    );
    assert.equal(
      await page.getByRole('textbox', { name: 'Fiscal year starts in', exact: true }).inputValue(),
      'April',
    );
    await pick('Fiscal year starts in', '', 'July');
    await shots('organization');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Organization saved.').waitFor();
    const organization = await api('GET', '/api/v1/organization');
    assert.deepEqual([organization.country, organization.fiscal_year_start_month], ['CA', 7]);
    assert.deepEqual(run.pageErrors, []);
    assert.deepEqual(run.axeFindings, [], 'no serious or critical axe-core violation on the screens shot');
  });
});
