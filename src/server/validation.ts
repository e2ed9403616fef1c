/**
 * zod issues → field errors a person can act on (wording of SPEC §5 where it has one).
 */
import type { z } from 'zod';
import { emptyFieldErrors, type FieldErrors } from '../lib/envelope';

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

function describeType(expected: string): string {
  switch (expected) {
    case 'number':
    case 'int':
      return 'must be a number';
    case 'string':
      return 'must be text';
    case 'boolean':
      return 'must be true or false';
    case 'array':
      return 'must be a list';
    case 'object':
      return 'must be an object';
    case 'file':
      return 'must be a file';
    default:
      return `must be ${expected}`;
  }
}

export function issueMessage(issue: z.core.$ZodIssue, missing = false): string {
  switch (issue.code) {
    case 'invalid_type': {
      // zod's default message ends with "received <type>"; the input itself is not reported.
      if (missing || /received undefined$/.test(issue.message) || ('input' in issue && issue.input === undefined && !/received/.test(issue.message))) return 'This field is required';
      return describeType(issue.expected);
    }
    case 'too_big':
      if (issue.origin === 'string') return `*${issue.maximum} characters limit`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please select a maximum of ${issue.maximum} items`;
      if (issue.origin === 'file') return 'File size too large';
      return `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required' : `This field must have at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please select a minimum of ${issue.minimum} items`;
      if (issue.origin === 'file') return 'File is empty';
      return `must be at least ${issue.minimum}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email';
      return 'Invalid format';
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return 'Unknown field';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return 'Invalid value';
    default:
      return issue.message || 'Invalid value';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** Field errors of a failed parse; `input` (the raw value) tells a missing field from a wrong one. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], prefix?: string, input?: unknown): FieldErrors {
  const out = emptyFieldErrors();
  // Own properties only: a field named like an Object.prototype member ('valueOf', 'constructor') sent by a
  // client must not resolve to the inherited function (found by the bad-input fuzzer: a 500 instead of a 422).
  const add = (field: string, msg: string) => {
    const list = Object.hasOwn(out, field) ? out[field] : (out[field] = []);
    if (!list.includes(msg)) list.push(msg);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) add(fieldPath([...issue.path, k]) || (prefix ?? ''), 'Unknown field');
      continue;
    }
    const field = fieldPath(issue.path) || prefix || '';
    // Custom messages given in a schema (z.string({ error: 'Name is required' })) win over the generic wording.
    const custom = issue.message && !/^(Invalid|Too (big|small)|Unrecognized|Expected|Number must|String must)/.test(issue.message) ? issue.message : undefined;
    const missing = input !== undefined && issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    add(field, custom ?? issueMessage(issue, missing));
  }
  return out;
}
