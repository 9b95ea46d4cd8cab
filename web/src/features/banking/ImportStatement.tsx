// Statement import by file (D71, D72): the file's format told from its content and name (OFX/QFX,
// camt.053, CSV; the person may correct it); a CSV's header and first rows are read here, its
// mapping guessed and shown as a preview of the lines it makes (refused lines say why), and saved
// for the account's next file. The file goes to the API as the bank wrote it; the answer says how
// many lines were imported and how many were already there.
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import type { Account } from '../../api/queries/accounts.ts';
import {
  type BankStatement,
  type BankStatementMapping,
  bankingKeys,
  invalidateBanking,
  mappingsQuery,
  statementsQuery,
} from '../../api/queries/banking.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Page, Section } from '../../ui/Page.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { BankTrail, NoBankAccount } from './BankAccountScreen.tsx';
import { accountLabel, useBankAccounts } from './bankAccounts.ts';
import { mappingFor, rememberMapping } from './mappingMemory.ts';
import {
  type CsvMapping,
  DATE_FORMATS,
  type DateFormat,
  type DecimalSeparator,
  type Delimiter,
  decodeStatement,
  detectFormat,
  FORMAT_LABEL,
  guessDelimiter,
  guessMapping,
  MEDIA_TYPE,
  mappingQuery,
  previewLines,
  readCsv,
  type StatementFormat,
} from './statementFile.ts';

const PREVIEW_ROWS = 8;
const NEW = 'new';
const DELIMITERS: { value: Delimiter; label: string }[] = [
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: 'tab', label: 'Tab' },
  { value: '|', label: 'Bar |' },
];

interface Picked {
  file: File;
  text: string;
  detected: StatementFormat | null;
  /** One Idempotency-Key per file picked: a resent import replays the first answer. */
  key: string;
}

function fromSaved(saved: BankStatementMapping, text: string): CsvMapping {
  return {
    date_column: saved.date_column,
    amount_column: saved.amount_column ?? '',
    debit_column: saved.debit_column ?? '',
    credit_column: saved.credit_column ?? '',
    description_column: saved.description_column ?? '',
    payee_column: saved.payee_column ?? '',
    reference_column: saved.reference_column ?? '',
    date_format: saved.date_format,
    decimal_separator: saved.decimal_separator,
    delimiter: saved.delimiter ?? guessDelimiter(text),
  };
}

const sameMapping = (a: CsvMapping, b: CsvMapping) =>
  (Object.keys(a) as (keyof CsvMapping)[]).every((key) => a[key] === b[key]);

