import { describe, expect, test } from 'vitest';
import { ApiError, errorSentence } from './errors.ts';

const envelope = (code: string, message: string, detail: Record<string, unknown> = {}) => ({
  error: { code, message, detail },
});

describe('API refusals reach the person as sentences', () => {
  test('the API message becomes a sentence', () => {
    const error = new ApiError(409, envelope('period_closed', '2026-11-24 falls in a closed period'));
    expect(error.sentence).toBe('2026-11-24 falls in a closed period.');
  });

  test('a stale write says someone else changed it', () => {
    expect(new ApiError(412, envelope('stale_write', 'version 3 is not current')).sentence).toMatch(
      /Someone else changed/,
    );
  });

  test('validation fields are kept for their inputs', () => {
    const error = new ApiError(
      400,
      envelope('validation_error', 'invalid', { fields: { 'lines/0/unit_price': ['is required'] } }),
    );
    expect(error.fields).toEqual({ 'lines/0/unit_price': ['is required'] });
  });

  test('a body that is not the envelope still gives a sentence, never JSON', () => {
    expect(new ApiError(502, null).sentence).toMatch(/went wrong on the server/);
    expect(errorSentence(new TypeError('Failed to fetch'))).toMatch(/cannot be reached/);
  });
});
