// The lines of an editor's grid (a document's, a journal entry's): each line keyed for React, edited
// in place, added blank and removed. The editors keep what a line holds and how it is sent.
import { useState } from 'react';

export type Keyed<L> = L & { key: number };

let nextKey = 1;
const keyed = <L extends object>(line: L): Keyed<L> => ({ ...line, key: nextKey++ });

/** `initial` lines (a saved draft's, or blank ones) and `blank`, the line "Add a line" adds. */
export function useEditableLines<L extends object>(initial: () => L[], blank: () => L) {
  const [lines, setLines] = useState<Keyed<L>[]>(() => initial().map(keyed));
  return {
    lines,
    /** Every line at once (a template such as the pay run). */
    replace: (next: L[]) => setLines(next.map(keyed)),
    update: (key: number, change: Partial<L>) =>
      setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line))),
    add: () => setLines((current) => [...current, keyed(blank())]),
    remove: (key: number) => setLines((current) => current.filter((other) => other.key !== key)),
  };
}
