import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A value to copy (an API key shown once): read-only, selectable, with a copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'teal' : undefined} variant={copied ? 'filled' : 'default'}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
