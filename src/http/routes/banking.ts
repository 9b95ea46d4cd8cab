// Published: banking (D70-D77): statement imports, bank transactions and saved CSV mappings.
import type { FastifyInstance } from 'fastify';
import {
  listBankTransactions,
  pushBankTransactions,
  readBankTransaction,
} from '../../app/banking/bank-transactions.ts';
import { acceptSuggestions, createFromBankTransaction } from '../../app/banking/create-from-bank-line.ts';
import { STATEMENT_MEDIA_TYPES, type StatementMediaType } from '../../app/banking/formats/index.ts';
import {
  importStatement,
  listStatements,
  readStatementRecord,
  STATEMENT_BYTES_MAX,
} from '../../app/banking/import-statement.ts';
import {
  excludeBankTransaction,
  includeBankTransaction,
  matchBankTransaction,
  unmatchBankTransaction,
} from '../../app/banking/match-bank-transaction.ts';
import {
  createMapping,
  deleteMapping,
  listMappings,
  readMapping,
  updateMapping,
} from '../../app/banking/statement-mappings.ts';
import { suggestionsFor } from '../../app/banking/suggestions.ts';
import type { Deps } from '../../app/context.ts';
import { DomainError } from '../../domain/errors.ts';
import { namedRoutes } from '../named-routes.ts';
import { actorOf } from '../route.ts';
import {
  BankStatement,
  BankStatementImportQuery,
  BankStatementListQuery,
  BankStatementMapping,
  BankStatementMappingCreate,
  BankStatementMappingListQuery,
  BankStatementMappingUpdate,
  BankTransaction,
  BankTransactionAcceptResult,
  BankTransactionAcceptSuggestions,
  BankTransactionCreate,
  BankTransactionCreated,
  BankTransactionListQuery,
  BankTransactionMatch,
  BankTransactionPush,
  BankTransactionPushResult,
  BankTransactionSuggestions,
  PageBankStatement,
  PageBankStatementMapping,
  PageBankTransaction,
} from '../schemas/banking.ts';
import { IdParams } from '../schemas/common.ts';

/** The file body of an import: bytes of a statement media type, else 415 naming the ones accepted. */
function statementFile(body: unknown, contentType: string | undefined) {
  const mediaType = String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase() as StatementMediaType;
  if (!Buffer.isBuffer(body) || !STATEMENT_MEDIA_TYPES.includes(mediaType)) {
    throw new DomainError(
      'unsupported_media_type',
      `send the statement file as the body, as ${STATEMENT_MEDIA_TYPES.join(', ')}`,
      {},
    );
  }
  return { file: body, mediaType };
}

