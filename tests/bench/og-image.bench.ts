/**
 * Share image drawing (issue #7): milliseconds per 1200×630 PNG, layout (satori) and raster (resvg) apart, for
 * every type in every locale. The first render of the process is reported alone: it pays for the WebAssembly
 * start of the layout engine and for reading the fonts; after it a cold serverless instance is warm.
 */
import type { Locale } from '../../i18n/locales';
import { LOCALES } from '../../i18n/locales';
import { shareImageModel, type ShareImageInput } from '../../src/lib/share-image';
import { renderShareImage } from '../../src/server/share-image';
import type { Benchmark } from './harness';
import { percentile, round } from './harness';

const NAMES: Record<Locale, { hospital: string; doctor: string; specialty: string; address: string; service: string; vaccine: string }> = {
  'vi-VN': { hospital: 'Bệnh viện Đa khoa Quốc tế Hữu Nghị Việt Đức', doctor: 'BS. Nguyễn Thị Thu Hương', specialty: 'Tai Mũi Họng', address: '40 Tràng Thi, Hoàn Kiếm, Hà Nội', service: 'Gói khám sức khỏe tổng quát nâng cao', vaccine: 'Vắc xin phòng cúm Vaxigrip Tetra' },
  'en-PH': { hospital: "St. Luke's Medical Center – Global City", doctor: 'Dr. Maria Theresa Santos', specialty: 'Cardiology', address: 'Rizal Drive cor. 32nd St., Taguig', service: 'Executive Check-up Package', vaccine: 'Influenza Quadrivalent' },
  'id-ID': { hospital: 'Rumah Sakit Umum Pusat Nasional Cipto Mangunkusumo', doctor: 'dr. Budi Santoso, Sp.PD', specialty: 'Penyakit Dalam', address: 'Jl. Diponegoro No. 71, Jakarta Pusat', service: 'Medical Check-up Lengkap', vaccine: 'Vaksin Influenza' },
  'zh-TW': { hospital: '臺北榮民總醫院', doctor: '陳志明 醫師', specialty: '心臟血管內科', address: '台北市北投區石牌路二段201號', service: '全身健康檢查套餐（高階）', vaccine: '四價流感疫苗' },
  'ms-MY': { hospital: 'Hospital Pakar Sunway Medical Centre', doctor: 'Dr. Siti Aminah Abdullah', specialty: 'Kardiologi', address: 'Jalan Lagoon Selatan, Bandar Sunway', service: 'Pemeriksaan Kesihatan Penuh', vaccine: 'Vaksin Influenza' },
  'th-TH': { hospital: 'โรงพยาบาลจุฬาลงกรณ์ สภากาชาดไทย', doctor: 'นพ. สมชาย ใจดี', specialty: 'อายุรกรรมโรคหัวใจ', address: '1873 ถนนพระรามที่ 4 แขวงปทุมวัน กรุงเทพมหานคร', service: 'ตรวจสุขภาพประจำปี', vaccine: 'วัคซีนไข้หวัดใหญ่ 4 สายพันธุ์' },
};

function inputs(locale: Locale): ShareImageInput[] {
  const n = NAMES[locale];
  const currency = ({ 'vi-VN': 'VND', 'en-PH': 'PHP', 'id-ID': 'IDR', 'zh-TW': 'TWD', 'ms-MY': 'MYR', 'th-TH': 'THB' } as const)[locale];
  return [
    { type: 'hospital', name: n.hospital, address: n.address, city: null, logo: null, rating: 4.4, totalReviews: 321 },
    { type: 'doctor', name: n.doctor, avatar: null, specialties: [n.specialty], hospitalName: n.hospital, rating: 4.8, totalReviews: 57 },
    { type: 'service', name: n.service, logo: null, hospitalName: n.hospital, price: 1500, priceTo: null, priceType: 'fixed', originalPrice: null, promotion: 15, currency, availability: 1, rating: 4.1, totalReviews: 9 },
    { type: 'vaccine', name: n.vaccine, displayName: null, logo: null, hospitalName: n.hospital, address: n.address, price: 900, priceDiscount: 750, percentDiscount: null, currency, status: 'available', rating: 0, totalReviews: 0 },
    { type: 'specialty', name: n.specialty, thumbnail: null, doctors: 128, hospitals: 17 },
  ];
}

const ROUNDS = 5;

const bench: Benchmark = {
  name: 'og-image',
  async run({ emit, log }) {
    const first = shareImageModel('vi-VN', inputs('vi-VN')[0]);
    const t0 = performance.now();
    const cold = await renderShareImage(first, null);
    emit({ name: 'og_image_first_render_ms', value: round(performance.now() - t0, 1), unit: 'ms', detail: { layout: round(cold.timings.layout, 1), raster: round(cold.timings.raster, 1) } });
    const all: number[] = [];
    for (const locale of LOCALES) {
      for (const input of inputs(locale)) {
        const model = shareImageModel(locale, input);
        const samples: number[] = [];
        let layout = 0;
        let raster = 0;
        let bytes = 0;
        let firstMs = 0;
        for (let r = 0; r < ROUNDS; r++) {
          const t = performance.now();
          const out = await renderShareImage(model, null);
          const ms = performance.now() - t;
          if (r === 0) firstMs = ms; // this locale's fonts read for the first time
          else {
            samples.push(ms);
            layout += out.timings.layout;
            raster += out.timings.raster;
          }
          bytes = out.png.byteLength;
        }
        samples.sort((a, b) => a - b);
        all.push(...samples);
        emit({
          name: `og_image_render_ms_${input.type}_${locale}`,
          value: round(percentile(samples, 50), 1),
          unit: 'ms',
          detail: { first: round(firstMs, 1), layoutMean: round(layout / samples.length, 1), rasterMean: round(raster / samples.length, 1), pngBytes: bytes },
        });
      }
      log(`og-image: ${locale} done`);
    }
    all.sort((a, b) => a - b);
    emit({ name: 'og_image_render_ms_p50', value: round(percentile(all, 50), 1), unit: 'ms', detail: { images: all.length } });
    emit({ name: 'og_image_render_ms_p95', value: round(percentile(all, 95), 1), unit: 'ms', detail: { images: all.length } });
  },
};

export default bench;
