/**
 * List state in the URL (DESIGN §11, Cal.com's data-table parsers): keyword, filters, sort and page parsed from the
 * query with a zod schema, so reload, back and a shared link restore a list. A bad value falls back to its default
 * instead of breaking the screen.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** Fields every list has; a screen extends it with its filters. */
export const baseListSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  keyword: z.string().trim().max(100).catch('').default(''),
  sort_by: z.string().regex(/^[a-z_]+$/).optional().catch(undefined),
  sort: z.enum(['asc', 'desc']).optional().catch(undefined),
});

export type ListSchema = z.ZodObject<z.ZodRawShape>;

export function parseListState<S extends ListSchema>(schema: S, params: URLSearchParams): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of params) raw[k] = v;
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data;
  // Keep the fields that parse; drop the others so their defaults apply.
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const field = schema.shape[k] as z.ZodType | undefined;
    if (field && field.safeParse(v).success) kept[k] = v;
  }
  return schema.parse(kept);
}

type Patch = Record<string, string | number | null | undefined>;

/** Writes a patch into the query; anything but a page change goes back to page 1. Defaults are left out of the URL. */
export function applyPatch(params: URLSearchParams, patch: Patch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in patch)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

export function useListState<S extends ListSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(schema, params), [schema, params]);
  const update = useCallback((patch: Patch, opts: { replace?: boolean } = {}) => setParams((p) => applyPatch(p, patch), { replace: opts.replace }), [setParams]);
  return [state, update] as const;
}
