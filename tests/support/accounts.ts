/** Test accounts made directly in the database (independent of the seed): auth user, staff row, patient row. */
import type { Database } from '../../src/data/db';
import type { StaffRole } from '../../src/lib/admin-menu';

export const TEST_PASSWORD = 'Test-pass-2026';

export async function createAuthUser(db: Database, opts: { email?: string; phone?: string; password?: string; confirmed?: boolean }): Promise<string> {
  const { rows } = await db.pool.query(
    `insert into auth.users (aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at, raw_app_meta_data)
     values ('authenticated', 'authenticated', $1::text, $2::text, case when $3::text is null then null else extensions.crypt($3, extensions.gen_salt('bf', 4)) end,
             case when $4 and $1::text is not null then now() end, case when $4 and $2::text is not null then now() end,
             '{"provider":"email","providers":["email"]}') returning id`,
    [opts.email ?? null, opts.phone ?? null, opts.password === undefined ? TEST_PASSWORD : opts.password, opts.confirmed ?? true],
  );
  return rows[0].id;
}

export async function firstOrganization(db: Database, offset = 0): Promise<{ organizationId: number; organizationName: string; hospitalIds: number[] }> {
  const { rows } = await db.pool.query(
    `select o.id, o.name, array_agg(h.id order by h.id) as hospitals from public.organizations o join public.hospitals h on h.organization_id = o.id
      group by o.id having count(h.id) >= 2 order by o.id offset $1 limit 1`,
    [offset],
  );
  return { organizationId: Number(rows[0].id), organizationName: rows[0].name, hospitalIds: rows[0].hospitals.map(Number) };
}

export async function createStaff(
  db: Database,
  opts: { email: string; role: StaffRole; organizationId?: number | null; branchIds?: number[]; name?: string; active?: boolean },
): Promise<string> {
  const userId = await createAuthUser(db, { email: opts.email });
  await db.pool.query(
    `insert into public.admin_users (user_id, role, name, email, organization_id, is_active) values ($1, $2, $3, $4, $5, $6)`,
    [userId, opts.role, opts.name ?? `Test ${opts.role}`, opts.email, opts.organizationId ?? null, opts.active ?? true],
  );
  for (const h of opts.branchIds ?? []) await db.pool.query('insert into public.admin_user_branches (user_id, hospital_id) values ($1, $2)', [userId, h]);
  return userId;
}

export async function createPatient(
  db: Database,
  opts: { email: string; onboarded: boolean; family?: { name: string; birthday: string; relation: string }[] },
): Promise<string> {
  const userId = await createAuthUser(db, { email: opts.email });
  if (opts.onboarded) {
    await db.pool.query(
      `insert into public.patients (user_id, name, phone, phone_verified_at, email, email_verified_at, birthday, gender)
       values ($1, 'Test Patient', '+84901234567', now(), $2, now(), '1990-04-01', 1)`,
      [userId, opts.email],
    );
  } else {
    await db.pool.query(`insert into public.patients (user_id, email) values ($1, $2)`, [userId, opts.email]);
  }
  for (const f of opts.family ?? []) {
    await db.pool.query(`insert into public.family_members (patient_user_id, name, birthday, relation) values ($1, $2, $3, $4)`, [userId, f.name, f.birthday, f.relation]);
  }
  return userId;
}
