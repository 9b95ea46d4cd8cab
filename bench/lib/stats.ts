// Latency samples and the figures printed from them.

export class Latencies {
  private readonly samples: number[] = [];

  add(ms: number) {
    this.samples.push(ms);
  }

  get count() {
    return this.samples.length;
  }

  /** Nearest-rank percentile in milliseconds (p in 0..100). */
  percentile(p: number): number {
    if (this.samples.length === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
    return sorted[rank - 1]!;
  }

  /** Arithmetic mean in milliseconds. */
  mean(): number {
    if (this.samples.length === 0) return Number.NaN;
    return this.samples.reduce((sum, ms) => sum + ms, 0) / this.samples.length;
  }

  summary() {
    return `p50 ${this.percentile(50).toFixed(1)} ms, p99 ${this.percentile(99).toFixed(1)} ms`;
  }
}

/** Latencies per named step, in insertion order. */
export class StepLatencies {
  readonly steps = new Map<string, Latencies>();

  of(step: string): Latencies {
    let latencies = this.steps.get(step);
    if (!latencies) {
      latencies = new Latencies();
      this.steps.set(step, latencies);
    }
    return latencies;
  }

  /** Times `work` under `step`. */
  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const result = await work();
    this.of(step).add(performance.now() - start);
    return result;
  }
}

export function rate(count: number, ms: number): number {
  return count / (ms / 1000);
}

export const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** Machine load now: the 1-minute load average and the core count, for the report. */
export async function machineLoad(): Promise<string> {
  const os = await import('node:os');
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min)`;
}
