// People: users (who sign up and log in) and their sessions. Tokens and passwords are stored only
// as hashes, made by the caller.
import type { Queryable, Tx } from '../db.ts';

export interface UserRow {
  id: string;
  email: string;
  name: string;
}

export async function findUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>('SELECT id, email, name FROM users WHERE id = $1', [id]);
  return user;
}

/** The user with this email, case aside, with the password hash a log-in checks. */
export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<(UserRow & { password_hash: string }) | undefined> {
  const [user] = await db.query<UserRow & { password_hash: string }>(
    'SELECT id, email, name, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return user;
}

/** Inserts the user; false when the email is taken (the unique index decides between concurrent sign-ups). */
export async function insertUser(tx: Tx, user: UserRow & { passwordHash: string }): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [user.id, user.email, user.name, user.passwordHash],
  );
  return inserted.length > 0;
}

export async function insertSession(
  tx: Tx,
  session: { id: string; userId: string; tokenHash: string; lifetimeDays: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4::int))`,
    [session.id, session.userId, session.tokenHash, session.lifetimeDays],
  );
}

/** The session of this token hash while it is neither revoked nor expired. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ id: string; user_id: string } | undefined> {
  const [row] = await db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM sessions
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return row;
}

export async function revokeSession(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
}

export async function revokeSessionOfToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    tokenHash,
  ]);
}
