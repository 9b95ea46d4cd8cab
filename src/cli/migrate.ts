// `npx folio migrate` / `npm run migrate`: applies pending migrations and exits. Refuses, like the
// service, a PGlite data directory another process holds (D68).

import { readConfig } from '../config.ts';
import { describeStorage, openConfiguredDatabase } from './startup.ts';

const config = readConfig();
const db = await openConfiguredDatabase(config);
console.log(`migrations applied (${describeStorage(config)})`);
await db.close();
