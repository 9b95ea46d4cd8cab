// Published: deposits (D88), kept like payments received (payments:read / payments:write).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { createDeposit } from '../../app/deposits/create-deposit.ts';
import { listDeposits, readDeposit } from '../../app/deposits/read-deposits.ts';
import { voidDeposit } from '../../app/deposits/void-deposit.ts';
import { namedRoutes } from '../named-routes.ts';
import { Deposit, DepositCreate, DepositListQuery, PageDeposit } from '../schemas/deposits.ts';

export function registerDepositRoutes(app: FastifyInstance, deps: Deps) {
  const deposits = namedRoutes(app, deps, { noun: 'deposit', area: 'payments', schema: Deposit });
  deposits.list({ querystring: DepositListQuery, page: PageDeposit, list: listDeposits });
  deposits.read((actor, id) => readDeposit(deps.db, actor, id), 'Read a deposit with its payments');
  deposits.create({
    summary: 'Deposit payments received from Undeposited Funds to a bank account',
    description:
      'Posts one entry (debit deposit_to_account with the sum; credit Undeposited Funds once per payment) and numbers the deposit DEP-000001. A payment not into Undeposited Funds, unknown, or named twice: 400 on payments/<n>; a void payment or one already deposited: 409 invalid_state on payments/<n>. Honours Idempotency-Key.',
    body: DepositCreate,
    create: createDeposit,
  });
  deposits.act('void', {
    description:
      "Posts the reversal of the deposit's entry dated on its date (409 period_closed in a closed period); its payments are back in Undeposited Funds, free to deposit again or void. Already void: 409 invalid_state.",
    act: voidDeposit,
  });
}
