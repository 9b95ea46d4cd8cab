// `npx folio migrate` / `npm run migrate`: applies pending migrations and exits.

import { mkdir } from 'node:fs/promises';
import { readConfig } from '../config.ts';
import { openDatabase } from '../storage/index.ts';

const config = readConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
console.log('migrations applied');
await db.close();
