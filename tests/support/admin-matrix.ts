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
  // Service availability and branch closures (issue 37): managers only; per-role scope in tests/db/closures-service-availability.test.ts and pgTAP 79_
  { method: 'GET', path: '/api/admin/services/999999999/availability', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/services/999999999/availability', body: { slotMinutes: 30, capacity: 1, bufferTime: 0, weekly: [], exceptions: [] }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/directory/branches/999999999/closures', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/directory/branches/999999999/closures', body: { starts: '2026-12-24', ends: '2026-12-26', reason: 'Holiday' }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/directory/branches/999999999/closures/holidays', body: { year: 2026 }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'DELETE', path: '/api/admin/directory/closures/999999999', expect: staffOnly(404, { doctor: 403 }) },
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
  // The directory's set-up (issue 37): the go-live checklist, a branch's list options, vaccine details (platform admins edit them)
  { method: 'GET', path: '/api/admin/directory/organizations/{organizationId}/go-live', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/directory/organizations/999999999/go-live', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/directory/branches/999999999/catalogs', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/directory/vaccine-catalog?countryId={countryId}', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/directory/vaccine-catalog', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
  { method: 'PUT', path: '/api/admin/directory/vaccine-catalog/999999999', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
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
  // Reviews (issue #39 item 1): every reviews role reads its scope (the doctor its own); the doctor changes nothing;
  // 999999999 is nobody's review. The hold of new reviews: platform admins and the organization's manager.
  { method: 'GET', path: '/api/admin/reviews', expect: staffOnly(200) },
  { method: 'POST', path: '/api/admin/reviews/moderation', body: { ids: [999999999], status: 'published' }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/reviews/999999999/reply', body: { body: 'Thank you.' }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/reviews/hold', body: { organizationId: '{organizationId}', holdNewReviews: false }, expect: staffOnly(403, { admin: 200, super: 200, facility: 200 }), mutates: true },
  // Campaigns (issue #39 item 2): the admin only (SPEC §2); 999999999 is no campaign.
  { method: 'GET', path: '/api/admin/campaigns?countryId={countryId}', expect: staffOnly(403, { admin: 200 }) },
  { method: 'POST', path: '/api/admin/campaigns', body: {}, expect: staffOnly(403, { admin: 422 }) },
  { method: 'GET', path: '/api/admin/campaigns/999999999', expect: staffOnly(403, { admin: 404 }) },
  { method: 'PUT', path: '/api/admin/campaigns/999999999', body: {}, expect: staffOnly(403, { admin: 422 }) },
  { method: 'GET', path: '/api/admin/campaigns/999999999/phones', expect: staffOnly(403, { admin: 404 }) },
  { method: 'POST', path: '/api/admin/campaigns/999999999/phones/import', body: {}, expect: staffOnly(403, { admin: 422 }) },
  { method: 'PUT', path: '/api/admin/campaigns/999999999/phones/999999999', body: { expiredDate: '2027-01-31' }, expect: staffOnly(403, { admin: 404 }) },
  { method: 'POST', path: '/api/admin/campaigns/999999999/check', body: { phone: '0901000001' }, expect: staffOnly(403, { admin: 404 }) },
  { method: 'GET', path: '/api/admin/campaigns/999999999/doctors', expect: staffOnly(403, { admin: 404 }) },
  { method: 'PUT', path: '/api/admin/campaigns/999999999/doctors/{doctorId}', body: { inCampaign: false }, expect: staffOnly(403, { admin: 404 }) },
  // Appointments and patients (issue 35): every staff role, scoped by row-level security and the functions' scope
  // check (999999999 is nobody's booking: 404 for all; the flows per role: tests/db/admin-appointments.test.ts).
  { method: 'GET', path: '/api/admin/appointments?from=2026-01-01&to=2026-01-31', expect: staffOnly(200) },
  // The export answers CSV (read here as JSON): a reversed range reaches its input check for every staff role.
  { method: 'GET', path: '/api/admin/appointments.csv?from=2026-01-31&to=2026-01-01', expect: staffOnly(400) },
  { method: 'GET', path: '/api/admin/appointments-calendar?from=2026-01-01&to=2026-01-07&branchId=1', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/appointments/999999999', expect: staffOnly(404) },
  { method: 'POST', path: '/api/admin/appointments/999999999/actions', body: { action: 'check_in' }, expect: staffOnly(404) },
  { method: 'POST', path: '/api/admin/appointments/999999999/phone', expect: staffOnly(404) },
  { method: 'GET', path: '/api/admin/appointments/999999999/slots?date=2026-01-01', expect: staffOnly(404) },
  { method: 'POST', path: '/api/admin/appointments/999999999/reschedule', body: { slotId: 1, idempotencyKey: 'matrix-{principal}' }, expect: staffOnly(404) },
  // Doctor unavailable (issue 35): managers only (SPEC §6: never the doctor role); 999999999 is nobody's doctor, so
  // each manager reaches the scope check inside the SQL function (the flows per role: tests/db/doctor-unavailable.test.ts).
  { method: 'GET', path: '/api/admin/doctors/999999999/unavailable?from=2099-01-01&to=2099-01-01', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/doctors/999999999/unavailable', body: { from: '2099-01-01', to: '2099-01-01', reason: 'Matrix check' }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/patients', expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/patients/00000000-0000-4000-a000-0000000000ff', expect: staffOnly(404) },
  { method: 'POST', path: '/api/admin/patients/00000000-0000-4000-a000-0000000000ff/contact', expect: staffOnly(404) },
  // issue 40: admin site content. The data history is the platform admins' only.
  { method: 'GET', path: '/api/admin/data-history', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'GET', path: '/api/admin/data-history?table=doctors&record={doctorId}&action=UPDATE', expect: staffOnly(403, { admin: 200, super: 200 }) },
  // Homepage blocks and popular search keys: platform admins only (999999999 is no block or key).
  { method: 'GET', path: '/api/admin/homepage/blocks?countryId={countryId}&kind=top_doctor', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'GET', path: '/api/admin/homepage/blocks/999999999', expect: staffOnly(403, { admin: 404, super: 404 }) },
  { method: 'POST', path: '/api/admin/homepage/blocks', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
  { method: 'PUT', path: '/api/admin/homepage/blocks/999999999', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
  { method: 'PUT', path: '/api/admin/homepage/blocks/999999999/active', body: { isActive: false }, expect: staffOnly(403, { admin: 404, super: 404 }) },
  { method: 'DELETE', path: '/api/admin/homepage/blocks/999999999', expect: staffOnly(403, { admin: 404, super: 404 }) },
  { method: 'PUT', path: '/api/admin/homepage/order', body: { countryId: '{countryId}', kind: 'top_doctor', ids: [] }, expect: staffOnly(403, { admin: 422, super: 422 }) },
  { method: 'GET', path: '/api/admin/homepage/picker?countryId={countryId}&kind=doctor&keyword=a', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'GET', path: '/api/admin/articles/search?countryId={countryId}&keyword=health', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'GET', path: '/api/admin/homepage/keys?countryId={countryId}', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'POST', path: '/api/admin/homepage/keys', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
  { method: 'PUT', path: '/api/admin/homepage/keys/999999999', body: { isActive: false }, expect: staffOnly(403, { admin: 404, super: 404 }) },
  { method: 'DELETE', path: '/api/admin/homepage/keys/999999999', expect: staffOnly(403, { admin: 404, super: 404 }) },
  // Website navigation: platform admins only (an empty body stops at its check; the save itself: tests/db/admin-site-content.test.ts).
  { method: 'GET', path: '/api/admin/website-nav?countryId={countryId}', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'GET', path: '/api/admin/website-nav/copy?countryId={countryId}&fromCountryId=2', expect: staffOnly(403, { admin: 200, super: 200 }) },
  { method: 'PUT', path: '/api/admin/website-nav', body: {}, expect: staffOnly(403, { admin: 422, super: 422 }) },
  // Integrations: the hospital's managers (and platform admins); never the doctor role. 999999999 is no webhook or delivery.
  { method: 'GET', path: '/api/admin/integrations/webhooks', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/integrations/webhooks', body: {}, expect: staffOnly(422, { doctor: 403 }) },
  { method: 'PUT', path: '/api/admin/integrations/webhooks/999999999', body: { isActive: false }, expect: staffOnly(404, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/integrations/webhooks/999999999/secret', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'DELETE', path: '/api/admin/integrations/webhooks/999999999', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/integrations/webhooks/999999999/deliveries', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/integrations/deliveries/999999999/redeliver', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'GET', path: '/api/admin/integrations/ical-feeds', expect: staffOnly(200, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/integrations/ical-feeds', body: {}, expect: staffOnly(422, { doctor: 403 }) },
  { method: 'POST', path: '/api/admin/integrations/ical-feeds/999999999/rotate', expect: staffOnly(404, { doctor: 403 }) },
  { method: 'DELETE', path: '/api/admin/integrations/ical-feeds/999999999', expect: staffOnly(404, { doctor: 403 }) },
];
