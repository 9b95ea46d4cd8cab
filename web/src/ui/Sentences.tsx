import { Text } from '@mantine/core';

/** A confirm dialog's sentences (what an action will do, D82), a paragraph each. */
export function Sentences({ text }: { text: string[] }) {
  return text.map((sentence) => (
    <Text size="sm" key={sentence}>
      {sentence}
    </Text>
  ));
}
