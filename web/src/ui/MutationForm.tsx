// A dialog's or a card's form around one save: the refusal above the fields, the submit button
// (busy while saving) at the bottom right. The save is useFormMutation's (or any mutation of the
// form's values).
import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';

export function MutationForm<Values>({
  form,
  mutation,
  submit,
  disabled,
  onReload,
  children,
}: {
  form: UseFormReturnType<Values>;
  mutation: { mutate: (values: Values) => void; error: unknown; isPending: boolean };
  /** The submit button's words; null for a read-only form, which has none. */
  submit: string | null;
  disabled?: boolean;
  /** A 412 stale_write's Reload (ErrorNotice). */
  onReload?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="sm">
        <ErrorNotice error={mutation.error} onReload={onReload} />
        {children}
        {submit === null ? null : (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={disabled}>
              {submit}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
