// What every browser test sets up the same way: the real service on a fresh PGlite data directory,
// Debian's Chromium driven by playwright-core, a screenshot checked by axe-core, the main menu, log
// in, and the API read or written beside the page. Each *.e2e.ts file keeps what is its own (its
// books, its viewport, its flows); nothing here is a test.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { killIfRunning, type Service, startService, stopService } from '../../test/helpers/service.ts';

export const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENS = process.env.FOLIO_SCREENS ?? join('test-results', 'screens');
export const PASSWORD = 'correct horse battery staple';
/**
 * How long a step waits for the page. CI runs the browser test beside two server passes on two
 * cores, and a first render there once took longer than 15 s to answer Playwright; a page that never
 * comes still fails, only later.
 */
export const ACTION_TIMEOUT_MS = 30_000;
/** The `describe` options of a browser test: skipped, saying why, where Chromium is missing. */
export const NEEDS_CHROMIUM = { skip: !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM}` };
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Today on this machine's calendar, `YYYY-MM-DD`. */
export const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The API as a script calls it: `method path [body]`, asserting a 2xx, answering the JSON. */
export type Api = (method: string, path: string, body?: unknown) => Promise<any>;

export function apiAs(base: string, token: string, organizationId: string): Api {
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-id': organizationId,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return response.json();
  };
}

/** Signs up through the API (201) and answers the API of the new live books. */
export async function signUpByApi(
  base: string,
  user: { email: string; name: string; organization_name: string },
): Promise<Api> {
  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: PASSWORD,
      name: user.name,
      organization_name: user.organization_name,
    }),
  });
  assert.equal(signup.status, 201);
  const session = (await signup.json()) as { token: string; organization: { id: string } };
  return apiAs(base, session.token, session.organization.id);
}

export interface ShotOptions {
  /** Another tab to shoot; the browser's page by default. */
  target?: Page;
  /** How long the screen rests after the pointer leaves it (transitions end). */
  restMs?: number;
}

/**
 * One browser test's service and browser, opened by the `before` it registers in the calling
 * `describe` (before any the file registers after it) and closed by its `after`. `page` and `base`
 * are there once it has opened.
 */
export class BrowserRun {
  readonly pageErrors: string[] = [];
  /** axe-core's serious and critical findings on the screens shot; a file's last test asserts none. */
  readonly axeFindings: string[] = [];
  #service: Service | undefined;
  #browser: Browser | undefined;
  #context: BrowserContext | undefined;
  #page: Page | undefined;
  #dataDir: string | undefined;

  /**
   * @param name the data directory's prefix and, with `prefixShots`, each screenshot's
   * @param contextOptions the browser context's (viewport, locale)
   * @param options `axe: false` shoots screens without checking them
   */
  constructor(
    readonly name: string,
    readonly contextOptions: BrowserContextOptions,
    readonly options: { prefixShots?: boolean; axe?: boolean } = {},
  ) {}

  get page(): Page {
    assert.ok(this.#page, 'the browser is open');
    return this.#page;
  }
  get context(): BrowserContext {
    assert.ok(this.#context, 'the browser is open');
    return this.#context;
  }
  get browser(): Browser {
    assert.ok(this.#browser, 'the browser is open');
    return this.#browser;
  }
  get service(): Service {
    assert.ok(this.#service, 'the service is started');
    return this.#service;
  }
  get base(): string {
    assert.ok(this.#service, 'the service is started');
    return this.#service.base;
  }
  get dataDir(): string {
    assert.ok(this.#dataDir, 'the data directory is made');
    return this.#dataDir;
  }

  async open() {
    assert.ok(existsSync('web/dist/index.html'), 'web/dist is built (npm run web:build)');
    this.#dataDir = await mkdtemp(join(tmpdir(), `folio-e2e-${this.name}-`));
    await mkdir(SCREENS, { recursive: true });
    this.#service = await startService(this.#dataDir);
    this.#browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    this.#context = await this.#browser.newContext(this.contextOptions);
    this.#page = await this.#context.newPage();
    this.#page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    this.#page.on('pageerror', (error) => this.pageErrors.push(String(error)));
  }

  async close() {
    await this.#browser?.close();
    if (this.#service) assert.equal(await stopService(this.#service), 0);
    killIfRunning(this.#service);
    if (this.#dataDir) await rm(this.#dataDir, { recursive: true, force: true });
  }

  /** A full-page screenshot at rest, the pointer off what it clicked, checked by axe-core. */
  async shot(name: string, { target = this.page, restMs = 300 }: ShotOptions = {}) {
    await target.waitForLoadState('networkidle');
    await target.mouse.move(0, 0);
    await target.waitForTimeout(restMs);
    // At rest: no transition under way. A toast caught fading in or out is half-drawn, and axe-core
    // fails its contrast (CI, vendor credits' "apply"); a spinner's endless animation is at rest.
    await target.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    const file = this.options.prefixShots === false ? name : `${this.name}-${name}`;
    await target.screenshot({ path: join(SCREENS, `${file}.png`), fullPage: true });
    if (this.options.axe === false) return;
    // Run through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
    const violations = (await target.evaluate(
      `${AXE_SOURCE}\n;axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
    )) as AxeViolation[];
    for (const violation of violations)
      if (violation.impact === 'serious' || violation.impact === 'critical')
        this.axeFindings.push(
          `${name}: ${violation.id} (${violation.impact}) ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((n) => n.target))}`,
        );
  }

  /** The screen at 390 px wide, no wider than the phone, shot as `<name>-390`; then back to `width` x `height`. */
  async atPhoneWidth(name: string, back = { width: 1366, height: 768 }) {
    await this.page.setViewportSize({ width: 390, height: 844 });
    await this.page.waitForTimeout(500);
    const width = await this.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${name} is ${width} px wide on a 390 px phone`);
    await this.shot(`${name}-390`);
    await this.page.setViewportSize(back);
    await this.page.waitForTimeout(300);
  }

  /** Opens a screen from the main menu and waits for its heading. */
  async nav(label: string) {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: label, exact: true })
      .click();
    await this.page.getByRole('heading', { level: 1, name: label }).waitFor();
  }

  /** Logs in through the page and waits for the dashboard. */
  async logIn(email: string) {
    await this.page.goto(`${this.base}/login`);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByLabel('Password').fill(PASSWORD);
    await this.page.getByRole('button', { name: 'Log in' }).click();
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  /** Fills the sign-up page's own fields (the caller picks any others, then signs up). */
  async fillSignUp(user: { name: string; email: string; organization: string }) {
    await this.page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await this.page.getByLabel('Password').fill(PASSWORD);
    await this.page.getByRole('textbox', { name: 'Organization name' }).fill(user.organization);
  }

  /** Signs up through the page and waits for the dashboard. */
  async signUp(user: { name: string; email: string; organization: string }) {
    await this.page.goto(`${this.base}/signup`);
    await this.fillSignUp(user);
    await this.page.getByRole('button', { name: 'Sign up' }).click();
    await this.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }

  /** A read of the API as the app makes it: the browser's session cookie, the web header, the books. */
  async apiGet(path: string) {
    const books = await this.page.evaluate(() => sessionStorage.getItem('folio.books'));
    const response = await this.page.request.get(`${this.base}${path}`, {
      headers: { 'X-Folio-Client': 'web', 'X-Organization-Id': String(books) },
    });
    assert.ok(response.ok(), `GET ${path}: ${response.status()}`);
    return (await response.json()) as any;
  }
}

/** A `BrowserRun` opened before the calling `describe`'s tests and closed after them. */
export function useBrowser(...args: ConstructorParameters<typeof BrowserRun>): BrowserRun {
  const run = new BrowserRun(...args);
  before(() => run.open());
  after(() => run.close());
  return run;
}
