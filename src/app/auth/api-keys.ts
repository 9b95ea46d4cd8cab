// API keys (D14-D18): created by owners and admins, shown once, stored as hashes, rotated, revoked.
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { API_KEY_ROLES, type ApiKeyRole } from '../../domain/roles.ts';
import type { KeyRow } from '../../storage/stores/api-keys.ts';
import * as apiKeys from '../../storage/stores/api-keys.ts';
import type { Actor, Deps } from '../context.ts';
import { describedPage, type PageCursor } from '../pagination.ts';
import { rotationGraceOver } from './authenticate.ts';
import { mintApiKey, sha256 } from './secrets.ts';

export const DEFAULT_KEY_LIFETIME_DAYS = 90;
export const KEY_LIFETIME_DAYS_MAX = 366;
const DAY_MS = 86_400_000;

export function describeKey(row: KeyRow, graceSeconds: number) {
  const revoked = row.revoked_at !== null || rotationGraceOver(row, graceSeconds);
  const expired = row.expires_at.getTime() <= Date.now();
  return {
    id: row.id,
    name: row.name,
    role: row.role as ApiKeyRole,
    prefix: row.prefix,
    mode: row.prefix.startsWith('svc_live_') ? 'live' : 'test',
    status: revoked ? 'revoked' : expired ? 'expired' : 'active',
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    rotated_from: row.rotated_from,
    replaced_by: row.replaced_by,
  };
}

export interface CreateKeyCommand {
  name: string;
  role: string;
  expires_at?: string;
}

function resolveExpiry(expiresAt: string | undefined): Date {
  if (expiresAt === undefined) return new Date(Date.now() + DEFAULT_KEY_LIFETIME_DAYS * DAY_MS);
  const parsed = new Date(expiresAt);
  if (Number.isNaN(parsed.getTime())) throw fieldError('expires_at', 'must be an ISO 8601 timestamp');
  if (parsed.getTime() <= Date.now()) throw fieldError('expires_at', 'must be in the future');
  const oneYearAhead = new Date();
  oneYearAhead.setUTCFullYear(oneYearAhead.getUTCFullYear() + 1);
  if (parsed.getTime() > oneYearAhead.getTime())
    throw fieldError('expires_at', 'must be at most one year ahead');
  return parsed;
}

export async function createApiKey(deps: Deps, actor: Actor, command: CreateKeyCommand) {
  if (!(API_KEY_ROLES as readonly string[]).includes(command.role)) {
    throw fieldError('role', `must be one of ${API_KEY_ROLES.join(', ')}`);
  }
  const expiresAt = resolveExpiry(command.expires_at);
  return insertKey(deps, actor, { name: command.name, role: command.role as ApiKeyRole, expiresAt });
}

async function insertKey(
  deps: Deps,
  actor: Actor,
  input: { name: string; role: ApiKeyRole; expiresAt: Date; rotatedFrom?: string },
) {
  const key = mintApiKey(actor.organization.mode === 'live' ? 'live' : 'test');
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await apiKeys.insert(tx, {
      id,
      organizationId: actor.organization.id,
      name: input.name,
      role: input.role,
      createdBy: actor.userId,
      tokenHash: sha256(key),
      prefix: `${key.slice(0, 13)}…${key.slice(-4)}`,
      expiresAt: input.expiresAt,
      rotatedFrom: input.rotatedFrom ?? null,
    });
    if (input.rotatedFrom) await apiKeys.setReplacedBy(tx, actor.organization.id, input.rotatedFrom, id);
  });
  const row = await readKey(deps, actor, id);
  return { ...describeKey(row, deps.config.keyRotationGraceSeconds), key };
}

async function readKey(deps: Deps, actor: Actor, id: string): Promise<KeyRow> {
  const row = await apiKeys.find(deps.db, actor.organization.id, id);
  if (!row) throw notFound('API key');
  return row;
}

export async function listApiKeys(deps: Deps, actor: Actor, cursor: PageCursor | undefined) {
  const fetched = apiKeys.list(deps.db, actor.organization.id, cursor);
  const grace = deps.config.keyRotationGraceSeconds;
  return describedPage(actor.organization.id, cursor, fetched, (rows) =>
    rows.map((row) => describeKey(row, grace)),
  );
}

/** D18: a replacement with the same name, role and books; the old key keeps working for now. */
export async function rotateApiKey(deps: Deps, actor: Actor, id: string) {
  const old = describeKey(await readKey(deps, actor, id), deps.config.keyRotationGraceSeconds);
  if (old.status !== 'active')
    throw new DomainError('invalid_state', `the key is ${old.status}`, { status: old.status });
  if (old.replaced_by)
    throw new DomainError('invalid_state', 'the key was already rotated', { replaced_by: old.replaced_by });
  const lifetime = Math.min(DEFAULT_KEY_LIFETIME_DAYS, KEY_LIFETIME_DAYS_MAX);
  return insertKey(deps, actor, {
    name: old.name,
    role: old.role,
    expiresAt: new Date(Date.now() + lifetime * DAY_MS),
    rotatedFrom: id,
  });
}

export async function revokeApiKey(deps: Deps, actor: Actor, id: string) {
  await readKey(deps, actor, id);
  await apiKeys.revoke(deps.db, actor.organization.id, id);
  return describeKey(await readKey(deps, actor, id), deps.config.keyRotationGraceSeconds);
}
