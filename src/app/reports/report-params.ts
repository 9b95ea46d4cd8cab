// What every report takes and echoes (D57): dates checked as `query/<name>`, the tracking option of
// these books, and the moment the report was generated.
import { isCalendarDate, todayIn } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import * as tracking from '../../storage/stores/tracking.ts';
import type { Actor, Deps } from '../context.ts';

/** A date parameter, or its fallback; not a calendar date: 400 on `query/<field>`. */
export function reportDate(value: string | undefined, field: string, fallback: string): string {
  const date = value ?? fallback;
  if (!isCalendarDate(date)) throw fieldError(`query/${field}`, 'must be a date YYYY-MM-DD');
  return date;
}

/** `as_of`, today in the organization's time zone when absent. */
export function asOfDate(actor: Actor, value: string | undefined): string {
  return reportDate(value, 'as_of', todayIn(actor.organization.timezone));
}

/** `from` and `to`: `to` defaults to today, `from` to the first of `to`'s year; `from` <= `to`. */
export function dateRange(actor: Actor, query: { from?: string; to?: string }) {
  const to = reportDate(query.to, 'to', todayIn(actor.organization.timezone));
  const from = reportDate(query.from, 'from', `${to.slice(0, 4)}-01-01`);
  if (from > to) throw fieldError('query/from', 'must not be after `to`');
  return { from, to };
}

/** The tracking option a report is filtered by (D57): one of these books' options, or none. */
export async function trackingOptionOf(
  deps: Deps,
  actor: Actor,
  id: string | undefined,
): Promise<string | null> {
  if (id === undefined) return null;
  const option = await tracking.findOption(deps.db, actor.organization.id, id);
  if (!option) throw fieldError('query/tracking_option', 'no such tracking option in these books');
  return option.id;
}

/** The instant a report was generated, ISO 8601 UTC. */
export function generatedAt(): string {
  return new Date().toISOString();
}
