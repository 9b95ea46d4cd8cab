// What a picker (account, customer, vendor, item, tax rate) takes from typed text (issue 21): the
// person types "6420", sees its one match, and Enter or Tab takes it; text that names nothing is
// kept and shown as unpicked rather than silently cleared. Pure, so it is tested without a browser.

export interface PickerOption {
  value: string;
  label: string;
}

type Data = ReadonlyArray<
  string | PickerOption | { group: string; items: ReadonlyArray<string | PickerOption> }
>;

/** Mantine's combobox data, flattened to options (groups opened, strings as value and label). */
export function optionsOf(data: Data | undefined): PickerOption[] {
  const options: PickerOption[] = [];
  for (const entry of data ?? []) {
    if (typeof entry === 'string') options.push({ value: entry, label: entry });
    else if ('group' in entry) options.push(...optionsOf(entry.items));
    else options.push({ value: entry.value, label: entry.label });
  }
  return options;
}

/** The options whose label holds the text, as the dropdown filters them (case aside). */
export function matchesOf(options: PickerOption[], text: string): PickerOption[] {
  const wanted = text.trim().toLowerCase();
  return options.filter((option) => option.label.toLowerCase().includes(wanted));
}

/**
 * The option Enter or Tab takes for `text`, or undefined when the text asks for nothing new (empty,
 * or the label already picked) or names no single option. A highlighted option (moved to with the
 * arrows) wins; else the one match; else, among several, the one the text names whole ("6420" for
 * "6420 Rent" beside "16420 Other"; "rent" for "Rent" beside "Rental income").
 */
export function optionFor(
  options: PickerOption[],
  text: string,
  pickedLabel: string,
  highlighted: string | null = null,
): PickerOption | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === '' || text === pickedLabel) return undefined;
  const lit = highlighted === null ? undefined : options.find((option) => option.value === highlighted);
  if (lit) return lit;
  const matches = matchesOf(options, text);
  if (matches.length === 1) return matches[0];
  const whole = matches.filter((option) => {
    const label = option.label.toLowerCase();
    return label === wanted || label.startsWith(`${wanted} `);
  });
  return whole.length === 1 ? whole[0] : undefined;
}

/** The reason a form is not ready while pickers hold text that is not picked, or null. */
export function unpickedReason(labels: string[]): string | null {
  if (labels.length === 0) return null;
  const named =
    labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  const verb = labels.length === 1 ? 'is' : 'are';
  return `${named} ${verb} typed but not picked from the list.`;
}
