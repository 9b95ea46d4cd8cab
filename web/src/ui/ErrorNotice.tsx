import { Alert, Button, Group, Text } from '@mantine/core';
import { ApiError, errorHeading, errorSentence, type FieldLabels } from '../api/errors.ts';

/**
 * An error as a sentence (never raw JSON), headed by what was being done when `action` says it
 * ("post the journal entry" -> "Could not post the journal entry"); field errors name the field as
 * the screen labels it (`labels`) and count lines from 1. A 412 stale_write offers to reload.
 */
export function ErrorNotice({
  error,
  onReload,
  action,
  labels,
}: {
  error: unknown;
  onReload?: () => void;
  action?: string;
  labels?: FieldLabels;
}) {
  if (!error) return null;
  const stale = error instanceof ApiError && error.code === 'stale_write';
  return (
    <Alert color="red" title={errorHeading(error, action)} role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorSentence(error, labels)}</Text>
        {stale && onReload ? (
          <Button size="xs" variant="white" color="red" onClick={onReload}>
            Reload
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
