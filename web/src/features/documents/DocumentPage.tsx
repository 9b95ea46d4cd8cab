// One document of any kind (an invoice, a bill, a credit note). A draft (or a new one) is an editor:
// the party, the kind's header fields, the lines with totals from the server's own rules before
// saving (D45), "Save draft" and the kind's posting button ("Send", "Open", "Issue"), and the draft's
// void or delete behind a confirm dialog (D82). Past draft it is a view: the summary, the figures, the
// lines, the kind's sections and buttons, and its void behind a confirm dialog.
import { Button, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { postAction } from '../../api/queries/actions.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Figures } from '../../ui/Figures.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Picker } from '../../ui/Picker.tsx';
import { Sentences } from '../../ui/Sentences.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useSavedSnapshot } from '../../ui/useSavedSnapshot.ts';
import { type Books, useBooks } from '../shell/books.tsx';
import { capitalized, type DocumentBase, type DocumentKind } from './kind.ts';
import { DocumentTotals, LinesGrid, LinesTable, useLines } from './LinesGrid.tsx';

export function DocumentPage<Doc extends DocumentBase, Row extends { id: string }, Body>({
  kind,
}: {
  kind: DocumentKind<Doc, Row, Body>;
}) {
  const { id = 'new' } = useParams();
  const books = useBooks();
  const doc = useQuery({ ...kind.one(id), enabled: id !== 'new' });
  if (!books) return null;
  if (id === 'new') return <DocumentEditor kind={kind} books={books} />;
  if (doc.error) return <ErrorNotice error={doc.error} />;
  if (!doc.data) return <Skeleton height={240} />;
  if (doc.data.status === 'draft' && kind.side.canWrite(books))
    return <DocumentEditor kind={kind} books={books} doc={doc.data} key={doc.data.version} />;
  return <DocumentView kind={kind} books={books} doc={doc.data} key={doc.data.id} />;
}

/** What a document's editor and its view are given: its kind, the books and the document. */
interface DocumentProps<Doc extends DocumentBase, Row extends { id: string }, Body> {
  kind: DocumentKind<Doc, Row, Body>;
  books: Books;
  doc: Doc;
}

