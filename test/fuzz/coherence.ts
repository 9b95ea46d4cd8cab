// Schemas cannot say that a journal entry balances or that a taxable line names its tax rate; a body
// that breaks such a rule stops at the first check. In valid and boundary modes, the lines of
// journal entries and invoices are made coherent this way, so the writes get through to the ledger.
import fc from 'fast-check';
import type { Schema } from './operations.ts';
import { IdRef } from './refs.ts';

type Line = Record<string, unknown>;

const positiveMoney = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);

function without(line: Line, key: string): Line {
  const { [key]: _, ...rest } = line;
  return rest;
}

/** The arbitrary for an array of `items`, made coherent when the items are ledger or invoice lines. */
export function coherentLines(
  items: Schema,
  line: fc.Arbitrary<unknown>,
  amount: fc.Arbitrary<string>,
): fc.Arbitrary<unknown[]> | undefined {
  const properties = items.properties ?? {};
  if ('debit' in properties && 'credit' in properties) {
    const pair = fc.tuple(line, line, fc.oneof({ weight: 4, arbitrary: positiveMoney }, amount));
    return fc.array(pair, { minLength: 1, maxLength: 2 }).map((pairs) =>
      pairs.flatMap(([debit, credit, value]) => [
        { ...without(debit as Line, 'credit'), debit: value },
        { ...without(credit as Line, 'debit'), credit: value },
      ]),
    );
  }
  if ('is_taxable' in properties && 'tax_rate' in properties) {
    const taxed = (value: unknown): Line => {
      const item = value as Line;
      // D90: a taxable line names a rate or a group, never both; an untaxed line neither.
      if (item.is_taxable !== true) return without(without(item, 'tax_rate'), 'tax_group');
      if (item.tax_group) return without(item, 'tax_rate');
      return item.tax_rate ? item : { ...item, tax_rate: new IdRef('tax_rate', 0) };
    };
    return fc.array(line.map(taxed), { minLength: 1, maxLength: 3 });
  }
  return undefined;
}
