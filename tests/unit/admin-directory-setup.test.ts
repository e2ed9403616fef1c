/** The directory's set-up rules (issue 37): the go-live steps and their links, the map pin's readings, the lists' filter, vaccine details. */
import { describe, expect, it } from 'vitest';
import { GO_LIVE_STEPS, goLiveSteps, isLive, type GoLiveFacts } from '../../src/lib/admin-go-live';
import { insideExtent, marketExtent, parseCoordinates, project, unproject } from '../../src/lib/map-pin';
import { filterOptions } from '../../src/lib/admin-branch-catalogs';
import { canEditVaccineDetails, linesToLabels, vaccineBody } from '../../src/lib/admin-vaccines';
import { LOCALE_CONFIG } from '../../i18n/locales';

const nothing: GoLiveFacts = {
  organizationId: 7,
  organizationActive: true,
  branch: null,
  doctor: null,
  branchActive: false,
  branchHasAddress: false,
  branchHasHours: false,
  doctorHasPrice: false,
  doctorHasSlots: false,
  doctorActive: false,
};

describe('go-live steps', () => {
  it('a new organization: only its own switch is done; the first step links to adding a branch, later ones wait for it', () => {
    const steps = goLiveSteps(nothing);
    expect(steps.map((s) => s.key)).toEqual([...GO_LIVE_STEPS]);
    expect(steps.filter((s) => s.done).map((s) => s.key)).toEqual(['organizationActive']);
    expect(steps[0]).toEqual({ key: 'branch', done: false, href: '/admin/organization/7#new-branch-title' });
    expect(steps.find((s) => s.key === 'hours')!.href).toBeNull();
    expect(isLive(steps)).toBe(false);
  });

  it('each step links to the screen that does it, for the branch and doctor nearest to bookable', () => {
    const steps = goLiveSteps({ ...nothing, branch: { id: 3, name: 'Cơ sở 1' }, doctor: { id: 11, name: 'BS. An' }, branchHasAddress: true });
    const href = Object.fromEntries(steps.map((s) => [s.key, s.href]));
    expect(href).toMatchObject({
      address: '/admin/organization/7?branch=3&tab=profile',
      hours: '/admin/organization/7?branch=3&tab=hours',
      doctor: '/admin/doctors/add?hospital_id=7&branch_id=3',
      price: '/admin/doctors/11/edit',
      availability: '/admin/doctors/11/availability',
      branchActive: '/admin/organization/7?branch=3&tab=indexing',
    });
    expect(steps.filter((s) => !s.done).map((s) => s.key)).toEqual(['hours', 'price', 'availability', 'doctorActive', 'branchActive']);
  });

  it('live when every step is done', () => {
    const all = { ...nothing, branch: { id: 3, name: 'x' }, doctor: { id: 11, name: 'y' }, branchActive: true, branchHasAddress: true, branchHasHours: true, doctorHasPrice: true, doctorHasSlots: true, doctorActive: true };
    expect(isLive(goLiveSteps(all))).toBe(true);
    expect(isLive(goLiveSteps({ ...all, organizationActive: false }))).toBe(false);
  });
});

describe('map pin', () => {
  it('reads coordinates from what a person pastes', () => {
    expect(parseCoordinates('10.7769, 106.7009')).toEqual({ latitude: 10.7769, longitude: 106.7009 });
    expect(parseCoordinates('https://www.google.com/maps/place/Ch%E1%BB%A3+B%E1%BA%BFn+Th%C3%A0nh/@10.7721,106.6983,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d10.772109!4d106.698285')).toEqual({
      latitude: 10.772109,
      longitude: 106.698285,
    });
    expect(parseCoordinates('https://www.google.com/maps/@13.7563309,100.5017651,15z')).toEqual({ latitude: 13.7563309, longitude: 100.5017651 });
    expect(parseCoordinates('https://www.google.com/maps/search/?api=1&query=-6.2,106.816666')).toEqual({ latitude: -6.2, longitude: 106.816666 });
    expect(parseCoordinates('https://www.openstreetmap.org/?mlat=14.5995&mlon=120.9842#map=15/14.5995/120.9842')).toEqual({ latitude: 14.5995, longitude: 120.9842 });
    expect(parseCoordinates('https://www.openstreetmap.org/#map=17/25.03300/121.56540')).toEqual({ latitude: 25.033, longitude: 121.5654 });
    expect(parseCoordinates('geo:3.139,101.6869')).toEqual({ latitude: 3.139, longitude: 101.6869 });
    expect(parseCoordinates('10.123456789, 106.1')).toEqual({ latitude: 10.1234568, longitude: 106.1 });
    expect(parseCoordinates('12 Lê Lợi, Quận 1')).toBeNull();
    expect(parseCoordinates('106.7, 10.7')).toBeNull();
  });

  it('knows each market, so swapped coordinates are caught', () => {
    const vn = marketExtent(LOCALE_CONFIG['vi-VN'].countryId)!;
    expect(insideExtent({ latitude: 10.7769, longitude: 106.7009 }, vn)).toBe(true);
    expect(insideExtent({ latitude: 14.5995, longitude: 120.9842 }, vn)).toBe(false);
    for (const l of ['en-PH', 'id-ID', 'zh-TW', 'ms-MY', 'th-TH'] as const) expect(marketExtent(LOCALE_CONFIG[l].countryId)).not.toBeNull();
  });

  it('projects onto the preview and back', () => {
    const th = marketExtent(LOCALE_CONFIG['th-TH'].countryId)!;
    const p = { latitude: 13.7563, longitude: 100.5018 };
    const xy = project(p, th, 320, 240);
    const back = unproject(xy.x, xy.y, th, 320, 240);
    expect(back.latitude).toBeCloseTo(p.latitude, 6);
    expect(back.longitude).toBeCloseTo(p.longitude, 6);
  });
});

describe('branch lists and vaccine details', () => {
  it('filters options by the typed words, the ticked ones first', () => {
    const options = [
      { id: 1, name: 'Nhi khoa' },
      { id: 2, name: 'Tim mạch' },
      { id: 3, name: 'Nhi sơ sinh' },
    ];
    expect(filterOptions(options, [3], 'nhi').map((o) => o.id)).toEqual([3, 1]);
    expect(filterOptions(options, [2], '').map((o) => o.id)).toEqual([2, 1, 3]);
  });

  it('vaccine details: platform admins edit them; labels one a line; the name is required', () => {
    expect(['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor'].map(canEditVaccineDetails)).toEqual([true, true, false, false, false, false]);
    expect(linesToLabels(' Trẻ từ 6 tháng \n\nNgười lớn\n')).toEqual(['Trẻ từ 6 tháng', 'Người lớn']);
    expect(vaccineBody.safeParse({ name: ' ' }).success).toBe(false);
    expect(vaccineBody.parse({ name: 'Cúm', logo: '/images/x.png', age_groups: ['Người lớn'] })).toMatchObject({ name: 'Cúm', logo: '/images/x.png', display_name: '', is_active: true, doses: [] });
    expect(vaccineBody.safeParse({ name: 'Cúm', logo: 'javascript:alert(1)' }).success).toBe(false);
  });
});
