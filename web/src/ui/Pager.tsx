import { Button, Group } from '@mantine/core';

/**
 * Cursor paging (D31): previous and next, from the page's own URLs. A list shown newest first
 * (opened with `cursor=last`, its rows reversed) reads "Newer" for next and "Older" for previous.
 */
export function Pager({
  previous,
  next,
  onPage,
  newestFirst = false,
}: {
  previous: string | undefined;
  next: string | undefined;
  onPage: (cursor: string | undefined) => void;
  newestFirst?: boolean;
}) {
  if (!previous && !next) return null;
  const backward = (
    <Button variant="default" size="xs" disabled={!previous} onClick={() => onPage(previous)}>
      {newestFirst ? 'Older' : 'Previous page'}
    </Button>
  );
  const forward = (
    <Button variant="default" size="xs" disabled={!next} onClick={() => onPage(next)}>
      {newestFirst ? 'Newer' : 'Next page'}
    </Button>
  );
  return (
    <Group justify="flex-end" gap="xs">
      {newestFirst ? forward : backward}
      {newestFirst ? backward : forward}
    </Group>
  );
}

/** The first page of a list shown newest first: its last page (D31 order), read backwards. */
export const NEWEST = 'last';

/** A page's rows newest first (the API answers every page oldest first). */
export const newestFirst = <Row,>(rows: readonly Row[]): Row[] => [...rows].reverse();
