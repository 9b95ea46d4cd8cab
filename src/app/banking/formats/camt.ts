// ISO 20022 camt.053 (bank-to-customer statement), versions .001.02 to .001.08 (D71). One statement
// per file. Booked entries only (`Sts` BOOK; pending or informational entries are not yet money
// that moved). Reference (D72): the entry's AcctSvcrRef, else its NtryRef, else a digest.

import { parseBankAmount } from '../../../domain/bank-amounts.ts';
import { fieldError } from '../../../domain/errors.ts';
import type { Money } from '../../../domain/money.ts';
import {
  assertLineCurrency,
  cleanReference,
  cleanText,
  compactDate,
  lineAmount,
  lineDate,
  type ParsedStatement,
  type ReadLine,
  STATEMENT_LINES_MAX,
  unreadable,
  withBankReferences,
} from './statement.ts';
import { attribute, child, children, parseXml, text } from './xml.ts';

/** .001.02 writes `<Sts>BOOK</Sts>`, .001.08 `<Sts><Cd>BOOK</Cd></Sts>`. */
function entryStatus(entry: unknown): string | undefined {
  return text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
}

/** A party's name: `<Dbtr><Nm>` (.001.02) or `<Dbtr><Pty><Nm>` (.001.08). */
function partyName(details: unknown, role: 'Dbtr' | 'Cdtr'): string {
  return cleanText(text(details, 'RltdPties', role, 'Nm') ?? text(details, 'RltdPties', role, 'Pty', 'Nm'));
}

function signed(amount: Money, indicator: string | undefined, path: string): Money {
  if (indicator === 'CRDT') return amount;
  if (indicator === 'DBIT') return -amount;
  throw fieldError(path, 'CdtDbtInd must be CRDT or DBIT');
}

/** The balance of type `codes` (first found), signed, with its date. */
function balanceOf(statement: unknown, codes: string[]): { amount: Money; date: string | null } | null {
  for (const code of codes) {
    for (const balance of children(statement, 'Bal')) {
      const type = text(balance, 'Tp', 'CdOrPrtry', 'Cd');
      if (type !== code) continue;
      const amount = parseBankAmount(text(balance, 'Amt') ?? '');
      if (amount === null) throw fieldError(`balances/${code}`, 'the balance has no amount');
      return {
        amount: signed(amount, text(balance, 'CdtDbtInd'), `balances/${code}`),
        date: compactDate(text(balance, 'Dt', 'Dt') ?? text(balance, 'Dt', 'DtTm')),
      };
    }
  }
  return null;
}

export function parseCamt(source: string): ParsedStatement {
  const document = child(parseXml(source, 'camt.053 file'), 'Document');
  const statements = children(document, 'BkToCstmrStmt', 'Stmt');
  if (statements.length === 0)
    throw unreadable('the file is not a camt.053 statement (no BkToCstmrStmt/Stmt)');
  if (statements.length > 1) {
    throw unreadable('the file holds several statements; import one account’s statement per file');
  }
  const statement = statements[0];
  const entries = children(statement, 'Ntry');
  if (entries.length > STATEMENT_LINES_MAX) {
    throw unreadable(`the file holds more than ${STATEMENT_LINES_MAX} lines; split it`);
  }
  const currency =
    (text(statement, 'Acct', 'Ccy') ?? attribute(entries[0], 'Ccy', 'Amt'))?.toUpperCase() ?? null;
  const read: ReadLine[] = [];
  entries.forEach((entry, index) => {
    const status = entryStatus(entry);
    if (status !== undefined && status !== 'BOOK') return;
    const entryCurrency = attribute(entry, 'Ccy', 'Amt')?.toUpperCase();
    assertLineCurrency(entryCurrency, currency, index);
    const rawDate =
      text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm') ?? text(entry, 'ValDt', 'Dt');
    const date = lineDate(compactDate(rawDate), rawDate, index);
    const amount = signed(
      lineAmount(text(entry, 'Amt'), index),
      text(entry, 'CdtDbtInd'),
      `lines/${index}/amount`,
    );
    const details = children(entry, 'NtryDtls', 'TxDtls')[0];
    const remittance = children(details, 'RmtInf', 'Ustrd')
      .map((part) => cleanText(typeof part === 'string' ? part : text(part)))
      .filter((part) => part !== '')
      .join(' ');
    const payee = amount < 0n ? partyName(details, 'Cdtr') : partyName(details, 'Dbtr');
    const description = cleanText(remittance || text(entry, 'AddtlNtryInf') || payee);
    read.push({
      date,
      amount,
      description,
      payee: payee === '' ? null : payee,
      reference: cleanReference(text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef')),
    });
  });
  const lines = withBankReferences(read);
  const opening = balanceOf(statement, ['OPBD', 'PRCD']);
  const closing = balanceOf(statement, ['CLBD']);
  return {
    format: 'camt.053',
    currency,
    periodStart: compactDate(text(statement, 'FrToDt', 'FrDtTm')) ?? opening?.date ?? null,
    periodEnd: compactDate(text(statement, 'FrToDt', 'ToDtTm')) ?? closing?.date ?? null,
    openingBalance: opening?.amount ?? null,
    closingBalance: closing?.amount ?? null,
    lines,
  };
}
