import { describe, expect, it } from 'vitest';
import { doctorServiceLines, profileEntries, profileFaqs, profileSections, type DoctorProfileInput } from '../../src/lib/doctor-profile';
import { breadcrumbListJsonLd, medicalServiceJsonLd, physicianJsonLd } from '../../src/lib/structured-data';
import { ratingSummary } from '../../src/lib/reviews';
import { priceView } from '../../src/lib/prices';
import { doctorCardProps, pageVouchers, serviceCardProps } from '../../src/components/booking/island-props';
import { reviewsRequest } from '../../src/islands/hospital/ReviewList';
import type { DoctorPageView, ServicePageView } from '../../src/data/booking-pages';

const empty: DoctorProfileInput = { glance: null, description: null, expertise: [], languages: [], experience: [], education: [], awards: [], publications: [], memberships: [], services: [], faqs: [] };

describe('doctor profile rules', () => {
  it('reads repeating sections: drops empty entries, newest year first, undated after in their order', () => {
    expect(profileEntries([{ content: 'A', year: 2010 }, { content: '  ' }, { content: 'B' }, { content: 'C', year: '2020' }, 'D', null])).toEqual([
      { content: 'C', year: 2020 },
      { content: 'A', year: 2010 },
      { content: 'B', year: null },
      { content: 'D', year: null },
    ]);
    expect(profileEntries('not a list')).toEqual([]);
  });
  it('falls back to the legacy experiences (JSON descriptions with content and year) only when the list is empty', () => {
    const legacy = [JSON.stringify({ content: 'Consultant', year: 2018 }), '{broken', { content: 'Resident', year: 2012 }];
    expect(profileEntries([], legacy)).toEqual([{ content: 'Consultant', year: 2018 }, { content: 'Resident', year: 2012 }, { content: '{broken', year: null }]);
    expect(profileEntries([{ content: 'Own', year: 2001 }], legacy)).toEqual([{ content: 'Own', year: 2001 }]);
  });
  it('keeps FAQs with both a question and an answer', () => {
    expect(profileFaqs([{ question: 'Q?', answer: 'A.' }, { question: 'Q2?', answer: ' ' }, { answer: 'x' }, 3])).toEqual([{ question: 'Q?', answer: 'A.' }]);
    expect(profileFaqs(null)).toEqual([]);
  });
  it('lists only the sections with data, in page order; a description equal to the glance is not repeated', () => {
    expect(profileSections(empty)).toEqual([]);
    expect(profileSections({ ...empty, glance: 'G', description: 'G', languages: ['English'], faqs: [{ question: 'q', answer: 'a' }], publications: [{ content: 'P', year: null }] }))
      .toEqual(['glance', 'languages', 'publications', 'faqs']);
    expect(profileSections({ ...empty, glance: 'G', description: 'More', services: [{}] })).toEqual(['glance', 'description', 'services']);
  });
  it('prices doctor services: fixed, starting from, range; hidden for partner-group doctors and zero prices unless overridden', () => {
    const services = [
      { id: 1, name: 'Fixed', description: null, price_type: 'fixed', price: 200000, price_to: null },
      { id: 2, name: 'From', description: ' Plan ', price_type: 'starting', price: 300000, price_to: null },
      { id: 3, name: 'Range', description: null, price_type: 'range', price: 100000, price_to: 250000 },
      { id: 4, name: 'Free', description: null, price_type: 'fixed', price: 0, price_to: null },
    ];
    const lines = doctorServiceLines('en-PH', services, { partnerGroup: false, priceOverride: false, currency: 'PHP' });
    expect(lines[0].priceText).toBe(priceView('en-PH', { price: 200000, currency: 'PHP' }).text);
    expect(lines[1]).toMatchObject({ description: 'Plan', priceText: `From ${priceView('en-PH', { price: 300000, currency: 'PHP' }).text}` });
    expect(lines[2].priceText).toMatch(/ - /);
    expect(lines[3].priceText).toBeNull();
    expect(doctorServiceLines('en-PH', services, { partnerGroup: true, priceOverride: false, currency: 'PHP' }).every((l) => l.priceText === null)).toBe(true);
    expect(doctorServiceLines('en-PH', services, { partnerGroup: true, priceOverride: true, currency: 'PHP' })[0].priceText).not.toBeNull();
  });
});

