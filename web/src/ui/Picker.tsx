// The one picker behaviour (issue 21) for accounts, customers, vendors, items and tax rates: Mantine's
// searchable Select, plus: Enter and Tab take the option the typed text names (its one match, or the
// highlighted one: `optionFor` in picker.ts), and text that names nothing is kept on leaving the
// field and shown as unpicked ("Pick an account from the list") instead of being cleared. A form
// that must not save meanwhile passes a `check` (usePickerCheck) and reads its `reason`.
import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import type React from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { optionFor, optionsOf, unpickedReason } from './picker.ts';

export interface PickerCheck {
  /** Called by each picker: its label while it holds unpicked text, null once it does not. */
  report: (id: string, label: string | null) => void;
  /** The labels of the pickers holding unpicked text ("Account of line 2"). */
  unpicked: string[];
  /** "Account of line 2 is typed but not picked from the list.", or null when every picker is picked. */
  reason: string | null;
}

/** The pickers of one form: what is typed but not picked, and the reason the form waits. */
export function usePickerCheck(): PickerCheck {
  const [held, setHeld] = useState<Record<string, string>>({});
  const report = useCallback((id: string, label: string | null) => {
    setHeld((current) => {
      if (label === null) {
        if (!(id in current)) return current;
        const { [id]: _gone, ...rest } = current;
        return rest;
      }
      return current[id] === label ? current : { ...current, [id]: label };
    });
  }, []);
  return useMemo(() => {
    const unpicked = Object.values(held);
    return { report, unpicked, reason: unpickedReason(unpicked) };
  }, [held, report]);
}

export interface PickerProps extends Omit<SelectProps, 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** What is picked, with its article: "an account", "a customer" ("Pick an account from the list"). */
  noun: string;
  /** The form's check, told while this picker holds text that is not picked. */
  check?: PickerCheck;
}

/** The value of the option the arrows highlighted in the input's open list, or null. */
function highlightedValue(input: HTMLInputElement): string | null {
  const listId = input.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  return list?.querySelector('[data-combobox-selected]')?.getAttribute('value') ?? null;
}

export function Picker({
  noun,
  check,
  data,
  value,
  onChange,
  onKeyDown,
  onBlur,
  error,
  clearable,
  allowDeselect = false,
  onDropdownOpen,
  onDropdownClose,
  ...props
}: PickerProps) {
  const id = useId();
  const options = useMemo(() => optionsOf(data), [data]);
  const picked = options.find((option) => option.value === value) ?? null;
  const pickedLabel = picked?.label ?? '';
  const [search, setSearch] = useState(pickedLabel);
  const [unpicked, setUnpicked] = useState(false);
  // The list's open state is held here so that a pick by Enter closes it, as a click does.
  const [opened, setOpened] = useState(false);
  /** The label Tab took: the blur that follows keeps it. */
  const tabbed = useRef<string | null>(null);
  const label = typeof props.label === 'string' ? props.label : (props['aria-label'] ?? noun);

  useEffect(() => {
    check?.report(id, unpicked ? label : null);
  }, [check?.report, id, unpicked, label]);
  useEffect(() => () => check?.report(id, null), [check?.report, id]);
  // A value set from outside (a template, an item filling its line) replaces whatever was typed.
  const outside = useRef(value);
  useEffect(() => {
    if (outside.current === value) return;
    outside.current = value;
    setUnpicked(false);
  }, [value]);

  const take = (option: ComboboxItem | null) => {
    outside.current = option?.value ?? null;
    setSearch(option?.label ?? '');
    setUnpicked(false);
    setOpened(false);
    if ((option?.value ?? null) !== (value ?? null))
      onChange?.(option?.value ?? null, option as ComboboxItem);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    const input = event.currentTarget;
    const highlighted = highlightedValue(input);
    // Enter on a highlighted option is Mantine's own pick.
    if (event.key === 'Enter' && highlighted !== null) return;
    const option = optionFor(options, input.value, pickedLabel, highlighted);
    if (!option) return;
    if (event.key === 'Enter') event.preventDefault();
    else tabbed.current = option.label;
    take(option);
  };

  const handleBlur = (event: React.FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    if (tabbed.current !== null) {
      setSearch(tabbed.current);
      tabbed.current = null;
      return;
    }
    // Mantine has just put back the picked label; what was typed is still in the input.
    const typed = event.currentTarget.value;
    if (typed.trim() === '') {
      if (clearable && value) take(null);
      else setUnpicked(false);
      return;
    }
    if (typed === pickedLabel) return setUnpicked(false);
    const named = options.find((option) => option.label.toLowerCase() === typed.trim().toLowerCase());
    if (named) return take(named);
    setSearch(typed);
    setUnpicked(true);
  };

  return (
    <Select
      {...props}
      searchable
      clearable={clearable}
      allowDeselect={allowDeselect}
      data={data}
      value={value}
      onChange={(next, option) => {
        outside.current = next;
        setUnpicked(false);
        onChange?.(next, option);
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        onDropdownClose?.();
      }}
      searchValue={search}
      onSearchChange={setSearch}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
      error={error || (unpicked ? `Pick ${noun} from the list` : undefined)}
    />
  );
}
