// Bank connection requests (D29): recorded as `pending`; no bank provider exists yet.
import type { Queryable, Tx } from '../db.ts';
import { type PageCursor, selectPage } from '../keyset.ts';
import { isoTimestamp, rowById } from '../sql.ts';

export interface BankConnectionRow {
  id: string;
  institution_name: string;
  status: string;
  created_at: string;
}

const SELECT = `SELECT id, institution_name, status, ${isoTimestamp('created_at')} AS created_at
  FROM bank_connections`;

export function find(db: Queryable, organizationId: string, id: string) {
  return rowById<BankConnectionRow>(db, SELECT, organizationId, id);
}

export function list(db: Queryable, organizationId: string, cursor: PageCursor | undefined) {
  return selectPage<BankConnectionRow>(db, {
    select: SELECT,
    where: 'organization_id = $1',
    params: [organizationId],
    cursor,
  });
}

export async function insertPending(
  tx: Tx,
  request: { id: string; organizationId: string; institutionName: string; requestedBy: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO bank_connections (id, organization_id, institution_name, status, requested_by)
     VALUES ($1, $2, $3, 'pending', $4)`,
    [request.id, request.organizationId, request.institutionName, request.requestedBy],
  );
}
