// Sign-up, log-in, log-out and "me": the app's internal surface (DECISIONS "Organizations, users, sessions").
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError } from '../../domain/errors.ts';
import { isSupportedCurrency } from '../../domain/money.ts';
import type { Deps, Organization } from '../context.ts';
import { createOrganization } from '../organizations/organizations.ts';
import { hashPassword, newSessionToken, sha256, verifyPassword } from './secrets.ts';

export const SESSION_LIFETIME_DAYS = 30;
export const MIN_PASSWORD_LENGTH = 8;

export interface SignupCommand {
  email: string;
  password: string;
  name: string;
  organization_name: string;
  currency?: string;
}

/**
 * D67: the one answer to a sign-up that cannot go ahead because of the email, worded so that it does
 * not say the email is registered (no field named, the same code as any refusal of the details).
 */
export const SIGNUP_REFUSED_MESSAGE =
  'sign-up could not be completed with these details; if you already have an account, log in';

function signupRefused(): DomainError {
  return new DomainError('validation_error', SIGNUP_REFUSED_MESSAGE, { fields: {} });
}

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

export async function signup(deps: Deps, command: SignupCommand) {
  const currency = (command.currency ?? 'USD').toUpperCase();
  if (!isSupportedCurrency(currency)) throw fieldError('currency', `unsupported currency ${currency}`);
  if (command.password.length < MIN_PASSWORD_LENGTH) {
    throw fieldError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // Hashed before the email is looked up, so a taken email costs the same scrypt work as a new one
  // and its refusal comes no sooner than the checks every sign-up passes (D67).
  const passwordHash = await hashPassword(command.password);
  const token = newSessionToken();
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [command.email]);
    if (existing) throw signupRefused();
    const user: PublicUser = { id: randomUUID(), email: command.email, name: command.name };
    // A concurrent signup with the same email passes the check too; the unique index refuses one.
    const inserted = await tx.query(
      `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING id`,
      [user.id, user.email, user.name, passwordHash],
    );
    if (inserted.length === 0) throw signupRefused();
    const organization = await createOrganization(tx, {
      name: command.organization_name,
      mode: 'live',
      currency,
    });
    const sandbox = await createOrganization(tx, {
      name: `${command.organization_name} (sandbox)`,
      mode: 'sandbox',
      currency,
      liveOrganizationId: organization.id,
    });
    await tx.query("INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'owner')", [
      organization.id,
      user.id,
    ]);
    await insertSession(tx, user.id, token);
    return {
      user,
      organization: describeOrganization(organization, 'owner'),
      sandbox: describeOrganization(sandbox, 'owner'),
      token,
    };
  });
}

export async function login(deps: Deps, email: string, password: string) {
  const [row] = await deps.db.query<PublicUser & { password_hash: string }>(
    'SELECT id, email, name, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  // An unknown email is checked against a hash too: answering it sooner would say it is unknown.
  const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  if (!row || !matches) {
    throw new DomainError('authentication_failed', 'the email or password is wrong', {});
  }
  const token = newSessionToken();
  await deps.db.transaction((tx) => insertSession(tx, row.id, token));
  return { token, user: { id: row.id, email: row.email, name: row.name } };
}

let decoy: Promise<string> | undefined;
/** A hash of a random password, made once: verifying against it costs what a real check costs. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(newSessionToken());
  return decoy;
}

export async function logout(deps: Deps, sessionId: string) {
  await deps.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
  ]);
}

async function insertSession(tx: { query: Deps['db']['query'] }, userId: string, token: string) {
  await tx.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => ${SESSION_LIFETIME_DAYS}))`,
    [randomUUID(), userId, sha256(token)],
  );
}

export function describeOrganization(organization: Organization, role: string) {
  return {
    id: organization.id,
    name: organization.name,
    mode: organization.mode,
    live_organization_id: organization.liveOrganizationId,
    currency: organization.currency,
    timezone: organization.timezone,
    books_closed_through: organization.booksClosedThrough,
    seats: organization.seats,
    role,
  };
}

/** The user and every set of books they reach: each live membership and its sandbox. */
export async function me(deps: Deps, userId: string) {
  const [user] = await deps.db.query<PublicUser>('SELECT id, email, name FROM users WHERE id = $1', [userId]);
  const memberships = await deps.db.query<{
    organization_id: string;
    name: string;
    mode: string;
    role: string;
    live_organization_id: string | null;
  }>(
    `SELECT o.id AS organization_id, o.name, o.mode, m.role, o.live_organization_id
       FROM memberships m
       JOIN organizations o ON o.id = m.organization_id OR o.live_organization_id = m.organization_id
      WHERE m.user_id = $1
      ORDER BY m.created_at, o.mode`,
    [userId],
  );
  return { user, memberships };
}
