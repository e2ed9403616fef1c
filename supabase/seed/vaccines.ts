/**
 * Vaccination cases of the seed (issue #7): on top of the generated vaccines, without drawing from the seed's
 * random stream (so nothing else in the seed moves). In every market:
 * - FREE_PRICE_VACCINE has a price of 0 at every branch (the price is hidden, SPEC §5);
 * - OUT_OF_STOCK_VACCINE is out of stock at every branch;
 * - EVERYWHERE_VACCINE is offered at every branch (a long branch list: load more, distance sorting);
 * - every third vaccine carries a notice.
 */
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { slugify } from './random';

export const FREE_PRICE_VACCINE = slugify('Vaxneuvance');
export const OUT_OF_STOCK_VACCINE = slugify('Qdenga');
export const EVERYWHERE_VACCINE = slugify('Vaxigrip Tetra');

export const VACCINE_NOTICES: Record<Locale, string> = {
  'vi-VN': 'Giá có thể thay đổi theo thời điểm. Vui lòng mang theo sổ tiêm chủng khi đến tiêm.',
  'en-PH': 'Prices may change without notice. Please bring your vaccination record to your appointment.',
  'id-ID': 'Harga dapat berubah sewaktu-waktu. Harap membawa buku catatan vaksinasi saat datang.',
  'zh-TW': '價格可能隨時調整，接種時請攜帶預防接種紀錄卡。',
  'ms-MY': 'Harga boleh berubah tanpa notis. Sila bawa rekod vaksinasi anda semasa temu janji.',
  'th-TH': 'ราคาอาจเปลี่ยนแปลงได้โดยไม่แจ้งล่วงหน้า กรุณานำสมุดบันทึกการฉีดวัคซีนมาด้วย',
};

type Row = Record<string, unknown>;

export function seedVaccinationCases(rows: Record<string, object[]>, nextId: (table: string) => number): void {
  const vaccines = (rows.vaccines ?? []) as Row[];
  const details = (rows.vaccine_details ?? []) as Row[];
  const hospitals = (rows.hospitals ?? []) as Row[];
  for (const locale of LOCALES) {
    const cfg = LOCALE_CONFIG[locale];
    const mine = vaccines.filter((v) => v.country_id === cfg.countryId);
    mine.forEach((v, i) => {
      if (i % 3 === 2) v.notice = VACCINE_NOTICES[locale];
    });
    const bySlug = (slug: string) => mine.find((v) => v.slug === slug);
    const free = bySlug(FREE_PRICE_VACCINE);
    const out = bySlug(OUT_OF_STOCK_VACCINE);
    const everywhere = bySlug(EVERYWHERE_VACCINE);
    for (const d of details) {
      if (free && d.vaccine_id === free.id) Object.assign(d, { price: 0, price_discount: null, percent_discount: null });
      if (out && d.vaccine_id === out.id) d.status = 'out_of_stock';
    }
    if (everywhere) {
      const have = new Set(details.filter((d) => d.vaccine_id === everywhere.id).map((d) => d.hospital_id));
      const template = details.find((d) => d.vaccine_id === everywhere.id);
      for (const h of hospitals.filter((x) => x.country_id === cfg.countryId && !have.has(x.id))) {
        const id = Number(h.id);
        const price = Number(template?.price ?? 0) + (id % 5) * 10 * (cfg.currency === 'VND' || cfg.currency === 'IDR' ? 1000 : 1);
        details.push({ id: nextId('vaccine_details'), vaccine_id: everywhere.id, hospital_id: id, price, price_unit: cfg.currency, status: 'available' });
      }
    }
  }
  rows.vaccine_details = details;
}
