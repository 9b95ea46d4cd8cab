// A table row's own button (Edit, Void, Revoke): small, and named for the row it acts on ("Void
// PMT-000003") so a screen reader's list of buttons says which row each one belongs to.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  /** Edit, Rename, Rotate. */
  plain: { variant: 'default' },
  /** Send again. */
  quiet: { variant: 'subtle' },
  /** Void, Revoke, Remove, Deactivate. */
  danger: { variant: 'subtle', color: 'red' },
  /** Reactivate. */
  restore: { variant: 'subtle', color: 'teal' },
} as const;

export function RowAction({
  label,
  name,
  tone = 'plain',
  onClick,
}: {
  label: string;
  /** What a screen reader says: the label and the row ("Revoke Shop sync"). */
  name: string;
  tone?: keyof typeof TONES;
  onClick: () => void;
}) {
  return (
    <Button size="compact-xs" {...TONES[tone]} onClick={onClick} aria-label={name}>
      {label}
    </Button>
  );
}

/** A row's buttons side by side, never wrapped under each other. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}
