import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { MESSAGES } from '../../i18n/strings';
import { ogImage } from '../../functions/og-images';
import { ogImagePath } from '../../src/lib/directory-routes';
import { buildOpenApi } from '../../src/server/openapi';
import { formatMoney } from '../../src/lib/format';
import {
  BRAND_COLOR,
  BRAND_DARK,
  SHARE_IMAGE_TYPES,
  SUBTITLE_MAX,
  TITLE_MAX,
  cleanText,
  initialOf,
  isShareImageType,
  shareImageAlt,
  shareImageIdParam,
  shareImageModel,
  shareImageText,
  thaiWordBreaks,
  truncate,
  type ServiceShareInput,
  type VaccineShareInput,
} from '../../src/lib/share-image';

const service = (over: Partial<ServiceShareInput> = {}): ServiceShareInput => ({
  type: 'service',
  name: 'Khám tổng quát',
  logo: null,
  hospitalName: 'Bệnh viện Hữu Nghị',
  price: 500000,
  priceTo: null,
  priceType: 'fixed',
  originalPrice: null,
  promotion: null,
  currency: 'VND',
  availability: 1,
  rating: 0,
  totalReviews: 0,
  ...over,
});

const vaccine = (over: Partial<VaccineShareInput> = {}): VaccineShareInput => ({
  type: 'vaccine',
  name: 'Gardasil 9',
  displayName: null,
  logo: null,
  hospitalName: 'VNVC Hoàng Văn Thụ',
  address: '198 Hoàng Văn Thụ, Phú Nhuận',
  price: 2950000,
  priceDiscount: null,
  percentDiscount: null,
  currency: 'VND',
  status: 'available',
  rating: 0,
  totalReviews: 0,
  ...over,
});

describe('share image route and types', () => {
  it('names the id parameter after the type and builds the SPEC §2 address', () => {
    expect(SHARE_IMAGE_TYPES.map(shareImageIdParam)).toEqual(['hospitalId', 'doctorId', 'serviceId', 'vaccineId', 'specialtyId']);
    expect(ogImagePath('vaccine', 'th-TH', 42)).toBe('/api/og-images/vaccine/?locale=th-TH&vaccineId=42');
    expect(isShareImageType('specialty')).toBe(true);
    expect(isShareImageType('clinic')).toBe(false);
  });

  it('uses the brand colours of the site stylesheet', () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/global.css'), 'utf8');
    expect(css).toContain(`--brand: ${BRAND_COLOR};`);
    expect(css).toContain(`--brand-dark: ${BRAND_DARK};`);
  });

  it('has every ogImage string in all six locales', () => {
    const keys = Object.keys(MESSAGES['vi-VN']).filter((k) => k.startsWith('ogImage.'));
    expect(keys.length).toBeGreaterThanOrEqual(12);
    for (const l of LOCALES) for (const k of keys) expect((MESSAGES[l] as Record<string, string>)[k], `${l} ${k}`).toBeTruthy();
  });
});

describe('text rules', () => {
  it('cleans text to one NFC line', () => {
    // 'Việt' typed with combining marks becomes the composed letters the font has.
    expect(cleanText('Vie\u0323\u0302t  Nam\n\t')).toBe('Việt Nam');
    expect(cleanText('A\u200bB\u0007C')).toBe('A B C');
    expect(cleanText(null)).toBe('');
  });

  it('truncates by graphemes, never splitting a letter from its marks', () => {
    expect(truncate('Bệnh viện', 20)).toBe('Bệnh viện');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    // Thai: a consonant with its vowel and tone marks is one grapheme (4 here); 3 keep two and the ellipsis.
    expect(truncate('ที่นี่ที่นี่', 3, 'th')).toBe('ที่นี่…');
    expect(truncate('ที่นี่ที่นี่', 4, 'th')).toBe('ที่นี่ที่นี่');
    expect(truncate('x'.repeat(500), TITLE_MAX).length).toBe(TITLE_MAX);
  });

  it('gives Thai word breaks (zero-width spaces between words) and leaves other scripts alone', () => {
    const broken = thaiWordBreaks('โรงพยาบาลกรุงเทพ');
    expect(broken.replace(/\u200b/g, '')).toBe('โรงพยาบาลกรุงเทพ');
    expect(broken.split('\u200b').length).toBeGreaterThan(1);
    expect(thaiWordBreaks('Bệnh viện Chợ Rẫy')).toBe('Bệnh viện Chợ Rẫy');
    expect(thaiWordBreaks('台北榮民總醫院')).toBe('台北榮民總醫院');
  });

  it('draws the first letter of the name, skipping titles and Thai leading vowels', () => {
    expect(initialOf('BS. Nguyễn Văn An')).toBe('N');
    expect(initialOf('dr. budi santoso')).toBe('B');
    expect(initialOf('陳志明 醫師')).toBe('陳');
    expect(initialOf('โรงพยาบาลกรุงเทพ', 'th')).toBe('ร');
    expect(initialOf('นพ. สมชาย', 'th')).toBe('ส');
    expect(initialOf('Đa khoa')).toBe('Đ');
    expect(initialOf('123')).toBe('');
  });
});

