// Response bodies typed from the routes' own schemas (src/http/schemas, issue 8 item 5): a test that
// reads a field the schema lacks fails tsc, so tests and the published contract cannot drift. The
// helpers that return a body declare one of these; `ok<InvoiceBody>(response)` types a body read inline.
import type { Static } from '@sinclair/typebox';
import type { Account } from '../../src/http/schemas/accounts.ts';
import type { ChangeFeed } from '../../src/http/schemas/changes.ts';
import type { CreditNote } from '../../src/http/schemas/credit-notes.ts';
import type { Customer } from '../../src/http/schemas/customers.ts';
import type { Deposit } from '../../src/http/schemas/deposits.ts';
import type { Invoice } from '../../src/http/schemas/invoices.ts';
import type { JournalEntry } from '../../src/http/schemas/journal-entries.ts';
import type { PaymentReceived } from '../../src/http/schemas/payments.ts';
import type { TaxRate } from '../../src/http/schemas/tax.ts';
import type { TrackingOption } from '../../src/http/schemas/tracking.ts';

export type AccountBody = Static<typeof Account>;
export type ChangeFeedBody = Static<typeof ChangeFeed>;
export type ChangeBody = ChangeFeedBody['changes'][number];
export type CreditNoteBody = Static<typeof CreditNote>;
export type CustomerBody = Static<typeof Customer>;
export type DepositBody = Static<typeof Deposit>;
export type InvoiceBody = Static<typeof Invoice>;
export type JournalEntryBody = Static<typeof JournalEntry>;
export type PaymentReceivedBody = Static<typeof PaymentReceived>;
export type TaxRateBody = Static<typeof TaxRate>;
export type TrackingOptionBody = Static<typeof TrackingOption>;
