// Cleanup that also runs on Ctrl-C: the service is stopped and the scratch databases are dropped.

const tasks: Array<() => Promise<unknown>> = [];
let running: Promise<void> | undefined;

/**
 * Registers `task` to run (last registered first) at cleanup(). Returns a function that runs it
 * now instead (once), for resources a benchmark releases before it ends.
 */
export function onCleanup(task: () => Promise<unknown>): () => Promise<void> {
  tasks.push(task);
  return async () => {
    const index = tasks.indexOf(task);
    if (index === -1) return;
    tasks.splice(index, 1);
    await task();
  };
}

export function cleanup(): Promise<void> {
  running ??= (async () => {
    while (tasks.length > 0) {
      const task = tasks.pop()!;
      try {
        await task();
      } catch (error) {
        console.error(`cleanup: ${String(error)}`);
      }
    }
  })();
  return running;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
