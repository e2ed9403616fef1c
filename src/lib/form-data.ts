/**
 * Turns multipart/url-encoded fields into a plain object. Repeating sections arrive as indexed keys
 * (SPEC §3: `experience[0][content]`, `specialties[]`), which become arrays and nested objects.
 * Pure; values stay strings or File objects, the endpoint's zod schema coerces them.
 */
export type FormValue = string | File | FormValue[] | { [key: string]: FormValue };

const KEY_PART = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const MAX_INDEX = 999;
const MAX_DEPTH = 5;

export class FormShapeError extends Error {}

function parseKey(key: string): (string | number | '')[] {
  const m = KEY_PART.exec(key);
  if (!m) return [key];
  const parts: (string | number | '')[] = [m[1]];
  for (const seg of m[2].match(/\[[^[\]]*\]/g) ?? []) {
    const inner = seg.slice(1, -1);
    if (inner === '') parts.push('');
    else if (/^\d+$/.test(inner)) {
      const n = Number(inner);
      if (n > MAX_INDEX) throw new FormShapeError(`${key}: index ${n} is above ${MAX_INDEX}`);
      parts.push(n);
    } else parts.push(inner);
  }
  if (parts.length > MAX_DEPTH + 1) throw new FormShapeError(`${key}: nested too deeply`);
  return parts;
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function formEntriesToObject(entries: Iterable<[string, string | File]>): Record<string, FormValue> {
  const root: Record<string, FormValue> = Object.create(null);
  for (const [key, value] of entries) {
    const parts = parseKey(key);
    if (parts.some((p) => typeof p === 'string' && FORBIDDEN.has(p))) throw new FormShapeError(`${key}: field name not allowed`);
    let node: any = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      if (Array.isArray(node) && typeof part === 'string' && part !== '') throw new FormShapeError(`${key}: mixes list and named fields`);
      if (last) {
        if (part === '') node.push(value);
        else if (node[part] !== undefined && !Array.isArray(node)) {
          // A key sent twice without brackets becomes a list.
          node[part] = Array.isArray(node[part]) ? [...node[part], value] : [node[part], value];
        } else node[part] = value;
        break;
      }
      const wantArray = typeof next === 'number' || next === '';
      if (part === '') {
        const child = wantArray ? [] : Object.create(null);
        node.push(child);
        node = child;
        continue;
      }
      if (node[part] === undefined || typeof node[part] === 'string' || node[part] instanceof File) {
        if (node[part] !== undefined) throw new FormShapeError(`${key}: is both a value and a group`);
        node[part] = wantArray ? [] : Object.create(null);
      }
      if (wantArray && !Array.isArray(node[part])) throw new FormShapeError(`${key}: mixes list and named fields`);
      node = node[part];
    }
  }
  return compact(root) as Record<string, FormValue>;
}

/** Sparse arrays (indexes 0, 2) become dense; null-prototype objects become plain ones. */
function compact(v: any): any {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact);
  if (v && typeof v === 'object' && !(v instanceof File)) {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v)) o[k] = compact(v[k]);
    return o;
  }
  return v;
}
