// The web app with books the size of a busy small business (issue 10, second benchmark): 10,000
// invoices spread over six months, a third of them paid, then Debian's Chromium (playwright-core)
// opens the app on loopback and the time is taken from navigation to
//   - a usable dashboard: every figure, the six-month table and the recent invoices and payments
//     shown (the chart itself is drawn after: its time is printed apart);
//   - the invoice list's first page (newest first, `cursor=last`) and the next (older) page;
// and it counts what a first visit to the log-in page downloads and how many API round trips, one
// after another, a returning dashboard waits for (issue 21).
// Targets: dashboard usable under 1 s, invoice list pages under 300 ms, log-in page under 150 KB,
// dashboard figures in at most two round trips. Not a test: it prints.
//
//   npm run bench:web-data    BENCH_INVOICES (10000), BENCH_RUNS (10), BENCH_CLIENTS (16),
//                             BENCH_DATABASE_URL (the PostgreSQL server; a scratch database is made)
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { runConcurrently } from './lib/concurrency.ts';
import { JsonClient } from './lib/http.ts';
import { intOption } from './lib/options.ts';
import { createScratchDatabase, databaseUrl, vacuumAnalyze } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad, rate } from './lib/stats.ts';

const INVOICES = intOption('BENCH_INVOICES', 10_000);
const RUNS = intOption('BENCH_RUNS', 10);
const CLIENTS = intOption('BENCH_CLIENTS', 16);
/** First visits (a new browser context each, empty cache) for the cold dashboard's figures. */
const COLD_VISITS = intOption('BENCH_COLD_VISITS', 5);
const CUSTOMERS = 200;
const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
const pad = (n: number) => String(n).padStart(2, '0');

/** A day `daysAgo` before today, YYYY-MM-DD (UTC). */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The session as the app keeps it (D81): the HttpOnly cookie log-in sets, and the books last chosen in
 * this browser, so no run includes logging in.
 */
async function withSession(context: BrowserContext, baseUrl: string, token: string, organizationId: string) {
  await context.addCookies([
    { name: 'folio_session', value: token, url: `${baseUrl}/api/`, httpOnly: true, sameSite: 'Strict' },
  ]);
  await context.addInitScript((id) => localStorage.setItem('folio.books.last', id), organizationId);
  return context;
}

/** What a first visit to the log-in page downloads: every response's bytes on the wire (compressed). */
async function coldLoginPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize)),
  );
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /log in/i }).waitFor();
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return { kb: bytes / 1024, requests: sizes.length };
}

interface Exchange {
  start: number;
  end: number;
}

/**
 * How many API round trips a visit waited for one after another: the longest chain of requests
 * where each left only after the one before it had answered (requests in flight together count once).
 */
function roundTrips(exchanges: Exchange[]): number {
  const sorted = [...exchanges].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (const [index, exchange] of sorted.entries()) {
    let deepest = 0;
    for (let earlier = 0; earlier < index; earlier++)
      if ((sorted[earlier] as Exchange).end <= exchange.start)
        deepest = Math.max(deepest, depth[earlier] ?? 0);
    depth.push(deepest + 1);
  }
  return Math.max(0, ...depth);
}

