import { Button, CopyButton, Group, Stack, Textarea } from '@mantine/core';

/** A value to copy (an API key shown once): read-only, shown whole, selectable, with a copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        value={value}
        readOnly
        autosize
        minRows={2}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
      />
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              variant={copied ? 'filled' : 'default'}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
