// D94: password reset by an emailed one-time link, and member invitations by email. The links travel
// through the outbox to a REAL SMTP receiver (the test reads them out of the delivered messages);
// a second harness without SMTP shows the link logged for the operator instead. On PostgreSQL each
// harness has a database of its own (another file's outbox worker must not deliver these messages).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { allowMultiShard } from '../../src/storage/sql.ts';
import {
  type Books,
  call,
  errorCode,
  type Harness,
  type Headers,
  signUp,
  startHarness,
} from '../helpers/harness.ts';
import {
  FAST_OUTBOX,
  type OwnDatabase,
  ownDatabase,
  type SmtpReceiver,
  startSmtpReceiver,
  waitFor,
} from '../helpers/outbox.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

let smtp: SmtpReceiver;
let mailing: Harness; // SMTP configured: links are emailed
let quiet: Harness; // no SMTP: links are logged
let tight: Harness; // two password reset requests per address, then 429
const logged: { msg: string; link?: string; to?: string; kind?: string }[] = [];
const databases: OwnDatabase[] = [];

async function harnessOn(label: string, ...args: Parameters<typeof startHarness>) {
  const database = await ownDatabase(label);
  databases.push(database);
  return startHarness(args[0], args[1], { ...args[2], databaseUrl: database.url });
}

before(async () => {
  smtp = await startSmtpReceiver();
  mailing = await harnessOn('links_mail', { smtpUrl: smtp.url, emailOutbox: FAST_OUTBOX }, 10);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logged.push(JSON.parse(line));
      done();
    },
  });
  quiet = await harnessOn('links_quiet', {}, 10, { logger: { level: 'warn', stream } });
  tight = await harnessOn(
    'links_tight',
    {
      authThrottle: { emailBurst: 2, emailRefillSeconds: 3600, addressBurst: 1000, addressRefillSeconds: 1 },
    },
    5,
  );
});

after(async () => {
  for (const harness of [mailing, quiet, tight]) await harness?.close();
  await smtp?.close();
  for (const database of databases) await database.drop();
});

/** The text of a delivered message, quoted-printable undone. */
function textOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the `n`th message to `to` and answers the token of the link it carries. */
async function linkTokenMailedTo(to: string, n = 1): Promise<{ token: string; text: string }> {
  const mails = await waitFor(
    async () => smtp.mailsTo(to),
    (found) => found.length >= n,
    15_000,
    `message ${n} to ${to}`,
  );
  const text = textOf(mails[n - 1]!.raw);
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text);
  assert.ok(match, `a link in: ${text}`);
  return { token: match[1]!, text };
}

const login = (harness: Harness, email: string, password: string) =>
  call(harness, 'POST', '/api/v1/auth/login', {}, { email, password });

/** A count over every organization's rows: on Citus a declared multi-shard read (D80's rule is for requests). */
async function count(harness: Harness, sql: string, params: unknown[]): Promise<number> {
  const [row] = await harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    return tx.query<{ n: number }>(sql, params as never);
  });
  return row?.n ?? 0;
}

