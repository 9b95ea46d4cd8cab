// Passwords (scrypt), session tokens and API keys (random, stored only as SHA-256 hashes).
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const derived = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${derived.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const derived = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length);
  return timingSafeEqual(derived, expected);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

export type KeyMode = 'live' | 'test';
export const KEY_BODY_LENGTH = 40;
const CHECKSUM_LENGTH = 4;

/** D16: svc_live_/svc_test_ + 40 random base62 characters + a 4-character checksum tail. */
export function mintApiKey(mode: KeyMode): string {
  const body = randomBase62(KEY_BODY_LENGTH);
  return `svc_${mode}_${body}${checksum(body)}`;
}

/** Splits a presented key; null when it is not shaped like one of ours (wrong prefix, bad checksum). */
export function parseApiKey(value: string): { mode: KeyMode } | null {
  const match = /^svc_(live|test)_([0-9A-Za-z]+)$/.exec(value);
  if (!match) return null;
  const rest = match[2]!;
  const body = rest.slice(0, -CHECKSUM_LENGTH);
  if (body.length < 32 || checksum(body) !== rest.slice(-CHECKSUM_LENGTH)) return null;
  return { mode: match[1] as KeyMode };
}

function checksum(body: string): string {
  const digest = createHash('sha256').update(body).digest();
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) out += BASE62[digest[i]! % BASE62.length];
  return out;
}

export function newSessionToken(): string {
  return `fs_${randomBytes(32).toString('base64url')}`;
}

/** A one-time link's token (D94): `fr_` for a password reset, `fi_` for an invitation. */
export function newLinkToken(kind: 'reset' | 'invitation'): string {
  return `${kind === 'reset' ? 'fr' : 'fi'}_${randomBytes(32).toString('base64url')}`;
}
