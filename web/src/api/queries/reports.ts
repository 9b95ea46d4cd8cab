// The reports' data layer: one key factory, and each report read from its path and the query the
// screen chose, as JSON (shown) or as the API's own CSV (ReportTable's download), instead of the
// same two calls spelled out per report.
import { api, data, type GetQuery, type paths, type ResponseOf } from '../client.ts';
import { read } from './pages.ts';

/** Every report the API reads with GET (`/api/v1/reports/...`). */
export type ReportPath = Extract<keyof paths, `/api/v1/reports/${string}`>;
/** A report's query, without the format (JSON here; `reportCsv` asks for CSV). */
export type ReportQuery<P extends ReportPath> = Omit<GetQuery<P>, 'format'>;
/** The reports the API also answers as CSV. */
export type CsvReportPath = {
  [P in ReportPath]: GetQuery<P> extends { format?: infer F } ? ('csv' extends F ? P : never) : never;
}[ReportPath];

// openapi-fetch cannot check a call through a union of paths; the path's own query type is checked above.
const get = api.GET as unknown as (
  path: string,
  init: { params: { query: object }; parseAs?: 'blob' },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export const reportKeys = {
  all: ['reports'] as const,
  one: <P extends ReportPath>(path: P, query: ReportQuery<P>) => ['reports', path, query] as const,
};

/** The report as JSON. */
export const getReport = async <P extends ReportPath>(path: P, query: ReportQuery<P>) =>
  data(await get(path, { params: { query } })) as ReportOf<P>;

export const reportQuery = <P extends ReportPath>(path: P, query: ReportQuery<P>) =>
  read(reportKeys.one(path, query), () => getReport(path, query));

/** The report as the API's own CSV file (a Blob in `data`). */
export const reportCsv = <P extends CsvReportPath>(path: P, query: ReportQuery<P>) =>
  get(path, { params: { query: { ...query, format: 'csv' } }, parseAs: 'blob' });

export type ReportOf<P extends ReportPath> = ResponseOf<P, 'get', 200>;
