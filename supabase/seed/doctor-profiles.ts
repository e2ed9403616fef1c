/**
 * Doctor profile content for the doctor page (issue #7): a description, publications, awards, memberships,
 * FAQs and doctor services in the market's language, and the online-only voucher (code 31, SPEC §9).
 * Deterministic: which doctors get what depends only on their ids. Runs inside the seed's transaction, after the
 * bulk rows are loaded and the identity sequences are moved past them.
 */
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import type { Queryable } from '../../src/data/db';
import { ONLINE_ONLY_VOUCHER_CODE } from '../../src/lib/payments';

interface ProfileText {
  description: string;
  publications: [string, string];
  award: string;
  membership: string;
  faqs: [string, string][];
  /** Services of a doctor: name, description, price factor (1 = the consultation fee), price type. */
  services: [string, string, number, 'fixed' | 'starting'][];
  voucher: string;
  /** Reviewers' names and feedback for low, middling and high ratings. */
  reviewers: string[];
  feedback: [string, string, string];
}

const TEXT: Record<Locale, ProfileText> = {
  'vi-VN': {
    description: 'Bác sĩ có nhiều năm kinh nghiệm khám và điều trị, luôn lắng nghe người bệnh và giải thích rõ ràng phác đồ điều trị.',
    publications: ['Đánh giá hiệu quả điều trị ngoại trú tại bệnh viện tuyến tỉnh, Tạp chí Y học Việt Nam', 'Tổng quan các yếu tố nguy cơ tim mạch ở người trưởng thành, Tạp chí Y học Thực hành'],
    award: 'Bằng khen của Bộ Y tế vì thành tích xuất sắc trong khám chữa bệnh',
    membership: 'Hội Y học Việt Nam',
    faqs: [
      ['Tôi cần chuẩn bị gì trước khi khám?', 'Vui lòng mang theo giấy tờ tùy thân, sổ khám bệnh và các kết quả xét nghiệm gần nhất.'],
      ['Bác sĩ có khám cho trẻ em không?', 'Có, bác sĩ nhận khám theo đối tượng ghi trong mục Khám cho của hồ sơ.'],
      ['Tôi có thể hủy lịch hẹn không?', 'Bạn có thể hủy lịch hẹn trong mục lịch hẹn của tôi trước giờ khám.'],
    ],
    services: [['Khám tổng quát', 'Khám lâm sàng và tư vấn kết quả', 1, 'fixed'], ['Tư vấn điều trị chuyên sâu', 'Lập kế hoạch điều trị cá nhân', 1.5, 'starting']],
    voucher: 'Ưu đãi thanh toán trực tuyến',
    reviewers: ["Trần Minh Anh", "Lê Thu Hà", "Phạm Quốc Bảo", "Hoàng Ngọc Lan"],
    feedback: ["Phải chờ khá lâu, cần cải thiện.", "Khám ổn, thời gian chờ hơi lâu.", "Rất hài lòng, bác sĩ tư vấn kỹ."],
  },
  'en-PH': {
    description: 'A physician with many years of clinical practice who takes time to listen and explains every treatment plan clearly.',
    publications: ['Outcomes of outpatient care in provincial hospitals, Philippine Journal of Internal Medicine', 'A review of cardiovascular risk factors in adults, Acta Medica Philippina'],
    award: 'Outstanding Physician Award of the Philippine Medical Association',
    membership: 'Philippine Medical Association',
    faqs: [
      ['What should I bring to my appointment?', 'Please bring a valid ID, your medical records and your most recent test results.'],
      ['Does the doctor see children?', 'Yes, the doctor sees the patients listed under Provide for in this profile.'],
      ['Can I cancel my appointment?', 'You can cancel it from your appointments before the appointment time.'],
    ],
    services: [['General consultation', 'Clinical examination and advice on results', 1, 'fixed'], ['Specialist treatment planning', 'A personal treatment plan', 1.5, 'starting']],
    voucher: 'Online payment offer',
    reviewers: ["Maria Santos", "Jose Reyes", "Ana Cruz", "Mark Bautista"],
    feedback: ["The wait was far too long.", "Good visit, the wait was a bit long.", "Very satisfied, clear and caring advice."],
  },
  'id-ID': {
    description: 'Dokter berpengalaman bertahun-tahun dalam praktik klinis yang selalu mendengarkan pasien dan menjelaskan rencana pengobatan dengan jelas.',
    publications: ['Hasil perawatan rawat jalan di rumah sakit daerah, Jurnal Kedokteran Indonesia', 'Tinjauan faktor risiko kardiovaskular pada orang dewasa, Majalah Kedokteran Indonesia'],
    award: 'Penghargaan Dokter Teladan dari Ikatan Dokter Indonesia',
    membership: 'Ikatan Dokter Indonesia',
    faqs: [
      ['Apa yang perlu saya bawa saat konsultasi?', 'Bawalah kartu identitas, catatan medis, dan hasil pemeriksaan terakhir Anda.'],
      ['Apakah dokter menerima pasien anak?', 'Ya, dokter menerima pasien sesuai bagian Melayani pada profil ini.'],
      ['Bisakah saya membatalkan janji temu?', 'Anda dapat membatalkannya dari daftar janji temu sebelum waktu konsultasi.'],
    ],
    services: [['Konsultasi umum', 'Pemeriksaan klinis dan penjelasan hasil', 1, 'fixed'], ['Perencanaan pengobatan spesialis', 'Rencana pengobatan pribadi', 1.5, 'starting']],
    voucher: 'Promo pembayaran online',
    reviewers: ["Siti Rahma", "Budi Santoso", "Dewi Lestari", "Agus Pratama"],
    feedback: ["Antrean terlalu lama.", "Pemeriksaan baik, antrean agak lama.", "Sangat puas, penjelasan jelas dan ramah."],
  },
  'zh-TW': {
    description: '醫師擁有多年臨床經驗，耐心傾聽病人需求，並清楚說明每一項治療計畫。',
    publications: ['區域醫院門診照護成效評估，台灣醫學', '成人心血管危險因子回顧，台灣家庭醫學雜誌'],
    award: '衛生福利部醫療奉獻獎',
    membership: '台灣醫學會',
    faqs: [
      ['看診前需要準備什麼？', '請攜帶身分證件、健保卡與最近的檢查報告。'],
      ['醫師有看兒童嗎？', '有，醫師依本頁「看診對象」所列對象看診。'],
      ['可以取消預約嗎？', '您可以在看診時間前於我的預約中取消。'],
    ],
    services: [['一般門診諮詢', '臨床檢查與報告說明', 1, 'fixed'], ['專科治療規劃', '個人化治療計畫', 1.5, 'starting']],
    voucher: '線上付款優惠',
    reviewers: ["陳怡君", "林志明", "王美玲", "張家豪"],
    feedback: ["等候時間太長。", "看診不錯，等候稍久。", "非常滿意，說明清楚又親切。"],
  },
  'ms-MY': {
    description: 'Doktor yang berpengalaman bertahun-tahun dalam amalan klinikal, sentiasa mendengar pesakit dan menerangkan pelan rawatan dengan jelas.',
    publications: ['Hasil rawatan pesakit luar di hospital negeri, Medical Journal of Malaysia', 'Tinjauan faktor risiko kardiovaskular dalam kalangan dewasa, Malaysian Family Physician'],
    award: 'Anugerah Doktor Cemerlang Persatuan Perubatan Malaysia',
    membership: 'Persatuan Perubatan Malaysia',
    faqs: [
      ['Apakah yang perlu saya bawa semasa temu janji?', 'Sila bawa kad pengenalan, rekod perubatan dan keputusan ujian terkini anda.'],
      ['Adakah doktor merawat kanak-kanak?', 'Ya, doktor merawat pesakit seperti yang disenaraikan di bahagian Rawatan untuk.'],
      ['Bolehkah saya membatalkan temu janji?', 'Anda boleh membatalkannya dalam senarai temu janji anda sebelum waktu temu janji.'],
    ],
    services: [['Konsultasi am', 'Pemeriksaan klinikal dan penerangan keputusan', 1, 'fixed'], ['Perancangan rawatan pakar', 'Pelan rawatan peribadi', 1.5, 'starting']],
    voucher: 'Tawaran bayaran dalam talian',
    reviewers: ["Nurul Aina", "Ahmad Faiz", "Siti Aminah", "Lim Wei Jie"],
    feedback: ["Masa menunggu terlalu lama.", "Pemeriksaan baik, menunggu agak lama.", "Sangat berpuas hati, penerangan jelas."],
  },
  'th-TH': {
    description: 'แพทย์ผู้มีประสบการณ์ทางคลินิกหลายปี ใส่ใจรับฟังผู้ป่วยและอธิบายแผนการรักษาอย่างชัดเจน',
    publications: ['ผลการรักษาผู้ป่วยนอกในโรงพยาบาลจังหวัด, วารสารการแพทย์ไทย', 'ทบทวนปัจจัยเสี่ยงโรคหัวใจและหลอดเลือดในผู้ใหญ่, จดหมายเหตุทางแพทย์'],
    award: 'รางวัลแพทย์ดีเด่น แพทยสมาคมแห่งประเทศไทย',
    membership: 'แพทยสมาคมแห่งประเทศไทย',
    faqs: [
      ['ต้องเตรียมอะไรก่อนพบแพทย์?', 'กรุณานำบัตรประชาชน ประวัติการรักษา และผลตรวจล่าสุดมาด้วย'],
      ['แพทย์ตรวจเด็กหรือไม่?', 'ตรวจ แพทย์ตรวจผู้ป่วยตามที่ระบุในหัวข้อให้บริการสำหรับ'],
      ['ยกเลิกนัดหมายได้หรือไม่?', 'ยกเลิกได้ในรายการนัดหมายของฉันก่อนเวลานัด'],
    ],
    services: [['ตรวจทั่วไป', 'ตรวจร่างกายและอธิบายผลตรวจ', 1, 'fixed'], ['วางแผนการรักษาเฉพาะทาง', 'แผนการรักษาเฉพาะบุคคล', 1.5, 'starting']],
    voucher: 'ส่วนลดชำระเงินออนไลน์',
    reviewers: ["สมชาย ใจดี", "สุดา แก้วมณี", "วิชัย ทองคำ", "นภา ศรีสุข"],
    feedback: ["รอนานเกินไป", "ตรวจดี แต่รอนานเล็กน้อย", "พอใจมาก อธิบายชัดเจนและใส่ใจ"],
  },
};

