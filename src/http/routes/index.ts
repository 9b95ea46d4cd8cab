import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import { registerSchemas } from '../schemas/index.ts';
import { registerAccountRoutes } from './accounts.ts';
import { registerApiKeyRoutes } from './api-keys.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerBankConnectionRoutes } from './bank-connections.ts';
import { registerBankingRoutes } from './banking.ts';
import { registerChangeRoutes } from './changes.ts';
import { registerCreditNoteRoutes } from './credit-notes.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerDepositRoutes } from './deposits.ts';
import { registerInvoiceRoutes } from './invoices.ts';
import { registerItemRoutes } from './items.ts';
import { registerJournalEntryRoutes } from './journal-entries.ts';
import { registerOrganizationRoutes } from './organization.ts';
import { registerPayablesRoutes } from './payables.ts';
import { registerPaymentReceivedRoutes } from './payments-received.ts';
import { registerReportRoutes } from './reports.ts';
import { registerStatementRoutes } from './statements.ts';
import { registerTaxRoutes } from './tax.ts';
import { registerTrackingRoutes } from './tracking.ts';

/** Every route of the service, registered explicitly. */
export function registerRoutes(app: FastifyInstance, deps: Deps) {
  registerSchemas(app);
  registerAuthRoutes(app, deps);
  registerOrganizationRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerJournalEntryRoutes(app, deps);
  registerChangeRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerTaxRoutes(app, deps);
  registerTrackingRoutes(app, deps);
  registerBankConnectionRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerStatementRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerPaymentReceivedRoutes(app, deps);
  registerDepositRoutes(app, deps);
  registerCreditNoteRoutes(app, deps);
  registerItemRoutes(app, deps);
  registerPayablesRoutes(app, deps);
  registerBankingRoutes(app, deps);
}
