// A fuzzing run: one organization, `runs` generated requests from a fixed seed, every property
// checked on every request, the invariant checker over the books at the end. A failure is shrunk by
// fast-check, recorded, and the run goes on (a failure already seen on the same route and property is
// counted, not shrunk again), so one run reports every distinct failure it meets.
import fc from 'fast-check';
import type { Harness } from '../helpers/harness.ts';
import { checkBooks } from './books.ts';
import { readInternalOperations, readOperations } from './operations.ts';
import { fingerprint, materialize, PropertyViolation, sendAndCheck } from './properties.ts';
import { anyRequest, type FuzzRequest } from './requests.ts';
import { createWorld, reopenBooks, type World } from './world.ts';

export interface Failure {
  signature: string;
  property: string;
  message: string;
  /** fast-check's shrunk request, and what it looked like on the wire. */
  counterexample: string;
  wire: { method: string; url: string; body?: string };
  response?: { status: number; body: string };
  seed: number;
  /** How many more requests broke the same property on the same route. */
  repeats: number;
}

export interface FuzzReport {
  requests: number;
  /** `METHOD /path -> status`: count. */
  byRoute: Map<string, number>;
  failures: Failure[];
  organizationId: string;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  onProgress?: (requests: number) => void;
}

interface State {
  world: World;
  report: FuzzReport;
  before: string;
  known: Map<string, Failure>;
}

/** Failures with one cause share a signature: Fastify's own error code, else the property and route. */
function signatureOf(request: FuzzRequest, violation: PropertyViolation) {
  const frameworkCode = /"code":"(FST_\w+)"/.exec(violation.response?.body ?? '')?.[1];
  if (frameworkCode) return `${violation.property} ${violation.response?.status} ${frameworkCode}`;
  return `${violation.property} ${request.route}`;
}

async function runOne(state: State, request: FuzzRequest, options: FuzzOptions) {
  const { report } = state;
  report.requests += 1;
  if (report.requests % 500 === 0) options.onProgress?.(report.requests);
  let outcome: string;
  try {
    const sent = await sendAndCheck(state.world, request, state.before);
    outcome = String(sent.status);
    if (request.route === 'POST /api/v1/periods/close' && sent.status === 200) await reopenBooks(state.world);
    state.before = sent.after ?? (await fingerprint(state.world));
  } catch (error) {
    if (!(error instanceof PropertyViolation)) throw error;
    outcome = String(error.response?.status ?? error.property);
    state.before = await fingerprint(state.world);
    const seen = state.known.get(signatureOf(request, error));
    if (!seen) throw error;
    seen.repeats += 1;
  } finally {
    const key = `${request.route} -> ${outcome!}`;
    report.byRoute.set(key, (report.byRoute.get(key) ?? 0) + 1);
  }
}

function describeWire(world: World, request: FuzzRequest) {
  const wire = materialize(world, request);
  const body = wire.payload === undefined ? undefined : String(wire.payload).slice(0, 600);
  return { method: wire.method, url: wire.url.slice(0, 600), ...(body === undefined ? {} : { body }) };
}

export async function runFuzz(harness: Harness, options: FuzzOptions): Promise<FuzzReport> {
  const world = await createWorld(harness);
  const arbitrary = anyRequest([...readOperations(harness.app), ...readInternalOperations(harness.deps)]);
  const report: FuzzReport = {
    requests: 0,
    byRoute: new Map(),
    failures: [],
    organizationId: world.books.organizationId,
  };
  const state: State = { world, report, before: await fingerprint(world), known: new Map() };
  const property = fc.asyncProperty(arbitrary, (request) => runOne(state, request, options));
  let remaining = options.runs;
  let seed = options.seed;
  while (remaining > 0) {
    const result = await fc.check(property, { numRuns: remaining, seed });
    if (!result.failed) break;
    remaining -= result.numRuns;
    const error = result.errorInstance;
    const request = result.counterexample?.[0];
    if (!(error instanceof PropertyViolation) || !request) throw error;
    const failure: Failure = {
      signature: signatureOf(request, error),
      property: error.property,
      message: error.message,
      counterexample: fc.stringify(request),
      wire: describeWire(world, request),
      ...(error.response ? { response: error.response } : {}),
      seed,
      repeats: 0,
    };
    state.known.set(failure.signature, failure);
    report.failures.push(failure);
    seed += 1;
  }
  const violations = await checkBooks(harness.db, [world.books.organizationId, world.books.sandboxId]);
  if (violations) report.failures.push(violations);
  return report;
}

/** The report as text: requests by route and status, then each failure with its shrunk request. */
export function formatReport(report: FuzzReport): string {
  const lines = [`${report.requests} requests`];
  for (const [key, count] of [...report.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${String(count).padStart(6)}  ${key}`);
  }
  for (const failure of report.failures) {
    lines.push(
      '',
      `FAILED ${failure.signature} (${failure.repeats} more like it; seed ${failure.seed})`,
      `  ${failure.message}`,
      `  request: ${failure.counterexample}`,
      `  wire: ${JSON.stringify(failure.wire)}`,
      `  response: ${JSON.stringify(failure.response ?? null)}`,
    );
  }
  return lines.join('\n');
}
