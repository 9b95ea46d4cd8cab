// Who is acting, on which books, with what authority. Built by authentication, used by every use case.
import { DomainError } from '../domain/errors.ts';
import type { Permission, Role } from '../domain/roles.ts';
import type { Db, Tx } from '../storage/db.ts';
import type { NewOrganization } from '../storage/stores/organizations.ts';
import type { EmailOutboxSettings } from './email/retry.ts';
import type { RateLimiter } from './rate-limit.ts';

/** The books as a use case sees them: what they were made with, and the date they are closed through. */
export interface Organization extends NewOrganization {
  booksClosedThrough: string | null;
}

export interface Actor {
  organization: Organization;
  userId: string;
  /** The session or API key id: idempotency keys are scoped to it (D35). */
  credentialId: string;
  credentialKind: 'session' | 'api_key';
  role: Role;
  permissions: ReadonlySet<Permission>;
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!actor.permissions.has(permission)) {
    throw new DomainError('permission_denied', `this credential may not ${permission.replace(':', ' ')}`, {
      required_permission: permission,
    });
  }
}

export interface Deps {
  db: Db;
  config: AppConfig;
  mailer?: Mailer;
  /** Per-key request budget (D36); buildApp supplies an in-memory one when none is given. */
  rateLimiter?: RateLimiter;
  /** The invoice email outbox's worker (D62), set by buildApp when a mailer is configured. */
  emailOutbox?: { wake(): void };
}

export interface AppConfig {
  /** FOLIO_PUBLIC_URL: the base of `next`/`previous` URLs and of the OpenAPI `servers`. */
  publicUrl?: string;
  /** HOST and PORT (D38): what those URLs name when publicUrl is unset and no socket says better. */
  host?: string;
  port?: number;
  keyRotationGraceSeconds: number;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** D67: log-in and sign-up attempts; `src/app/auth/throttle.ts` says what each spends. */
  authThrottle: AuthThrottleConfig;
  smtpUrl?: string;
  /** D62: the email outbox's worker; unset fields take EMAIL_OUTBOX_DEFAULTS (src/app/email/retry.ts). */
  emailOutbox?: Partial<EmailOutboxSettings>;
}

/** Token buckets per email address and per client address: a burst, then one attempt per refill. */
export interface AuthThrottleConfig {
  /** Attempts one email address may make at once; 0 turns the email buckets off. */
  emailBurst: number;
  emailRefillSeconds: number;
  /** Attempts one client address may make at once (several people may share it); 0 turns it off. */
  addressBurst: number;
  addressRefillSeconds: number;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: OutgoingMail): Promise<{ messageId: string }>;
}

export type { Db, Tx };
