// D21: gapless per-organization document numbers: the sequences and how a number is written.
export const SEQUENCES = {
  journal_entry: 'JE-',
  invoice: 'INV-',
  payment_received: 'PMT-',
  credit_note: 'CN-',
  inventory_adjustment: 'ADJ-',
  bill: 'BILL-',
  bill_payment: 'BPMT-',
  deposit: 'DEP-',
  vendor_credit: 'VC-',
} as const;
export type SequenceName = keyof typeof SEQUENCES;

export const NUMBER_DIGITS = 6;

export function formatNumber(sequence: SequenceName, value: bigint): string {
  return SEQUENCES[sequence] + value.toString().padStart(NUMBER_DIGITS, '0');
}
