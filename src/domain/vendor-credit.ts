// Pure vendor-credit rules (D87): the purchase side's credit note. Its entry is a bill's mirrored (the
// posting rule of document.ts), its state machine and remaining credit are every credit document's
// (document.ts), and what its credit makes of a bill is bill.ts's applyBillCredit. Lines are priced
// like a bill's.
import { CREDIT_STATUSES, type CreditStatus, creditKind, type DocumentKind } from './document.ts';

export const VENDOR_CREDIT_STATUSES = CREDIT_STATUSES;
export type VendorCreditStatus = CreditStatus;

/**
 * A purchase given back (D87): a bill's entry mirrored (Accounts Payable debited with the total, each
 * line's account and each tax rate's account credited); only a draft is changed or deleted; a void
 * reverses an issued credit with nothing applied (a draft is deleted instead).
 */
export const VENDOR_CREDIT: DocumentKind<VendorCreditStatus> = creditKind(
  'purchase',
  'vendor credit',
  'bills',
);