export function registerBankingRoutes(app: FastifyInstance, deps: Deps) {
  const statements = namedRoutes(app, deps, {
    noun: 'bank statement',
    area: 'banking',
    schema: BankStatement,
  });
  statements.list({
    summary: 'List statement imports',
    querystring: BankStatementListQuery,
    page: PageBankStatement,
    list: listStatements,
  });
  statements.read((actor, id) => readStatementRecord(deps.db, actor, id), 'Read a statement import');
  statements.post({
    url: '/api/v1/bank-statements',
    operationId: 'importBankStatement',
    summary: 'Import a statement file into a bank account',
    description:
      'The file is the raw body (at most 5 MiB), its format told by Content-Type: application/x-ofx (OFX 1.x SGML, OFX 2.x XML, QFX), application/xml or application/vnd.camt.053+xml (ISO 20022 camt.053), text/csv (with mapping={id} or the mapping fields as query parameters). Imported whole or not at all: a file that does not parse, a line with no date or amount, or another currency than the books’ is 400 validation_error naming the line (lines/7/amount). A line whose bank_reference is already imported for the account is skipped and counted (D72). Honours Idempotency-Key.',
    querystring: BankStatementImportQuery,
    rawBody: {
      mediaTypes: STATEMENT_MEDIA_TYPES,
      description: 'The statement file as the bank exported it (UTF-8, or Windows-1252).',
    },
    bodyLimit: STATEMENT_BYTES_MAX,
    response: { 201: BankStatement },
    write: (scope, request) =>
      importStatement(scope, {
        query: request.query,
        ...statementFile(request.body, request.headers['content-type']),
      }),
  });

  const transactions = namedRoutes(app, deps, {
    noun: 'bank transaction',
    area: 'banking',
    schema: BankTransaction,
  });
  transactions.list({
    summary: 'List bank transactions (oldest first)',
    querystring: BankTransactionListQuery,
    page: PageBankTransaction,
    list: listBankTransactions,
  });
  transactions.read((actor, id) => readBankTransaction(deps.db, actor, id));
  transactions.post({
    url: '/api/v1/bank-transactions',
    operationId: 'pushBankTransactions',
    summary: 'Push 1 to 1000 lines of a bank account',
    description:
      'Each bank_reference is imported once per account (D72): a line already there is skipped and counted, and answered as stored. All or nothing. Honours Idempotency-Key.',
    body: BankTransactionPush,
    response: { 201: BankTransactionPushResult },
    write: (scope, request) => pushBankTransactions(scope, request.body),
  });

  transactions.get({
    url: '/api/v1/bank-transactions/:id/suggestions',
    operationId: 'suggestBankTransactionMatches',
    summary: 'What a bank transaction could be, ranked, each with its reasons (D74)',
    description:
      'Unmatched posted ledger lines on its bank account with the same signed amount within 14 days (to match), open invoices (money in) or bills (money out) whose balance equals the amount (to record their payment), and what a bank rule proposes. A document number found in the line’s text ranks first, then the nearest date.',
    params: IdParams,
    response: { 200: BankTransactionSuggestions },
    handler: async (request) => suggestionsFor(deps.db, actorOf(request), request.params.id),
  });
  transactions.actWith('match', {
    summary: 'Match a bank transaction to posted ledger lines (D74)',
    description:
      'The lines must be on the transaction’s bank account, posted (not reversed), and move it by exactly its amount (debit positive): 400 validation_error otherwise. A line already matched, or a transaction already matched or excluded: 409 invalid_state. A document whose entry holds a matched line is voided only after unmatching.',
    body: BankTransactionMatch,
    act: matchBankTransaction,
  });
  transactions.post({
    url: '/api/v1/bank-transactions/:id/create',
    operationId: 'createFromBankTransaction',
    summary: 'Create and post the document a bank transaction is, matched to it at once (D74)',
    description:
      'One transaction: spend or receive posts a journal entry (source type bank_transaction) between the bank account and `account`, its tax split off the tax-inclusive amount as on invoice lines; transfer moves the amount to or from another bank account; payment records a payment received deposited to the bank account; bill_payment a bill payment paid from it. The entry’s bank line is matched to the transaction. spend and bill_payment take money out (a negative amount), receive and payment money in: 400 on `kind` otherwise. A transaction already matched, reconciled or excluded: 409 invalid_state. Nothing is written on a refusal. Honours Idempotency-Key. Needs banking:write only (which every role that has it pairs with payments and bills write, D77).',
    params: IdParams,
    body: BankTransactionCreate,
    response: { 201: BankTransactionCreated },
    write: (scope, request) => createFromBankTransaction(scope, request.params.id, request.body),
  });
  transactions.post({
    url: '/api/v1/bank-transactions/accept-suggestions',
    operationId: 'acceptBankSuggestions',
    summary: 'Create what the bank rules suggest for 1 to 1000 transactions, all or nothing (D75)',
    description:
      'Each id must be an unmatched bank transaction of these books with a suggestion (the first matching bank rule, as it is now); each is created as POST /{id}/create with the suggestion. All or nothing, like POST /journal-entries/batch: a refusal names `ids/N` and nothing is written. Honours Idempotency-Key.',
    body: BankTransactionAcceptSuggestions,
    response: { 201: BankTransactionAcceptResult },
    write: (scope, request) => acceptSuggestions(scope, request.body),
  });
  transactions.act('unmatch', {
    summary: 'Unmatch a bank transaction (not once reconciled)',
    act: unmatchBankTransaction,
  });
  transactions.act('exclude', {
    summary: 'Exclude an unmatched bank transaction (a duplicate, a line that is not the books’ business)',
    act: excludeBankTransaction,
  });
  transactions.act('include', {
    summary: 'Include an excluded bank transaction again (unmatched)',
    act: includeBankTransaction,
  });

  const mappings = namedRoutes(app, deps, {
    noun: 'bank statement mapping',
    area: 'banking',
    schema: BankStatementMapping,
  });
  mappings.list({
    summary: 'List saved CSV mappings',
    querystring: BankStatementMappingListQuery,
    page: PageBankStatementMapping,
    list: listMappings,
  });
  mappings.read((actor, id) => readMapping(deps.db, actor, id), 'Read a saved CSV mapping');
  mappings.create({
    summary: 'Save a CSV mapping',
    description:
      'amount_column (signed), or debit_column and credit_column; date_format and decimal_separator say how the bank writes them.',
    body: BankStatementMappingCreate,
    create: createMapping,
  });
  mappings.update({
    summary: 'Change a saved CSV mapping (sparse; null clears a column)',
    body: BankStatementMappingUpdate,
    update: updateMapping,
  });
  mappings.remove({
    summary: 'Delete a saved CSV mapping (imports made with it stay)',
    remove: deleteMapping,
  });
}