export async function seedDoctorProfiles(c: Queryable): Promise<void> {
  for (const locale of LOCALES) {
    const t = TEXT[locale];
    const country = LOCALE_CONFIG[locale].countryId;
    // Description beyond the glance for most doctors; publications for one in three; a local award and
    // membership where the generic seed gave none; FAQs for one in two.
    await c.query(
      `update public.doctors d set
          description = case when d.id % 5 <> 4 then d.glance || '. ' || $2 else d.description end,
          publication = case when d.id % 3 = 0 then jsonb_build_array(jsonb_build_object('content', $3::text, 'year', 2015 + d.id % 8), jsonb_build_object('content', $4::text, 'year', 2012 + d.id % 5)) else d.publication end,
          awards = case when d.id % 4 = 2 then d.awards || jsonb_build_array(jsonb_build_object('content', $5::text, 'year', 2016 + d.id % 9)) else d.awards end,
          memberships = case when d.id % 3 <> 2 then d.memberships || jsonb_build_array(jsonb_build_object('content', $6::text, 'year', 2008 + d.id % 10)) else d.memberships end,
          faqs = case when d.id % 2 = 0 then $7::jsonb else d.faqs end
        where d.country_id = $1`,
      [country, t.description, t.publications[0], t.publications[1], t.award, t.membership, JSON.stringify(t.faqs.map(([question, answer]) => ({ question, answer })))],
    );
    // An area of expertise for every doctor with services, so the richest profiles show every section.
    await c.query(
      `insert into public.doctor_expertise (doctor_id, expertise_id)
       select d.id, (select e.id from public.expertise e where e.country_id = $1 order by e.id offset (d.id % 3) limit 1)
         from public.doctors d where d.country_id = $1 and d.id % 4 = 2
       on conflict do nothing`,
      [country],
    );
    // Two services (a fixed price and a 'starting from' price) for one doctor in four.
    for (const [name, description, factor, type] of t.services) {
      await c.query(
        `insert into public.doctor_services (doctor_id, name, description, price_type, price)
         select d.id, $2, $3, $4, round(greatest(d.price, 1) * $5) from public.doctors d where d.country_id = $1 and d.id % 4 = 2`,
        [country, name, description, type, factor],
      );
    }
    // The online-only voucher (code 31): hidden wherever the first online payment method is not offered.
    await c.query(
      `with v as (insert into public.vouchers (country_id, code, name, communication_type, discount_percentage) values ($1, $2, $3, 'other', 5) returning id)
       insert into public.voucher_targets (voucher_id, doctor_id) select v.id, d.id from v, public.doctors d where d.country_id = $1 and d.id % 6 = 0`,
      [country, ONLINE_ONLY_VOUCHER_CODE, t.voucher],
    );
    // A longer review history (more than one page of the reviews pages) for one doctor in 25 and one service in 30 (doctor ids 6 mod 25 also have every profile section).
    for (const [column, table, every, count] of [['doctor_id', 'doctors', 25, 14], ['service_id', 'hospital_services', 30, 12]] as const) {
      await c.query(
        `insert into public.reviews (hospital_id, ${column}, rate, feedback, author_name, created_at)
         select x.hospital_id, x.id, r.rate, ($3::text[])[case when r.rate <= 2 then 1 when r.rate = 3 then 2 else 3 end],
                ($2::text[])[1 + (x.id + g) % array_length($2::text[], 1)], now() - make_interval(days => g * 9 + (x.id % 7)::int, secs => (x.id * 37 + g * 101) % 86400)
           from public.${table} x cross join generate_series(1, ${count}) g
          cross join lateral (select (1 + (x.id * 7 + g * 3) % 5)::smallint as rate) r
          where x.country_id = $1 and x.id % ${every} = 6
            -- the market's hospital without reviews (seed.ts) keeps none: its empty state is a tested case
            and exists (select 1 from public.reviews r0 where r0.hospital_id = x.hospital_id)`,
        [country, t.reviewers, t.feedback],
      );
    }
  }
}
