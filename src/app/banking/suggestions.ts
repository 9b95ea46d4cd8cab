// GET /bank-transactions/{id}/suggestions (D74): what a bank line could be, each with its reasons.
// Ledger lines on its bank account with the same signed amount within 14 days (to match), open
// invoices (money in) or bills (money out) whose balance equals the amount (to record their payment),
// and what a bank rule proposes (the first rule that matches, computed now: D75). Ranked: a reference found in the bank line's
// text first, then the nearest date.
import { notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { Actor } from '../context.ts';
import { rulesInOrder, type Suggestion, suggestionOf } from './bank-rules.ts';

export const SUGGESTION_WINDOW_DAYS = 14;

type Reason =
  | { reason: 'amount_equal' }
  | { reason: 'date_within_days'; days: number }
  | { reason: 'reference_found'; reference: string }
  | { reason: 'rule'; rule: string; rule_name: string };

export interface SuggestionView {
  kind: 'journal_line' | 'invoice' | 'bill' | 'rule';
  journal_line: string | null;
  journal_entry: string | null;
  document: string | null;
  number: string | null;
  date: string | null;
  amount: string;
  rule: Suggestion | null;
  reasons: Reason[];
}

function referenceIn(text: string, number: string | null): Reason[] {
  return number && text.toLowerCase().includes(number.toLowerCase())
    ? [{ reason: 'reference_found', reference: number }]
    : [];
}

export async function suggestionsFor(db: Queryable, actor: Actor, id: string) {
  const organizationId = actor.organization.id;
  const transaction = await bank.findTransaction(db, organizationId, id);
  if (!transaction) throw notFound('bank transaction');
  const text = `${transaction.description} ${transaction.payee ?? ''} ${transaction.bank_reference}`;
  const amount = parseMoney(transaction.amount);
  const results: (SuggestionView & { rank: [number, number] })[] = [];
  for (const line of await bank.candidateLines(
    db,
    organizationId,
    { accountId: transaction.account_id, amount: transaction.amount, date: transaction.date },
    SUGGESTION_WINDOW_DAYS,
  )) {
    const reference = referenceIn(text, line.entry_number);
    results.push({
      kind: 'journal_line',
      journal_line: line.journal_line,
      journal_entry: line.journal_entry,
      document: null,
      number: line.entry_number,
      date: line.date,
      amount: line.amount,
      rule: null,
      reasons: [{ reason: 'amount_equal' }, { reason: 'date_within_days', days: line.days }, ...reference],
      rank: [reference.length > 0 ? 0 : 1, line.days],
    });
  }
  if (amount !== 0n) {
    const kind = amount > 0n ? 'invoice' : 'bill';
    const balance = formatMoney(amount > 0n ? amount : -amount);
    for (const document of await bank.openDocumentsOfBalance(db, organizationId, kind, balance)) {
      const reference = referenceIn(text, document.number);
      results.push({
        kind,
        journal_line: null,
        journal_entry: null,
        document: document.id,
        number: document.number,
        date: null,
        amount: document.balance_due,
        rule: null,
        reasons: [{ reason: 'amount_equal' }, ...reference],
        rank: [reference.length > 0 ? 0 : 2, 0],
      });
    }
  }
  const rule = suggestionOf(await rulesInOrder(db, organizationId), transaction);
  if (rule) {
    results.push({
      kind: 'rule',
      journal_line: null,
      journal_entry: null,
      document: null,
      number: null,
      date: null,
      amount: transaction.amount,
      rule,
      reasons: [{ reason: 'rule', rule: rule.rule, rule_name: rule.rule_name }],
      rank: [3, 0],
    });
  }
  results.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
  return { results: results.map(({ rank: _rank, ...view }) => view) };
}
