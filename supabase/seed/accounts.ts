/**
 * Seeded accounts for local use (printed by `npm start`, listed in the README). Fixed UUIDs so tests
 * (Vitest and pgTAP) can act as each role. All share one password, hashed as Supabase does (bcrypt).
 * Staff are scoped to the first organization of vi-VN and its branches (see SEED_SCOPE).
 */
export const DEMO_PASSWORD = 'Demo-pass-2026';

export interface DemoAccount {
  id: string;
  email: string;
  /** Staff role (admin_users.role) or 'patient'. */
  role: 'admin' | 'super' | 'facility' | 'senior_branch' | 'branch' | 'doctor' | 'patient';
  description: string;
}

export const ACCOUNTS = {
  admin: { id: '00000000-0000-4000-a000-000000000001', email: 'admin@demo.test', role: 'admin', description: 'Platform admin: sees and manages everything' },
  super: { id: '00000000-0000-4000-a000-000000000002', email: 'super@demo.test', role: 'super', description: 'Super admin: everything, and the only role that deletes admin users' },
  facility: { id: '00000000-0000-4000-a000-000000000003', email: 'facility@demo.test', role: 'facility', description: 'Organization manager of the first vi-VN organization (all its branches)' },
  seniorBranch: { id: '00000000-0000-4000-a000-000000000004', email: 'senior_branch@demo.test', role: 'senior_branch', description: 'Senior branch manager of two branches of that organization' },
  branch: { id: '00000000-0000-4000-a000-000000000005', email: 'branch@demo.test', role: 'branch', description: 'Branch manager of the first branch of that organization' },
  doctor: { id: '00000000-0000-4000-a000-000000000006', email: 'doctor@demo.test', role: 'doctor', description: 'A doctor of the first branch: own profile, schedule, appointments, reviews' },
  patient: { id: '00000000-0000-4000-a000-000000000007', email: 'patient@demo.test', role: 'patient', description: 'Onboarded patient with two family members and some bookings' },
  patientNew: { id: '00000000-0000-4000-a000-000000000008', email: 'patient-new@demo.test', role: 'patient', description: 'Signed-up patient who has not completed onboarding' },
  patientOther: { id: '00000000-0000-4000-a000-000000000009', email: 'patient-other@demo.test', role: 'patient', description: 'A second onboarded patient (bookings at another organization), for isolation tests' },
} as const satisfies Record<string, DemoAccount>;

export const DEMO_ACCOUNTS: DemoAccount[] = Object.values(ACCOUNTS);

/** Ids the seed gives the staff scope (identity ids are assigned in a fixed order). */
export const SEED_SCOPE = {
  /** First vi-VN organization: the facility's "hospital". */
  organizationId: 1,
  /** Its branches 1 and 2: the senior branch manager's. */
  seniorBranchHospitalIds: [1, 2],
  /** Its branch 1: the branch manager's and the doctor's. */
  branchHospitalId: 1,
  /** Another vi-VN organization, out of every scoped account's reach. */
  otherOrganizationId: 2,
} as const;

/** Baby-formula campaign (vi-VN, code 'baby-formula'): one phone number per eligibility result of SPEC §8. */
export const CAMPAIGN_CODE = 'baby-formula';
export const CAMPAIGN_PHONES = {
  eligible: '0901000001',
  expired: '0901000002',
  expiredNotCompleted: '0901000007',
  cancelledThreeTimes: '0901000003',
  upcomingBooking: '0901000004',
  completedBooking: '0901000005',
  notEligible: '0901000006',
} as const;