async function seed(baseUrl: string) {
  const connections = new JsonClient(baseUrl, {}, CLIENTS);
  const signup = await connections.post('/api/v1/auth/signup', {
    email: `bench-web-${Date.now()}@example.test`,
    password: 'correct horse battery',
    name: 'Bench Owner',
    organization_name: 'Bench Books',
  });
  const organizationId: string = signup.body.organization.id;
  const api = connections.with({
    authorization: `Bearer ${signup.body.token}`,
    'x-organization-id': organizationId,
  });
  const accounts = (await api.get('/api/v1/accounts?type=income')).body.results as {
    id: string;
    number: string;
  }[];
  const income = accounts.find((a) => a.number === '4100')?.id ?? accounts[0]?.id;
  const customers: string[] = [];
  await runConcurrently(CUSTOMERS, CLIENTS, async (index) => {
    const customer = await api.post('/api/v1/customers', {
      display_name: `Customer ${String(index).padStart(4, '0')} of a long and realistic trading name Ltd`,
      email: `c${index}@example.test`,
      payment_terms: 'net_30',
    });
    customers.push(customer.body.id);
  });
  const start = performance.now();
  const paid = { count: 0 };
  // Oldest first, so creation order follows the calendar as it would in real books.
  const result = await runConcurrently(INVOICES, CLIENTS, async (index) => {
    const customer = customers[index % customers.length] as string;
    const issueDate = daysAgo(Math.floor(((INVOICES - index) / INVOICES) * 180));
    const invoice = await api.post('/api/v1/invoices', {
      customer,
      issue_date: issueDate,
      lines: [
        {
          description: 'Consulting',
          quantity: '3',
          unit_price: `${100 + (index % 900)}.25`,
          income_account: income,
        },
        { description: 'Travel', quantity: '1', unit_price: '42.10', income_account: income },
      ],
    });
    const sent = await api.post(`/api/v1/invoices/${invoice.body.id}/send`, {});
    if (index % 3 === 0) {
      const amount = String(sent.body.total);
      await api.post('/api/v1/payments-received', {
        customer,
        payment_date: issueDate,
        amount,
        method: 'ach',
        reference: `ACH-${index}`,
        applications: [{ invoice_id: invoice.body.id, amount }],
      });
      paid.count++;
    }
  });
  const elapsed = performance.now() - start;
  console.log(
    `seeded ${result.count} invoices (sent; ${paid.count} paid) for ${CUSTOMERS} customers over 180 days in ` +
      `${fixed(elapsed / 1000)} s (${fixed(rate(result.count, elapsed))} invoices/s, ${CLIENTS} clients)`,
  );
  return { token: signup.body.token as string, organizationId, connections };
}

/** Milliseconds from `page.goto(path)` until `ready` resolves. */
async function timeNavigation(page: Page, url: string, ready: () => Promise<unknown>, before = () => {}) {
  before();
  const start = performance.now();
  await page.goto(url);
  await ready();
  return performance.now() - start;
}

async function dashboardUsable(page: Page) {
  const main = page.getByRole('main');
  await main.getByText('Receivables outstanding').waitFor();
  // Figures are skeletons until their answer; usable when none is left and the lists are shown.
  await page.waitForFunction(() => document.querySelectorAll('main .mantine-Skeleton-root').length === 0);
  await main.getByRole('link', { name: /^INV-/ }).first().waitFor();
  await main.getByRole('link', { name: /^PMT-/ }).first().waitFor();
}

/**
 * Runs in the page before its scripts: keeps every long task (50 ms and more of the main thread,
 * which the screen cannot draw through) as [start, duration] for the waterfall.
 */
