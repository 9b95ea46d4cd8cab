// OFX statements (D71): OFX 1.x (SGML: a colon header, then elements whose leaves are never closed),
// OFX 2.x (XML) and Quicken's QFX (OFX with an INTU.BID). 1.x is turned into XML by sgmlToXml, then
// both read as XML. One statement (bank or credit card) per file; each line's reference is its FITID.

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
  STATEMENT_LINES_MAX,
  unreadable,
  withBankReferences,
} from './statement.ts';
import { child, children, parseXml, text } from './xml.ts';

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9._]*)\s*>([^<]*)/g;

/** `&` that does not start an entity, escaped: SGML text is not always XML-clean. */
function escapeText(value: string): string {
  return value.replace(/&(?!(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);)/g, '&amp;').replace(/>/g, '&gt;');
}

/**
 * OFX 1.x SGML to XML. An element with text after its start tag is a leaf: it is closed at once
 * (its own end tag, when the file writes one, is then skipped). An element with no text is an
 * aggregate, closed by its end tag; an aggregate left open inside it (an empty leaf such as
 * `<MEMO>`) is closed there too. An end tag with no open element, or an aggregate never closed,
 * means the file is not OFX.
 */
export function sgmlToXml(sgml: string): string {
  const start = sgml.search(/<OFX>/i);
  if (start < 0) throw unreadable('the file has no <OFX> element');
  const body = sgml.slice(start);
  const out: string[] = [];
  const open: string[] = [];
  let lastLeaf: string | null = null;
  let consumed = 0;
  for (const match of body.matchAll(TAG)) {
    if (match.index !== consumed && body.slice(consumed, match.index).trim() !== '') {
      throw unreadable('the OFX file has text outside its elements');
    }
    consumed = match.index + match[0].length;
    const [, closing, rawName = '', rawText = ''] = match;
    const name = rawName.toUpperCase();
    const value = rawText.trim();
    if (closing) {
      if (lastLeaf === name) {
        lastLeaf = null;
        continue;
      }
      const at = open.lastIndexOf(name);
      if (at < 0) throw unreadable(`the OFX file closes <${name}>, which is not open`);
      while (open.length > at) out.push(`</${open.pop()}>`);
      lastLeaf = null;
      if (value !== '') throw unreadable(`the OFX file has text after </${name}>`);
      continue;
    }
    if (value !== '') {
      out.push(`<${name}>${escapeText(value)}</${name}>`);
      lastLeaf = name;
    } else {
      out.push(`<${name}>`);
      open.push(name);
      lastLeaf = null;
    }
  }
  if (body.slice(consumed).trim() !== '') throw unreadable('the OFX file has text outside its elements');
  if (open.length > 0) throw unreadable(`the OFX file ends with <${open[open.length - 1]}> still open`);
  return out.join('');
}

/** True when the text is OFX 2.x (XML), false for 1.x SGML. */
function isXmlOfx(source: string): boolean {
  return /^\s*<\?xml/i.test(source) || /<\?OFX/i.test(source.slice(0, 2000));
}

/** The statement response of the file: a bank (STMTRS) or credit card (CCSTMTRS) statement, exactly one. */
function statementOf(ofx: unknown) {
  const bank = children(ofx, 'BANKMSGSRSV1', 'STMTTRNRS').map((response) => child(response, 'STMTRS'));
  const card = children(ofx, 'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS').map((response) =>
    child(response, 'CCSTMTRS'),
  );
  const statements = [...bank, ...card].filter((statement) => statement && typeof statement === 'object');
  if (statements.length === 0) throw unreadable('the OFX file holds no bank or credit card statement');
  if (statements.length > 1) {
    throw unreadable('the OFX file holds several statements; import one account’s statement per file');
  }
  return statements[0];
}

export function parseOfx(source: string): ParsedStatement {
  const xml = isXmlOfx(source) ? source : sgmlToXml(source);
  const document = parseXml(xml, 'OFX file');
  const ofx = child(document, 'OFX');
  if (!ofx) throw unreadable('the file has no <OFX> element');
  const statement = statementOf(ofx);
  const list = child(statement, 'BANKTRANLIST');
  const entries = children(list, 'STMTTRN');
  if (entries.length > STATEMENT_LINES_MAX) {
    throw unreadable(`the file holds more than ${STATEMENT_LINES_MAX} lines; split it`);
  }
  const currency = text(statement, 'CURDEF')?.toUpperCase() ?? null;
  const read = entries.map((entry, index) => {
    const rawDate = text(entry, 'DTPOSTED') ?? text(entry, 'DTUSER');
    const date = lineDate(compactDate(rawDate), rawDate, index);
    const amount = lineAmount(text(entry, 'TRNAMT'), index, ofxDecimalSeparator(text(entry, 'TRNAMT')));
    const lineCurrency = text(entry, 'CURRENCY', 'CURSYM') ?? text(entry, 'ORIGCURRENCY', 'CURSYM');
    assertLineCurrency(lineCurrency, currency, index);
    const name = cleanText(text(entry, 'NAME') ?? text(entry, 'PAYEE', 'NAME'));
    const memo = cleanText(text(entry, 'MEMO'));
    const description = memo === '' || memo === name ? name : name === '' ? memo : `${name} - ${memo}`;
    return {
      date,
      amount,
      description: description || cleanText(text(entry, 'TRNTYPE')),
      payee: name === '' ? null : name,
      reference: cleanReference(text(entry, 'FITID')),
    };
  });
  const lines = withBankReferences(read);
  return {
    format: /<INTU\.BID>/i.test(source) ? 'qfx' : 'ofx',
    currency,
    periodStart: compactDate(text(list, 'DTSTART')),
    periodEnd: compactDate(text(list, 'DTEND')),
    openingBalance: null,
    closingBalance: balance(text(statement, 'LEDGERBAL', 'BALAMT')),
    lines,
  };
}

/** OFX amounts use '.', but some European exports write '-12,50': a lone comma is the decimal mark. */
function ofxDecimalSeparator(raw: string | undefined): '.' | ',' {
  return raw?.includes(',') && !raw.includes('.') ? ',' : '.';
}

function balance(raw: string | undefined): Money | null {
  if (raw === undefined) return null;
  const amount = parseBankAmount(raw, ofxDecimalSeparator(raw));
  if (amount === null)
    throw fieldError('closing_balance', `${JSON.stringify(cleanText(raw, 40))} is not an amount`);
  return amount;
}
