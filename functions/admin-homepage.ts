/**
 * Homepage blocks and popular search keys of a market (issue #40 item 1, SPEC §2), platform admins only. Read and
 * written as the caller: the tables' policies let platform admins only, and the table refuses an inactive or
 * foreign directory entry and a window that ends before it starts (migration 20261128160100). A save is a directory
 * change, so the scheduled rebuild builds the market's home page; window edges are logged when they pass.
 * Rules and shapes: src/lib/admin-homepage.ts.
 */
import { z } from 'zod';
import {
  activeInputSchema,
  adminBlockSchema,
  articleSearchQuerySchema,
  articleSearchSchema,
  blockInputSchema,
  blockListQuerySchema,
  blockListSchema,
  blockProblems,
  orderInputSchema,
  PICKED,
  pickerAnswerSchema,
  pickerQuerySchema,
  popularKeyInputSchema,
  popularKeyListSchema,
  popularKeySchema,
  sortOrders,
  type AdminBlock,
  type BlockInput,
} from '../src/lib/admin-homepage';
import { notFound, validationFailed } from '../src/lib/errors';
import { youtubeVideoId } from '../src/lib/homepage';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';

const ADMINS = ['admin', 'super'] as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Whether a block's directory entry is still active and published (the list's warning). */
const TARGET = `case b.kind
  when 'top_hospital' then (select json_build_object('id', h.id, 'name', h.name, 'caption', h.address, 'active', h.is_active and o.is_active and coalesce(h.status, 1) = 1)
                              from public.hospitals h join public.organizations o on o.id = h.organization_id where h.id = b.hospital_id)
  when 'top_doctor' then (select json_build_object('id', d.id, 'name', d.name, 'caption', h.name, 'active', d.status = 1 and h.is_active and o.is_active)
                            from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id where d.id = b.doctor_id)
  when 'top_service' then (select json_build_object('id', s.id, 'name', s.name, 'caption', h.name, 'active', s.status = 1 and h.is_active and o.is_active)
                             from public.hospital_services s join public.hospitals h on h.id = s.hospital_id join public.organizations o on o.id = h.organization_id where s.id = b.service_id)
  when 'top_service_category' then (select json_build_object('id', c.id, 'name', c.name, 'caption', h.name, 'active', h.is_active and o.is_active)
                             from public.service_categories c join public.hospitals h on h.id = c.hospital_id join public.organizations o on o.id = h.organization_id where c.id = b.category_id)
end`;

const BLOCK_COLUMNS = `b.id::int as id, b.kind, b.title, b.image_desktop as "imageDesktop", b.image_mobile as "imageMobile", b.link_url as "linkUrl",
  b.video_url as "videoUrl", b.sort_order as "sortOrder", b.is_active as "isActive", b.starts_at as "startsAt", b.ends_at as "endsAt", ${TARGET} as target`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const toBlock = (r: AdminBlock & { startsAt: Date | null; endsAt: Date | null }): AdminBlock => ({ ...r, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt) });

async function readBlock(db: Queryable, id: number): Promise<AdminBlock> {
  const { rows } = await db.query(`select ${BLOCK_COLUMNS} from public.homepage_blocks b where b.id = $1`, [id]);
  if (!rows[0]) throw notFound('This homepage block does not exist.');
  return toBlock(rows[0]);
}

/** The columns a block's input writes: the picked entry in its kind's column, the others cleared. */
function blockValues(b: BlockInput) {
  const problems = blockProblems(b, (u) => youtubeVideoId(u) !== null);
  if (Object.keys(problems).length) throw validationFailed(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
  const column = PICKED[b.kind];
  return {
    title: b.title || null,
    image_desktop: b.imageDesktop || null,
    image_mobile: b.imageMobile || null,
    link_url: b.linkUrl || null,
    video_url: b.videoUrl || null,
    hospital_id: column === 'hospital' ? b.targetId : null,
    doctor_id: column === 'doctor' ? b.targetId : null,
    service_id: column === 'service' ? b.targetId : null,
    category_id: column === 'category' ? b.targetId : null,
    is_active: b.isActive,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
  };
}

export const listBlocks = defineEndpoint({
  method: 'GET',
  path: '/api/admin/homepage/blocks',
  summary: "A market's homepage blocks of one kind, in order, each with whether its directory entry is still active",
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  query: blockListQuerySchema,
  response: blockListSchema,
  async handler({ query, db }) {
    const { rows } = await db.query(`select ${BLOCK_COLUMNS} from public.homepage_blocks b where b.country_id = $1 and b.kind = $2 order by b.sort_order, b.id`, [query.countryId, query.kind]);
    return { items: rows.map(toBlock) };
  },
});

export const getBlock = defineEndpoint({
  method: 'GET',
  path: '/api/admin/homepage/blocks/:id',
  summary: 'One homepage block',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  response: adminBlockSchema,
  handler: ({ params, db }) => readBlock(db, params.id),
});

export const createBlock = defineEndpoint({
  method: 'POST',
  path: '/api/admin/homepage/blocks',
  summary: 'Add a homepage block (placed last of its kind)',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  body: { json: blockInputSchema },
  response: adminBlockSchema,
  async handler({ body, db, messages }) {
    const v = blockValues(body);
    const cols = Object.keys(v);
    const { rows } = await db.query<{ id: number }>(
      `insert into public.homepage_blocks (country_id, kind, sort_order, ${cols.join(', ')})
       values ($1, $2, (select coalesce(max(sort_order), 0) + 10 from public.homepage_blocks where country_id = $1 and kind = $2), ${cols.map((_, i) => `$${i + 3}`).join(', ')})
       returning id::int as id`,
      [body.countryId, body.kind, ...Object.values(v)],
    );
    messages.push('Create successfully');
    return readBlock(db, rows[0].id);
  },
});

export const updateBlock = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/homepage/blocks/:id',
  summary: 'Change a homepage block (its kind and market stay)',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  body: { json: blockInputSchema },
  response: adminBlockSchema,
  async handler({ params, body, db, messages }) {
    const v = blockValues(body);
    const cols = Object.keys(v);
    const { rowCount } = await db.query(
      `update public.homepage_blocks set ${cols.map((c, i) => `${c} = $${i + 4}`).join(', ')} where id = $1 and country_id = $2 and kind = $3`,
      [params.id, body.countryId, body.kind, ...Object.values(v)],
    );
    if (!rowCount) throw notFound('This homepage block does not exist.');
    messages.push('Update successfully');
    return readBlock(db, params.id);
  },
});

