// The outbox's worker (D62): invoice emails and link emails (D94, auth-email.ts). Runs inside each API process, started and stopped with the app. It
// delivers due messages one after another until none is due, then sleeps pollMs or until woken by a
// send in this process. Any number of processes may run one on the same database: claims skip rows
// another process holds. stop() lets the message in hand finish (its outcome recorded) and returns.
import { deliverNextAuthEmail } from './auth-email.ts';
import { deliverNextEmail, type OutboxDeps } from './deliver-email.ts';

export interface OutboxWorker {
  /** Look for due messages now (after a send's commit) instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export function startOutboxWorker(deps: OutboxDeps): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const drain = async () => {
    do {
      wokenWhileRunning = false;
      while (!stopped) {
        // Link emails first: their links expire within the hour; an invoice email can wait a moment.
        const link = await deliverNextAuthEmail(deps);
        const invoice = !stopped && (await deliverNextEmail(deps));
        if (!link && !invoice) break;
      }
    } while (wokenWhileRunning && !stopped);
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    running = drain()
      .catch((error) => deps.log.error({ err: error }, 'invoice email outbox: delivery round failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, deps.settings.pollMs);
          timer.unref();
        }
      });
  };

  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
