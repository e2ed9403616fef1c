/** The doctor form of the admin (issue #29 item 3): the screen's schema, the values of edit and duplicate, the payload it sends. */
import { describe, expect, it } from 'vitest';
import { doctorFormBody, doctorFormSchema, doctorFormValues, newExpertiseId, type DoctorFormInput } from '../../src/lib/admin-doctors';
import type { DoctorReadModel } from '../../src/lib/admin-doctor-model';
import { formIssueMessage } from '../../src/lib/form-issues';
import { doctorFormPayload } from '../../src/lib/validation';

const blank = (over: Partial<DoctorFormInput> = {}): DoctorFormInput => ({ ...doctorFormValues(null, 'add', { hospitalId: 4, branchId: 8 }), name: 'Dr. An', ...over });
const issues = (v: DoctorFormInput, selfEdit = false) => {
  // As the form's resolver sees them: with the input of each issue.
  const r = doctorFormSchema({ selfEdit }).safeParse(v, { reportInput: true });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${formIssueMessage(i).key}`);
};
const entries = (fd: FormData) => [...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `<file ${(v as File).name}>`]);

const read: DoctorReadModel = {
  id: 21, doctorId: 21, name: 'Dr. Bình', gender: 'male', email: 'binh@doctors.test', emailNotification: 'desk@doctors.test', description: 'Long', hospital: { id: 4, name: 'H' }, branch: { id: 8, name: 'B' },
  specialties: [{ id: 3, name: 'Cardiology', slug: 'cardiology' }], expertise: [{ id: 7, name: 'Hypertension' }], provideCare: 'adults', glance: 'Glance',
  services: [{ id: 11, name: 'Consult', description: null, price_type: 'range', price: 200, price_to: 500 }],
  experience: [], education: [{ content: 'HMU', year: 2010 }], awards: [], publication: [], memberships: [], languages: ['English'], faqs: [{ question: 'Q?', answer: 'A.' }],
  legacyExperiences: ['{"content":"Resident","year":"2008"}'], contract: 'C-1', tier: { id: 2, description: 'Senior', level: 2 }, academy: null, client: { label: 'Client', value: 5 },
  avatar: 'https://cdn.test/a.png', phone: '0901', status: 1, rating: 0, totalReviews: 0, slug: 'dr-binh', bookingUrl: null, cityName: 'Hà Nội', telemedicineFee: null, validOutpatient: true, validTelemedicine: false,
  promotion: null, partnerGroup: false, price: 200, priceTo: 500, priceType: 'range', vouchers: [], organization: { id: 1, name: 'O', slug: 'o', logo: null, publishReviews: true }, countryId: 1, numberOfSlots: 3,
};

describe('doctor form schema', () => {
  it('asks for the name, the branch of a manager, a range maximum and a notification e-mail when switched on', () => {
    expect(issues(blank({ name: ' ', hospital_branch_id: null, notifyOtherEmail: true, services: [{ name: 'X', price_type: 'range', price: '10', price_to: '' }] }))).toEqual([
      'name: form.required',
      'services.0.price_to: form.required',
      'hospital_branch_id: form.required',
      'email_notification: form.required',
    ]);
    expect(issues(blank({ hospital_branch_id: null }), true)).toEqual([]);
    expect(issues(blank({ name: 'x'.repeat(256), experience: [{ content: 'A', year: '20x1' }], faqs: [{ question: 'Q?', answer: '' }] }))).toEqual([
      'name: form.maxLength',
      'experience.0.year: form.invalidFormat',
      'faqs.0.answer: form.required',
    ]);
  });

  it("shows 'File size too large' for an oversized picture, not 'Invalid format'", () => {
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(issues(blank({ avatar: big }))).toEqual(['avatar: form.fileTooLarge']);
    expect(issues(blank({ avatar: new File([new Uint8Array(10)], 'small.png', { type: 'image/png' }) }))).toEqual([]);
  });

  it('sends what the server reads: a new expertise as its label, price_to only for a range, deleted service ids, no empty entries', () => {
    const v = doctorFormSchema({ selfEdit: false }).parse(
      blank({
        expertise: [{ id: 7, label: 'Hypertension' }, { id: -1, label: 'Heart failure' }],
        services: [{ id: 11, name: 'Consult', price_type: 'fixed', price: '150', price_to: '900' }, { name: 'Range', price_type: 'range', price: '100', price_to: '300' }],
        services_delete_ids: [12],
        awards: [{ content: 'Best', year: '2020' }, { content: '', year: '' }],
        faqs: [{ question: 'Q?', answer: 'A.' }],
      }),
    );
    const fd = doctorFormPayload(v);
    expect(entries(fd)).toEqual([
      ['name', 'Dr. An'], ['hospital_id', '4'], ['hospital_branch_id', '8'], ['provide_care', 'both'],
      ['expertise[0]', '7'], ['expertise[1]', 'Heart failure'],
      ['services[0][id]', '11'], ['services[0][name]', 'Consult'], ['services[0][price_type]', 'fixed'], ['services[0][price]', '150'],
      ['services[1][name]', 'Range'], ['services[1][price_type]', 'range'], ['services[1][price]', '100'], ['services[1][price_to]', '300'],
      ['services_delete_ids', '12'],
      ['awards[0][content]', 'Best'], ['awards[0][year]', '2020'],
      ['faqs[0][question]', 'Q?'], ['faqs[0][answer]', 'A.'],
    ]);
    // The function reads the same body back.
    const body = doctorFormBody.parse({ ...Object.fromEntries(fd), expertise: ['7', 'Heart failure'], services: [{ id: '11', name: 'Consult', price_type: 'fixed', price: '150' }], awards: [{ content: 'Best', year: '2020' }] });
    expect(body).toMatchObject({ services_delete_ids: [12], services: [{ id: 11, price: 150, price_to: null }], awards: [{ content: 'Best', year: '2020' }] });
  });
});

describe('doctor form values', () => {
  it('edit keeps the doctor, its service ids and picture; the legacy experiences fill an empty experience', () => {
    const v = doctorFormValues(read, 'edit');
    expect(v).toMatchObject({ name: 'Dr. Bình', avatar: 'https://cdn.test/a.png', notifyOtherEmail: true, email_notification: 'desk@doctors.test', tier_id: 2, client_id: 5, academy_id: null });
    expect(v.services).toEqual([{ id: 11, name: 'Consult', description: '', price_type: 'range', price: '200', price_to: '500' }]);
    expect(v.experience).toEqual([{ content: 'Resident', year: '2008' }]);
    expect(v.education).toEqual([{ content: 'HMU', year: '2010' }]);
    expect(v.expertise).toEqual([{ id: 7, label: 'Hypertension' }]);
    expect(issues(v)).toEqual([]);
  });
  it('duplicate is saved as a new doctor: no service ids, no picture (an existing picture is never sent)', () => {
    const v = doctorFormValues(read, 'duplicate');
    expect(v.services[0]).not.toHaveProperty('id');
    expect(v.avatar).toBeNull();
    expect(v.name).toBe('Dr. Bình');
    expect(doctorFormPayload(doctorFormSchema({ selfEdit: false }).parse(v)).has('services[0][id]')).toBe(false);
  });
  it('a newly typed expertise gets the next negative id', () => {
    expect(newExpertiseId([])).toBe(-1);
    expect(newExpertiseId([{ id: 7 }, { id: -1 }, { id: -2 }])).toBe(-3);
  });
});
