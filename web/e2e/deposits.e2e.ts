// Deposits in a real browser (D88): Debian's Chromium driven by playwright-core against the real
// service on a fresh PGlite data directory. Payments recorded to Undeposited Funds (one through the
// Record payment form's "Deposit to", left at its default) are ticked on New deposit, whose total is
// shown before posting; the deposit is then voided through its confirmation dialog. Screenshots of the
// Deposits screen at 1366 px and 390 px go to test-results/screens/.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Api, NEEDS_CHROMIUM, signUpByApi, today, useBrowser } from './support.ts';

describe('deposits in the browser', NEEDS_CHROMIUM, () => {
  const run = useBrowser('deposits', { viewport: { width: 1366, height: 860 } }, { axe: false });
  let page: Page;
  const email = `dora-${Date.now()}@example.com`;
  let api: Api;

  before(async () => {
    page = run.page;
    api = await signUpByApi(run.base, { email, name: 'Dora Deposit', organization_name: 'Corner Bakery' });
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
  });

  test('log in; Record payment offers "Deposit to", Undeposited Funds by default', async () => {
    await run.logIn(email);
    await run.nav('Payments');
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
    await run.nav('Deposits');
    await run.shot('empty');
    await page.getByRole('button', { name: 'New deposit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Deposit PMT-000001' }).check();
    await dialog.getByRole('checkbox', { name: 'Deposit PMT-000003' }).check();
    await dialog.getByRole('status').filter({ hasText: '2 payments ticked' }).waitFor();
    assert.match(await dialog.getByRole('status').innerText(), /2 payments ticked, total \$139\.50/);
    await run.shot('new');
    await dialog.getByRole('button', { name: 'Post deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'DEP-000001', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'PMT-000001, PMT-000003' }).waitFor();
    const deposits = await api('GET', '/api/v1/deposits');
    assert.equal(deposits.results[0].amount, '139.5000');
    await run.shot('1366');
  });

  test('Void asks first, naming the deposit; the payments are back in Undeposited Funds', async () => {
    await page.getByRole('button', { name: 'Void DEP-000001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void deposit DEP-000001?' });
    await dialog.waitFor();
    await run.shot('void-confirm');
    await dialog.getByRole('button', { name: 'Void DEP-000001' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /DEP-000001.*void/ }).waitFor();
    const undeposited = await api('GET', '/api/v1/payments-received?undeposited=true');
    assert.equal(undeposited.results.length, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    await run.shot('390');
    assert.deepEqual(run.pageErrors, []);
  });
});