describe('shareImageModel per type', () => {
  it('hospital: address and city, rating only with reviews, logo, site name of the locale', () => {
    const m = shareImageModel('vi-VN', { type: 'hospital', name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Quận 5', city: 'TP Hồ Chí Minh', logo: '/images/x.png', rating: 4.46, totalReviews: 1234 });
    expect(m.siteName).toBe('Sức Khỏe Việt');
    expect(m.domain).toBe('suckhoeviet.vn');
    expect(m.label).toBe('Bệnh viện');
    expect(m.title).toBe('Bệnh viện Chợ Rẫy');
    expect(m.subtitle).toEqual(['201B Nguyễn Chí Thanh, Quận 5, TP Hồ Chí Minh']);
    expect(m.rating).toEqual({ value: '4,5', stars: 4.5, count: '1.234 đánh giá' });
    expect(m.image).toBe('/images/x.png');
    expect(m.imageShape).toBe('square');
    expect(m.price).toBeNull();
    expect(m.cta).toBe('Đặt lịch ngay');
    const noReviews = shareImageModel('en-PH', { type: 'hospital', name: 'St. Luke’s', address: 'Rizal Drive, Taguig', city: 'Taguig', logo: null, rating: 0, totalReviews: 0 });
    expect(noReviews.rating).toBeNull();
    // The city is not repeated when the address already names it.
    expect(noReviews.subtitle).toEqual(['Rizal Drive, Taguig']);
    expect(noReviews.siteName).toBe('HealthFind PH');
  });

  it('doctor: specialties then hospital, round avatar, initial after the title', () => {
    const m = shareImageModel('th-TH', { type: 'doctor', name: 'นพ. สมชาย ใจดี', avatar: null, specialties: ['อายุรกรรม', 'กุมารเวชศาสตร์'], hospitalName: 'โรงพยาบาลกรุงเทพ', rating: 4, totalReviews: 3 });
    expect(m.subtitle.map((s) => s.replace(/\u200b/g, ''))).toEqual(['อายุรกรรม · กุมารเวชศาสตร์', 'โรงพยาบาลกรุงเทพ']);
    expect(m.imageShape).toBe('circle');
    expect(m.initial).toBe('ส');
    expect(m.label).toBe('แพทย์');
    expect(m.rating?.count).toBe('3 รีวิว');
    const none = shareImageModel('vi-VN', { type: 'doctor', name: 'BS. Lê Văn An', avatar: null, specialties: [], hospitalName: 'Bệnh viện A', rating: 0, totalReviews: 0 });
    expect(none.subtitle).toEqual(['Bệnh viện A']);
  });

  it('service: hospital and the price line of prices.ts (promotion, original price, ranges, out of stock)', () => {
    const promo = shareImageModel('vi-VN', service({ promotion: 20 }));
    expect(promo.subtitle).toEqual(['Bệnh viện Hữu Nghị']);
    expect(promo.price).toEqual({ text: formatMoney('vi-VN', 400000), original: formatMoney('vi-VN', 500000), discount: '-20%', status: null });
    const range = shareImageModel('en-PH', service({ price: 1000, priceTo: 2500, priceType: 'range', currency: 'PHP' }));
    expect(range.price?.text).toBe(`${formatMoney('en-PH', 1000, 'PHP')} - ${formatMoney('en-PH', 2500, 'PHP')}`);
    expect(shareImageModel('vi-VN', service({ price: 0 })).price).toBeNull();
    expect(shareImageModel('vi-VN', service({ availability: 0 })).price?.status).toBe('Hết hàng');
    expect(shareImageModel('zh-TW', service({ currency: 'TWD', price: 1200 })).price?.text).toBe(formatMoney('zh-TW', 1200, 'TWD'));
  });

  it('vaccine: display name, branch and address, vaccination price (0 hides it), its rating', () => {
    const m = shareImageModel('vi-VN', vaccine({ displayName: 'Vắc xin Gardasil 9', priceDiscount: 2650000, rating: 4.9, totalReviews: 87 }));
    expect(m.title).toBe('Vắc xin Gardasil 9');
    expect(m.subtitle).toEqual(['VNVC Hoàng Văn Thụ', '198 Hoàng Văn Thụ, Phú Nhuận']);
    expect(m.price).toMatchObject({ text: formatMoney('vi-VN', 2650000), original: formatMoney('vi-VN', 2950000), discount: '-10%' });
    expect(m.rating?.value).toBe('4,9');
    expect(shareImageModel('vi-VN', vaccine({ price: 0 })).price).toBeNull();
    expect(shareImageModel('vi-VN', vaccine({ price: 0, status: 'out_of_stock' })).price).toEqual({ text: '', original: null, discount: null, status: 'Hết hàng' });
    expect(shareImageModel('vi-VN', vaccine()).title).toBe('Gardasil 9');
  });

  it('specialty: country line and counts, "find a doctor"', () => {
    const m = shareImageModel('zh-TW', { type: 'specialty', name: '心臟內科', thumbnail: null, doctors: 1234, hospitals: 8 });
    expect(m.label).toBe('專科');
    expect(m.subtitle).toEqual(['台灣的醫師與醫院', '醫師：1,234 · 醫院：8']);
    expect(m.cta).toBe('尋找醫師');
    expect(m.rating).toBeNull();
    expect(m.initial).toBe('心');
  });

  it('truncates long titles and subtitles, keeps at most two subtitle lines', () => {
    const m = shareImageModel('en-PH', { ...vaccine({ name: 'V'.repeat(300), address: 'A'.repeat(300), currency: 'PHP' }) });
    expect([...m.title].length).toBe(TITLE_MAX);
    expect(m.title.endsWith('…')).toBe(true);
    expect(m.subtitle).toHaveLength(2);
    expect([...m.subtitle[1]].length).toBe(SUBTITLE_MAX);
  });

  it('every locale: its site name, domain and labels; the text to draw covers all of it', () => {
    for (const l of LOCALES) {
      const m = shareImageModel(l, service({ rating: 4.2, totalReviews: 10, promotion: 10 }));
      expect(m.siteName).toBe(LOCALE_CONFIG[l].siteName);
      expect(m.domain).toBe(LOCALE_CONFIG[l].domain);
      const text = shareImageText(m);
      for (const part of [m.siteName, m.title, m.label, m.cta, m.rating!.count, m.price!.text, m.price!.original!]) expect(text).toContain(part);
    }
  });

  it('alt text names the kind, the entity and the site', () => {
    expect(shareImageAlt('en-PH', 'doctor', 'Dr. Jose Santos')).toBe('Doctor: Dr. Jose Santos on HealthFind PH');
    expect(shareImageAlt('zh-TW', 'hospital', '台大醫院')).toBe('健康找醫上的醫院: 台大醫院');
  });
});

describe('the endpoint declaration', () => {
  it('is documented as a PNG with 400 for bad input, path parameter type and the five id parameters', () => {
    const op = (buildOpenApi([ogImage]) as any).paths['/api/og-images/{type}/'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['image/png']);
    expect(op.responses['200'].content['image/png'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(op.responses['400']).toBeDefined();
    expect(op.responses['404']).toBeDefined();
    expect(op.responses['422']).toBeUndefined();
    expect(op['x-rate-limit']).toBe('og_image');
    expect(op.security).toBeUndefined();
    const params = op.parameters.map((p: any) => `${p.in}:${p.name}:${p.required}`);
    expect(params).toEqual(['path:type:true', 'query:locale:true', 'query:hospitalId:false', 'query:doctorId:false', 'query:serviceId:false', 'query:vaccineId:false', 'query:specialtyId:false']);
    expect(op.parameters[0].schema.enum).toEqual([...SHARE_IMAGE_TYPES]);
  });
});
