/**
 * Vaccine details (issue 37 item 3), as the caller: a market's vaccines with their details and how many branches
 * price them (platform admins see hidden ones too, by policy); saved through public.admin_save_vaccine (platform
 * admins only, the slug made once).
 */
import type { Queryable } from './db';
import { doctorSlug } from '../lib/admin-doctors';
import type { AdminVaccineDetail, NewVaccineBody, VaccineBody } from '../lib/admin-vaccines';

const COLUMNS = `v.id::int as id, v.country_id::int as "countryId", v.name, v.display_name as "displayName", v.slug, v.logo, v.description, v.notice,
  v.age_group_labels as "ageGroups", v.doses_labels as doses, v.status = 1 as "isActive",
  (select count(*)::int from public.vaccine_details d where d.vaccine_id = v.id) as branches`;

export async function vaccineCatalog(db: Queryable, countryId: number): Promise<AdminVaccineDetail[]> {
  const { rows } = await db.query(`select ${COLUMNS} from public.vaccines v where v.country_id = $1 order by v.name, v.id`, [countryId]);
  return rows as AdminVaccineDetail[];
}

export async function vaccineDetail(db: Queryable, id: number): Promise<AdminVaccineDetail | null> {
  const { rows } = await db.query(`select ${COLUMNS} from public.vaccines v where v.id = $1`, [id]);
  return (rows[0] as AdminVaccineDetail | undefined) ?? null;
}

/** Creates (id null) or updates a vaccine; null when the vaccine to update does not exist. */
export async function saveVaccine(db: Queryable, id: number | null, b: VaccineBody | NewVaccineBody): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>(
    'select public.admin_save_vaccine($1, $2::smallint, $3, $4, $5, $6, $7, $8, $9::text[], $10::text[], $11)::int as id',
    [id, 'country_id' in b ? b.country_id : null, b.name, slugOf(b.name), b.display_name, b.logo, b.description, b.notice, b.age_groups, b.doses, b.is_active],
  );
  return rows[0]?.id ?? null;
}

/** The name's ASCII slug; empty for a name without Latin letters (the function then names it 'vaccine', numbered). */
const slugOf = (name: string) => {
  const s = doctorSlug(name);
  return s === 'doctor' && !/doctor/i.test(name) ? '' : s;
};
