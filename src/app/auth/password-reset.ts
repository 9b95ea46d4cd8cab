// D94: password reset by an emailed one-time link. Asking answers the same whether or not the address
// is known (the route answers 202 with one body either way); the link is valid for an hour, works
// once, and only the newest one of a user works. Setting the new password ends every session of the
// user (every device is logged out); API keys are left alone: they belong to integrations, and a
// member who fears a leaked key revokes it (More, API keys).
import { randomUUID } from 'node:crypto';
import { fieldError } from '../../domain/errors.ts';
import { passwordProblem } from '../../domain/password.ts';
import * as links from '../../storage/stores/auth-links.ts';
import * as people from '../../storage/stores/people.ts';
import type { Deps } from '../context.ts';
import { LINK_PLACEHOLDER, type LinkNotice, queueLinkEmail } from '../email/auth-email.ts';
import { hashPassword, newLinkToken, sha256 } from './secrets.ts';

export const RESET_LINK_LIFETIME_MINUTES = 60;

/** The one answer to every reset request (known address or not), so it tells nobody which exist. */
export const RESET_REQUESTED_MESSAGE =
  'if an account uses this address, a link to set a new password is on its way; it works once, for one hour';

/**
 * Writes a reset link for the user of `email`, if there is one, and its message. Answers the notice
 * of the message (for the operator's log when there is no SMTP), or null for an unknown address.
 * `appOrigin` is where the web app is served (the link opens its reset page).
 */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  appOrigin: string,
): Promise<LinkNotice | null> {
  const user = await people.findUserByEmail(deps.db, email);
  if (!user) return null;
  const token = newLinkToken('reset');
  // The token goes after `#`: a fragment never reaches a server, a log or a Referer.
  const link = `${appOrigin.replace(/\/+$/, '')}/reset-password#token=${token}`;
  const expiresAt = new Date(Date.now() + RESET_LINK_LIFETIME_MINUTES * 60_000);
  return deps.db.transaction(async (tx) => {
    await links.insertPasswordReset(tx, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      lifetimeMinutes: RESET_LINK_LIFETIME_MINUTES,
    });
    return queueLinkEmail(tx, deps, {
      kind: 'password_reset',
      organizationId: null,
      to: user.email,
      subject: 'Set a new Folio password',
      body: [
        `Hello ${user.name},`,
        '',
        'Someone (we hope you) asked to set a new password for your Folio account. Open this link to choose one:',
        '',
        LINK_PLACEHOLDER,
        '',
        `The link works once, within ${RESET_LINK_LIFETIME_MINUTES} minutes. Setting a new password logs you out everywhere.`,
        'If you did not ask, ignore this message: your password stays as it is.',
      ].join('\n'),
      link,
      linkExpiresAt: expiresAt,
    });
  });
}

const linkRefused = () =>
  fieldError(
    'token',
    'the link is not valid: it was used, replaced by a newer one, or is over an hour old; ask for a new one',
  );

/** Sets the password of the link's user, spends the link, and ends every session of the user. */
export async function confirmPasswordReset(deps: Deps, token: string, password: string) {
  const weak = passwordProblem(password);
  if (weak) throw fieldError('password', weak);
  // Hashed before the transaction: scrypt's work holds no row lock.
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const reset = await links.lockLivePasswordReset(tx, sha256(token));
    if (!reset) throw linkRefused();
    await links.setPasswordHash(tx, reset.user_id, passwordHash);
    await links.usePasswordResets(tx, reset.user_id);
    const sessionsEnded = await links.revokeSessionsOfUser(tx, reset.user_id);
    return { userId: reset.user_id, sessionsEnded };
  });
}
