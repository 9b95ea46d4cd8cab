import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError, errorSentence } from '../api/errors.ts';

/** An error as a sentence (never raw JSON); a 412 stale_write offers to reload. */
export function ErrorNotice({ error, onReload }: { error: unknown; onReload?: () => void }) {
  if (!error) return null;
  const stale = error instanceof ApiError && error.code === 'stale_write';
  return (
    <Alert color="red" title="That did not work" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorSentence(error)}</Text>
        {stale && onReload ? (
          <Button size="xs" variant="white" color="red" onClick={onReload}>
            Reload
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
