import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  draft: 'gray',
  sent: 'blue',
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
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  );
}
