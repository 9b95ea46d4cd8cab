#!/usr/bin/env node
// One test process for many compiled test files, one after another (scripts/test.mjs runs a pass as
// two of these, handing each its next file as it finishes one). Each file becomes a `describe` named
// after it, so its `before`/`after` hooks (its harness) open and close around its own tests. What
// this saves is what every test process paid before its first test: Node's start, loading Fastify
// and the service's modules, compiling PGlite's WebAssembly (docs/performance.md, "What a test file
// costs").
// Alone: node scripts/test-group.mjs .test-build/test/http/a.test.js .test-build/test/http/b.test.js
// Under scripts/test.mjs (an IPC channel): it asks for a file ({ ready } or { done }), is sent
// { file } or { end }.
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { sourcePath, TEST_FILE_BODY } from './test-build.mjs';

// Read by each compiled test file: do not run yourself, wait to be called.
globalThis.__folioTestGroup = true;

/** Runs one compiled test file's tests as a `describe` of its own; settles when they have ended. */
async function runFile(file) {
  const name = sourcePath(file);
  let body;
  try {
    body = (await import(pathToFileURL(file).href))[TEST_FILE_BODY];
  } catch (error) {
    return test(name, () => Promise.reject(error));
  }
  return describe(name, () => body());
}

/**
 * After the last file the process ends when its event loop is empty, and node:test prints its
 * summary then. Something a file left behind (a timer of a library, harmless when each file had a
 * process of its own) would hold the whole run: after 5 s the process names what is still open and
 * finishes the test run itself (node:test's own end-of-run handler: summary, exit code).
 */
function lastFileRan() {
  process.disconnect();
  setTimeout(() => {
    console.log(
      `# still open 5 s after the last file: ${process.getActiveResourcesInfo().join(', ')}; ending`,
    );
    process.emit('beforeExit', 0);
    setTimeout(() => process.exit(), 2_000).unref();
  }, 5_000).unref();
}

if (process.send) {
  process.on('message', async (message) => {
    if (!message.file) return lastFileRan();
    await runFile(message.file);
    process.send({ done: message.file });
  });
  process.send({ ready: true });
} else {
  for (const file of process.argv.slice(2)) await runFile(file);
}
