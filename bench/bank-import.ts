// Statement import throughput (D71, D72) and the service's memory while importing: generated OFX 2.x,
// camt.053 and CSV files of BENCH_FILE_LINES lines (5,000), BENCH_FILES files (10) of each format,
// posted one after another as the raw body of POST /api/v1/bank-statements to the real service (its
// own process, PostgreSQL, a scratch database) over HTTP. Prints lines/second per format (the time of
// the request, read + check + one INSERT ... ON CONFLICT per file), the service's peak RSS (VmHWM)
// before the first import and after each format, and a re-import of one file (every line skipped).
//
//   npm run bench:bank-import     BENCH_FILE_LINES (5000), BENCH_FILES (10), BENCH_DATABASE_URL
import http from 'node:http';
import { cleanup, onCleanup } from './lib/cleanup.ts';
import { signUpWithKey } from './lib/folio.ts';
import { intOption } from './lib/options.ts';
import { createScratchDatabase, serverSettings, vacuumAnalyze } from './lib/postgres.ts';
import { startService } from './lib/service.ts';
import { fixed, Latencies, machineLoad } from './lib/stats.ts';

const FILE_LINES = intOption('BENCH_FILE_LINES', 5_000);
const FILES = intOption('BENCH_FILES', 10);

interface Line {
  date: string;
  amount: string;
  description: string;
  reference: string;
}

/** Line `n` of file `file` of `format`: dates over 2026, amounts from -999.99 to 999.99, never 0. */
function lineOf(format: string, file: number, n: number): Line {
  const day = new Date(Date.UTC(2026, 0, 1) + ((file * FILE_LINES + n) % 365) * 86_400_000);
  const cents = ((n * 7919 + file * 104_729) % 199_998) - 99_999 || 1;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return {
    date: day.toISOString().slice(0, 10),
    amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
    description: `Bench payee ${n % 97} invoice ${file}-${n}`,
    reference: `${format}-${file}-${n}`,
  };
}

function lines(format: string, file: number): Line[] {
  return Array.from({ length: FILE_LINES }, (_, n) => lineOf(format, file, n));
}

