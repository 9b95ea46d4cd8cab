// Secrets the deployment shares across its API processes (migration 0005), one row per name.
import type { Queryable } from '../db.ts';

export async function find(db: Queryable, name: 'cursor'): Promise<string | undefined> {
  const [row] = await db.query<{ secret: string }>('SELECT secret FROM service_secrets WHERE name = $1', [
    name,
  ]);
  return row?.secret;
}
