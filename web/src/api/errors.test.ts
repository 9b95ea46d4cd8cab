import { describe, expect, test } from 'vitest';
import { ApiError, errorHeading, errorSentence, fieldName, fieldsSentence, withFormLines } from './errors.ts';

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

describe('field errors name the field as the screen shows it (issue 21)', () => {
  const refused = (fields: Record<string, string[]>, code = 'validation_error') =>
    new ApiError(400, envelope(code, 'lines/2/debit: must be greater than zero', { fields }), 'POST');

  test.each([
    ['lines/2/debit', 'Line 3, Debit'],
    ['lines/0/unit_price', 'Line 1, Unit price'],
    ['lines/0/tracking_options/1', 'Line 1, Tracking option 2'],
    ['applications/4/amount', 'Application 5, Amount'],
    ['txn_date', 'Date'],
    ['lines/1/income_account', 'Line 2, Account'],
    ['entries/0/memo', 'Entry 1, Memo'],
    ['address', 'Address'],
  ])('%s reads "%s"', (path, name) => {
    expect(fieldName(path)).toBe(name);
  });

  test('a line error reads "Line 3, Debit: …", never the API path', () => {
    const error = refused({ 'lines/2/debit': ['must be greater than zero'] });
    expect(error.sentence).toBe('Line 3, Debit: must be greater than zero.');
    expect(error.sentence).not.toMatch(/lines\/2/);
  });

  test('a money refusal is worded the same way', () => {
    const error = refused({ 'lines/0/credit': ['must not be negative'] }, 'invalid_money');
    expect(error.sentence).toBe('Line 1, Credit: must not be negative.');
  });

  test('a screen names its own fields', () => {
    const error = refused({ 'lines/1/unit_cost': ['is required'], vendor: ['no such vendor'] });
    expect(errorSentence(error, { unit_cost: 'Unit cost (each)' })).toBe(
      'Line 2, Unit cost (each): is required. Vendor: no such vendor.',
    );
  });

  test('a rule on the whole list is its own sentence', () => {
    const error = refused({ lines: ['an entry needs at least two lines'] });
    expect(error.sentence).toBe('An entry needs at least two lines.');
    expect(fieldsSentence({})).toBeNull();
  });
});

describe('an error notice is headed by what was being done', () => {
  test('the screen says what it was doing', () => {
    expect(errorHeading(new ApiError(400, null, 'POST'), 'post the journal entry')).toBe(
      'Could not post the journal entry',
    );
  });

  test('else the kind of refusal, a read apart from a write; never "That did not work"', () => {
    expect(errorHeading(new ApiError(400, envelope('validation_error', 'x'), 'POST'))).toBe(
      'Check what was entered',
    );
    expect(errorHeading(new ApiError(404, envelope('not_found', 'x'), 'GET'))).toBe('Could not load this');
    expect(errorHeading(new ApiError(409, envelope('invalid_state', 'x'), 'POST'))).toBe(
      'Could not save this',
    );
    expect(errorHeading(new ApiError(503, null, 'GET'))).toBe('Something went wrong on the server');
    expect(errorHeading(new TypeError('Failed to fetch'))).toBe('Folio cannot be reached');
  });
});

describe('a refusal names the line the person sees, even when blank lines were not sent', () => {
  test('the request’s line 1 was the form’s line 3', () => {
    const error = new ApiError(
      400,
      envelope('validation_error', 'x', {
        fields: { 'lines/1/account': ['is required'], memo: ['too long'] },
      }),
      'POST',
    );
    const renumbered = withFormLines(error, [0, 2]) as ApiError;
    expect(renumbered.fields).toEqual({ 'lines/2/account': ['is required'], memo: ['too long'] });
    expect(renumbered.sentence).toBe('Line 3, Account: is required. Memo: too long.');
    expect(renumbered.method).toBe('POST');
  });

  test('other errors pass through', () => {
    const error = new TypeError('Failed to fetch');
    expect(withFormLines(error, [1])).toBe(error);
  });
});