describe('password reset (D94)', () => {
  test('asking answers 202 and the same body for a known and an unknown address; only the known gets a link', async () => {
    const books = await signUp(mailing);
    const unknown = `nobody-${randomUUID()}@example.test`;
    const known = await call(mailing, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    const stranger = await call(mailing, 'POST', '/api/v1/auth/password-reset', {}, { email: unknown });
    assert.equal(known.statusCode, 202, known.body);
    assert.equal(stranger.statusCode, 202);
    assert.deepEqual(known.json(), stranger.json());
    assert.equal(known.body, stranger.body);
    assert.equal(
      await count(mailing, 'SELECT count(*)::int AS n FROM auth_emails WHERE to_address = $1', [unknown]),
      0,
    );
    const { token, text } = await linkTokenMailedTo(books.email);
    assert.match(text, /\/reset-password#token=fr_/);
    assert.equal(
      await count(mailing, 'SELECT count(*)::int AS n FROM password_resets WHERE token_hash = $1', [token]),
      0,
      'the token is not stored as it is',
    );
    await waitFor(
      async () =>
        (
          await mailing.db.query<{ status: string }>('SELECT status FROM auth_emails WHERE to_address = $1', [
            books.email,
          ])
        )[0]?.status,
      (status) => status === 'sent',
    );
    const [sent] = await mailing.db.query<{ link: string | null; body: string }>(
      'SELECT link, body FROM auth_emails WHERE to_address = $1',
      [books.email],
    );
    assert.equal(sent?.link, null, 'the link is cleared once sent');
    assert.ok(!sent?.body.includes(token), 'the stored body never holds the token');
  });

  test('the link sets a new password once, and every session of the user ends', async () => {
    const books = await signUp(mailing);
    const otherDevice = (await login(mailing, books.email, PASSWORD)).json().token;
    await call(mailing, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    const { token } = await linkTokenMailedTo(books.email);
    const weak = await call(
      mailing,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      { token, password: 'short' },
    );
    assert.equal(weak.statusCode, 400);
    assert.deepEqual(Object.keys(weak.json().error.detail.fields), ['password']);
    const confirmed = await call(
      mailing,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token,
        password: NEW_PASSWORD,
      },
    );
    assert.equal(confirmed.statusCode, 204, confirmed.body);
    for (const token of [books.token, otherDevice]) {
      const me = await call(mailing, 'GET', '/api/v1/me', { authorization: `Bearer ${token}` });
      assert.equal(me.statusCode, 401, 'every session ended');
    }
    assert.equal((await login(mailing, books.email, PASSWORD)).statusCode, 401);
    assert.equal((await login(mailing, books.email, NEW_PASSWORD)).statusCode, 200);
    const again = await call(
      mailing,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token,
        password: 'yet another passphrase',
      },
    );
    assert.equal(again.statusCode, 400);
    assert.equal(errorCode(again), 'validation_error');
    assert.deepEqual(Object.keys(again.json().error.detail.fields), ['token']);
    assert.equal((await login(mailing, books.email, NEW_PASSWORD)).statusCode, 200, 'the password stayed');
  });

  test('a link over an hour old, or replaced by a newer one, is refused and changes nothing', async () => {
    const books = await signUp(mailing);
    await call(mailing, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    const first = (await linkTokenMailedTo(books.email, 1)).token;
    await call(mailing, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    const second = (await linkTokenMailedTo(books.email, 2)).token;
    const replaced = await call(
      mailing,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token: first,
        password: NEW_PASSWORD,
      },
    );
    assert.equal(replaced.statusCode, 400);
    await mailing.db.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL",
      [books.userId],
    );
    const late = await call(
      mailing,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token: second,
        password: NEW_PASSWORD,
      },
    );
    assert.equal(late.statusCode, 400);
    assert.deepEqual(Object.keys(late.json().error.detail.fields), ['token']);
    assert.equal(
      (await login(mailing, books.email, PASSWORD)).statusCode,
      200,
      'the old password still works',
    );
    assert.equal(
      (await call(mailing, 'GET', '/api/v1/me', { authorization: `Bearer ${books.token}` })).statusCode,
      200,
    );
  });

  test('asking is throttled per address as log-in is: 429 throttled with Retry-After', async () => {
    const books = await signUp(tight);
    for (let i = 0; i < 2; i++) {
      const asked = await call(tight, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
      assert.equal(asked.statusCode, 202);
    }
    const third = await call(tight, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    assert.equal(third.statusCode, 429);
    assert.equal(errorCode(third), 'throttled');
    assert.ok(Number(third.headers['retry-after']) > 0);
    const unknown = `nobody-${randomUUID()}@example.test`;
    for (let i = 0; i < 2; i++)
      await call(tight, 'POST', '/api/v1/auth/password-reset', {}, { email: unknown });
    const unknownThird = await call(tight, 'POST', '/api/v1/auth/password-reset', {}, { email: unknown });
    assert.equal(unknownThird.statusCode, 429, 'an unknown address is throttled alike (it says nothing)');
  });

  test('without SMTP the link is logged for the operator and the row keeps no link', async () => {
    const books = await signUp(quiet);
    const asked = await call(quiet, 'POST', '/api/v1/auth/password-reset', {}, { email: books.email });
    assert.equal(asked.statusCode, 202);
    const entry = logged.find((line) => line.to === books.email && line.kind === 'password_reset');
    assert.ok(entry?.link, JSON.stringify(logged));
    assert.match(entry.msg, /no SMTP_URL/);
    const [row] = await quiet.db.query<{ status: string; link: string | null }>(
      'SELECT status, link FROM auth_emails WHERE to_address = $1',
      [books.email],
    );
    assert.deepEqual(row, { status: 'logged', link: null });
    const token = new URL(entry.link).hash.replace('#token=', '');
    const confirmed = await call(
      quiet,
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token,
        password: NEW_PASSWORD,
      },
    );
    assert.equal(confirmed.statusCode, 204);
  });
});

async function invite(books: Books, email: string, role = 'accountant', headers: Headers = books.headers) {
  return call(mailing, 'POST', '/api/v1/members/invitations', headers, { email, role });
}

async function memberships(books: Books): Promise<number> {
  return count(mailing, 'SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1', [
    books.organizationId,
  ]);
}

describe('member invitations (D94)', () => {
  test('an invitation is pending, emailed, listed, and holds no seat until accepted by log-in', async () => {
    const books = await signUp(mailing);
    const person = await signUp(mailing);
    const created = await invite(books, person.email, 'viewer');
    assert.equal(created.statusCode, 201, created.body);
    const invitation = created.json();
    assert.equal(invitation.status, 'pending');
    assert.equal(invitation.role, 'viewer');
    assert.equal(invitation.invited_by, books.userId);
    assert.equal(await memberships(books), 1, 'no seat taken while pending');
    const listed = await call(mailing, 'GET', '/api/v1/members/invitations', books.headers);
    assert.deepEqual(
      listed.json().results.map((row: { id: string }) => row.id),
      [invitation.id],
    );
    const { token, text } = await linkTokenMailedTo(person.email);
    assert.match(text, /invited you to work in the books of Acme Books on Folio, as a viewer/);
    assert.match(text, /\/invitations\/accept#token=fi_/);
    const preview = await call(mailing, 'POST', '/api/v1/auth/invitation', {}, { token });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.deepEqual(
      { ...(preview.json() as object), expires_at: undefined },
      {
        email: person.email,
        role: 'viewer',
        organization_name: 'Acme Books',
        invited_by_name: 'Owner',
        has_account: true,
        expires_at: undefined,
      },
    );
    const accepted = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token },
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().organization.id, books.organizationId);
    assert.equal(accepted.json().organization.role, 'viewer');
    assert.equal(accepted.json().sandbox.id, books.sandboxId);
    assert.equal(await memberships(books), 2);
    const accounts = await call(mailing, 'GET', '/api/v1/accounts', {
      authorization: `Bearer ${person.token}`,
      'x-organization-id': books.organizationId,
    });
    assert.equal(accounts.statusCode, 200);
    const listedAfter = await call(mailing, 'GET', '/api/v1/members/invitations', books.headers);
    assert.deepEqual(listedAfter.json().results, [], 'an accepted invitation leaves the list');
    const twice = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token },
    );
    assert.equal(twice.statusCode, 400);
    assert.deepEqual(Object.keys(twice.json().error.detail.fields), ['token']);
  });

  test('signing up with an invitation joins the inviting books, with no books of one’s own', async () => {
    const books = await signUp(mailing);
    const email = `new-${randomUUID()}@example.test`;
    assert.equal((await invite(books, email, 'sales')).statusCode, 201);
    const { token } = await linkTokenMailedTo(email);
    const preview = await call(mailing, 'POST', '/api/v1/auth/invitation', {}, { token });
    assert.equal(preview.json().has_account, false);
    const organizations = await count(mailing, 'SELECT count(*)::int AS n FROM organizations', []);
    const wrongEmail = await call(
      mailing,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email: `other-${randomUUID()}@example.test`,
        password: PASSWORD,
        name: 'Other',
        invitation: token,
      },
    );
    assert.equal(wrongEmail.statusCode, 403);
    assert.equal(errorCode(wrongEmail), 'permission_denied');
    assert.equal(await count(mailing, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]), 0);
    const both = await call(
      mailing,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email,
        password: PASSWORD,
        name: 'New',
        organization_name: 'Own Ltd',
        invitation: token,
      },
    );
    assert.equal(both.statusCode, 400);
    const signed = await call(
      mailing,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email,
        password: PASSWORD,
        name: 'New',
        invitation: token,
      },
    );
    assert.equal(signed.statusCode, 201, signed.body);
    const body = signed.json();
    assert.equal(body.organization.id, books.organizationId);
    assert.equal(body.organization.role, 'sales');
    assert.equal(body.sandbox.id, books.sandboxId);
    assert.equal(await count(mailing, 'SELECT count(*)::int AS n FROM organizations', []), organizations);
    const me = await call(mailing, 'GET', '/api/v1/me', { authorization: `Bearer ${body.token}` });
    assert.deepEqual(
      me
        .json()
        .memberships.map((row: { organization_id: string; role: string }) => [row.organization_id, row.role])
        .sort(),
      [
        [books.organizationId, 'sales'],
        [books.sandboxId, 'sales'],
      ].sort(),
    );
    const noBooks = await call(
      mailing,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email: `plain-${randomUUID()}@example.test`,
        password: PASSWORD,
        name: 'Plain',
      },
    );
    assert.equal(noBooks.statusCode, 400);
    assert.deepEqual(Object.keys(noBooks.json().error.detail.fields), ['organization_name']);
  });

  test('seats are counted at acceptance: a full plan answers 409 seat_limit_reached and the invitation stays pending', async () => {
    const books = await signUp(mailing);
    const person = await signUp(mailing);
    assert.equal((await invite(books, person.email)).statusCode, 201);
    const { token } = await linkTokenMailedTo(person.email);
    await mailing.db.query('UPDATE organizations SET seats = 1 WHERE id = $1', [books.organizationId]);
    const full = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token },
    );
    assert.equal(full.statusCode, 409, full.body);
    assert.equal(errorCode(full), 'seat_limit_reached');
    assert.equal(await memberships(books), 1);
    const listed = await call(mailing, 'GET', '/api/v1/members/invitations', books.headers);
    assert.equal(listed.json().results[0].status, 'pending');
    await mailing.db.query('UPDATE organizations SET seats = 5 WHERE id = $1', [books.organizationId]);
    const accepted = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token },
    );
    assert.equal(accepted.statusCode, 200);
  });

  test('only the invited address may accept; a revoked or replaced invitation is refused', async () => {
    const books = await signUp(mailing);
    const person = await signUp(mailing);
    const stranger = await signUp(mailing);
    const first = (await invite(books, person.email)).json();
    const firstToken = (await linkTokenMailedTo(person.email, 1)).token;
    const byStranger = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${stranger.token}`,
      },
      { token: firstToken },
    );
    assert.equal(byStranger.statusCode, 403);
    assert.equal(errorCode(byStranger), 'permission_denied');
    // Sent again: the new invitation replaces the first, whose link stops working.
    const second = (await invite(books, person.email, 'admin')).json();
    const secondToken = (await linkTokenMailedTo(person.email, 2)).token;
    const listed = await call(mailing, 'GET', '/api/v1/members/invitations', books.headers);
    assert.deepEqual(
      listed.json().results.map((row: { id: string }) => row.id),
      [second.id],
    );
    const replaced = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token: firstToken },
    );
    assert.equal(replaced.statusCode, 400);
    const revoked = await call(
      mailing,
      'POST',
      `/api/v1/members/invitations/${second.id}/revoke`,
      books.headers,
    );
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(revoked.json().status, 'revoked');
    const again = await call(
      mailing,
      'POST',
      `/api/v1/members/invitations/${second.id}/revoke`,
      books.headers,
    );
    assert.equal(again.statusCode, 409);
    assert.equal(errorCode(again), 'invalid_state');
    const afterRevoke = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations/accept',
      {
        authorization: `Bearer ${person.token}`,
      },
      { token: secondToken },
    );
    assert.equal(afterRevoke.statusCode, 400);
    const preview = await call(mailing, 'POST', '/api/v1/auth/invitation', {}, { token: secondToken });
    assert.equal(preview.statusCode, 400, 'a spent link shows nothing');
    assert.equal(await memberships(books), 1);
    assert.equal(first.status, 'pending');
  });

  test('who may invite: members:manage on the live books; admins not owners; not an existing member', async () => {
    const books = await signUp(mailing);
    const email = `x-${randomUUID()}@example.test`;
    const sandbox = await invite(books, email, 'viewer', books.sandboxHeaders);
    assert.equal(sandbox.statusCode, 403);
    assert.equal(errorCode(sandbox), 'sandbox_restricted');
    const member = await call(mailing, 'POST', '/api/v1/members', books.headers, {
      email: (await signUp(mailing)).email,
      role: 'admin',
    });
    assert.equal(member.statusCode, 201);
    const admin = await login(mailing, member.json().email, PASSWORD);
    const adminHeaders = {
      authorization: `Bearer ${admin.json().token}`,
      'x-organization-id': books.organizationId,
    };
    const owner = await invite(books, email, 'owner', adminHeaders);
    assert.equal(owner.statusCode, 403);
    assert.equal(errorCode(owner), 'permission_denied');
    assert.equal((await invite(books, email, 'accountant', adminHeaders)).statusCode, 201);
    const existing = await invite(books, member.json().email, 'viewer');
    assert.equal(existing.statusCode, 400);
    assert.deepEqual(Object.keys(existing.json().error.detail.fields), ['email']);
    const key = await call(mailing, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'k',
      role: 'accountant',
    });
    const byKey = await call(
      mailing,
      'POST',
      '/api/v1/members/invitations',
      { authorization: `Token ${key.json().key}` },
      {
        email,
        role: 'viewer',
      },
    );
    assert.equal(byKey.statusCode, 403);
    assert.equal(errorCode(byKey), 'not_part_of_public_api');
    const invitations = await count(
      mailing,
      'SELECT count(*)::int AS n FROM invitations WHERE organization_id = $1',
      [books.organizationId],
    );
    assert.equal(invitations, 1, 'only the admin’s accountant invitation was written');
  });

  test('without SMTP the invitation link is logged for the operator', async () => {
    const books = await signUp(quiet);
    const email = `quiet-${randomUUID()}@example.test`;
    const created = await call(quiet, 'POST', '/api/v1/members/invitations', books.headers, {
      email,
      role: 'viewer',
    });
    assert.equal(created.statusCode, 201);
    const entry = logged.find((line) => line.to === email && line.kind === 'invitation');
    assert.match(String(entry?.link), /\/invitations\/accept#token=fi_/);
  });
});
