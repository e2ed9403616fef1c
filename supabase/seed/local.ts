/** Local-language texts, phone formats and price magnitudes per market. */
import type { Locale } from '../../i18n/locales';
import type { Random } from './random';

export interface LocalText {
  about: (name: string, city: string) => string;
  guide: string;
  facilities: string[];
  faqs: Array<{ question: string; answer: string }>;
  experience: (place: string) => string;
  education: string[];
  languages: string[];
  insurances: string[];
  articleTitles: string[];
  navLabels: string[];
  searchKeys: string[];
  voucherNames: string[];
}

export const LOCAL_TEXT: Record<Locale, LocalText> = {
  'vi-VN': {
    about: (n, c) => `${n} là cơ sở y tế tư nhân tại ${c}, với đội ngũ bác sĩ giàu kinh nghiệm và trang thiết bị hiện đại.\nBệnh viện cung cấp dịch vụ khám chữa bệnh ngoại trú, nội trú và tầm soát sức khỏe định kỳ.`,
    guide: 'Vui lòng đến trước giờ hẹn 15 phút và mang theo CCCD, thẻ BHYT (nếu có).\nQuầy tiếp đón tầng 1 hỗ trợ làm thủ tục.',
    facilities: ['Máy MRI 1.5 Tesla', 'Phòng mổ vô trùng', 'Khu xét nghiệm', 'Nhà thuốc', 'Bãi đỗ xe'],
    faqs: [{ question: 'Bệnh viện có nhận BHYT không?', answer: 'Có, bệnh viện nhận BHYT theo quy định.' }, { question: 'Có cần đặt lịch trước không?', answer: 'Nên đặt lịch trước để không phải chờ.' }],
    experience: (p) => `Bác sĩ điều trị tại ${p}`,
    education: ['Đại học Y Dược TP.HCM', 'Đại học Y Hà Nội', 'Đại học Y Dược Huế'],
    languages: ['Tiếng Việt', 'English'],
    insurances: ['Bảo Việt', 'Prudential', 'Manulife', 'AIA', 'PVI'],
    articleTitles: ['5 dấu hiệu cảnh báo bệnh tim mạch', 'Lịch tiêm chủng cho trẻ dưới 2 tuổi', 'Khám sức khỏe định kỳ: cần làm những gì?', 'Cách phòng ngừa sốt xuất huyết mùa mưa'],
    navLabels: ['Bệnh viện', 'Bác sĩ', 'Dịch vụ', 'Tiêm chủng', 'Cẩm nang'],
    searchKeys: ['khám tổng quát', 'nhi khoa', 'tiêm HPV', 'nội soi dạ dày', 'siêu âm thai', 'da liễu'],
    voucherNames: ['Giảm 10% lần khám đầu', 'Ưu đãi gói khám sức khỏe', 'Giảm 50.000đ khi thanh toán online'],
  },
  'en-PH': {
    about: (n, c) => `${n} is a private hospital in ${c} with board-certified specialists and modern facilities.\nIt offers outpatient consultations, admissions and annual physical examinations.`,
    guide: 'Please arrive 15 minutes before your appointment and bring a valid ID and your HMO card.\nThe admitting section on the ground floor will assist you.',
    facilities: ['1.5T MRI', 'Operating rooms', 'Laboratory', 'Pharmacy', 'Parking'],
    faqs: [{ question: 'Do you accept HMO?', answer: 'Yes, we accept most major HMOs.' }, { question: 'Do I need an appointment?', answer: 'Appointments are recommended to avoid waiting.' }],
    experience: (p) => `Consultant at ${p}`,
    education: ['University of the Philippines College of Medicine', 'University of Santo Tomas Faculty of Medicine and Surgery', 'Ateneo School of Medicine and Public Health'],
    languages: ['English', 'Filipino'],
    insurances: ['Maxicare', 'Intellicare', 'MediCard', 'PhilCare', 'Cocolife'],
    articleTitles: ['5 warning signs of heart disease', 'Vaccination schedule for children under 2', 'What to expect at your annual physical exam', 'How to prevent dengue this rainy season'],
    navLabels: ['Hospitals', 'Doctors', 'Services', 'Vaccination', 'Health Guide'],
    searchKeys: ['annual physical exam', 'pediatrician', 'HPV vaccine', 'endoscopy', 'ultrasound', 'dermatologist'],
    voucherNames: ['10% off your first consultation', 'Check-up package deal', 'PHP 200 off online payment'],
  },
  'id-ID': {
    about: (n, c) => `${n} adalah rumah sakit swasta di ${c} dengan dokter spesialis berpengalaman dan fasilitas modern.\nMelayani rawat jalan, rawat inap, dan medical check-up.`,
    guide: 'Harap datang 15 menit sebelum jadwal dan membawa KTP serta kartu BPJS atau asuransi.\nBagian pendaftaran di lantai dasar siap membantu.',
    facilities: ['MRI 1,5 Tesla', 'Kamar operasi', 'Laboratorium', 'Apotek', 'Area parkir'],
    faqs: [{ question: 'Apakah menerima BPJS?', answer: 'Ya, untuk layanan tertentu sesuai ketentuan.' }, { question: 'Apakah perlu membuat janji?', answer: 'Disarankan membuat janji agar tidak menunggu lama.' }],
    experience: (p) => `Dokter di ${p}`,
    education: ['Fakultas Kedokteran Universitas Indonesia', 'Fakultas Kedokteran Universitas Gadjah Mada', 'Fakultas Kedokteran Universitas Airlangga'],
    languages: ['Bahasa Indonesia', 'English'],
    insurances: ['Prudential', 'Allianz', 'AXA Mandiri', 'Admedika', 'BNI Life'],
    articleTitles: ['5 tanda awal penyakit jantung', 'Jadwal imunisasi anak di bawah 2 tahun', 'Apa saja yang diperiksa saat medical check-up?', 'Cara mencegah demam berdarah di musim hujan'],
    navLabels: ['Rumah Sakit', 'Dokter', 'Layanan', 'Vaksinasi', 'Artikel'],
    searchKeys: ['medical check-up', 'dokter anak', 'vaksin HPV', 'endoskopi', 'USG kehamilan', 'dokter kulit'],
    voucherNames: ['Diskon 10% konsultasi pertama', 'Promo paket MCU', 'Potongan Rp50.000 bayar online'],
  },
  'zh-TW': {
    about: (n, c) => `${n}位於${c}，擁有經驗豐富的專科醫師與先進醫療設備。\n提供門診、住院及健康檢查服務。`,
    guide: '請於預約時間前15分鐘報到，並攜帶健保卡及身分證件。\n一樓服務台可協助掛號。',
    facilities: ['1.5T 核磁共振', '手術室', '檢驗科', '藥局', '停車場'],
    faqs: [{ question: '是否接受健保？', answer: '是的，本院為健保特約醫院。' }, { question: '需要預約嗎？', answer: '建議事先預約以減少候診時間。' }],
    experience: (p) => `${p} 主治醫師`,
    education: ['國立臺灣大學醫學系', '國立陽明交通大學醫學系', '高雄醫學大學醫學系'],
    languages: ['中文', '台語', 'English'],
    insurances: ['國泰人壽', '富邦人壽', '新光人壽', '南山人壽', '台灣人壽'],
    articleTitles: ['心臟病的五個警訊', '兩歲以下兒童疫苗接種時程', '健康檢查要做哪些項目？', '雨季如何預防登革熱'],
    navLabels: ['醫院', '醫師', '服務', '疫苗', '健康知識'],
    searchKeys: ['健康檢查', '小兒科', 'HPV疫苗', '胃鏡', '超音波', '皮膚科'],
    voucherNames: ['首次看診九折', '健檢套餐優惠', '線上付款折抵100元'],
  },
  'ms-MY': {
    about: (n, c) => `${n} ialah hospital swasta di ${c} dengan pakar perubatan berpengalaman dan kemudahan moden.\nMenawarkan rawatan pesakit luar, pesakit dalam dan pemeriksaan kesihatan.`,
    guide: 'Sila tiba 15 minit sebelum temujanji dan bawa MyKad serta kad insurans anda.\nKaunter pendaftaran di tingkat bawah sedia membantu.',
    facilities: ['MRI 1.5 Tesla', 'Dewan bedah', 'Makmal', 'Farmasi', 'Tempat letak kereta'],
    faqs: [{ question: 'Adakah panel insurans diterima?', answer: 'Ya, kami menerima kebanyakan panel insurans utama.' }, { question: 'Perlukah membuat temujanji?', answer: 'Temujanji disyorkan untuk mengelakkan menunggu.' }],
    experience: (p) => `Pakar perunding di ${p}`,
    education: ['Universiti Malaya', 'Universiti Kebangsaan Malaysia', 'Universiti Sains Malaysia'],
    languages: ['Bahasa Melayu', 'English', '中文'],
    insurances: ['AIA', 'Great Eastern', 'Allianz', 'Prudential', 'Etiqa'],
    articleTitles: ['5 tanda awal penyakit jantung', 'Jadual imunisasi kanak-kanak bawah 2 tahun', 'Apa yang diperiksa semasa pemeriksaan kesihatan?', 'Cara mencegah denggi musim hujan'],
    navLabels: ['Hospital', 'Doktor', 'Perkhidmatan', 'Vaksinasi', 'Artikel'],
    searchKeys: ['pemeriksaan kesihatan', 'pakar kanak-kanak', 'vaksin HPV', 'endoskopi', 'imbasan ultrabunyi', 'pakar kulit'],
    voucherNames: ['Diskaun 10% konsultasi pertama', 'Promosi pakej pemeriksaan', 'Potongan RM20 bayaran dalam talian'],
  },
  'th-TH': {
    about: (n, c) => `${n} เป็นโรงพยาบาลเอกชนใน${c} พร้อมทีมแพทย์ผู้เชี่ยวชาญและเครื่องมือทันสมัย\nให้บริการผู้ป่วยนอก ผู้ป่วยใน และตรวจสุขภาพประจำปี`,
    guide: 'กรุณามาก่อนเวลานัด 15 นาที พร้อมบัตรประชาชนและบัตรประกัน\nเคาน์เตอร์ลงทะเบียนชั้น 1 พร้อมให้บริการ',
    facilities: ['เครื่อง MRI 1.5 เทสลา', 'ห้องผ่าตัด', 'ห้องปฏิบัติการ', 'ร้านยา', 'ที่จอดรถ'],
    faqs: [{ question: 'รับประกันสุขภาพหรือไม่?', answer: 'รับประกันสุขภาพของบริษัทชั้นนำส่วนใหญ่' }, { question: 'ต้องนัดล่วงหน้าหรือไม่?', answer: 'แนะนำให้นัดล่วงหน้าเพื่อลดเวลารอ' }],
    experience: (p) => `แพทย์ประจำ${p}`,
    education: ['คณะแพทยศาสตร์ศิริราชพยาบาล มหาวิทยาลัยมหิดล', 'คณะแพทยศาสตร์ จุฬาลงกรณ์มหาวิทยาลัย', 'คณะแพทยศาสตร์ มหาวิทยาลัยเชียงใหม่'],
    languages: ['ไทย', 'English'],
    insurances: ['เมืองไทยประกันชีวิต', 'AIA', 'กรุงเทพประกันภัย', 'อลิอันซ์ อยุธยา', 'FWD'],
    articleTitles: ['5 สัญญาณเตือนโรคหัวใจ', 'ตารางวัคซีนเด็กอายุต่ำกว่า 2 ปี', 'ตรวจสุขภาพประจำปีต้องตรวจอะไรบ้าง', 'วิธีป้องกันไข้เลือดออกหน้าฝน'],
    navLabels: ['โรงพยาบาล', 'แพทย์', 'บริการ', 'วัคซีน', 'บทความ'],
    searchKeys: ['ตรวจสุขภาพ', 'กุมารแพทย์', 'วัคซีน HPV', 'ส่องกล้อง', 'อัลตราซาวด์', 'แพทย์ผิวหนัง'],
    voucherNames: ['ลด 10% ครั้งแรก', 'โปรแพ็กเกจตรวจสุขภาพ', 'ลด 100 บาทเมื่อชำระออนไลน์'],
  },
};

