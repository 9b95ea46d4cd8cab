// The cells every lines grid has (a document's, a journal entry's): a line's description and its
// remove button, named by the line's number as the screen shows it ("Description of line 2").
import { ActionIcon, Table, TextInput } from '@mantine/core';

export function DescriptionCell({
  n,
  value,
  onChange,
  error,
}: {
  /** The line's number, from 1. */
  n: number;
  value: string;
  onChange: (description: string) => void;
  error?: string | undefined;
}) {
  return (
    <Table.Td>
      <TextInput
        aria-label={`Description of line ${n}`}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
      />
    </Table.Td>
  );
}

/** "×": removes line `n`; disabled while the grid has no line to spare. */
export function RemoveLineCell({
  n,
  onRemove,
  disabled,
}: {
  n: number;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <Table.Td>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove line ${n}`}
        disabled={disabled}
        onClick={onRemove}
      >
        ×
      </ActionIcon>
    </Table.Td>
  );
}