export const setBlockActive = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/homepage/blocks/:id/active',
  summary: 'Switch a homepage block on or off',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  body: { json: activeInputSchema },
  response: adminBlockSchema,
  async handler({ params, body, db, messages }) {
    const { rowCount } = await db.query('update public.homepage_blocks set is_active = $2 where id = $1', [params.id, body.isActive]);
    if (!rowCount) throw notFound('This homepage block does not exist.');
    messages.push('Update successfully');
    return readBlock(db, params.id);
  },
});

export const deleteBlock = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/homepage/blocks/:id',
  summary: 'Remove a homepage block',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  response: z.null(),
  async handler({ params, db, messages }) {
    const { rowCount } = await db.query('delete from public.homepage_blocks where id = $1', [params.id]);
    if (!rowCount) throw notFound('This homepage block does not exist.');
    messages.push('Delete successfully');
    return null;
  },
});

export const saveOrder = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/homepage/order',
  summary: "Save the order of a market's blocks of one kind (or its popular search keys): every id of the list, first to last",
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  body: { json: orderInputSchema },
  response: z.object({ ids: z.array(z.number().int()) }),
  async handler({ body, db, messages }) {
    const table = body.kind === 'popular_key' ? 'public.popular_search_keys' : 'public.homepage_blocks';
    const kindClause = body.kind === 'popular_key' ? '' : ' and kind = $2';
    const { rows } = await db.query<{ id: number }>(`select id::int as id from ${table} where country_id = $1${kindClause} for update`, body.kind === 'popular_key' ? [body.countryId] : [body.countryId, body.kind]);
    const current = new Set(rows.map((r) => r.id));
    // The whole list, exactly: an order made on a stale list (another admin added or removed one) is refused.
    if (current.size !== body.ids.length || body.ids.some((id) => !current.has(id)) || new Set(body.ids).size !== body.ids.length) {
      throw validationFailed({ ids: ['The list changed meanwhile. Reload it and order again.'] });
    }
    const orders = sortOrders(body.ids);
    await db.query(
      `update ${table} t set sort_order = o.sort_order from unnest($1::bigint[], $2::int[]) o(id, sort_order) where t.id = o.id and t.sort_order <> o.sort_order`,
      [orders.map((o) => o.id), orders.map((o) => o.sortOrder)],
    );
    messages.push('Update successfully');
    return { ids: body.ids };
  },
});

/** The directory search of the pickers: active entries first; inactive ones are listed as such (the UI refuses them). */
const PICKER_SQL: Record<z.infer<typeof pickerQuerySchema>['kind'], string> = {
  hospital: `select h.id::int as id, h.name, h.address as caption, (h.is_active and o.is_active and coalesce(h.status, 1) = 1) as active
               from public.hospitals h join public.organizations o on o.id = h.organization_id
              where h.country_id = $1 and ($2 = '' or h.name ilike '%' || $2 || '%')`,
  doctor: `select d.id::int as id, d.name, h.name as caption, (d.status = 1 and h.is_active and o.is_active) as active
             from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id
            where d.country_id = $1 and ($2 = '' or d.name ilike '%' || $2 || '%')`,
  service: `select s.id::int as id, s.name, h.name as caption, (s.status = 1 and h.is_active and o.is_active) as active
              from public.hospital_services s join public.hospitals h on h.id = s.hospital_id join public.organizations o on o.id = h.organization_id
             where s.country_id = $1 and ($2 = '' or s.name ilike '%' || $2 || '%')`,
  category: `select c.id::int as id, c.name, h.name as caption, (h.is_active and o.is_active) as active
               from public.service_categories c join public.hospitals h on h.id = c.hospital_id join public.organizations o on o.id = h.organization_id
              where h.country_id = $1 and ($2 = '' or c.name ilike '%' || $2 || '%' or h.name ilike '%' || $2 || '%')`,
};

