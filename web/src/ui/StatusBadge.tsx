import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  draft: 'gray',
  sent: 'blue',
  issued: 'blue',
  open: 'blue',
  paid: 'teal',
  void: 'red',
  posted: 'teal',
  reversed: 'orange',
  active: 'teal',
  inactive: 'gray',
  revoked: 'red',
  expired: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    // The dot variant keeps the text dark (axe-core contrast); the colour is in the dot.
    <Badge
      color={COLORS[status] ?? 'gray'}
      variant="dot"
      radius="sm"
      // A status is a word or two: never cut to "PO…" in a narrow column.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
