// Entering things quickly (issue 21) in a real browser: Debian's Chromium driven by playwright-core
// against the real service on a fresh PGlite data directory. In the journal, "6420" and Enter take
// the account, "1000" and Tab take the next; text that names no account is kept, marked "Pick an
// account from the list", and holds Post with the reason instead of "Balanced."; amounts format on
// leaving the field; a refusal names "Line 3, Debit" under "Could not post the journal entry", and a
// line left at 0 is not sent. On Record payment, "Full" fills the amount and Record payment is
// enabled, its button not clipped at 390 px. An invoice line's unpicked tax rate holds Send and Save
// draft. Screenshots (1366 x 768 and 390 px) go to
// test-results/screens/entry-*.png, each checked by axe-core (serious and critical findings fail).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Api, NEEDS_CHROMIUM, SCREENS, signUpByApi, today, useBrowser } from './support.ts';

describe('entering things quickly in the browser (issue 21)', NEEDS_CHROMIUM, () => {
  const run = useBrowser('entry', { viewport: { width: 1366, height: 768 } });
  let page: Page;
  const email = `quinn-${Date.now()}@example.com`;
  let api: Api;
  let invoiceNumber = '';

  before(async () => {
    page = run.page;
    api = await signUpByApi(run.base, { email, name: 'Quinn Quick', organization_name: 'Quick Books Co' });
    await api('POST', '/api/v1/accounts', {
      number: '6420',
      name: 'Software Subscriptions',
      type: 'expense',
    });
    const accounts = (await api('GET', '/api/v1/accounts')).results as { id: string; number: string }[];
    const services = accounts.find((account) => account.number === '4100')!.id;
    const customer = await api('POST', '/api/v1/customers', { display_name: 'Blue Heron Cafe' });
    const draft = await api('POST', '/api/v1/invoices', {
      customer: customer.id,
      issue_date: today(),
      lines: [
        {
          description: 'Espresso machine service',
          quantity: '1',
          unit_price: '50',
          income_account: services,
        },
      ],
    });
    invoiceNumber = (await api('POST', `/api/v1/invoices/${draft.id}/send`)).number;
  });

  /** A screenshot at `width` (768 px high on a desktop, 844 on a phone), checked by axe-core. */
  const shot = async (name: string, width = 1366) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 768 });
    await run.shot(name);
  };

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const balance = () => page.getByTestId('balance');
  /** Waits for the sentence under the grid; on a timeout, says what it read instead. */
  const balanceSays = async (text: string) => {
    try {
      await balance().getByText(text).waitFor({ timeout: 5000 });
    } catch {
      await page.screenshot({ path: join(SCREENS, 'entry-failed.png'), fullPage: true });
      assert.fail(`the balance says "${await balance().innerText()}", not "${text}"`);
    }
  };

  test('log in', async () => {
    await run.logIn(email);
  });

  test('the journal: "6420" Enter and "1000" Tab pick the accounts; amounts format on leaving', async () => {
    await run.nav('Journal entries');
    await page.getByRole('button', { name: 'New journal entry' }).click();
    await box('Account of line 1').click();
    await box('Account of line 1').pressSequentially('6420');
    await page.getByRole('option', { name: '6420 Software Subscriptions' }).waitFor();
    await page.keyboard.press('Enter');
    assert.equal(await box('Account of line 1').inputValue(), '6420 Software Subscriptions');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await box('Debit of line 1').fill('1234.5');
    await box('Account of line 2').click();
    await box('Account of line 2').pressSequentially('1000');
    await page.keyboard.press('Tab');
    assert.equal(await box('Account of line 2').inputValue(), '1000 Business Checking', 'Tab took it');
    assert.equal(await box('Debit of line 1').inputValue(), '1,234.50', 'formatted once left');
    await box('Credit of line 2').fill('1234.50');
    await balanceSays('Balanced.');
    assert.ok(await page.getByRole('button', { name: 'Post' }).isEnabled());
  });

  test('text that names no account is kept, marked, and holds Post with the reason', async () => {
    await page.getByRole('button', { name: 'Add a line' }).click();
    await box('Account of line 3').click();
    await box('Account of line 3').pressSequentially('64xx');
    await page.keyboard.press('Tab');
    assert.equal(await box('Account of line 3').inputValue(), '64xx', 'what was typed stays');
    await page.getByText('Pick an account from the list').waitFor();
    await balanceSays('Account of line 3 is typed but not picked from the list.');
    assert.equal(await balance().getByText('Balanced.').count(), 0, '"Balanced." is not shown');
    assert.ok(await page.getByRole('button', { name: 'Post' }).isDisabled(), 'Post waits');
    assert.ok(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), 'Save draft waits');
    // The focus is on line 3's description now: its ring shows in the screenshot.
    await shot('journal-unpicked-1366');
    await shot('journal-unpicked-390', 390);
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  test('a refusal names "Line 3, Debit" under what was being done; a line at 0 is not sent', async () => {
    // "6420 soft" names one account: Tab takes it.
    await box('Account of line 3').click();
    await box('Account of line 3').fill('');
    await box('Account of line 3').pressSequentially('6420 soft');
    await page.keyboard.press('Tab');
    assert.equal(await box('Account of line 3').inputValue(), '6420 Software Subscriptions');
    await balanceSays('Balanced.');
    await box('Debit of line 3').fill('-5');
    await page.getByRole('button', { name: 'Add a line' }).click();
    // "64" names several accounts: the one the arrow highlights is what Tab takes.
    await box('Account of line 4').click();
    await box('Account of line 4').pressSequentially('64');
    assert.ok((await page.getByRole('option').count()) > 1, 'several accounts hold "64"');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const lit = await page.locator('[data-combobox-selected]').innerText();
    await page.keyboard.press('Tab');
    assert.equal(await box('Account of line 4').inputValue(), lit, 'Tab took the highlighted account');
    await box('Debit of line 4').fill('5');
    // Line 5 is left at 0: dropped like a blank line, so it is neither sent nor refused.
    await page.getByRole('button', { name: 'Add a line' }).click();
    await box('Debit of line 5').fill('0');
    await balanceSays('Balanced.');
    await page.getByRole('button', { name: 'Post' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not post the journal entry' });
    await alert.waitFor();
    const said = await alert.innerText();
    assert.match(said, /Line 3, Debit: must not be negative\./);
    assert.doesNotMatch(said, /lines\/|That did not work/, 'the field as the screen names it');
    await shot('journal-line3-error-1366');
    await box('Debit of line 3').fill('');
    await box('Debit of line 4').fill('0');
    await balanceSays('Balanced.');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByRole('heading', { name: /^Journal entry JE-/ }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    const entry = await api('GET', `/api/v1/journal-entries/${id}`);
    assert.equal(entry.lines.length, 2, 'the lines left at 0 were not sent');
    assert.equal(entry.total_debit, '1234.5000');
  });

  test('Record payment: "Full" fills the amount, Record payment is enabled, Full is not clipped', async () => {
    await run.nav('Payments');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Customer' }).click();
    await page.keyboard.type('heron');
    // As a person does: Tab once the match is listed (the customers may still be on their way).
    await page.getByRole('option', { name: 'Blue Heron Cafe' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await dialog.getByRole('textbox', { name: 'Customer' }).inputValue(), 'Blue Heron Cafe');
    const full = dialog.getByRole('button', { name: `Pay ${invoiceNumber} in full` });
    await full.click();
    assert.equal(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue(), '50.00');
    assert.equal(
      await dialog.getByRole('textbox', { name: `Apply to ${invoiceNumber}` }).inputValue(),
      '50.00',
    );
    await dialog.getByText("Unapplied (the customer's credit): $0.00").waitFor();
    const record = dialog.getByRole('button', { name: 'Record payment' });
    assert.ok(await record.isEnabled(), 'Record payment is enabled');
    await shot('payment-full-1366');
    await shot('payment-full-390', 390);
    // Not clipped: the button lies wholly inside its cell and the dialog, and shows its word.
    const button = (await full.boundingBox())!;
    const cell = (await full.locator('xpath=ancestor::td[1]').boundingBox())!;
    const content = (await page.locator('.mantine-Modal-content').boundingBox())!;
    assert.ok(button.x + button.width <= cell.x + cell.width + 0.5, 'Full lies inside its cell');
    assert.ok(button.x + button.width <= content.x + content.width, 'Full lies inside the dialog');
    assert.equal(await full.evaluate((el) => el.scrollWidth <= el.clientWidth), true, 'the word is whole');
    await page.setViewportSize({ width: 1366, height: 768 });
    await record.click();
    await dialog.waitFor({ state: 'hidden' });
    const payments = await api('GET', '/api/v1/payments-received');
    assert.equal(payments.results[0].amount, '50.0000');
  });

  test('an invoice line with an unpicked tax rate holds Send and Save draft, in words', async () => {
    await run.nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await box('Customer').click();
    await page.keyboard.type('heron');
    await page.getByRole('option', { name: 'Blue Heron Cafe' }).waitFor();
    await page.keyboard.press('Enter');
    assert.equal(await box('Customer').inputValue(), 'Blue Heron Cafe', 'Enter took the one match');
    await box('Description of line 1').fill('Beans, 5 lb');
    await box('Unit price of line 1').fill('1234.5');
    await box('Tax rate of line 1').click();
    await page.keyboard.type('zz');
    await page.keyboard.press('Tab');
    await page.getByText('Pick a tax rate or group from the list').waitFor();
    await page.getByText('Tax rate of line 1 is typed but not picked from the list.').waitFor();
    assert.equal(await box('Unit price of line 1').inputValue(), '1,234.50');
    assert.ok(await page.getByRole('button', { name: 'Send' }).isDisabled(), 'Send waits');
    assert.ok(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), 'Save draft waits');
    await shot('invoice-unpicked-390', 390);
    await page.setViewportSize({ width: 1366, height: 768 });
    // Emptying a clearable picker clears it: the line has no tax, and the invoice can go.
    await box('Tax rate of line 1').fill('');
    await page.keyboard.press('Tab');
    await page
      .getByText('Tax rate of line 1 is typed but not picked from the list.')
      .waitFor({ state: 'hidden' });
    assert.ok(await page.getByRole('button', { name: 'Send' }).isEnabled(), 'Send is offered again');
  });

  test('no page error and no serious axe-core finding on the screens shot', () => {
    assert.deepEqual(run.pageErrors, []);
    assert.deepEqual(run.axeFindings, []);
  });
});