function MappingEditor({
  text,
  mapping,
  currency,
  onChange,
}: {
  text: string;
  mapping: CsvMapping;
  currency: string;
  onChange: (mapping: CsvMapping) => void;
}) {
  const [header = [], ...rows] = readCsv(text, mapping.delimiter, PREVIEW_ROWS + 1);
  const columns = [...new Set(header.filter(Boolean))];
  const preview = previewLines(header, rows, mapping);
  const set = <K extends keyof CsvMapping>(key: K, value: CsvMapping[K]) =>
    onChange({ ...mapping, [key]: value });
  const column = (label: string, key: keyof CsvMapping, required = false) => (
    <Select
      label={label}
      data={columns}
      value={(mapping[key] as string) || null}
      onChange={(value) => set(key, value ?? '')}
      clearable={!required}
      required={required}
      placeholder={required ? 'Pick a column' : 'None'}
      allowDeselect={!required}
    />
  );
  const oneColumn =
    mapping.amount_column !== '' || (mapping.debit_column === '' && mapping.credit_column === '');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Select
          label="Delimiter"
          data={DELIMITERS}
          value={mapping.delimiter}
          onChange={(value) => value && set('delimiter', value as Delimiter)}
          allowDeselect={false}
        />
        {column('Date column', 'date_column', true)}
        <Select
          label="Date format"
          data={[...DATE_FORMATS]}
          value={mapping.date_format}
          onChange={(value) => value && set('date_format', value as DateFormat)}
          allowDeselect={false}
        />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} mb={4} id="amounts-label">
          Amounts
        </Text>
        <SegmentedControl
          aria-labelledby="amounts-label"
          value={oneColumn ? 'one' : 'two'}
          onChange={(value) =>
            onChange(
              value === 'one'
                ? {
                    ...mapping,
                    amount_column: mapping.amount_column || columns[0] || '',
                    debit_column: '',
                    credit_column: '',
                  }
                : {
                    ...mapping,
                    amount_column: '',
                    debit_column: columns[0] ?? '',
                    credit_column: columns[1] ?? '',
                  },
            )
          }
          data={[
            { value: 'one', label: 'One signed column' },
            { value: 'two', label: 'Money out and in columns' },
          ]}
        />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {oneColumn ? (
          column('Amount column', 'amount_column', true)
        ) : (
          <>
            {column('Money out column', 'debit_column', true)}
            {column('Money in column', 'credit_column', true)}
          </>
        )}
        <Select
          label="Decimal separator"
          data={[
            { value: '.', label: 'Point (1,234.56)' },
            { value: ',', label: 'Comma (1.234,56)' },
          ]}
          value={mapping.decimal_separator}
          onChange={(value) => value && set('decimal_separator', value as DecimalSeparator)}
          allowDeselect={false}
        />
        {column('Description column', 'description_column')}
        {column('Payee column', 'payee_column')}
        {column('Reference column', 'reference_column')}
      </SimpleGrid>
      <Title order={3} size="h5">
        Preview of the first lines
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} aria-label="Preview of the first lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {line.date ? formatDate(line.date) : '—'}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {line.description || '—'}
                  {line.reference ? (
                    <Text size="xs" c="dimmed">
                      ref {line.reference}
                    </Text>
                  ) : null}
                  {line.problem ? (
                    <Text size="xs" c="red.9">
                      Line {index + 1}: {line.problem}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {line.amount === null ? (
                    '—'
                  ) : (
                    <Money amount={formatMoney(line.amount)} currency={currency} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        The preview reads the first {Math.min(rows.length, PREVIEW_ROWS)} lines with the server's own rules;
        the import checks every line and imports none if one is refused.
      </Text>
    </Stack>
  );
}

function Result({ statement, account, books }: { statement: BankStatement; account: Account; books: Books }) {
  const currency = account.currency || books.currency;
  return (
    <Alert
      color="teal"
      title="Statement imported"
      role="status"
      styles={{ title: { color: 'var(--mantine-color-black)' } }}
    >
      <Stack gap={6}>
        <Text size="sm">
          {statement.lines_imported} line{statement.lines_imported === 1 ? '' : 's'} imported
          {statement.lines_skipped > 0
            ? `, ${statement.lines_skipped} skipped (already imported)`
            : ', none already there'}
          .{' '}
          {statement.period_start && statement.period_end
            ? `Period ${formatDate(statement.period_start)} to ${formatDate(statement.period_end)}.`
            : ''}
        </Text>
        {statement.closing_balance ? (
          <Text size="sm">
            Closing balance <Money amount={statement.closing_balance} currency={currency} strong />.
          </Text>
        ) : null}
        <Group gap="xs">
          <Button component={Link} to={`/banking/${account.id}`} size="xs">
            Match the lines
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function RecentImports({ account, books }: { account: Account; books: Books }) {
  const statements = useQuery(statementsQuery(account.id));
  const currency = account.currency || books.currency;
  const rows = statements.data ?? [];
  return (
    <Section title="Imports into this account">
      <ReadTable
        read={statements}
        empty="No statement imported yet."
        rows={rows}
        rowKey={(statement) => statement.id}
        minWidth={340}
        dense
        columns={[
          {
            header: 'Period',
            cell: (statement) => (
              <>
                {statement.period_start ? formatDate(statement.period_start) : '—'} to{' '}
                {statement.period_end ? formatDate(statement.period_end) : '—'}
                <Text size="xs" c="dimmed">
                  {statement.format.toUpperCase()}
                </Text>
              </>
            ),
          },
          {
            header: 'Lines',
            cell: (statement) =>
              `${statement.lines_imported} new${statement.lines_skipped ? `, ${statement.lines_skipped} skipped` : ''}`,
          },
          {
            header: 'Closing balance',
            align: 'right',
            cell: (statement) =>
              statement.closing_balance ? (
                <Money amount={statement.closing_balance} currency={currency} />
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Section>
  );
}

function Importer({ account, books }: { account: Account; books: Books }) {
  const queryClient = useQueryClient();
  const mappings = useQuery(mappingsQuery());
  const [picked, setPicked] = useState<Picked | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [format, setFormat] = useState<StatementFormat | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [choice, setChoice] = useState<string>(NEW);
  const [save, setSave] = useState(true);
  const [name, setName] = useState(`${account.name} CSV`);
  const [result, setResult] = useState<BankStatement | null>(null);
  const saved = (mappings.data ?? []).find((m) => m.id === choice) ?? null;
  const changed =
    saved !== null &&
    mapping !== null &&
    picked !== null &&
    !sameMapping(fromSaved(saved, picked.text), mapping);

  const pick = async (file: File | null) => {
    setResult(null);
    setReadError(null);
    importing.reset();
    if (!file) {
      setPicked(null);
      return;
    }
    try {
      const text = decodeStatement(await file.arrayBuffer());
      const detected = detectFormat(file.name, text);
      setPicked({ file, text, detected, key: crypto.randomUUID() });
      setFormat(detected);
      const known = mappingFor(mappings.data ?? [], books.organizationId, account);
      setChoice(known?.id ?? NEW);
      setMapping(known ? fromSaved(known, text) : guessMapping(text).mapping);
    } catch {
      setReadError('The file could not be read. Pick it again, or export it from your bank once more.');
    }
  };

  const importing = useMutation({
    mutationFn: async () => {
      if (!picked || !format) throw new Error('Pick a statement file first.');
      let mappingId: string | null = null;
      if (format === 'csv' && mapping) {
        if (saved && !changed) mappingId = saved.id;
        else if (saved && changed && save) {
          mappingId = data(
            await api.PATCH('/api/v1/bank-statement-mappings/{id}', {
              params: { path: { id: saved.id } },
              body: { ...mappingForApi(mapping), version: saved.version },
            }),
          ).id;
        } else if (!saved && save && name.trim()) {
          mappingId = data(
            await api.POST('/api/v1/bank-statement-mappings', {
              body: { name: name.trim(), ...mappingForApi(mapping) },
            }),
          ).id;
        }
        if (mappingId) rememberMapping(books.organizationId, account.id, mappingId);
      }
      const query =
        format !== 'csv' || !mapping
          ? { account: account.id }
          : mappingId
            ? { account: account.id, mapping: mappingId }
            : { account: account.id, ...mappingQuery(mapping) };
      const file = picked.file;
      return data(
        await api.POST('/api/v1/bank-statements', {
          params: { query, header: { 'Idempotency-Key': picked.key } },
          body: '',
          bodySerializer: () => file,
          headers: { 'Content-Type': MEDIA_TYPE[format] },
        }),
      );
    },
    onSuccess: (statement) => {
      setResult(statement);
      // A new click after an answer is a new import (its lines skipped if already there), not a retry.
      setPicked((current) => (current ? { ...current, key: crypto.randomUUID() } : current));
      invalidateBanking(queryClient);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bankingKeys.mappings() }),
  });

  return (
    <Stack gap="md">
      <FileInput
        label="Statement file"
        description="OFX or QFX, camt.053 XML, or CSV, as your bank exported it (at most 5 MB)"
        placeholder="Pick a file"
        // Mantine's placeholder grey is under 4.5:1 on white (axe-core); the app's dimmed grey is 7:1.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".ofx,.qfx,.xml,.csv,.txt,.tsv,application/x-ofx,text/csv,application/xml,text/xml"
        value={picked?.file ?? null}
        onChange={(file) => void pick(file)}
        clearable
        maw={520}
      />
      {readError ? (
        <Text size="sm" c="red.9" role="alert">
          {readError}
        </Text>
      ) : null}
      {picked ? (
        <Select
          label="Format"
          description={
            picked.detected
              ? `Read as ${FORMAT_LABEL[picked.detected]} from the file.`
              : 'The file does not say its format: pick it.'
          }
          data={(Object.keys(FORMAT_LABEL) as StatementFormat[]).map((value) => ({
            value,
            label: FORMAT_LABEL[value],
          }))}
          value={format}
          onChange={(value) => {
            setFormat(value as StatementFormat | null);
            if (value === 'csv' && !mapping) setMapping(guessMapping(picked.text).mapping);
          }}
          allowDeselect={false}
          maw={520}
        />
      ) : null}
      {picked && format === 'csv' && mapping ? (
        <Stack gap="sm">
          <Select
            label="Mapping"
            description="Which column holds what. A saved mapping is used again for this account's next file."
            data={[
              { value: NEW, label: 'A new mapping' },
              ...(mappings.data ?? []).map((m) => ({ value: m.id, label: m.name })),
            ]}
            value={choice}
            onChange={(value) => {
              const next = value ?? NEW;
              setChoice(next);
              const known = (mappings.data ?? []).find((m) => m.id === next);
              setMapping(known ? fromSaved(known, picked.text) : guessMapping(picked.text).mapping);
            }}
            allowDeselect={false}
            maw={520}
          />
          <MappingEditor
            text={picked.text}
            mapping={mapping}
            currency={account.currency || books.currency}
            onChange={setMapping}
          />
          {saved === null ? (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Checkbox
                label="Save this mapping for this account"
                checked={save}
                onChange={(event) => setSave(event.currentTarget.checked)}
              />
              {save ? (
                <TextInput
                  label="Mapping name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  maxLength={200}
                  required
                />
              ) : null}
            </Group>
          ) : changed ? (
            <Checkbox
              label={`Save the changes to "${saved.name}"`}
              checked={save}
              onChange={(event) => setSave(event.currentTarget.checked)}
            />
          ) : null}
        </Stack>
      ) : null}
      <ErrorNotice error={importing.error} />
      {picked ? (
        <Group>
          <Button onClick={() => importing.mutate()} loading={importing.isPending} disabled={!format}>
            Import {picked.file.name}
          </Button>
        </Group>
      ) : null}
      {result ? <Result statement={result} account={account} books={books} /> : null}
    </Stack>
  );
}

/** The mapping as the API's body: blank columns as null, the one amount style only. */
function mappingForApi(mapping: CsvMapping) {
  const orNull = (value: string) => (value ? value : null);
  const one = Boolean(mapping.amount_column);
  return {
    date_column: mapping.date_column,
    date_format: mapping.date_format,
    decimal_separator: mapping.decimal_separator,
    delimiter: mapping.delimiter,
    amount_column: one ? mapping.amount_column : null,
    debit_column: one ? null : orNull(mapping.debit_column),
    credit_column: one ? null : orNull(mapping.credit_column),
    description_column: orNull(mapping.description_column),
    payee_column: orNull(mapping.payee_column),
    reference_column: orNull(mapping.reference_column),
  };
}

export default function ImportStatement() {
  const { id = '' } = useParams();
  const books = useBooks();
  const accounts = useBankAccounts();
  if (!books) return null;
  if (accounts.isPending) return <Skeleton height={240} />;
  const account = accounts.data?.find((a) => a.id === id);
  if (!account) return <NoBankAccount error={accounts.error} />;
  return (
    <Page title={`Import a statement into ${accountLabel(account)}`}>
      <BankTrail account={account}>
        . A line already imported (the same file again, or overlapping statements) is skipped, never doubled.
      </BankTrail>
      {books.can.writeBanking ? (
        <Importer account={account} books={books} key={account.id} />
      ) : (
        <Text size="sm">
          Your role reads banking but does not import statements. Ask an accountant, admin or owner.
        </Text>
      )}
      <RecentImports account={account} books={books} />
    </Page>
  );
}
