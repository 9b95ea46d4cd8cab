// Runs a fixed number of operations with a fixed number of concurrent clients.

export interface RunResult {
  count: number;
  elapsedMs: number;
  failures: number;
}

/**
 * Starts `clients` loops that take operation numbers 0..count-1 until none are left. An operation
 * that throws counts as a failure; after `maxFailures` failures the run stops with an error.
 */
export async function runConcurrently(
  count: number,
  clients: number,
  operation: (index: number, client: number) => Promise<void>,
  maxFailures = 10,
): Promise<RunResult> {
  let next = 0;
  let failures = 0;
  let firstError: unknown;
  const start = performance.now();
  const loop = async (client: number) => {
    while (next < count && failures < maxFailures) {
      const index = next++;
      try {
        await operation(index, client);
      } catch (error) {
        failures++;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  const elapsedMs = performance.now() - start;
  if (failures >= maxFailures) throw new Error(`stopped after ${failures} failures: ${String(firstError)}`);
  return { count: count - failures, elapsedMs, failures };
}
