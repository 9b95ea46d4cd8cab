// The global token lookup (D79): a token's hash names the books that hold its record (an API key, a
// member invitation), so a presented token is read on its books' shard. A reference table under Citus.
import type { Queryable, Tx } from '../db.ts';

export type TokenKind = 'api_key' | 'invitation';

/** Names the books and the record of a new token's hash, in the transaction that writes the record. */
export async function register(
  tx: Tx,
  kind: TokenKind,
  token: { tokenHash: string; organizationId: string; id: string },
): Promise<void> {
  await tx.query(
    'INSERT INTO token_lookup (token_hash, kind, organization_id, record_id) VALUES ($1, $2, $3, $4)',
    [token.tokenHash, kind, token.organizationId, token.id],
  );
}

/** The books and the record a token hash of this kind names, or undefined. */
export async function find(
  db: Queryable,
  kind: TokenKind,
  tokenHash: string,
): Promise<{ organization_id: string; record_id: string } | undefined> {
  const [found] = await db.query<{ organization_id: string; record_id: string }>(
    'SELECT organization_id, record_id FROM token_lookup WHERE token_hash = $1 AND kind = $2',
    [tokenHash, kind],
  );
  return found;
}
