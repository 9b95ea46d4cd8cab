import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';

/**
 * D82: a destructive action asks first, in a dialog whose title names the document and whose text
 * says what will happen. "Keep it" is the default way out (Escape too).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirm,
  onConfirm,
  onClose,
  mutation,
  loading = mutation?.isPending,
  error = mutation?.error,
  disabled,
  keep = 'Keep it',
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The mutation the action runs: its pending state and refusal show here, and closing resets it. */
  mutation?: { isPending: boolean; error: unknown; reset: () => void };
  loading?: boolean;
  error?: unknown;
  /** The action cannot succeed (the text says why): only "Keep it" is offered. */
  disabled?: boolean;
  /** The way out ("Keep it"; "Stay on this page" when leaving is what is asked). */
  keep?: string;
}) {
  const close = () => {
    onClose();
    mutation?.reset();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <Stack gap="sm">
        {/* "Could not void INV-000012": the refusal is headed by the action it refused. */}
        <ErrorNotice error={error} action={confirm.charAt(0).toLowerCase() + confirm.slice(1)} />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {keep}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} disabled={disabled}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
