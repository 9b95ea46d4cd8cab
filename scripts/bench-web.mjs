#!/usr/bin/env node
// npm run bench:web: the JavaScript (and CSS) a browser downloads, gzip, before each screen of the
// web app is usable: the entry chunk and its static imports, plus the screen's lazy chunk and its
// imports (from Vite's manifest). Target (issue 10): initial JavaScript under 250 KB gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from './web-build.mjs';

const TARGET_KB = 250;
const DIST = 'web/dist';
const SCREENS = {
  'Log in, Sign up': null,
  Dashboard: 'src/features/dashboard/Dashboard.tsx',
  Customers: 'src/features/customers/Customers.tsx',
  'Customer page': 'src/features/customers/CustomerPage.tsx',
  Invoices: 'src/features/invoices/Invoices.tsx',
  'Invoice editor': 'src/features/invoices/InvoicePage.tsx',
  'Credit notes': 'src/features/credit-notes/CreditNotes.tsx',
  'Credit note': 'src/features/credit-notes/CreditNotePage.tsx',
  Items: 'src/features/items/Items.tsx',
  'Item page': 'src/features/items/ItemPage.tsx',
  Payments: 'src/features/payments/Payments.tsx',
  'Chart of accounts': 'src/features/accounts/Accounts.tsx',
  'Journal entries': 'src/features/journal/JournalEntries.tsx',
  'Journal entry editor': 'src/features/journal/JournalEntryEditor.tsx',
  Reports: 'src/features/reports/Reports.tsx',
  'API keys': 'src/features/settings/ApiKeys.tsx',
  Members: 'src/features/settings/Members.tsx',
  Periods: 'src/features/settings/Periods.tsx',
  'Tax rates': 'src/features/settings/TaxRates.tsx',
  Tracking: 'src/features/settings/Tracking.tsx',
};

if (!ensureWebBuild()) process.exit(1);
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const gzipKb = new Map();
const sizeOf = (file) => {
  if (!gzipKb.has(file))
    gzipKb.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024);
  return gzipKb.get(file);
};

/** The files a manifest entry loads before it runs: itself, its static imports, their CSS. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const rows = [];
let worst = 0;
for (const [screen, source] of Object.entries(SCREENS)) {
  const files = closure(entry);
  if (source) closure(source, files);
  const js = [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizeOf(file), 0);
  const css = [...files].filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + sizeOf(file), 0);
  worst = Math.max(worst, js);
  rows.push([screen, js.toFixed(1), css.toFixed(1)]);
}
const width = Math.max(...rows.map((row) => row[0].length));
console.log(`${'screen'.padEnd(width)}  JS KB gzip  CSS KB gzip`);
for (const [screen, js, css] of rows)
  console.log(`${screen.padEnd(width)}  ${js.padStart(10)}  ${css.padStart(11)}`);
console.log(
  `\nlargest initial JavaScript: ${worst.toFixed(1)} KB gzip (target < ${TARGET_KB} KB): ${worst < TARGET_KB ? 'met' : 'MISSED'}`,
);
