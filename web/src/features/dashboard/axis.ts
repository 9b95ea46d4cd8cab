// The value axis of the dashboard's bar chart.
const MOST_TICKS = 4;

/**
 * The axis: a round step (1, 2, 2.5 or 5 times a power of ten) and as many steps as reach the largest
 * bar, at most four, so the labels read $2K, $4K, $6K rather than quarters of an odd top.
 */
export function axisSteps(largest: number): { step: number; count: number } {
  if (!(largest > 0)) return { step: 1, count: 1 };
  const rough = largest / MOST_TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  return { step, count: Math.max(1, Math.ceil(largest / step - 1e-9)) };
}