function ofx(file: number): string {
  const compact = (date: string) => date.replaceAll('-', '');
  const transactions = lines('ofx', file)
    .map(
      (line) =>
        `<STMTTRN><TRNTYPE>${line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}</TRNTYPE><DTPOSTED>${compact(line.date)}000000.000</DTPOSTED><TRNAMT>${line.amount}</TRNAMT><FITID>${line.reference}</FITID><NAME>${line.description}</NAME></STMTTRN>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261231120000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>${file}</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>USD</CURDEF>
<BANKACCTFROM><BANKID>021000021</BANKID><ACCTID>000123456789</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101000000</DTSTART><DTEND>20261231000000</DTEND>
${transactions}
</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00</BALAMT><DTASOF>20261231000000</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}

function camt(file: number): string {
  const entries = lines('camt', file)
    .map((line) => {
      const credit = !line.amount.startsWith('-');
      const amount = credit ? line.amount : line.amount.slice(1);
      const party = credit ? 'Dbtr' : 'Cdtr';
      return `<Ntry><NtryRef>N-${line.reference}</NtryRef><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${line.date}</Dt></BookgDt><AcctSvcrRef>${line.reference}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><${party}><Nm>Bench Party</Nm></${party}></RltdPties><RmtInf><Ustrd>${line.description}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>bench-${file}</MsgId><CreDtTm>2026-12-31T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>bench-${file}</Id><CreDtTm>2026-12-31T18:00:00</CreDtTm><FrToDt><FrDtTm>2026-01-01T00:00:00</FrDtTm><ToDtTm>2026-12-31T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>US00BENCH</IBAN></Id><Ccy>USD</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-31</Dt></Dt></Bal>
${entries}
</Stmt></BkToCstmrStmt></Document>
`;
}

function csv(file: number): string {
  const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return `Date,Description,Amount,Reference\r\n${lines('csv', file)
    .map((line) => `${line.date},${quoted(line.description)},${line.amount},${line.reference}\r\n`)
    .join('')}`;
}

const CSV_QUERY = {
  date_column: 'Date',
  amount_column: 'Amount',
  description_column: 'Description',
  reference_column: 'Reference',
  date_format: 'YYYY-MM-DD',
};

const FORMATS = [
  { name: 'OFX 2.x', mediaType: 'application/x-ofx', file: ofx, query: {} },
  { name: 'camt.053', mediaType: 'application/vnd.camt.053+xml', file: camt, query: {} },
  { name: 'CSV', mediaType: 'text/csv', file: csv, query: CSV_QUERY },
] as const;

/** POST the raw file; answers the parsed statement. */
function importFile(
  baseUrl: string,
  headers: Record<string, string>,
  query: Record<string, string>,
  mediaType: string,
  body: string,
): Promise<{ lines_imported: number; lines_skipped: number }> {
  const url = new URL(`/api/v1/bank-statements?${new URLSearchParams(query)}`, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': mediaType, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 201)
            return reject(new Error(`import answered ${response.statusCode}: ${text.slice(0, 400)}`));
          resolve(JSON.parse(text));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function main() {
  console.log(`Folio statement import, ${new Date().toISOString()}`);
  console.log(`machine: ${await machineLoad()}`);
  const settings = await serverSettings();
  console.log(`PostgreSQL ${settings.server_version}, autovacuum=${settings.autovacuum}`);
  const database = await createScratchDatabase('bankimport');
  onCleanup(() => database.drop());
  const service = await startService(database.url);
  onCleanup(() => service.stop());
  const books = await signUpWithKey(service.baseUrl, 1);
  onCleanup(async () => books.connections.close());
  const checking = books.accounts.find((account) => account.number === '1000')!.id;
  // The API key's header, for the raw-body requests (JsonClient sends JSON only).
  const headers = (books.api as unknown as { defaultHeaders: Record<string, string> }).defaultHeaders;

  const startKb = await service.peakRssKb();
  // Warm-up: one file of each format (compiles the readers, warms the plans), then VACUUM ANALYZE.
  for (const format of FORMATS) {
    await importFile(
      service.baseUrl,
      headers,
      { account: checking, ...format.query },
      format.mediaType,
      format.file(1_000),
    );
  }
  await vacuumAnalyze(database.name);
  const baselineKb = await service.peakRssKb();
  console.log(
    `\nservice peak RSS: ${fixed(startKb / 1024, 0)} MiB once started, ${fixed(baselineKb / 1024, 0)} MiB after the warm-up (one file of each format)`,
  );
  console.log(`${FILES} files of ${FILE_LINES} lines per format (${FILES * FILE_LINES} lines per format)\n`);

  const summary: string[] = [];
  for (const format of FORMATS) {
    const latencies = new Latencies();
    let imported = 0;
    let bytes = 0;
    let ms = 0;
    for (let file = 0; file < FILES; file += 1) {
      const body = format.file(file);
      bytes += Buffer.byteLength(body);
      const start = performance.now();
      const answer = await importFile(
        service.baseUrl,
        headers,
        { account: checking, ...format.query },
        format.mediaType,
        body,
      );
      const took = performance.now() - start;
      latencies.add(took);
      ms += took;
      imported += answer.lines_imported;
      if (answer.lines_imported !== FILE_LINES)
        throw new Error(`${format.name} file ${file}: ${answer.lines_imported} imported`);
    }
    const peakKb = await service.peakRssKb();
    const line = `${format.name.padEnd(9)} ${imported} lines in ${fixed(ms / 1000, 2)} s: ${fixed((imported / ms) * 1000, 0)} lines/s; a ${FILE_LINES}-line file (${fixed(bytes / FILES / 1024, 0)} KiB) p50 ${fixed(latencies.percentile(50), 0)} ms, max ${fixed(latencies.percentile(100), 0)} ms; service peak RSS ${fixed(peakKb / 1024, 0)} MiB`;
    console.log(line);
    summary.push(line);
  }

  // The same file again: every line is skipped (D72), one INSERT ... ON CONFLICT DO NOTHING.
  const again = FORMATS[0];
  const start = performance.now();
  const answer = await importFile(
    service.baseUrl,
    headers,
    { account: checking },
    again.mediaType,
    again.file(0),
  );
  const took = performance.now() - start;
  const skipped = `${again.name} file re-imported: ${answer.lines_skipped} lines skipped, ${answer.lines_imported} imported, in ${fixed(took, 0)} ms`;
  console.log(skipped);
  summary.push(skipped);

  console.log(`\nSummary (machine: ${await machineLoad()})`);
  for (const line of summary) console.log(`  ${line}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
