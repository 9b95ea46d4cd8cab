import { Button, Group } from '@mantine/core';

/** Cursor paging (D-list pages): previous and next, from the page's own URLs. */
export function Pager({
  previous,
  next,
  onPage,
}: {
  previous: string | undefined;
  next: string | undefined;
  onPage: (cursor: string | undefined) => void;
}) {
  if (!previous && !next) return null;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" size="xs" disabled={!previous} onClick={() => onPage(previous)}>
        Previous page
      </Button>
      <Button variant="default" size="xs" disabled={!next} onClick={() => onPage(next)}>
        Next page
      </Button>
    </Group>
  );
}
