// A list's search box: what is typed, what the list asks for (trimmed, a quarter second after the
// last key), and the props of its SearchField, whose typing starts the list again at its first page.
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

const DEBOUNCE_MS = 250;

export function useListSearch(restart: () => void) {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), DEBOUNCE_MS);
  return {
    debounced,
    field: {
      value: typed,
      onChange: (text: string) => {
        setTyped(text);
        restart();
      },
    },
  };
}