describe('structured data of doctor and service pages', () => {
  const hospital = { name: 'Clinic', path: '/hospital/clinic/', address: '1 Road', city: 'Manila' };
  const summary = ratingSummary({ 5: 3, 4: 1 });
  it('Physician with address, affiliation, rating, FAQPage and BreadcrumbList', () => {
    const [doc, faq, crumbs] = physicianJsonLd({
      locale: 'en-PH',
      doctor: { name: 'Dr. A', path: '/doctor/a/', image: null, description: 'Kind', specialties: ['Cardiology'], languages: ['English'] },
      hospital,
      summary,
      faqs: [{ question: 'Q?', answer: 'A.' }],
      breadcrumb: [{ name: 'Home', path: '/' }, { name: 'Clinic', path: '/hospital/clinic/' }, { name: 'Dr. A', path: '/doctor/a/' }],
    }) as Record<string, any>[];
    expect(doc).toMatchObject({ '@context': 'https://schema.org', '@type': 'Physician', name: 'Dr. A', url: 'https://healthfind.ph/doctor/a/' });
    expect(doc.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'PH' });
    expect(doc.hospitalAffiliation).toMatchObject({ '@type': 'Hospital', name: 'Clinic', url: 'https://healthfind.ph/hospital/clinic/' });
    expect(doc.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.8, bestRating: 5, worstRating: 1, reviewCount: 4 });
    expect(faq).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }] });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { position: number }) => i.position)).toEqual([1, 2, 3]);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
  it('no AggregateRating without reviews and no FAQPage without FAQs', () => {
    const out = physicianJsonLd({ locale: 'vi-VN', doctor: { name: 'B', path: '/doctor/b/', image: null, description: null, specialties: [], languages: [] }, hospital, summary: ratingSummary({}), faqs: [], breadcrumb: [{ name: 'Home', path: '/' }] }) as Record<string, any>[];
    expect(out.map((o) => o['@type'])).toEqual(['Physician', 'BreadcrumbList']);
    expect(out[0].aggregateRating).toBeUndefined();
  });
  it('Service (MedicalProcedure) with provider, Offer or AggregateOffer in the locale currency, rating', () => {
    const [svc, crumbs] = medicalServiceJsonLd({ locale: 'vi-VN', service: { name: 'Checkup', path: '/hospital/clinic/checkup/', description: 'Full', image: null }, hospital, price: { amount: 90000, amountTo: null }, summary, breadcrumb: [{ name: 'Home', path: '/' }] }) as Record<string, any>[];
    expect(svc).toMatchObject({ '@type': 'Service', serviceType: 'MedicalProcedure', name: 'Checkup', url: 'https://suckhoeviet.vn/hospital/clinic/checkup/', provider: { '@type': 'MedicalClinic', name: 'Clinic' } });
    expect(svc.offers).toEqual({ '@type': 'Offer', price: 90000, priceCurrency: 'VND', url: 'https://suckhoeviet.vn/hospital/clinic/checkup/' });
    expect(svc.aggregateRating.reviewCount).toBe(4);
    expect(crumbs['@type']).toBe('BreadcrumbList');
    const [ranged] = medicalServiceJsonLd({ locale: 'th-TH', service: { name: 'X', path: '/x/', description: null, image: null }, hospital, price: { amount: 1, amountTo: 2 }, summary: null, breadcrumb: [] }) as Record<string, any>[];
    expect(ranged.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: 1, highPrice: 2, priceCurrency: 'THB' });
    expect(ranged.aggregateRating).toBeUndefined();
    const [hidden] = medicalServiceJsonLd({ locale: 'th-TH', service: { name: 'X', path: '/x/', description: null, image: null }, hospital, price: null, summary: null, breadcrumb: [] }) as Record<string, any>[];
    expect(hidden.offers).toBeUndefined();
  });
  it('breadcrumb items are absolute URLs on the locale domain', () => {
    expect(breadcrumbListJsonLd('id-ID', [{ name: 'Beranda', path: '/' }]).itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Beranda', item: 'https://sehatkita.co.id/' });
  });
});

describe('page vouchers and the review list call', () => {
  const hospital = { id: 1, name: 'H', slug: 'h', timeZone: 'Asia/Manila', websiteUrl: null, address: 'a', city: 'c', logo: null };
  const doctor = {
    id: 7, slug: 'd', name: 'D', avatar: null, description: null, gender: null, status: 1, specialties: [], rating: 0, totalReviews: 0, publishReviews: true,
    price: 500, priceTo: null, priceType: 'fixed', promotion: null, partnerGroup: false, priceOverride: false, telemedicineFee: 400,
    validOutpatient: true, validTelemedicine: false, bufferTimeOutpatient: 0, bufferTimeTelemedicine: 0, babyFormulaCampaign: false, bookingUrl: null,
    vouchers: [{ code: '31', name: 'Online offer' }, { code: 'PHWELCOME26', name: 'Welcome' }], hospital,
  } as unknown as DoctorPageView;
  it('voucher code 31 is hidden unless the first online payment method is allowed; default badge label; notice with hotline and e-mail', () => {
    const outpatientOnly = pageVouchers('en-PH', doctorCardProps('en-PH', doctor), doctor.vouchers);
    expect(outpatientOnly.vouchers).toEqual([{ code: 'PHWELCOME26', name: 'Welcome', label: 'Voucher applicable' }]);
    expect(outpatientOnly.notice).toBe('Please contact our hotline +63 2 8888 1234 or e-mail support@healthfind.ph to get the promotional voucher.');
    const withTele = pageVouchers('en-PH', doctorCardProps('en-PH', { ...doctor, validTelemedicine: true }), doctor.vouchers);
    expect(withTele.vouchers.map((v) => v.code)).toEqual(['31', 'PHWELCOME26']);
  });
  it('a cash-only service hides voucher 31', () => {
    const service = { id: 3, slug: 's', name: 'S', logo: null, rating: 0, totalReviews: 0, publishReviews: true, price: 1, priceTo: null, priceType: 'fixed', originalPrice: null, promotion: null, isPackage: false, onlinePayment: false, requiresReservation: false, bufferTime: 0, availability: 1, phone: null, vouchers: [{ code: '31', name: 'x' }], hospital } as unknown as ServicePageView;
    expect(pageVouchers('vi-VN', serviceCardProps('vi-VN', service), service.vouchers).vouchers).toEqual([]);
  });
  it('asks the review list for a hospital branch, a doctor or a service', () => {
    expect(reviewsRequest(5, 'RECENT_FIRST', 1)).toBe('/api/reviews?hospital_branch_id=5&sort=RECENT_FIRST&page=1');
    expect(reviewsRequest({ doctor_id: 7 }, 'LOWEST_RATING', 2)).toBe('/api/reviews?doctor_id=7&sort=LOWEST_RATING&page=2');
    expect(reviewsRequest({ service_id: 9 }, 'OLDEST_FIRST', 1)).toBe('/api/reviews?service_id=9&sort=OLDEST_FIRST&page=1');
  });
});
