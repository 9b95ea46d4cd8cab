// Issue 21, setup: sign-up asks the country (ISO 3166-1), currency (ISO 4217), time zone (IANA) and
// the month the fiscal year starts; they are stored on the live books and their sandbox (migration
// 0025), answered with the organization, and changeable in settings. A bad value is 400
// validation_error on its field and writes nothing. The default chart carries Accrued Liabilities.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { call, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

const PASSWORD = 'correct horse battery';

function signupBody(extra: Record<string, unknown>) {
  return {
    email: `setup-${randomUUID()}@example.test`,
    password: PASSWORD,
    name: 'Setup',
    organization_name: `Setup ${randomUUID()}`,
    ...extra,
  };
}

/** What a refused sign-up left behind: users with its email, organizations with its name. */
async function leftBehind(body: { email: string; organization_name: string }) {
  const [users] = await harness.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
    [body.email],
  );
  // Books are found by name across every organization: a declared multi-shard read on Citus.
  const [books] = await harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    return tx.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE name LIKE $1', [
      `${body.organization_name}%`,
    ]);
  });
  return { users: users?.n ?? 0, organizations: books?.n ?? 0 };
}

describe('sign-up settings', () => {
  test('country, currency, time zone and fiscal year start are stored on the live books and the sandbox and answered', async () => {
    const body = signupBody({
      country: 'DE',
      currency: 'eur',
      timezone: 'Europe/Berlin',
      fiscal_year_start_month: 4,
    });
    const response = await call(harness, 'POST', '/api/v1/auth/signup', {}, body);
    assert.equal(response.statusCode, 201, response.body);
    const signed = response.json();
    for (const books of [signed.organization, signed.sandbox]) {
      assert.equal(books.country, 'DE');
      assert.equal(books.currency, 'EUR');
      assert.equal(books.timezone, 'Europe/Berlin');
      assert.equal(books.fiscal_year_start_month, 4);
    }
    const headers = { authorization: `Bearer ${signed.token}`, 'x-organization-id': signed.organization.id };
    const read = await call(harness, 'GET', '/api/v1/organization', headers);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(
      [read.json().country, read.json().timezone, read.json().fiscal_year_start_month],
      ['DE', 'Europe/Berlin', 4],
    );
    const [row] = await harness.db.query<{
      country: string;
      fiscal_year_start_month: number;
      timezone: string;
    }>('SELECT country, fiscal_year_start_month, timezone FROM organizations WHERE id = $1', [
      signed.organization.id,
    ]);
    assert.deepEqual({ ...row }, { country: 'DE', fiscal_year_start_month: 4, timezone: 'Europe/Berlin' });
  });

  test('without them the books are UTC, January and no country, as books made before were', async () => {
    const response = await call(harness, 'POST', '/api/v1/auth/signup', {}, signupBody({}));
    assert.equal(response.statusCode, 201, response.body);
    const { organization } = response.json();
    assert.equal(organization.country, null);
    assert.equal(organization.timezone, 'UTC');
    assert.equal(organization.fiscal_year_start_month, 1);
    assert.equal(organization.currency, 'USD');
  });

  test('any active ISO 4217 currency is taken, with its minor unit (IQD three decimals, UGX none)', async () => {
    for (const currency of ['HUF', 'IQD', 'UGX']) {
      const response = await call(harness, 'POST', '/api/v1/auth/signup', {}, signupBody({ currency }));
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().organization.currency, currency);
    }
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a currency that is not ISO 4217 (XYZ)', { currency: 'XYZ' }, 'currency'],
    ['a currency code of the wrong shape', { currency: 'EURO' }, 'currency'],
    ['a fund code, not a currency of books (CLF)', { currency: 'CLF' }, 'currency'],
    ['a time zone that is not IANA', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['a UTC offset instead of a zone name', { timezone: '+02:00 please' }, 'timezone'],
    ['a reserved country code (UK)', { country: 'UK' }, 'country'],
    ['a lower-case country code', { country: 'de' }, 'country'],
    ['fiscal year start month 0', { fiscal_year_start_month: 0 }, 'fiscal_year_start_month'],
    ['fiscal year start month 13', { fiscal_year_start_month: 13 }, 'fiscal_year_start_month'],
    ['a fiscal year start month as text', { fiscal_year_start_month: 'April' }, 'fiscal_year_start_month'],
  ];
  for (const [what, extra, field] of refusals) {
    test(`refuses ${what} with 400 validation_error on ${field}, and writes no user and no books`, async () => {
      const body = signupBody({ country: 'US', timezone: 'America/New_York', ...extra });
      const response = await call(harness, 'POST', '/api/v1/auth/signup', {}, body);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(errorCode(response), 'validation_error');
      const envelope = response.json().error;
      assert.equal(typeof envelope.message, 'string');
      assert.ok(envelope.detail.fields[field], `detail names ${field}: ${response.body}`);
      assert.deepEqual(await leftBehind(body), { users: 0, organizations: 0 });
    });
  }
});

test("an invited sign-up that names a time zone, country or fiscal year is refused on the field (the books are the inviter's)", async () => {
  // Refused before the invitation is looked up: any token will do.
  const email = `invitee-${randomUUID()}@example.test`;
  for (const [field, value] of [
    ['timezone', 'Europe/Paris'],
    ['country', 'FR'],
    ['fiscal_year_start_month', 4],
  ] as const) {
    const response = await call(
      harness,
      'POST',
      '/api/v1/auth/signup',
      {},
      { email, password: PASSWORD, name: 'Invitee', invitation: 'any-token', [field]: value },
    );
    assert.equal(response.statusCode, 400, response.body);
    assert.ok(response.json().error.detail.fields[field], response.body);
  }
  const [users] = await harness.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  assert.equal(users?.n, 0);
});

describe('organization settings', () => {
  test('PATCH changes the country and fiscal year start; bad values are 400 on the field and change nothing', async () => {
    const books = await signUp(harness, { country: 'US', fiscal_year_start_month: 1 });
    const changed = await call(harness, 'PATCH', '/api/v1/organization', books.headers, {
      country: 'AU',
      fiscal_year_start_month: 7,
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().country, 'AU');
    assert.equal(changed.json().fiscal_year_start_month, 7);
    for (const [body, field] of [
      [{ fiscal_year_start_month: 13 }, 'fiscal_year_start_month'],
      [{ country: 'ZZ' }, 'country'],
      [{ timezone: 'Nowhere/Town' }, 'timezone'],
    ] as const) {
      const refused = await call(harness, 'PATCH', '/api/v1/organization', books.headers, body);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal(errorCode(refused), 'validation_error');
      assert.ok(refused.json().error.detail.fields[field], refused.body);
    }
    const read = (await call(harness, 'GET', '/api/v1/organization', books.headers)).json();
    assert.deepEqual([read.country, read.fiscal_year_start_month, read.timezone], ['AU', 7, 'UTC']);
    assert.equal(read.version, changed.json().version, 'the refusals wrote nothing');
  });
});

describe('the default chart', () => {
  test('new books get 2150 Accrued Liabilities, a current liability, live and sandbox', async () => {
    const books = await signUp(harness);
    for (const headers of [books.headers, books.sandboxHeaders]) {
      const response = await call(harness, 'GET', '/api/v1/accounts', headers);
      assert.equal(response.statusCode, 200, response.body);
      const accrued = response
        .json()
        .results.find((account: { number: string }) => account.number === '2150');
      assert.ok(accrued, 'the chart holds 2150');
      assert.equal(accrued.name, 'Accrued Liabilities');
      assert.equal(accrued.type, 'liability');
      assert.equal(accrued.detail_type, 'other_current_liability');
      assert.equal(accrued.balance, '0.0000');
    }
  });
});
