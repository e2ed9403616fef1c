/**
 * Admin doctor calls (SPEC §7, issue #29): the admin doctor list, the doctor read model (also the duplicate
 * source), create and update (multipart, the body `doctorFormPayload` builds), update status, toggle
 * telemedicine and delete. Row-level security scopes each call to the caller's role; a doctor-role caller reads
 * and edits only their own profile, without branch, status, contract or partner flag.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound, validationFailed } from '../src/lib/errors';
import { ADMIN_DOCTOR_PAGE_SIZE, adminDoctorListData, adminDoctorListQuery, adminSpecialtiesData, doctorFormBody, doctorFormOptionsData, DOCTOR_MESSAGES, lastPage } from '../src/lib/admin-doctors';
import { adminDoctorDetail, adminDoctorPage, createDoctor, futureSlotCount, MANAGED_DOCTOR, updateDoctor } from '../src/data/admin-doctors';
import { storeUpload } from '../src/server/storage';
import type { StaffSession } from '../src/server/auth';
import { doctorReadModel } from '../src/lib/admin-doctor-model';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const doctorId = z.object({ id: z.coerce.number().int().positive() });
async function readDoctor(db: Parameters<typeof adminDoctorDetail>[0], id: number) {
  const d = await adminDoctorDetail(db, id);
  if (!d) throw notFound(DOCTOR_MESSAGES.notFound);
  return { ...d, numberOfSlots: await futureSlotCount(db, id) };
}

export const adminDoctorList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctors',
  summary: 'Admin doctor list: page, keyword (3+ characters), hospital, branch, specialty, market',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  query: adminDoctorListQuery,
  response: adminDoctorListData,
  async handler({ query, db }) {
    const page = await adminDoctorPage(db, query);
    return { doctors: page.doctors, pagination: { current: query.page, last: lastPage(page.totalItems), total_items: page.totalItems, per_page: ADMIN_DOCTOR_PAGE_SIZE } };
  },
});

export const adminSpecialties = defineEndpoint({
  method: 'GET',
  path: '/api/admin/specialties',
  summary: "Specialties of a market (the doctor list's specialty filter and the doctor form)",
  tags: ['admin', 'doctors'],
  auth: 'staff',
  query: z.object({ countryId: z.coerce.number().int().positive().optional() }),
  response: adminSpecialtiesData,
  async handler({ query, db, auth }) {
    // Without a market: the one of the caller's organization (or every market for platform admins).
    const { rows } = await db.query(
      `select s.id::int as id, s.name from public.specialties s
        where s.country_id = coalesce($1::smallint, (select o.country_id from public.organizations o where o.id = $2::bigint), s.country_id)
        order by s.name`,
      [query.countryId ?? null, auth.staff.hospital?.id ?? null],
    );
    return { specialties: rows };
  },
});

export const adminDoctorFormOptions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctor-form-options',
  summary: 'Choices of the doctor form in a market: tiers, academies, clients and known expertise',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  query: z.object({ countryId: z.coerce.number().int().positive().optional() }),
  response: doctorFormOptionsData,
  async handler({ query, db, auth }) {
    // The market as for specialties: the one asked, else the caller's organization's (every market for platform admins).
    const market = `coalesce($1::smallint, (select o.country_id from public.organizations o where o.id = $2::bigint), country_id)`;
    const args = [query.countryId ?? null, auth.staff.hospital?.id ?? null];
    // One connection per call: the reads run one after the other.
    const tiers = await db.query('select id::int as id, description, level::int as level from public.doctor_tiers order by level, id');
    const academies = await db.query('select id::int as id, description, level::int as level from public.doctor_academies order by level, id');
    const clients = await db.query(`select id::int as id, name from public.clients where country_id = ${market} order by name`, args);
    const expertise = await db.query(`select id::int as id, name from public.expertise where country_id = ${market} order by name limit 2000`, args);
    return { tiers: tiers.rows, academies: academies.rows, clients: clients.rows, expertise: expertise.rows };
  },
});

export const adminDoctorRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctors/:id',
  summary: 'The doctor read model (detail screen, edit form and duplicate source)',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  params: doctorId,
  response: z.object({ doctor: doctorReadModel }),
  async handler({ params, db }) {
    return { doctor: await readDoctor(db, params.id) };
  },
});

const formBody = { multipart: doctorFormBody, maxBytes: 4 * 1024 * 1024 };

async function avatarUrl(file: File | undefined, auth: StaffSession): Promise<string | undefined> {
  return file ? (await storeUpload('avatar', file, auth.userId)).publicUrl : undefined;
}

export const adminDoctorCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/doctors',
  summary: 'Create a doctor (multipart doctor form: indexed keys, services, avatar)',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: MANAGERS,
  body: formBody,
  response: z.object({ doctor: doctorReadModel }),
  async handler({ body, db, auth, messages }) {
    if (body.hospital_branch_id == null) throw validationFailed({ hospital_branch_id: ['This field is required'] });
    const id = await createDoctor(db, { ...body, hospital_branch_id: body.hospital_branch_id }, { selfEdit: false, avatarUrl: await avatarUrl(body.avatar, auth) });
    if (!id) throw validationFailed({ hospital_branch_id: ['This branch does not exist or is not in your scope.'] });
    messages.push(DOCTOR_MESSAGES.created);
    return { doctor: await readDoctor(db, id) };
  },
});

export const adminDoctorUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/doctors/:id',
  summary: 'Update a doctor (POST with _method=PUT); a doctor-role caller edits only their own profile',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  params: doctorId,
  body: formBody,
  response: z.object({ doctor: doctorReadModel }),
  async handler({ params, body, db, auth, messages }) {
    const selfEdit = auth.staff.role === 'doctor';
    if (selfEdit && auth.staff.doctorId !== params.id) throw notFound(DOCTOR_MESSAGES.notFound);
    const ok = await updateDoctor(db, params.id, body, { selfEdit, avatarUrl: await avatarUrl(body.avatar, auth) });
    if (!ok) throw notFound(DOCTOR_MESSAGES.notFound);
    messages.push(DOCTOR_MESSAGES.updated);
    return { doctor: await readDoctor(db, params.id) };
  },
});

export const adminDoctorStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/doctors/:id/status',
  summary: 'Update doctor status (1 active, 0 inactive); activating needs slots (SPEC §4)',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: MANAGERS,
  params: doctorId,
  body: { json: z.object({ status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])) }) },
  response: z.object({ id: z.number().int(), status: z.number().int() }),
  async handler({ params, body, db, messages }) {
    if (body.status === 1 && (await futureSlotCount(db, params.id)) === 0) {
      const visible = await db.query(`select 1 from public.doctors d where d.id = $1 and ${MANAGED_DOCTOR}`, [params.id]);
      if (visible.rowCount) throw new ApiError(422, DOCTOR_MESSAGES.noSlotsToActivate);
    }
    const { rows } = await db.query('update public.doctors set status = $2 where id = $1 returning id::int as id, status', [params.id, body.status]);
    if (!rows[0]) throw notFound(DOCTOR_MESSAGES.notFound);
    messages.push(body.status === 1 ? DOCTOR_MESSAGES.statusActivated : DOCTOR_MESSAGES.statusDeactivated);
    return rows[0];
  },
});

export const adminDoctorTelemedicine = defineEndpoint({
  method: 'GET',
  path: '/api/admin/doctor-telemedicine',
  summary: 'Toggle doctor telemedicine (SPEC §7: GET with doctorId and status 1 or 0); refused for partner-group doctors',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: MANAGERS,
  query: z.object({ doctorId: z.coerce.number().int().positive(), status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])) }),
  response: z.object({ id: z.number().int(), validTelemedicine: z.boolean() }),
  async handler({ query, db, messages }) {
    const cur = await db.query(`select partner_group from public.doctors d where d.id = $1 and ${MANAGED_DOCTOR}`, [query.doctorId]);
    if (!cur.rows[0]) throw notFound(DOCTOR_MESSAGES.notFound);
    if (cur.rows[0].partner_group && query.status === 1) throw new ApiError(422, DOCTOR_MESSAGES.partnerGroupTelemedicine);
    const { rows } = await db.query('update public.doctors set telemedicine_enabled = $2 where id = $1 returning id::int as id, telemedicine_enabled as "validTelemedicine"', [
      query.doctorId,
      query.status === 1,
    ]);
    if (!rows[0]) throw notFound(DOCTOR_MESSAGES.notFound);
    messages.push(query.status === 1 ? DOCTOR_MESSAGES.telemedicineActivated : DOCTOR_MESSAGES.telemedicineDeactivated);
    return rows[0];
  },
});

export const adminDoctorDelete = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/doctors/:id',
  summary: 'Delete a doctor; refused (409) for a doctor with bookings, who can only be deactivated',
  tags: ['admin', 'doctors'],
  auth: 'staff',
  roles: MANAGERS,
  params: doctorId,
  response: z.object({ id: z.number().int() }),
  async handler({ params, db, messages }) {
    const { rows } = await db.query('delete from public.doctors where id = $1 returning id::int as id', [params.id]);
    if (!rows[0]) throw notFound(DOCTOR_MESSAGES.notFound);
    messages.push(DOCTOR_MESSAGES.deleted);
    return rows[0];
  },
});

export default serve(adminDoctorList, adminSpecialties, adminDoctorFormOptions, adminDoctorRead, adminDoctorCreate, adminDoctorUpdate, adminDoctorStatus, adminDoctorTelemedicine, adminDoctorDelete);
export const config = { path: ['/api/admin/doctors', '/api/admin/specialties', '/api/admin/doctor-form-options', '/api/admin/doctors/:id', '/api/admin/doctors/:id/status', '/api/admin/doctor-telemedicine'] };
