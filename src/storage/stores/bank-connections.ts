// Bank connections (D29, D89): a bank account's link to where its lines come from (`file`: imported
// statements; `api`: pushed lines). Requests recorded before D89 stay `pending` with no account.
import type { Tx } from '../db.ts';
import { wholeCollection } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';

export interface BankConnectionRow {
  id: string;
  account_id: string | null;
  source: 'file' | 'api' | null;
  institution_name: string;
  status: string;
  version: number;
  created_at: string;
}

const SELECT = `SELECT id, account_id, source, institution_name, status, version,
  ${isoTimestamp('created_at')} AS created_at
  FROM bank_connections`;

export const { find, page: list } = wholeCollection<BankConnectionRow>(SELECT);

export async function insertActive(
  tx: Tx,
  connection: {
    id: string;
    organizationId: string;
    accountId: string;
    source: 'file' | 'api';
    institutionName: string;
    requestedBy: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO bank_connections (id, organization_id, account_id, source, institution_name, status, requested_by)
     VALUES ($1, $2, $3, $4, $5, 'active', $6)`,
    [
      connection.id,
      connection.organizationId,
      connection.accountId,
      connection.source,
      connection.institutionName,
      connection.requestedBy,
    ],
  );
}
