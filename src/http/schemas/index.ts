// Every named component of the published document, registered once (registerRoutes): the
// serializer resolves the routes' `$ref`s against them and @fastify/swagger emits them as
// `components.schemas`. A route given a named schema that is missing here fails at start-up.

import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Account, AccountCreate, AccountUpdate, PageAccount } from './accounts.ts';
import { BANK_RECONCILIATION_COMPONENTS } from './bank-reconciliations.ts';
import { BANK_RULE_COMPONENTS } from './bank-rules.ts';
import { BANKING_COMPONENTS } from './banking.ts';
import { ChangeFeed } from './changes.ts';
import * as S from './common.ts';
import {
  CreditNote,
  CreditNoteApply,
  CreditNoteCreate,
  CreditNoteSummary,
  CreditNoteUpdate,
  PageCreditNote,
} from './credit-notes.ts';
import { Customer, CustomerCreate, CustomerUpdate, PageCustomer } from './customers.ts';
import { Deposit, DepositCreate, PageDeposit } from './deposits.ts';
import {
  EmailedInvoice,
  Invoice,
  InvoiceCreate,
  InvoiceEmail,
  InvoiceEmailList,
  InvoiceEmailRequest,
  InvoiceSummary,
  InvoiceUpdate,
  PageInvoice,
} from './invoices.ts';
import {
  InventoryAdjustment,
  InventoryAdjustmentCreate,
  Item,
  ItemCreate,
  ItemUpdate,
  PageInventoryAdjustment,
  PageItem,
  PageStockMovement,
  StockMovement,
} from './items.ts';
import {
  JournalEntry,
  JournalEntryBatch,
  JournalEntryBatchCreate,
  JournalEntryCreate,
  JournalEntryReverse,
  JournalEntryUpdate,
  PageJournalEntry,
} from './journal-entries.ts';
import { PAYABLES_COMPONENTS } from './payables.ts';
import {
  PagePaymentReceived,
  PaymentReceived,
  PaymentReceivedApply,
  PaymentReceivedCreate,
} from './payments.ts';
import {
  ApAging,
  ArAging,
  BalanceSheet,
  BankReconciliationReport,
  GeneralLedger,
  GeneralLedgerAllAccounts,
  InventoryValuation,
  ProfitAndLoss,
  TaxSummary,
  TrialBalance,
} from './reports.ts';
import { CustomerStatement, StatementEmail, StatementEmailRequest } from './statements.ts';
import {
  PageTaxGroup,
  PageTaxRate,
  TaxGroup,
  TaxGroupCreate,
  TaxGroupUpdate,
  TaxRate,
  TaxRateCreate,
  TaxRateUpdate,
} from './tax.ts';
import {
  PageTrackingCategory,
  PageTrackingOption,
  TrackingCategory,
  TrackingCategoryCreate,
  TrackingOption,
  TrackingOptionCreate,
  TrackingUpdate,
} from './tracking.ts';
import { VENDOR_CREDIT_COMPONENTS } from './vendor-credits.ts';

export const COMPONENTS: readonly TSchema[] = [
  Deposit,
  DepositCreate,
  PageDeposit,
  ...BANKING_COMPONENTS,
  ...BANK_RECONCILIATION_COMPONENTS,
  ...BANK_RULE_COMPONENTS,
  ...PAYABLES_COMPONENTS,
  ...VENDOR_CREDIT_COMPONENTS,
  Item,
  ItemCreate,
  ItemUpdate,
  PageItem,
  StockMovement,
  PageStockMovement,
  InventoryAdjustment,
  InventoryAdjustmentCreate,
  PageInventoryAdjustment,
  InventoryValuation,
  ApAging,
  BankReconciliationReport,
  TaxSummary,
  CustomerStatement,
  StatementEmail,
  StatementEmailRequest,
  S.ErrorEnvelope,
  S.ActionRequest,
  S.DocumentListTotals,
  S.CreditListTotals,
  Account,
  AccountCreate,
  AccountUpdate,
  PageAccount,
  JournalEntry,
  JournalEntryCreate,
  JournalEntryBatchCreate,
  JournalEntryBatch,
  JournalEntryUpdate,
  JournalEntryReverse,
  PageJournalEntry,
  ChangeFeed,
  Customer,
  CustomerCreate,
  CustomerUpdate,
  PageCustomer,
  TaxRate,
  TaxRateCreate,
  TaxRateUpdate,
  PageTaxRate,
  TaxGroup,
  TaxGroupCreate,
  TaxGroupUpdate,
  PageTaxGroup,
  TrackingCategory,
  TrackingCategoryCreate,
  PageTrackingCategory,
  TrackingOption,
  TrackingOptionCreate,
  PageTrackingOption,
  TrackingUpdate,
  TrialBalance,
  ProfitAndLoss,
  BalanceSheet,
  ArAging,
  GeneralLedger,
  GeneralLedgerAllAccounts,
  InvoiceSummary,
  Invoice,
  InvoiceCreate,
  InvoiceUpdate,
  PageInvoice,
  InvoiceEmail,
  InvoiceEmailList,
  InvoiceEmailRequest,
  EmailedInvoice,
  PaymentReceived,
  PaymentReceivedCreate,
  PaymentReceivedApply,
  PagePaymentReceived,
  CreditNoteSummary,
  CreditNote,
  CreditNoteCreate,
  CreditNoteUpdate,
  CreditNoteApply,
  PageCreditNote,
];

export function registerSchemas(app: FastifyInstance) {
  for (const schema of COMPONENTS) app.addSchema(schema);
}
