// D94: after a link email is written (password reset, invitation), the outbox's worker is woken, or,
// with no SMTP configured, the link is logged for the operator to pass on: the only way it can
// reach the person. Logged at `warn` (an operator has something to do), with the address it is for.
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../app/context.ts';
import type { LinkNotice } from '../app/email/auth-email.ts';

export function announceLink(deps: Deps, request: FastifyRequest, notice: LinkNotice) {
  if (notice.status === 'queued') {
    deps.emailOutbox?.wake();
    return;
  }
  request.log.warn(
    { kind: notice.kind, to: notice.to, link: notice.link },
    `no SMTP_URL: this ${notice.kind === 'invitation' ? 'invitation' : 'password reset'} email cannot be sent; give the person its link`,
  );
}
