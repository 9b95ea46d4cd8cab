// The invoice editor in a real browser (issue 21): Debian's Chromium driven by playwright-core against
// the real service on a fresh PGlite data directory. Sign up through the page; a customer with no
// email; an invoice of two lines whose grid shows every column at 1366x768 without sideways
// scrolling, with subtotal, tax and total under the Amount column and the Send button's sentence;
// leaving with unsaved edits asks first (stay, save, then leave without a dialog), the browser's Back
// too, on the invoice and journal entry editors (and not after a save); Send; Email with
// To empty and required, filled, sent and listed. Screenshots at 1366 px and 390 px go to
// FOLIO_SCREENS (default test-results/screens); axe-core runs on each.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { NEEDS_CHROMIUM, useBrowser } from './support.ts';

const CUSTOMER = 'Harbour Lights Café Cooperative';

describe('the invoice editor in the browser', NEEDS_CHROMIUM, () => {
  const run = useBrowser('editor', { viewport: { width: 1366, height: 768 } });
  let page: Page;
  const email = `edith-${Date.now()}@example.com`;

  before(() => {
    page = run.page;
  });

  const main = () => page.getByRole('main');

  /** The lines grid's scrolling area: nothing wider than it at this width. */
  const gridFits = async () =>
    page.getByTestId('lines-grid-scroll').evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
  const rightOf = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    assert.ok(box, 'it is on screen');
    return box.x + box.width;
  };

  test('sign up through the page; a customer with no email', async () => {
    await run.signUp({ name: 'Edith Editor', email, organization: 'Quayside Lamps' });

    await run.nav('Customers');
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Display name' }).fill(CUSTOMER);
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { name: CUSTOMER }).waitFor();
    const customers = await run.apiGet('/api/v1/customers');
    assert.equal(customers.results[0].email ?? null, null, 'the customer has no email');
  });

  test('an invoice of two lines: every column at 1366x768 without sideways scrolling, totals under Amount', async () => {
    await run.nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: CUSTOMER }).click();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Brass harbour lamp, restored');
    await page.getByRole('textbox', { name: 'Quantity of line 1' }).fill('2');
    await page.getByRole('textbox', { name: 'Unit price of line 1' }).fill('150');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByRole('textbox', { name: 'Description of line 2' }).fill('Wick and glass set');
    await page.getByRole('textbox', { name: 'Quantity of line 2' }).fill('3');
    await page.getByRole('textbox', { name: 'Unit price of line 2' }).fill('20.50');
    const totals = page.getByTestId('document-totals');
    await totals.getByText('$361.50').first().waitFor();
    const said = (await totals.innerText()).replace(/\s+/g, ' ');
    assert.match(said, /Subtotal \$361\.50 Tax \$0\.00 Total \$361\.50/);

    const fit = await gridFits();
    assert.ok(fit.scrollWidth <= fit.clientWidth, `the grid is ${fit.scrollWidth} px in ${fit.clientWidth}`);
    const amountHeader = page.getByRole('columnheader', { name: 'Amount' });
    const viewport = page.getByTestId('lines-grid-scroll');
    assert.ok((await rightOf(amountHeader)) <= (await rightOf(viewport)), 'Amount is in view');
    // The totals' figures end where the Amount column's do.
    const lineAmount = page.getByRole('row').nth(1).getByRole('cell').nth(-2).locator('span').first();
    const totalFigure = totals.getByText('$361.50').last();
    const gap = Math.abs((await rightOf(lineAmount)) - (await rightOf(totalFigure)));
    assert.ok(gap <= 2, `the total ends ${gap} px away from the Amount column`);
    await main()
      .getByText(/^Send posts the invoice to the ledger/)
      .waitFor();
    await run.shot('new-invoice');
  });

  test('leaving with unsaved edits asks first; stay; save; then leave without a dialog', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers', exact: true })
      .click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await run.shot('leave-ask');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Description of line 2' }).inputValue(),
      'Wick and glass set',
      'the edits are still there',
    );

    // Reloading the tab meets the browser's own prompt (beforeunload); dismissed, the page stays.
    let prompt = '';
    page.once('dialog', async (dialog) => {
      prompt = dialog.type();
      await dialog.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    assert.equal(prompt, 'beforeunload');
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Draft invoice INV-000001', level: 1 }).waitFor();
    await run.nav('Customers');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after a save');
  });

  test('Send, then Email: To empty and required for a customer with no email; filled, sent and listed', async () => {
    await run.nav('Invoices');
    await main().getByRole('link', { name: 'INV-000001' }).click();
    await page.getByRole('heading', { name: 'Draft invoice INV-000001', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Invoice INV-000001', level: 1 }).waitFor();
    const totals = (await page.getByTestId('document-totals').innerText()).replace(/\s+/g, ' ');
    assert.match(totals, /Subtotal \$361\.50 Tax \$0\.00 Total \$361\.50/);
    await run.shot('sent');

    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Email invoice INV-000001' });
    const to = dialog.getByRole('textbox', { name: 'To' });
    await to.waitFor();
    assert.equal(await to.inputValue(), '', 'no address to prefill');
    assert.ok(await to.evaluate((el) => (el as HTMLInputElement).required), 'To is required');
    await dialog.getByText(`${CUSTOMER} has no email address on file`, { exact: false }).waitFor();
    assert.equal(
      await dialog.getByRole('textbox', { name: 'Subject' }).inputValue(),
      'Invoice INV-000001 from Quayside Lamps',
    );
    const message = await dialog.getByRole('textbox', { name: 'Message' }).inputValue();
    assert.match(message, /invoice INV-000001 for \$361\.50, due /);
    await dialog.getByText('The invoice PDF is attached.').waitFor();
    await run.shot('email-empty');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByText('Enter the address to send the invoice to.').waitFor();
    await to.fill('accounts@harbour-lights.test');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByText('To accounts@harbour-lights.test').waitFor();
    await run.shot('emailed');
    const invoice = (await run.apiGet('/api/v1/invoices')).results[0];
    const emails = await run.apiGet(`/api/v1/invoices/${invoice.id}/emails`);
    assert.equal(emails.results.length, 1);
    assert.equal(emails.results[0].to, 'accounts@harbour-lights.test');
    assert.equal(emails.results[0].subject, 'Invoice INV-000001 from Quayside Lamps');
    await run.atPhoneWidth('emailed');
  });

  test('Back on unsaved edits asks first (invoice, journal entry): stay keeps them, leave goes back; after a save Back is not held', async () => {
    const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    const path = () => new URL(page.url()).pathname;
    const back = async () => {
      await page.goBack();
      await page.waitForTimeout(300); // the guard's step back forward, if it holds, has landed
    };

    // An invoice: Back from typed edits asks, and the address stays the editor's.
    await run.nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await heading('New invoice').waitFor();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Chimney brush');
    await back();
    await ask.waitFor();
    assert.equal(path(), '/invoices/new', 'the address went back to the editor');
    await run.shot('back-ask');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    assert.equal(
      await page.getByRole('textbox', { name: 'Description of line 1' }).inputValue(),
      'Chimney brush',
      'the edits are still there',
    );
    assert.equal(path(), '/invoices/new');
    // Asked again, "Leave without saving" goes back for real, one step.
    await back();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await heading('Invoices').waitFor();
    assert.equal(path(), '/invoices');

    // Saved, the editor is clean: Back goes straight to the list, once (no entry left behind).
    await page.getByRole('button', { name: 'New invoice' }).click();
    await heading('New invoice').waitFor();
    await page.getByRole('textbox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: CUSTOMER }).click();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Chimney brush');
    await page.getByRole('textbox', { name: 'Unit price of line 1' }).fill('18');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await heading('Draft invoice INV-000002').waitFor();
    await back();
    await heading('Invoices').waitFor();
    assert.equal(await ask.count(), 0, 'no dialog after a save');
    assert.equal(path(), '/invoices');

    // The journal entry editor: the same.
    await run.nav('Journal entries');
    await page.getByRole('button', { name: 'New journal entry' }).click();
    await heading('New journal entry').waitFor();
    await page.getByRole('textbox', { name: 'Memo' }).fill('Chimney sweep, March');
    await back();
    await ask.waitFor();
    assert.equal(path(), '/journal/new');
    await run.shot('journal-back-ask');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('textbox', { name: 'Memo' }).inputValue(), 'Chimney sweep, March');
    // A menu link is held on the journal too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers', exact: true })
      .click();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    await heading('New journal entry').waitFor();

    const box = (name: string) => page.getByRole('textbox', { name });
    await box('Account of line 1').click();
    await box('Account of line 1').pressSequentially('6300');
    await page.getByRole('option', { name: /^6300 / }).click();
    await box('Debit of line 1').fill('40');
    await box('Account of line 2').click();
    await box('Account of line 2').pressSequentially('1000');
    await page.getByRole('option', { name: /^1000 / }).click();
    await box('Credit of line 2').fill('40');
    await page.getByTestId('balance').getByText('Balanced.').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await heading('Draft journal entry').waitFor();
    await page.getByText('Draft saved.').waitFor();
    assert.match(path(), /^\/journal\/[0-9a-f-]{36}$/);
    await back();
    await heading('Journal entries').waitFor();
    assert.equal(await ask.count(), 0, 'no dialog after a save');
    assert.equal(path(), '/journal');

    // Forward to the saved draft, edited, then Back: held; leave.
    await page.goForward();
    await heading('Draft journal entry').waitFor();
    await page.getByRole('textbox', { name: 'Memo' }).fill('Chimney sweep, April');
    await back();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await heading('Journal entries').waitFor();
    assert.equal(path(), '/journal');
    const drafts = await run.apiGet('/api/v1/journal-entries?status=draft');
    assert.deepEqual(
      drafts.results.map((entry: { memo: string }) => entry.memo),
      ['Chimney sweep, March'],
      'the draft kept what was saved',
    );
  });

  test('at 390 px the editor stays usable: the grid scrolls inside itself, the page does not', async () => {
    await run.nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Lamp oil');
    await page.getByRole('textbox', { name: 'Unit price of line 1' }).fill('12');
    await run.shot('editor-1366');
    await run.atPhoneWidth('editor');
    // On a phone the menu's link is held too; leaving goes on and closes the menu, as the link would.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const invoicesLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Invoices', exact: true });
    await invoicesLink.click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.waitForTimeout(500); // the menu slides out of view (it stays in the page, off screen)
    assert.ok((await rightOf(invoicesLink)) <= 0, 'the phone menu closed');
    await run.shot('left-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    assert.deepEqual(run.pageErrors, [], 'no page error');
    assert.deepEqual(run.axeFindings, [], 'no serious or critical axe finding');
  });
});
