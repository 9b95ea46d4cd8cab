import { describe, expect, it } from 'vitest';
import { axisSteps } from './axis.ts';

describe('axisSteps', () => {
  it('takes round steps and no more of them than reach the largest bar', () => {
    expect(axisSteps(4500)).toEqual({ step: 2000, count: 3 });
    expect(axisSteps(1000)).toEqual({ step: 250, count: 4 });
    expect(axisSteps(999.99)).toEqual({ step: 250, count: 4 });
    expect(axisSteps(12_345_678)).toEqual({ step: 5_000_000, count: 3 });
    expect(axisSteps(0.4)).toEqual({ step: 0.1, count: 4 });
  });
  it('draws an empty axis for months without a positive figure', () => {
    expect(axisSteps(0)).toEqual({ step: 1, count: 1 });
  });
});