/** A new document (no `doc`) or a draft, edited. */
function DocumentEditor<Doc extends DocumentBase, Row extends { id: string }, Body>({
  kind,
  books,
  doc,
}: Omit<DocumentProps<Doc, Row, Body>, 'doc'> & { doc?: Doc }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [search] = useSearchParams();
  const { side, editor: spec } = kind;
  const parties = side.useParties();
  const lines = useLines(books, doc ? kind.lines(doc) : undefined, side.purpose);
  const [party, setParty] = useState<string | null>(doc ? spec.partyOf(doc) : search.get(side.party));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      spec.fields.map((field) => [
        field.name,
        (doc ? field.from(doc) : null) ?? (field.initial === 'today' ? today() : ''),
      ]),
    ),
  );
  /** A header value changed (or the party, `party`): the values that follow it follow (the due date). */
  const change = (name: string, value: string | null, chosen: string | null = party) => {
    const partyRow = (parties.data ?? []).find((row) => row.id === chosen);
    setValues((current) => {
      const next = name === 'party' ? current : { ...current, [name]: value ?? '' };
      return spec.follow ? spec.follow(next, name, partyRow) : next;
    });
  };
  const [confirmingRemove, removeDialog] = useDisclosure(false);
  // Issue 21: unsaved edits hold the page. The lines' keys are the screen's, not the document's.
  const snapshot = useSavedSnapshot({
    party,
    values,
    lines: lines.lines.map(({ key: _key, ...line }) => line),
  });
  const submit = (finalize: boolean) => {
    snapshot.submitting();
    save.mutate(finalize);
  };
  const save = useMutation({
    mutationFn: async (finalize: boolean) => {
      const given = Object.entries(values).filter(
        ([name, value]) => value !== '' || !spec.fields.find((field) => field.name === name)?.optional,
      );
      const body = spec.body({ party: party ?? '', values: Object.fromEntries(given), lines });
      const saved = doc
        ? await spec.update(doc.id, { ...body, version: doc.version })
        : await spec.create(body);
      return finalize ? spec.finalize.run(saved) : saved;
    },
    onSuccess: (saved, finalized) => {
      snapshot.saved();
      invalidate(kind.written);
      notify({ color: 'teal', message: spec.saved(saved, finalized) });
      navigate(`${kind.path}/${saved.id}`, { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: async (draft: Doc) => spec.removeDraft.run(draft),
    onSuccess: (_, draft) => {
      invalidate(kind.written);
      const done = spec.removeDraft.done?.(draft);
      if (done) notify({ message: done });
      if (spec.removeDraft.after === 'list') navigate(kind.path);
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const noun = kind.noun;
  const title = doc ? (doc.number ? `Draft ${noun} ${doc.number}` : `Draft ${noun}`) : `New ${noun}`;
  return (
    <Page title={title}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Picker
          noun={side.partyNoun}
          check={lines.pickers}
          label={side.partyLabel}
          required
          placeholder={parties.data?.length === 0 ? `Create a ${side.party} first` : `Choose a ${side.party}`}
          data={(parties.data ?? []).map((p) => ({ value: p.id, label: p.display_name }))}
          value={party}
          onChange={(chosen) => {
            setParty(chosen);
            if (chosen !== party) change('party', null, chosen);
          }}
          error={fields[side.party]?.join('; ')}
          w={{ base: '100%', xs: 280 }}
        />
        {spec.fields.map((field) => {
          const placeholder =
            typeof field.placeholder === 'function' ? field.placeholder(values) : field.placeholder;
          return field.type === 'select' ? (
            <Select
              key={field.name}
              label={field.label}
              placeholder={placeholder}
              description={field.description}
              data={field.options ?? []}
              value={values[field.name] || null}
              onChange={(value) => change(field.name, value)}
              error={fields[field.name]?.join('; ')}
              w={field.w ?? 160}
              allowDeselect={false}
            />
          ) : (
            <TextInput
              key={field.name}
              label={field.label}
              type={field.type === 'date' ? 'date' : undefined}
              placeholder={placeholder}
              description={field.description}
              value={values[field.name] ?? ''}
              onChange={(e) => change(field.name, e.currentTarget.value)}
              error={fields[field.name]?.join('; ')}
              w={field.w ?? (field.type === 'date' ? 180 : undefined)}
              style={field.grows ? { flex: 1, minWidth: 200 } : undefined}
            />
          );
        })}
      </Group>
      <ErrorNotice
        error={save.error}
        action={
          save.variables ? `${spec.finalize.label.toLowerCase()} the ${noun}` : `save the draft ${noun}`
        }
        onReload={() => navigate(0)}
      />
      <LinesGrid books={books} editor={lines} fields={fields} withItems={spec.withItems} />
      <Group justify="space-between" align="flex-start">
        {doc ? (
          <Button variant="subtle" color="red" onClick={removeDialog.open}>
            {spec.removeDraft.label}
          </Button>
        ) : (
          <span />
        )}
        <Stack gap={4} align="flex-end">
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => submit(false)}
              loading={save.isPending && !save.variables}
              disabled={lines.pickers.reason !== null}
            >
              Save draft
            </Button>
            <Button
              onClick={() => submit(true)}
              loading={save.isPending && save.variables}
              disabled={!lines.totals || !party || lines.pickers.reason !== null}
              aria-describedby="finalize-description"
            >
              {spec.finalize.label}
            </Button>
          </Group>
          {/* Issue 21: what the posting button does, in words on the page (not only a tooltip). */}
          <Text id="finalize-description" size="sm" c="dimmed" ta="right" maw={420}>
            {spec.finalize.description}
          </Text>
        </Stack>
      </Group>
      {doc ? (
        <ConfirmDialog
          opened={confirmingRemove}
          title={spec.removeDraft.title(doc)}
          confirm={spec.removeDraft.confirm(doc)}
          onConfirm={() => remove.mutate(doc)}
          onClose={removeDialog.close}
          mutation={remove}
        >
          <Sentences text={spec.removeDraft.text(doc)} />
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

function DocumentView<Doc extends DocumentBase, Row extends { id: string }, Body>({
  kind,
  books,
  doc,
}: DocumentProps<Doc, Row, Body>) {
  const invalidate = useInvalidate();
  const refresh = () => invalidate(kind.written);
  const { view } = kind;
  const [confirmingVoid, voidDialog] = useDisclosure(false);
  const voidIt = useMutation({
    mutationFn: () => postAction(view.void.path, doc),
    onSuccess: () => {
      voidDialog.close();
      refresh();
      notify({ message: view.void.done?.(doc) ?? `${title} voided.` });
    },
  });
  const extras = view.useExtras(doc, books, refresh);
  const Sections = view.Sections;
  const title = `${capitalized(kind.noun)} ${doc.number ?? ''}`;
  return (
    <Page
      title={title}
      actions={
        <>
          {extras.buttons}
          {kind.side.canWrite(books) && view.void.allowed(doc) ? (
            <Button variant="subtle" color="red" onClick={voidDialog.open}>
              Void
            </Button>
          ) : null}
        </>
      }
    >
      <Group gap="sm">
        <StatusBadge status={doc.status} />
        {view.summary(doc)}
      </Group>
      {extras.notice}
      <Figures figures={view.figures(doc)} currency={doc.currency} />
      <LinesTable lines={kind.lines(doc)} currency={doc.currency} priceLabel={view.priceLabel} />
      <DocumentTotals subtotal={doc.subtotal} tax={doc.tax_total} total={doc.total} currency={doc.currency} />
      {Sections ? <Sections doc={doc} books={books} /> : null}
      <ConfirmDialog
        opened={confirmingVoid}
        title={`Void ${kind.noun} ${doc.number}?`}
        confirm={`Void ${doc.number}`}
        onConfirm={() => voidIt.mutate()}
        onClose={voidDialog.close}
        mutation={voidIt}
      >
        <Sentences text={view.void.text(doc)} />
      </ConfirmDialog>
      {extras.dialogs}
    </Page>
  );
}
