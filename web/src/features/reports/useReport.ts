// A report screen's read: the report for the query chosen, and its CSV for ReportTable's download,
// both from the one path.
import { useQuery } from '@tanstack/react-query';
import { type CsvReportPath, type ReportQuery, reportCsv, reportQuery } from '../../api/queries/reports.ts';

export function useReport<P extends CsvReportPath>(path: P, query: ReportQuery<P>) {
  return { report: useQuery(reportQuery(path, query)), csv: () => reportCsv(path, query) };
}