function recordLongTasks() {
  const tasks: [number, number][] = [];
  (window as unknown as { __longTasks: [number, number][] }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The last visit's critical path as the page saw it (Resource Timing, ms from navigation): each
 * script, style and API request's start and end, and whether it came from the cache.
 */
async function waterfall(page: Page) {
  const entries = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      html: navigation.responseEnd,
      domContentLoaded: navigation.domContentLoadedEventEnd,
      resources: resources.map((entry) => ({
        name: new URL(entry.name).pathname + new URL(entry.name).search.slice(0, 40),
        start: entry.startTime,
        end: entry.responseEnd,
        cached: entry.transferSize === 0,
      })),
    };
  });
  console.log(
    `  waterfall (ms from navigation): document ${fixed(entries.html)}, DOMContentLoaded ${fixed(entries.domContentLoaded)}`,
  );
  for (const entry of entries.resources)
    console.log(
      `    ${fixed(entry.start).padStart(6)} - ${fixed(entry.end).padStart(6)}  ${entry.cached ? 'cache ' : 'net   '}${entry.name}`,
    );
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks?: [number, number][] }).__longTasks ?? null,
  );
  if (longTasks)
    console.log(
      `  long tasks (start + ms): ${longTasks.map(([start, ms]) => `${fixed(start)} + ${fixed(ms)}`).join(', ') || 'none'}`,
    );
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  if (!existsSync('web/dist/index.html')) throw new Error('web/dist is missing: npm run web:build first');
  console.log(`Folio web app with ${INVOICES} invoices, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const database = await createScratchDatabase('web');
  onCleanup(() => database.drop());
  const service = await startService(databaseUrl(database.name));
  onCleanup(() => service.stop());
  const { token, organizationId, connections } = await seed(service.baseUrl);
  await vacuumAnalyze(database.name);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  onCleanup(() => browser.close());
  const signedIn = (context: BrowserContext) => withSession(context, service.baseUrl, token, organizationId);
  const loginPage = await coldLoginPage(browser, service.baseUrl);
  const context = await signedIn(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // Where a visit's time goes: the app's own start (script loaded and run: the first /api/ request
  // leaves) and each API answer's time, printed for the last visit of each screen.
  const apiTimes = new Map<string, number>();
  let navigationStart = 0;
  let firstApiRequest = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/') && firstApiRequest === 0)
      firstApiRequest = performance.now() - navigationStart;
  });
  const exchanges: Exchange[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/')) return;
    const timing = request.timing();
    const url = new URL(request.url());
    apiTimes.set(`${request.method()} ${url.pathname}${url.search.slice(0, 60)}`, timing.responseEnd);
    exchanges.push({ start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  const breakdown = (label: string) => {
    console.log(
      `  ${label}: first /api/ request ${fixed(firstApiRequest)} ms after navigation; ` +
        `${exchanges.length} API requests in ${roundTrips(exchanges)} round trips one after another; API answers:`,
    );
    for (const [request, ms] of apiTimes) console.log(`    ${fixed(ms)} ms  ${request}`);
  };
  const reset = () => {
    exchanges.length = 0;
    apiTimes.clear();
    firstApiRequest = 0;
    navigationStart = performance.now();
  };

  // A first visit: a new browser context each time (empty cache: every script and style downloaded).
  const cold = new Latencies();
  // The same moment on the page's own clock (from its navigation's start): without the browser's
  // new renderer process and the test driver's polling, which the figure above includes.
  const coldPage = new Latencies();
  for (let run = 0; run < COLD_VISITS; run++) {
    const fresh = await signedIn(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await fresh.addInitScript(recordLongTasks);
    const first = await fresh.newPage();
    first.setDefaultTimeout(30_000);
    cold.add(await timeNavigation(first, `${service.baseUrl}/`, () => dashboardUsable(first)));
    coldPage.add(await first.evaluate(() => performance.now()));
    if (run === COLD_VISITS - 1) {
      console.log('  first visit (empty cache), the last one:');
      await waterfall(first);
    }
    await fresh.close();
  }
  // One visit to fill this context's cache; the runs below are a returning person's visits.
  await page.goto(`${service.baseUrl}/`);
  await dashboardUsable(page);
  const dashboard = new Latencies();
  const chart = new Latencies();
  const firstPage = new Latencies();
  const olderPage = new Latencies();
  for (let run = 0; run < RUNS; run++) {
    reset();
    const start = performance.now();
    await page.goto(`${service.baseUrl}/`);
    await dashboardUsable(page);
    dashboard.add(performance.now() - start);
    await page.locator('.folio-bar').first().waitFor();
    chart.add(performance.now() - start);
    if (run === RUNS - 1) breakdown('dashboard');

    firstPage.add(
      await timeNavigation(
        page,
        `${service.baseUrl}/invoices`,
        () => page.getByRole('main').getByRole('link', { name: /^INV-/ }).nth(49).waitFor(),
        reset,
      ),
    );
    if (run === RUNS - 1) {
      breakdown('invoice list');
      await waterfall(page);
    }
    const newest = await page.getByRole('main').getByRole('link', { name: /^INV-/ }).first().innerText();
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Older' }).click();
    await page.waitForFunction((number) => {
      const first = document.querySelector('main a[href^="/invoices/"]');
      return first !== null && first.textContent !== number;
    }, newest);
    await page.getByRole('main').getByRole('link', { name: /^INV-/ }).nth(49).waitFor();
    olderPage.add(performance.now() - clicked);
  }
  console.log(
    `log-in page, first visit (empty cache): ${fixed(loginPage.kb)} KB transferred in ${loginPage.requests} ` +
      `requests (target < 150 KB)`,
  );
  console.log(
    `dashboard usable, first visit (empty cache, ${COLD_VISITS} visits): ${cold.summary()} (target < 1000 ms)`,
  );
  console.log(`  the same on the page's clock (from its navigation): ${coldPage.summary()}`);
  console.log(`dashboard usable: ${dashboard.summary()} over ${RUNS} visits (target < 1000 ms)`);
  console.log(`dashboard chart drawn: ${chart.summary()}`);
  console.log(`invoice list, first page from navigation: ${firstPage.summary()} (target < 300 ms)`);
  console.log(`invoice list, older page after the click: ${olderPage.summary()} (target < 300 ms)`);
  connections.close();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
