// Request work that must finish before the database closes (the SIGTERM drain in main.ts).
//
// app.close() waits for open connections only. A request whose client hung up has no connection any
// more, yet its handler keeps running: it finished authenticating in one query and opens its write
// transaction a moment later, or it is hashing a password before its transaction. Closing the
// database under it fails that work midway ("Cannot use a pool after calling end on the pool",
// a closed PGlite). So every step of a request that may touch the database runs through track(),
// and shutdown waits for settled() between app.close() and db.close().

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp; defineRoute, /healthz and the not-found handler run their work through it. */
    inFlight: InFlight;
  }
}

export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get count(): number {
    return this.running.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves once nothing tracked is running; callers bound it with their own deadline. */
  async settled(): Promise<void> {
    for (;;) {
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
      // Between a request's onRequest step (authorization) and its handler nothing is tracked for
      // a few ticks while Fastify parses the body it already received. Look again after those ticks
      // (setImmediate runs after every pending nextTick and promise job) before calling it settled.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.running.size === 0) return;
    }
  }
}
