import { describe, expect, it } from 'vitest';
import { acceptVersion, failure, firstMessage, isEnvelope, requestedVersion, success } from '../../src/lib/envelope';
import { ApiError, formatWait, tooManyRequests, unauthorized, validationFailed } from '../../src/lib/errors';
import { formEntriesToObject, FormShapeError } from '../../src/lib/form-data';

describe('envelope', () => {
  it('builds success and failure envelopes and recognises them', () => {
    expect(success({ a: 1 })).toEqual({ _status: 1, _messages: [], _data: { a: 1 } });
    expect(failure(['Nope'])).toEqual({ _status: -1, _messages: ['Nope'], _data: null });
    expect(isEnvelope(success(null))).toBe(true);
    expect(isEnvelope({ _status: 2, _messages: [], _data: null })).toBe(false);
    expect(isEnvelope('x')).toBe(false);
  });

  it('shows the first server message or the generic one (SPEC §8)', () => {
    expect(firstMessage({ _messages: ['', 'Name is required'] })).toBe('Name is required');
    expect(firstMessage({ _messages: [] })).toBe('An error occurred!');
    expect(firstMessage(null)).toBe('An error occurred!');
  });

  it('reads the version asked in Accept', () => {
    expect(requestedVersion('application/json; version=2.0.0')).toBe('2.0.0');
    expect(requestedVersion('application/json;version="2.0.0", text/plain')).toBe('2.0.0');
    expect(requestedVersion('application/json')).toBeUndefined();
    expect(requestedVersion(null)).toBeUndefined();
    expect(requestedVersion(acceptVersion('2.0.0'))).toBe('2.0.0');
  });
});

describe('errors', () => {
  it('carries HTTP status, envelope status and headers', () => {
    const e = unauthorized(undefined, true);
    expect(e).toBeInstanceOf(ApiError);
    expect([e.httpStatus, e.status]).toEqual([401, 5]);
    expect(unauthorized().status).toBe(-1);
    const t = tooManyRequests(90);
    expect(t.httpStatus).toBe(429);
    expect(t.headers['Retry-After']).toBe('90');
    expect(t.messages[0]).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(formatWait(1)).toBe('1 second');
  });

  it('turns field errors into messages naming the field', () => {
    const e = validationFailed({ name: ['This field is required'], 'experience[0].year': ['must be a number'] });
    expect(e.httpStatus).toBe(422);
    expect(e.messages).toEqual(['name: This field is required', 'experience[0].year: must be a number']);
    expect(e.data).toEqual({ errors: { name: ['This field is required'], 'experience[0].year': ['must be a number'] } });
  });
});

describe('form fields with indexed keys (SPEC §3 repeating sections)', () => {
  it('builds lists and nested objects', () => {
    const f = new File(['x'], 'a.png', { type: 'image/png' });
    expect(
      formEntriesToObject([
        ['name', 'Dr A'],
        ['specialties[]', '1'],
        ['specialties[]', '2'],
        ['experience[0][content]', 'Hospital A'],
        ['experience[0][year]', '2010'],
        ['experience[2][content]', 'Hospital B'],
        ['faqs[0][question]', 'Q'],
        ['avatar', f],
        ['languages', 'vi'],
        ['languages', 'en'],
      ]),
    ).toEqual({
      name: 'Dr A',
      specialties: ['1', '2'],
      experience: [{ content: 'Hospital A', year: '2010' }, { content: 'Hospital B' }],
      faqs: [{ question: 'Q' }],
      avatar: f,
      languages: ['vi', 'en'],
    });
  });

  it('refuses shapes that cannot be meant', () => {
    expect(() => formEntriesToObject([['a', '1'], ['a[0]', '2']])).toThrow(FormShapeError);
    expect(() => formEntriesToObject([['a[0]', '1'], ['a[x]', '2']])).toThrow(FormShapeError);
    expect(() => formEntriesToObject([['a[100000]', '1']])).toThrow(/index/);
    expect(() => formEntriesToObject([['__proto__[x]', '1']])).toThrow(/not allowed/);
    expect(() => formEntriesToObject([['a[b][c][d][e][f][g]', '1']])).toThrow(/deeply/);
  });
});
