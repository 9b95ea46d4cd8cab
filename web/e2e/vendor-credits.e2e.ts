// Vendor credits in a real browser (D87): Debian's Chromium driven by playwright-core against the real
// service on a fresh PGlite data directory. Sign up through the page; a vendor and a bill of $100.00
// opened; a vendor credit of $30.00 made on the shared document editor and issued (VC-000001); $20.00
// of it applied to the bill (the bill's balance due falls to $80.00, $10.00 of credit is left); its
// void refused in words while applied; the bill's Credited figure, the vendor's credit left, and AP
// aging's negative unapplied credit. Screenshots at 1366 px and 390 px go to FOLIO_SCREENS (default
// test-results/screens); axe-core runs on each.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { NEEDS_CHROMIUM, useBrowser } from './support.ts';

const VENDOR = 'Northwind Office Supply Cooperative of the Lower Valley';

describe('vendor credits in the browser', NEEDS_CHROMIUM, () => {
  const run = useBrowser('vendor-credits', { viewport: { width: 1366, height: 768 } });
  let page: Page;
  const email = `vera-${Date.now()}@example.com`;

  before(() => {
    page = run.page;
  });

  const main = () => page.getByRole('main');
  /** A document line of the shared editor: its account, description, quantity and unit cost. */
  const fillLine = async (account: RegExp, description: string, quantity: string, unitCost: string) => {
    await page.getByRole('textbox', { name: 'Account of line 1' }).click();
    await page.getByRole('option', { name: account }).click();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill(description);
    await page.getByRole('textbox', { name: 'Quantity of line 1' }).fill(quantity);
    await page.getByRole('textbox', { name: 'Unit cost of line 1' }).fill(unitCost);
  };

  test('sign up through the page; a vendor and a bill of $100.00, opened', async () => {
    await run.signUp({ name: 'Vera Vendorcredit', email, organization: 'Lower Valley Print Works' });

    await run.nav('Vendors');
    await page.getByRole('button', { name: 'New vendor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Display name' }).fill(VENDOR);
    await dialog.getByRole('button', { name: 'Create vendor' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: VENDOR, exact: true }).waitFor();

    await run.nav('Bills');
    await page.getByRole('button', { name: 'New bill' }).click();
    await page.getByRole('heading', { name: 'New bill', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Vendor', exact: true }).click();
    await page.getByRole('option', { name: VENDOR }).click();
    await page.getByRole('textbox', { name: 'Vendor reference' }).fill('NW-4410');
    await fillLine(/^6300 /, 'Toner cartridges', '4', '25');
    await page.getByTestId('document-totals').getByText('$100.00').first().waitFor();
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('heading', { name: /^Bill BILL-000001/ }).waitFor();
    const bills = await run.apiGet('/api/v1/bills');
    assert.deepEqual(
      bills.results.map((b: { status: string; balance_due: string }) => [b.status, b.balance_due]),
      [['open', '100.0000']],
    );
  });

  test('Purchases, Vendor credits: a credit of $30.00 made on the document editor and issued as VC-000001', async () => {
    await run.nav('Vendor credits');
    await main().getByText('No vendor credits yet').waitFor();
    await run.shot('list-empty');
    await page.getByRole('button', { name: 'New vendor credit' }).click();
    await page.getByRole('heading', { name: 'New vendor credit', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Vendor', exact: true }).click();
    await page.getByRole('option', { name: VENDOR }).click();
    await page.getByRole('textbox', { name: 'Vendor reference' }).fill('CM-0093');
    await page.getByRole('textbox', { name: 'Memo' }).fill('Two cartridges sent back, one price taken back');
    await fillLine(/^6300 /, 'Returned toner cartridges', '1.2', '25');
    await page.getByTestId('document-totals').getByText('$30.00').first().waitFor();
    await run.shot('editor');
    await page.getByRole('button', { name: 'Issue', exact: true }).click();
    await page.getByRole('heading', { name: 'Vendor credit VC-000001', level: 1 }).waitFor();
    await main().getByText('Not applied to a bill yet.').waitFor();
    await run.shot('issued');
    const credits = await run.apiGet('/api/v1/vendor-credits');
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
    await run.shot('apply');
    await dialog.getByRole('button', { name: 'Apply credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByRole('link', { name: 'BILL-000001' }).waitFor();
    const figures = await main().innerText();
    assert.match(figures, /Applied\s*\$20\.00/);
    assert.match(figures, /Remaining credit\s*\$10\.00/);
    await run.shot('applied');
    const credit = (await run.apiGet('/api/v1/vendor-credits')).results[0];
    assert.deepEqual([credit.amount_applied, credit.remaining_credit], ['20.0000', '10.0000']);
    const bill = (await run.apiGet('/api/v1/bills')).results[0];
    assert.deepEqual([bill.amount_credited, bill.balance_due], ['20.0000', '80.0000']);
    await run.atPhoneWidth('applied');
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
    await run.shot('void-refused');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const credit = (await run.apiGet('/api/v1/vendor-credits')).results[0];
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
    await run.shot('bill');

    await main().getByRole('link', { name: VENDOR }).click();
    await page.getByRole('heading', { name: VENDOR, level: 1 }).waitFor();
    await main().getByText('Credit left to apply:').waitFor();
    const vendorPage = await main().innerText();
    assert.match(vendorPage, /Credit left to apply: \$10\.00/);
    assert.match(vendorPage, /\$70\.00/, 'the balance: $80.00 owed less $10.00 of credit');
    const vendors = await run.apiGet('/api/v1/vendors');
    assert.equal(vendors.results[0].balance, '70.0000');
    await run.shot('vendor');
    await run.atPhoneWidth('vendor');

    await run.nav('Vendor credits');
    await page.getByRole('row', { name: /VC-000001.*issued.*\$30\.00.*\$10\.00/ }).waitFor();
    await run.shot('list');
    await run.atPhoneWidth('list');
  });

  test('AP aging shows the vendor’s unapplied credit, negative, beside the bill’s $80.00', async () => {
    await run.nav('Reports');
    await page.getByRole('tab', { name: 'AP aging' }).click();
    await page.getByRole('tab', { name: 'AP aging', selected: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Unapplied credit' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`^${VENDOR}`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(cells.at(-2), '-$10.00', `the unapplied column of ${cells.join(' | ')}`);
    assert.equal(cells.at(-1), '$70.00', 'the total');
    const aging = await run.apiGet(`/api/v1/reports/ap-aging`);
    assert.deepEqual([aging.totals.unapplied, aging.totals.total], ['-10.0000', '70.0000']);
    await run.shot('ap-aging');
    await run.atPhoneWidth('ap-aging');
    assert.deepEqual(run.pageErrors, [], 'no page error');
    assert.deepEqual(run.axeFindings, [], 'no serious or critical axe finding');
  });
});
