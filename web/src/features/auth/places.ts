// What sign-up offers for where the books are kept (issue 21): countries (ISO 3166-1, the server's
// list), currencies (ISO 4217, the server's list of active currencies), time zones (IANA, the browser's own list)
// and the month the fiscal year starts. Names come from the browser's Intl in the person's language.
import { COUNTRY_CODES } from '@shared/countries.ts';
import { SUPPORTED_CURRENCIES } from '@shared/money.ts';

export interface Option {
  value: string;
  label: string;
}

const language = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';

function displayName(type: 'region' | 'currency', code: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function countryOptions(): Option[] {
  return COUNTRY_CODES.map((code) => ({
    value: code,
    label: `${displayName('region', code)} (${code})`,
  })).sort((a, b) => a.label.localeCompare(b.label, language));
}

export function currencyOptions(): Option[] {
  return SUPPORTED_CURRENCIES.map((code) => ({
    value: code,
    label: `${code} – ${displayName('currency', code)}`,
  }));
}

/** The IANA zones the browser knows (Intl.supportedValuesOf), with UTC, which some lists leave out. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export const MONTHS: Option[] = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: new Date(Date.UTC(2026, index, 1)).toLocaleDateString('en', { month: 'long', timeZone: 'UTC' }),
}));

/** The person's own time zone when the list has it, else UTC. */
export function guessTimeZone(zones: string[]): string {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return own && zones.includes(own) ? own : 'UTC';
}

/** The region of the browser's language (en-GB: GB), when it is a country; else none. */
export function guessCountry(): string {
  const region = /-([A-Z]{2})\b/.exec(language)?.[1];
  return region && COUNTRY_CODES.includes(region) ? region : '';
}