/** Phone formats: '#' is a digit. Landline of a hospital, mobile of a person. */
export const PHONE_FORMATS: Record<Locale, { landline: string; mobile: string }> = {
  'vi-VN': { landline: '028 38## ####', mobile: '09## ### ###' },
  'en-PH': { landline: '(02) 8### ####', mobile: '0917 ### ####' },
  'id-ID': { landline: '(021) 5### ####', mobile: '0812-####-####' },
  'zh-TW': { landline: '(02) 2###-####', mobile: '09##-###-###' },
  'ms-MY': { landline: '03-2### ####', mobile: '012-### ####' },
  'th-TH': { landline: '02-###-####', mobile: '08#-###-####' },
};
export function phone(random: Random, format: string): string {
  return format.replace(/#/g, () => String(random.int(0, 9)));
}

/** Consultation fee range and rounding step in the local currency. */
export const FEES: Record<Locale, { min: number; max: number; step: number }> = {
  'vi-VN': { min: 150_000, max: 800_000, step: 50_000 },
  'en-PH': { min: 500, max: 2_500, step: 100 },
  'id-ID': { min: 150_000, max: 750_000, step: 25_000 },
  'zh-TW': { min: 150, max: 800, step: 50 },
  'ms-MY': { min: 80, max: 350, step: 10 },
  'th-TH': { min: 500, max: 2_500, step: 100 },
};
export function fee(random: Random, locale: Locale, factor = 1): number {
  const f = FEES[locale];
  const raw = (f.min + random.next() * (f.max - f.min)) * factor;
  return Math.max(f.step, Math.round(raw / f.step) * f.step);
}
