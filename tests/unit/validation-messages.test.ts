import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors } from '../../src/server/validation';

const errs = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return issuesToFieldErrors(r.error.issues, undefined, value);
};

describe('validation messages name the field and say what is wrong (SPEC §5 wording)', () => {
  const s = z.strictObject({
    name: z.string().min(1).max(5),
    age: z.coerce.number().int(),
    email: z.email().optional(),
    tags: z.array(z.string()).max(2).optional(),
    kind: z.enum(['a', 'b']).optional(),
    nick: z.string().min(3).optional(),
    items: z.array(z.object({ year: z.number() })).optional(),
    title: z.string({ error: 'Name is required' }).optional().refine((v) => v !== 'x', 'Title may not be x'),
  });

  it('names unknown fields that share a name with Object.prototype members', () => {
    expect(errs(s, { name: 'a', age: 1, valueOf: 0, constructor: '', toString: 'x' })).toEqual({
      valueOf: ['Unknown field'],
      constructor: ['Unknown field'],
      toString: ['Unknown field'],
    });
  });

  it('says required, limits, formats, enums and unknown fields', () => {
    expect(errs(s, {})).toEqual({ name: ['This field is required'], age: ['This field is required'] });
    expect(errs(s, { name: 'abcdef', age: 'x', email: 'nope', tags: ['a', 'b', 'c'], kind: 'c', nick: 'ab', extra: 1, title: 'x' })).toEqual({
      name: ['*5 characters limit'],
      age: ['must be a number'],
      email: ['Please enter a valid email'],
      tags: ['Please select a maximum of 2 items'],
      kind: ['must be one of: a, b'],
      nick: ['This field must have at least 3 characters'],
      extra: ['Unknown field'],
      title: ['Title may not be x'],
    });
    expect(errs(s, { name: '', age: 1, items: [{ year: 'x' }] })).toEqual({ name: ['This field is required'], 'items[0].year': ['must be a number'] });
  });
});