export const pickTarget = defineEndpoint({
  method: 'GET',
  path: '/api/admin/homepage/picker',
  summary: "Search the market's directory for a block's hospital, doctor, service or service category (20 at most)",
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  query: pickerQuerySchema,
  response: pickerAnswerSchema,
  async handler({ query, db }) {
    const like = query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    const { rows } = await db.query(`select * from (${PICKER_SQL[query.kind]}) x order by x.active desc, x.name, x.id limit 20`, [query.countryId, like]);
    return { items: rows };
  },
});

export const searchArticles = defineEndpoint({
  method: 'GET',
  path: '/api/admin/articles/search',
  summary: "Search the market's discover articles by title (SPEC §7: keyword, page, perPage 30; posts {ID, post_title})",
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  query: articleSearchQuerySchema,
  response: articleSearchSchema,
  async handler({ query, db }) {
    const like = query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    const { rows } = await db.query(
      `select a.id::int as "ID", a.post_title, a.permalink, a.image_thumbnail from public.articles a
        where a.country_id = $1 and a.is_published and a.post_title ilike '%' || $2 || '%'
        order by a.post_date desc, a.id desc limit $3 offset $4`,
      [query.countryId, like, query.perPage + 1, (query.page - 1) * query.perPage],
    );
    return { posts: rows.slice(0, query.perPage), hasMore: rows.length > query.perPage };
  },
});

const KEY_COLUMNS = `id::int as id, keyword, url, sort_order as "sortOrder", is_active as "isActive"`;

export const listKeys = defineEndpoint({
  method: 'GET',
  path: '/api/admin/homepage/keys',
  summary: "A market's popular search keys, in order",
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  query: z.object({ countryId: blockListQuerySchema.shape.countryId }),
  response: popularKeyListSchema,
  async handler({ query, db }) {
    const { rows } = await db.query(`select ${KEY_COLUMNS} from public.popular_search_keys where country_id = $1 order by sort_order, id`, [query.countryId]);
    return { items: rows };
  },
});

export const createKey = defineEndpoint({
  method: 'POST',
  path: '/api/admin/homepage/keys',
  summary: 'Add a popular search key (inline on the page, placed last)',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  body: { json: popularKeyInputSchema },
  response: popularKeySchema,
  async handler({ body, db, messages }) {
    const { rows } = await db.query(
      `insert into public.popular_search_keys (country_id, keyword, url, sort_order)
       values ($1, $2, $3, (select coalesce(max(sort_order), 0) + 10 from public.popular_search_keys where country_id = $1))
       returning ${KEY_COLUMNS}`,
      [body.countryId, body.keyword, body.url || null],
    );
    messages.push('Create successfully');
    return rows[0];
  },
});

export const updateKey = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/homepage/keys/:id',
  summary: 'Change a popular search key, or switch it on or off',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  body: { json: z.object({ keyword: popularKeyInputSchema.shape.keyword.optional(), url: popularKeyInputSchema.shape.url.optional(), isActive: z.boolean().optional() }) },
  response: popularKeySchema,
  async handler({ params, body, db, messages }) {
    const { rows } = await db.query(
      `update public.popular_search_keys set keyword = coalesce($2, keyword), url = case when $4 then $3 else url end, is_active = coalesce($5, is_active)
        where id = $1 returning ${KEY_COLUMNS}`,
      [params.id, body.keyword ?? null, body.url || null, body.url !== undefined, body.isActive ?? null],
    );
    if (!rows[0]) throw notFound('This popular search key does not exist.');
    messages.push('Update successfully');
    return rows[0];
  },
});

export const deleteKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/homepage/keys/:id',
  summary: 'Remove a popular search key',
  tags: ['admin', 'homepage'],
  auth: 'staff',
  roles: ADMINS,
  params: idParam,
  response: z.null(),
  async handler({ params, db, messages }) {
    const { rowCount } = await db.query('delete from public.popular_search_keys where id = $1', [params.id]);
    if (!rowCount) throw notFound('This popular search key does not exist.');
    messages.push('Delete successfully');
    return null;
  },
});

export default serve(listBlocks, getBlock, createBlock, updateBlock, setBlockActive, deleteBlock, saveOrder, pickTarget, searchArticles, listKeys, createKey, updateKey, deleteKey);
export const config = {
  path: [
    '/api/admin/homepage/blocks',
    '/api/admin/homepage/blocks/:id',
    '/api/admin/homepage/blocks/:id/active',
    '/api/admin/homepage/order',
    '/api/admin/homepage/picker',
    '/api/admin/articles/search',
    '/api/admin/homepage/keys',
    '/api/admin/homepage/keys/:id',
  ],
};
