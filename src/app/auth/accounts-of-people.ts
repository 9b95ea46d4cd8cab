// Sign-up, log-in, log-out and "me": the app's internal surface (DECISIONS "Organizations, users, sessions").
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError } from '../../domain/errors.ts';
import { isSupportedCurrency } from '../../domain/money.ts';
import { passwordProblem } from '../../domain/password.ts';
import type { Tx } from '../../storage/db.ts';
import { allowMultiShard } from '../../storage/sql.ts';
import * as organizations from '../../storage/stores/organizations.ts';
import * as people from '../../storage/stores/people.ts';
import type { Deps } from '../context.ts';
import { acceptInvitationIn } from '../organizations/invitations.ts';
import {
  assertBooksSettings,
  createOrganization,
  describeOrganization,
} from '../organizations/organizations.ts';
import { hashPassword, newSessionToken, sha256, verifyPassword } from './secrets.ts';

export const SESSION_LIFETIME_DAYS = 30;

export { describeOrganization };

export interface SignupCommand {
  email: string;
  password: string;
  name: string;
  /** New live books (and their sandbox); required unless `invitation` is given. */
  organization_name?: string;
  currency?: string;
  /** Issue 21: where the books are kept and how their year runs (checked as settings are). */
  timezone?: string;
  country?: string;
  fiscal_year_start_month?: number;
  /** D94: an invitation token: the user joins the inviting books instead of creating their own. */
  invitation?: string;
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
  assertBooksSettings(command);
  const organizationName = command.organization_name;
  if (command.invitation !== undefined && organizationName !== undefined) {
    throw fieldError(
      'organization_name',
      'leave it out when signing up with an invitation: you join the inviting books',
    );
  }
  // The inviting books' settings are theirs: an invited sign-up that names its own is refused, as
  // organization_name is, rather than silently ignored.
  if (command.invitation !== undefined) {
    for (const field of ['timezone', 'country', 'fiscal_year_start_month'] as const) {
      if (command[field] !== undefined) {
        throw fieldError(
          field,
          'leave it out when signing up with an invitation: you join the inviting books',
        );
      }
    }
  }
  if (command.invitation === undefined && organizationName === undefined) {
    throw fieldError('organization_name', 'is required (unless you sign up with an invitation)');
  }
  const weak = passwordProblem(command.password);
  if (weak) throw fieldError('password', weak);
  // Hashed before the email is looked up, so a taken email costs the same scrypt work as a new one
  // and its refusal comes no sooner than the checks every sign-up passes (D67).
  const passwordHash = await hashPassword(command.password);
  const token = newSessionToken();
  return deps.db.transaction(async (tx) => {
    // D80: sign-up writes the live and the sandbox books (or reads the inviting books' sandbox).
    await allowMultiShard(tx);
    if (await people.findUserByEmail(tx, command.email)) throw signupRefused();
    const user: PublicUser = { id: randomUUID(), email: command.email, name: command.name };
    // A concurrent signup with the same email passes the check too; the unique index refuses one.
    if (!(await people.insertUser(tx, { ...user, passwordHash }))) throw signupRefused();
    // With an invitation the new user joins its books (in this transaction: a refused invitation
    // leaves no account behind); otherwise they get books of their own, as owner.
    const books =
      command.invitation !== undefined
        ? await acceptInvitationIn(tx, command.invitation, user)
        : await createOwnBooks(tx, { ...settingsOf(command), name: organizationName!, currency }, user.id);
    await insertSession(tx, user.id, token);
    return { user, ...books, token };
  });
}

/** The sandbox is made like its live books: same currency, time zone, country and year. */
interface BooksSettings {
  name: string;
  currency: string;
  timezone?: string;
  country?: string;
  fiscalYearStartMonth?: number;
}

function settingsOf(command: SignupCommand) {
  return {
    ...(command.timezone === undefined ? {} : { timezone: command.timezone }),
    ...(command.country === undefined ? {} : { country: command.country }),
    ...(command.fiscal_year_start_month === undefined
      ? {}
      : { fiscalYearStartMonth: command.fiscal_year_start_month }),
  };
}

async function createOwnBooks(tx: Tx, settings: BooksSettings, userId: string) {
  const organization = await createOrganization(tx, { ...settings, mode: 'live' });
  const sandbox = await createOrganization(tx, {
    ...settings,
    name: `${settings.name} (sandbox)`,
    mode: 'sandbox',
    liveOrganizationId: organization.id,
  });
  await organizations.insertMembership(tx, organization.id, userId, 'owner');
  return {
    organization: describeOrganization(organization, 'owner'),
    sandbox: describeOrganization(sandbox, 'owner'),
  };
}

export async function login(deps: Deps, email: string, password: string) {
  const row = await people.findUserByEmail(deps.db, email);
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
  await people.revokeSession(deps.db, sessionId);
}

/** Ends the session this token names, if it is live (a web log-in replacing the cookie's session). */
export async function endSessionOfToken(deps: Deps, token: string) {
  await people.revokeSessionOfToken(deps.db, sha256(token));
}

function insertSession(tx: Tx, userId: string, token: string) {
  return people.insertSession(tx, {
    id: randomUUID(),
    userId,
    tokenHash: sha256(token),
    lifetimeDays: SESSION_LIFETIME_DAYS,
  });
}

/** The user and every set of books they reach: each live membership and its sandbox. */
export async function me(deps: Deps, userId: string) {
  const user = await people.findUser(deps.db, userId);
  const memberships = await deps.db.transaction(async (tx) => {
    await allowMultiShard(tx); // D80: a membership read, across every set of books of the user
    return organizations.booksOf(tx, userId);
  });
  return { user, memberships };
}
