import { describe, expect, it } from 'vitest';
import { onePerCategory } from './trackingChoice.ts';

const categories: Record<string, string> = { east: 'region', west: 'region', alpha: 'project' };
const categoryOf = (option: string) => categories[option];

describe('onePerCategory', () => {
  it('keeps options of different categories together', () => {
    expect(onePerCategory(['east'], ['east', 'alpha'], categoryOf)).toEqual(['east', 'alpha']);
  });
  it('replaces the option of the same category with the one just picked', () => {
    expect(onePerCategory(['east', 'alpha'], ['east', 'alpha', 'west'], categoryOf)).toEqual([
      'alpha',
      'west',
    ]);
  });
  it('lets an option be removed', () => {
    expect(onePerCategory(['east', 'alpha'], ['alpha'], categoryOf)).toEqual(['alpha']);
  });
  it('keeps an option whose category is unknown (not loaded yet) as picked', () => {
    expect(onePerCategory(['ghost'], ['ghost', 'east'], categoryOf)).toEqual(['ghost', 'east']);
  });
});
