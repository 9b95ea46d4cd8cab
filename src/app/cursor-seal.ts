// D66: cursors are tamper-evident and bound to their list. A list's inner cursor (pagination.ts,
// the change feed) travels as `<inner>.<HMAC-SHA256(secret, list, inner)>`; anything else answers
// 400 invalid_cursor before the inner cursor is read. The secret is one row of service_secrets
// (migration 0005), shared by every API process on the database (D3).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../domain/errors.ts';
import type { Queryable } from '../storage/db.ts';
import * as serviceSecrets from '../storage/stores/service-secrets.ts';

export class CursorSeal {
  readonly #secret: string;

  constructor(secret: string) {
    if (secret.length < 32) throw new RangeError('the cursor secret must have at least 32 characters');
    this.#secret = secret;
  }

  /** The cursor the client sees: `inner` signed for `list` (a list's route, with its parameters). */
  seal(list: string, inner: string): string {
    return `${inner}.${this.#mac(list, inner).toString('base64url')}`;
  }

  /** The inner cursor of a cursor this service issued for `list`; else 400 invalid_cursor. */
  open(list: string, text: string): string {
    const dot = text.lastIndexOf('.');
    const inner = text.slice(0, dot);
    const given = Buffer.from(text.slice(dot + 1), 'base64url');
    const expected = this.#mac(list, inner);
    if (dot < 1 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidCursor('this cursor was not issued for this list; start again without a cursor');
    }
    return inner;
  }

  #mac(list: string, inner: string): Buffer {
    return createHmac('sha256', this.#secret).update(`folio-cursor\n${list}\n${inner}`).digest();
  }
}

export function invalidCursor(message = 'the cursor is malformed'): DomainError {
  return new DomainError('invalid_cursor', message, { fields: { 'query/cursor': [message] } });
}

/** An inner cursor's text (a list's, the change feed's, a ledger's): its payload as base64url JSON. */
export const innerCursor = (payload: object): string =>
  Buffer.from(JSON.stringify(payload)).toString('base64url');

/**
 * The payload of an inner cursor's text, or 400 invalid_cursor when it is not base64url JSON; its
 * reader checks its fields (the seal already vouches for where it came from).
 */
export function cursorPayload<Payload>(text: string): Payload {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

/** Reads the deployment's cursor secret (made by migration 0005). */
export async function loadCursorSeal(db: Queryable): Promise<CursorSeal> {
  const secret = await serviceSecrets.find(db, 'cursor');
  if (!secret) throw new Error('service_secrets has no cursor secret: run the migrations');
  return new CursorSeal(secret);
}
