/**
 * The authorization matrix of the admin API (issue #27): every admin endpoint × the six staff roles, a patient and
 * anon → the expected HTTP status. tests/db/admin-authorization.test.ts checks every cell through the HTTP API.
 * A new admin endpoint adds its rows here. `path` may use the ids of the fixture (`{otherStaffId}`: a branch manager
 * of the fixture organization, `{missingId}`: nobody, `{principal}`: the caller, also inside a body).
 */
export const PRINCIPALS = ['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor', 'patient', 'anon'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  expect: Record<Principal, number>;
  /** Rows that change data run last, on their own target each time. */
  mutates?: boolean;
}

const staffOnly = (staff: number, overrides: Partial<Record<Principal, number>> = {}): Record<Principal, number> => ({
  admin: staff,
  super: staff,
  facility: staff,
  senior_branch: staff,
  branch: staff,
  doctor: staff,
  patient: 403,
  anon: 401,
  ...overrides,
});

const V2 = { accept: 'application/json; version=2.0.0' };

export const ADMIN_MATRIX: MatrixRow[] = [
  { method: 'GET', path: '/api/admin/me', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/organizations', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/branches?hospitalId={organizationId}', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/users', headers: V2, expect: staffOnly(200, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/users/{missingId}', expect: staffOnly(403, { admin: 404, super: 404, facility: 404 }) },
  { method: 'POST', path: '/api/admin/users', body: {}, expect: staffOnly(403, { admin: 422, super: 422, facility: 422 }) },
  { method: 'PUT', path: '/api/admin/users/{missingId}', body: {}, expect: staffOnly(403, { admin: 422, super: 422, facility: 422 }) },
  { method: 'POST', path: '/api/admin/users/{missingId}/reset-password', expect: staffOnly(403, { admin: 404, super: 404, facility: 404 }) },
  { method: 'POST', path: '/api/admin/forgot-password', body: { email: 'nobody-{principal}@matrix.test' }, expect: staffOnly(200, { patient: 200, anon: 200 }) },
  { method: 'POST', path: '/api/admin/reset-password', body: { token: 'x'.repeat(43), password: 'Long-enough-1' }, expect: staffOnly(422, { patient: 422, anon: 422 }) },
  { method: 'DELETE', path: '/api/admin/users/{missingId}', expect: staffOnly(403, { super: 404 }) },
  { method: 'DELETE', path: '/api/admin/users/{otherStaffId}', expect: staffOnly(403, { super: 200 }), mutates: true },
  { method: 'GET', path: '/api/admin/site-build', expect: staffOnly(200) },
  // An upload without its multipart form: every staff role reaches the body check (the storage itself is tested in
  // tests/db/platform-endpoint.test.ts and the settings test of tests/db/admin-notifications.test.ts).
  { method: 'POST', path: '/api/admin/uploads', expect: staffOnly(400) },
  { method: 'PUT', path: '/api/admin/me', body: { name: 'Matrix {principal}' }, expect: staffOnly(200) },
  // The bell (issue #27 item 4): every staff role has one; 999999999 is nobody's notification.
  { method: 'GET', path: '/api/admin/notifications', expect: staffOnly(200) },
  { method: 'POST', path: '/api/admin/notifications/999999999/read', expect: staffOnly(404) },
  { method: 'POST', path: '/api/admin/notifications/read-all', expect: staffOnly(200) },
  // Admin services (issue 37): the managers only; per-role scope of the writes in tests/db/admin-directory.test.ts
  { method: 'GET', path: '/api/admin/services?countryId={countryId}', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/services/999999999', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/service-categories?branchId=999999999', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/services', body: {}, expect: staffOnly(400, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/services/999999999', body: {}, expect: staffOnly(400, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/services/999999999/status', body: { status: 0 }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'DELETE', path: '/api/admin/services/999999999', expect: staffOnly(404, { doctor: 403 }) },
  // Admin organizations and branches (issue 37); per-role writes in tests/db/admin-directory.test.ts
  { method: 'GET', path: '/api/admin/directory/organizations', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/directory/organizations', body: {}, expect: staffOnly(422, { doctor: 403, senior_branch: 403, branch: 403 }) },
  { method: 'GET', path: '/api/admin/directory/organizations/{organizationId}', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/directory/organizations/{organizationId}', body: {}, expect: staffOnly(422, { doctor: 403, senior_branch: 403, branch: 403 }) },
  { method: 'POST', path: '/api/admin/directory/organizations/{organizationId}/branches', body: {}, expect: staffOnly(422, { doctor: 403, senior_branch: 403, branch: 403 }) },
  { method: 'GET', path: '/api/admin/directory/branches/999999999', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/directory/branches/999999999', body: {}, expect: staffOnly(422, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/directory/vaccines?hospitalId={organizationId}', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/directory/vaccine-details', body: { items: [] }, expect: staffOnly(422, { doctor: 403 }) },
  // Admin doctors (issue #29): {doctorId} is a doctor of the fixture organization's first branch, {freshDoctorId} a new one
  // (no bookings) for each caller; the doctor-role account has no doctor profile of its own, so it reads none.
  { method: 'GET', path: '/api/admin/doctors?countryId={countryId}', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/specialties?countryId={countryId}', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/doctor-form-options?countryId={countryId}', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/doctors/{doctorId}', expect: staffOnly(200, { doctor: 404 }) },
  { method: 'POST', path: '/api/admin/doctors', body: {}, expect: staffOnly(400, { doctor: 403 }) },
  // Update reads the doctor form (multipart): every staff role reaches it (a doctor edits its own profile), a JSON body is refused.
  { method: 'PUT', path: '/api/admin/doctors/{missingId}', body: {}, expect: staffOnly(400) },
  { method: 'PUT', path: '/api/admin/doctors/{freshDoctorId}/status', body: { status: 0 }, expect: staffOnly(200, { doctor: 403 }), mutates: true },
  { method: 'GET', path: '/api/admin/doctor-telemedicine?doctorId={freshDoctorId}&status=1', expect: staffOnly(200, { doctor: 403 }), mutates: true },
  { method: 'DELETE', path: '/api/admin/doctors/{freshDoctorId}', expect: staffOnly(200, { doctor: 403 }), mutates: true },
  // Doctor availability (issue #29 item 4): managers read and save a doctor's hours; the doctor role reads only its own
  // schedule (/api/admin/schedule; the fixture's doctor account has no doctor profile, so it finds none).
  { method: 'GET', path: '/api/admin/doctors/{doctorId}/availability', expect: staffOnly(200, { doctor: 404 }) },
  { method: 'GET', path: '/api/admin/doctors/999999999/availability', expect: staffOnly(404) },
  {
    method: 'PUT',
    path: '/api/admin/doctors/{freshDoctorId}/availability',
    body: { outpatient: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly: [{ weekday: 1, starts: '09:00', ends: '10:00' }], exceptions: [] } },
    expect: staffOnly(200, { doctor: 403 }),
    mutates: true,
  },
  { method: 'PUT', path: '/api/admin/doctors/999999999/availability', body: { outpatient: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly: [], exceptions: [] } }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/schedule', expect: staffOnly(403, { doctor: 404 }) },
  // CSV imports (issue #29 item 5): managers only, never the doctor role. The upload without its multipart form and
  // an empty manual chunk reach the body check; '0'×32 is nobody's import (the flows: tests/db/admin-imports.test.ts).
  { method: 'POST', path: '/api/admin/imports', expect: staffOnly(400, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/imports/manual', body: {}, expect: staffOnly(422, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/imports/status?country_id={countryId}&hash=00000000000000000000000000000000', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/imports/00000000000000000000000000000000/errors.csv', expect: staffOnly(404, { doctor: 403 }) },
  // Admin overview (issue #27 item 6): admin, super and organization managers; platform admins name the market.
  { method: 'GET', path: '/api/admin/overview?from=2026-01-01&to=2026-01-31&countryId={countryId}', expect: staffOnly(403, { admin: 200, super: 200, facility: 200 }) },
];
