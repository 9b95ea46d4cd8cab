// The invoice editor in a real browser (issue 21): Debian's Chromium driven by playwright-core against
// the real service on a fresh PGlite data directory. Sign up through the page; a customer with no
// email; an invoice of two lines whose grid shows every column at 1366x768 without sideways
// scrolling, with subtotal, tax and total under the Amount column and the Send button's sentence;
// leaving with unsaved edits asks first (stay, save, then leave without a dialog); Send; Email with
// To empty and required, filled, sent and listed. Screenshots at 1366 px and 390 px go to
// FOLIO_SCREENS (default test-results/screens); axe-core runs on each.
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
const CUSTOMER = 'Harbour Lights Café Cooperative';

describe('the invoice editor in the browser', {
  skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}`,
}, () => {
  let service: Service | undefined;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  const pageErrors: string[] = [];
  const axeFindings: string[] = [];
  const email = `edith-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';

  before(async () => {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    dataDir = await mkdtemp(join(tmpdir(), 'folio-e2e-editor-'));
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
    await page.screenshot({ path: join(SCREENS, `editor-${name}.png`), fullPage: true });
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
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(300);
  };

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
    await page.goto(`${service!.base}/signup`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Edith Editor');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Quayside Lamps');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await nav('Customers');
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Display name' }).fill(CUSTOMER);
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { name: CUSTOMER }).waitFor();
    const customers = await apiGet('/api/v1/customers');
    assert.equal(customers.results[0].email ?? null, null, 'the customer has no email');
  });

  test('an invoice of two lines: every column at 1366x768 without sideways scrolling, totals under Amount', async () => {
    await nav('Invoices');
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
    await shot('new-invoice');
  });

  test('leaving with unsaved edits asks first; stay; save; then leave without a dialog', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers', exact: true })
      .click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await shot('leave-ask');
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Description of line 2' }).inputValue(),
      'Wick and glass set',
      'the edits are still there',
    );

    // The browser's Back button is held the same way: stay keeps the edits and the address.
    const editorAddress = page.url();
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.waitFor({ state: 'hidden' });
    assert.equal(page.url(), editorAddress, 'Back was held: still on the editor');
    assert.equal(
      await page.getByRole('textbox', { name: 'Description of line 2' }).inputValue(),
      'Wick and glass set',
      'the edits are still there after Back was held',
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
    await nav('Customers');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog after a save');
  });

  test('Send, then Email: To empty and required for a customer with no email; filled, sent and listed', async () => {
    await nav('Invoices');
    await main().getByRole('link', { name: 'INV-000001' }).click();
    await page.getByRole('heading', { name: 'Draft invoice INV-000001', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Invoice INV-000001', level: 1 }).waitFor();
    const totals = (await page.getByTestId('document-totals').innerText()).replace(/\s+/g, ' ');
    assert.match(totals, /Subtotal \$361\.50 Tax \$0\.00 Total \$361\.50/);
    await shot('sent');

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
    await shot('email-empty');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByText('Enter the address to send the invoice to.').waitFor();
    await to.fill('accounts@harbour-lights.test');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByText('To accounts@harbour-lights.test').waitFor();
    await shot('emailed');
    const invoice = (await apiGet('/api/v1/invoices')).results[0];
    const emails = await apiGet(`/api/v1/invoices/${invoice.id}/emails`);
    assert.equal(emails.results.length, 1);
    assert.equal(emails.results[0].to, 'accounts@harbour-lights.test');
    assert.equal(emails.results[0].subject, 'Invoice INV-000001 from Quayside Lamps');
    await atPhoneWidth('emailed');
  });

  test('at 390 px the editor stays usable: the grid scrolls inside itself, the page does not', async () => {
    await nav('Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Description of line 1' }).fill('Lamp oil');
    await page.getByRole('textbox', { name: 'Unit price of line 1' }).fill('12');
    await shot('editor-1366');
    await atPhoneWidth('editor');
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
    await shot('left-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    assert.deepEqual(pageErrors, [], 'no page error');
    assert.deepEqual(axeFindings, [], 'no serious or critical axe finding');
  });
});
