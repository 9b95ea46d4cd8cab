#!/usr/bin/env node
// npm start (D38, D41): builds the web app first when web/dist is missing or older than its sources,
// then runs the service as a child whose signals and exit code are ours. A failed build is said,
// and the API still starts (the app's pages then answer 503 with how to build).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!ensureWebBuild()) {
  console.error('The web app did not build; the API starts anyway and / says how to build it.');
}

const service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
