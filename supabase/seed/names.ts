/** Local-language naming material per market. Each distinctive word carries a romanized form for slugs. */
import type { Locale } from '../../i18n/locales';

export interface NameParts { hospitalPatterns: string[]; words: Array<[local: string, roman: string]> }

export const NAMES: Record<Locale, NameParts> = {
  'vi-VN': {
    hospitalPatterns: ['Bệnh viện Đa khoa {w}', 'Bệnh viện Quốc tế {w}', 'Phòng khám Đa khoa {w}'],
    words: [['An Bình', 'An Binh'], ['Tâm Đức', 'Tam Duc'], ['Phúc An', 'Phuc An'], ['Minh Khang', 'Minh Khang'], ['Thiện Tâm', 'Thien Tam'], ['Gia Hân', 'Gia Han'], ['Việt Thành', 'Viet Thanh'], ['Hòa Bình', 'Hoa Binh']],
  },
  'en-PH': {
    hospitalPatterns: ['{w} Medical Center', '{w} General Hospital', '{w} Specialists Clinic'],
    words: [['Our Lady of Grace', 'Our Lady of Grace'], ['San Rafael', 'San Rafael'], ['Bayview', 'Bayview'], ['Mabuhay', 'Mabuhay'], ['Holy Family', 'Holy Family'], ['Del Pilar', 'Del Pilar'], ['Riverside', 'Riverside'], ['Golden Shore', 'Golden Shore']],
  },
  'id-ID': {
    hospitalPatterns: ['Rumah Sakit {w}', 'RS Ibu dan Anak {w}', 'Klinik Utama {w}'],
    words: [['Harapan Sehat', 'Harapan Sehat'], ['Medika Utama', 'Medika Utama'], ['Sentosa', 'Sentosa'], ['Permata Bunda', 'Permata Bunda'], ['Kasih Ibu', 'Kasih Ibu'], ['Bhakti Husada', 'Bhakti Husada'], ['Cahaya Medika', 'Cahaya Medika'], ['Sejahtera', 'Sejahtera']],
  },
  'zh-TW': {
    hospitalPatterns: ['{w}綜合醫院', '{w}醫院', '{w}診所'],
    words: [['仁愛', 'Ren Ai'], ['安康', 'An Kang'], ['博愛', 'Bo Ai'], ['慈心', 'Ci Xin'], ['康寧', 'Kang Ning'], ['福安', 'Fu An'], ['長青', 'Chang Qing'], ['和平', 'He Ping']],
  },
  'ms-MY': {
    hospitalPatterns: ['Hospital {w}', 'Pusat Perubatan {w}', 'Klinik Pakar {w}'],
    words: [['Sentosa', 'Sentosa'], ['Damai', 'Damai'], ['Seri Murni', 'Seri Murni'], ['Cahaya', 'Cahaya'], ['Bakti', 'Bakti'], ['Harmoni', 'Harmoni'], ['Mutiara', 'Mutiara'], ['Pantai Indah', 'Pantai Indah']],
  },
  'th-TH': {
    hospitalPatterns: ['โรงพยาบาล{w}', 'โรงพยาบาล{w}อินเตอร์', 'คลินิกเวชกรรม{w}'],
    words: [['สุขใจ', 'Suk Jai'], ['เมตตา', 'Metta'], ['รวมแพทย์', 'Ruam Phaet'], ['ศรีสวัสดิ์', 'Sri Sawat'], ['กรุงสยาม', 'Krung Siam'], ['ธนบุรีเวช', 'Thonburi Vej'], ['พระรามเวช', 'Phraram Vej'], ['เวชการุณย์', 'Vej Karun']],
  },
};

/** Person names: [local, roman] pairs; titles by gender. */
export interface PeopleNames {
  family: Array<[string, string]>;
  given: Array<[string, string]>;
  /** Builds the display name from family and given name (word order differs per language). */
  full: (family: string, given: string) => string;
  doctorTitle: { male: string; female: string };
  relations: string[];
}

export const PEOPLE: Record<Locale, PeopleNames> = {
  'vi-VN': {
    family: [['Nguyễn', 'Nguyen'], ['Trần', 'Tran'], ['Lê', 'Le'], ['Phạm', 'Pham'], ['Hoàng', 'Hoang'], ['Huỳnh', 'Huynh'], ['Phan', 'Phan'], ['Vũ', 'Vu'], ['Võ', 'Vo'], ['Đặng', 'Dang'], ['Bùi', 'Bui'], ['Đỗ', 'Do']],
    given: [['Văn An', 'Van An'], ['Thị Bình', 'Thi Binh'], ['Minh Cường', 'Minh Cuong'], ['Quốc Dũng', 'Quoc Dung'], ['Thu Hà', 'Thu Ha'], ['Thanh Hải', 'Thanh Hai'], ['Ngọc Hạnh', 'Ngoc Hanh'], ['Văn Hùng', 'Van Hung'], ['Thị Lan', 'Thi Lan'], ['Khánh Linh', 'Khanh Linh'], ['Hoàng Long', 'Hoang Long'], ['Thị Mai', 'Thi Mai'], ['Hải Nam', 'Hai Nam'], ['Thu Phương', 'Thu Phuong'], ['Minh Quân', 'Minh Quan'], ['Trường Sơn', 'Truong Son'], ['Minh Tâm', 'Minh Tam'], ['Phương Thảo', 'Phuong Thao'], ['Huyền Trang', 'Huyen Trang'], ['Anh Tuấn', 'Anh Tuan']],
    full: (f, g) => `${f} ${g}`,
    doctorTitle: { male: 'BS.', female: 'BS.' },
    relations: ['con', 'vợ', 'chồng', 'bố', 'mẹ'],
  },
  'en-PH': {
    family: [['Santos', 'Santos'], ['Reyes', 'Reyes'], ['Cruz', 'Cruz'], ['Bautista', 'Bautista'], ['Ocampo', 'Ocampo'], ['Garcia', 'Garcia'], ['Mendoza', 'Mendoza'], ['Torres', 'Torres'], ['Villanueva', 'Villanueva'], ['Aquino', 'Aquino'], ['Ramos', 'Ramos'], ['Castillo', 'Castillo']],
    given: [['Maria Theresa', 'Maria Theresa'], ['Jose Miguel', 'Jose Miguel'], ['Juan Carlos', 'Juan Carlos'], ['Ana Liza', 'Ana Liza'], ['Mark Anthony', 'Mark Anthony'], ['Kristine Joy', 'Kristine Joy'], ['Paolo', 'Paolo'], ['Angelica', 'Angelica'], ['Ramon', 'Ramon'], ['Patricia', 'Patricia'], ['Miguel', 'Miguel'], ['Carmela', 'Carmela'], ['Rafael', 'Rafael'], ['Bea', 'Bea']],
    full: (f, g) => `${g} ${f}`,
    doctorTitle: { male: 'Dr.', female: 'Dr.' },
    relations: ['child', 'spouse', 'father', 'mother', 'sibling'],
  },
  'id-ID': {
    family: [['Santoso', 'Santoso'], ['Wijaya', 'Wijaya'], ['Pratama', 'Pratama'], ['Saputra', 'Saputra'], ['Hidayat', 'Hidayat'], ['Lestari', 'Lestari'], ['Nugroho', 'Nugroho'], ['Kusuma', 'Kusuma'], ['Gunawan', 'Gunawan'], ['Setiawan', 'Setiawan'], ['Siregar', 'Siregar'], ['Wibowo', 'Wibowo']],
    given: [['Budi', 'Budi'], ['Siti', 'Siti'], ['Agus', 'Agus'], ['Dewi', 'Dewi'], ['Rina', 'Rina'], ['Andi', 'Andi'], ['Putri', 'Putri'], ['Hendra', 'Hendra'], ['Wulan', 'Wulan'], ['Yusuf', 'Yusuf'], ['Ratna', 'Ratna'], ['Fajar', 'Fajar'], ['Indah', 'Indah'], ['Rizky', 'Rizky']],
    full: (f, g) => `${g} ${f}`,
    doctorTitle: { male: 'dr.', female: 'dr.' },
    relations: ['anak', 'istri', 'suami', 'ayah', 'ibu'],
  },
  'zh-TW': {
    family: [['陳', 'Chen'], ['林', 'Lin'], ['黃', 'Huang'], ['張', 'Chang'], ['李', 'Lee'], ['王', 'Wang'], ['吳', 'Wu'], ['劉', 'Liu'], ['蔡', 'Tsai'], ['楊', 'Yang'], ['許', 'Hsu'], ['鄭', 'Cheng']],
    given: [['志明', 'Chih Ming'], ['淑芬', 'Shu Fen'], ['家豪', 'Chia Hao'], ['怡君', 'Yi Chun'], ['俊傑', 'Chun Chieh'], ['雅婷', 'Ya Ting'], ['建宏', 'Chien Hung'], ['美玲', 'Mei Ling'], ['宗翰', 'Tsung Han'], ['佳穎', 'Chia Ying'], ['冠宇', 'Kuan Yu'], ['欣怡', 'Hsin Yi']],
    full: (f, g) => `${f}${g}`,
    doctorTitle: { male: '醫師', female: '醫師' },
    relations: ['子女', '配偶', '父親', '母親', '兄弟姊妹'],
  },
  'ms-MY': {
    family: [['Abdullah', 'Abdullah'], ['Ismail', 'Ismail'], ['Hassan', 'Hassan'], ['Tan', 'Tan'], ['Lim', 'Lim'], ['Lee', 'Lee'], ['Kumar', 'Kumar'], ['Rahman', 'Rahman'], ['Ong', 'Ong'], ['Yusof', 'Yusof'], ['Wong', 'Wong'], ['Nair', 'Nair']],
    given: [['Ahmad Faiz', 'Ahmad Faiz'], ['Nurul Huda', 'Nurul Huda'], ['Siti Aminah', 'Siti Aminah'], ['Muhammad Hafiz', 'Muhammad Hafiz'], ['Mei Ling', 'Mei Ling'], ['Wei Jie', 'Wei Jie'], ['Rajesh', 'Rajesh'], ['Priya', 'Priya'], ['Farah', 'Farah'], ['Aiman', 'Aiman'], ['Kok Leong', 'Kok Leong'], ['Nur Aisyah', 'Nur Aisyah']],
    full: (f, g) => `${g} ${f}`,
    doctorTitle: { male: 'Dr.', female: 'Dr.' },
    relations: ['anak', 'isteri', 'suami', 'bapa', 'ibu'],
  },
  'th-TH': {
    family: [['ใจดี', 'Jaidee'], ['ศรีสุข', 'Srisuk'], ['วงศ์ใหญ่', 'Wongyai'], ['แสงทอง', 'Saengthong'], ['บุญมา', 'Boonma'], ['ทองดี', 'Thongdee'], ['รัตนา', 'Rattana'], ['สุขสวัสดิ์', 'Suksawat'], ['พงษ์ไพร', 'Phongphrai'], ['มีสุข', 'Meesuk']],
    given: [['สมชาย', 'Somchai'], ['สุภาพร', 'Supaporn'], ['วิชัย', 'Wichai'], ['กัญญา', 'Kanya'], ['ธนพล', 'Thanaphon'], ['พิมพ์ชนก', 'Phimchanok'], ['อนุชา', 'Anucha'], ['ณัฐพล', 'Nattaphon'], ['ศิริพร', 'Siriporn'], ['ปิยะ', 'Piya'], ['วรรณา', 'Wanna'], ['เกียรติศักดิ์', 'Kiattisak']],
    full: (f, g) => `${g} ${f}`,
    doctorTitle: { male: 'นพ.', female: 'พญ.' },
    relations: ['บุตร', 'คู่สมรส', 'บิดา', 'มารดา', 'พี่น้อง'],
  },
};

/** Specialties: [local name, romanized for the slug]. The same twelve, in the same order, in every market. */
export const SPECIALTIES: Record<Locale, Array<[string, string]>> = {
  'vi-VN': [['Tim mạch', 'tim mach'], ['Nhi khoa', 'nhi khoa'], ['Da liễu', 'da lieu'], ['Sản phụ khoa', 'san phu khoa'], ['Tai Mũi Họng', 'tai mui hong'], ['Nhãn khoa', 'nhan khoa'], ['Răng Hàm Mặt', 'rang ham mat'], ['Thần kinh', 'than kinh'], ['Cơ Xương Khớp', 'co xuong khop'], ['Tiêu hóa', 'tieu hoa'], ['Nội tiết', 'noi tiet'], ['Tiết niệu', 'tiet nieu']],
  'en-PH': [['Cardiology', 'cardiology'], ['Pediatrics', 'pediatrics'], ['Dermatology', 'dermatology'], ['Obstetrics and Gynecology', 'obstetrics gynecology'], ['Ear, Nose and Throat', 'ent'], ['Ophthalmology', 'ophthalmology'], ['Dentistry', 'dentistry'], ['Neurology', 'neurology'], ['Orthopedics', 'orthopedics'], ['Gastroenterology', 'gastroenterology'], ['Endocrinology', 'endocrinology'], ['Urology', 'urology']],
  'id-ID': [['Jantung dan Pembuluh Darah', 'jantung'], ['Anak', 'anak'], ['Kulit dan Kelamin', 'kulit kelamin'], ['Kebidanan dan Kandungan', 'kandungan'], ['THT', 'tht'], ['Mata', 'mata'], ['Gigi', 'gigi'], ['Saraf', 'saraf'], ['Ortopedi', 'ortopedi'], ['Penyakit Dalam', 'penyakit dalam'], ['Endokrinologi', 'endokrinologi'], ['Urologi', 'urologi']],
  'zh-TW': [['心臟內科', 'cardiology'], ['小兒科', 'pediatrics'], ['皮膚科', 'dermatology'], ['婦產科', 'obstetrics gynecology'], ['耳鼻喉科', 'ent'], ['眼科', 'ophthalmology'], ['牙科', 'dentistry'], ['神經內科', 'neurology'], ['骨科', 'orthopedics'], ['腸胃內科', 'gastroenterology'], ['內分泌科', 'endocrinology'], ['泌尿科', 'urology']],
  'ms-MY': [['Kardiologi', 'kardiologi'], ['Pediatrik', 'pediatrik'], ['Dermatologi', 'dermatologi'], ['Obstetrik dan Ginekologi', 'obstetrik ginekologi'], ['Telinga, Hidung dan Tekak', 'tht'], ['Oftalmologi', 'oftalmologi'], ['Pergigian', 'pergigian'], ['Neurologi', 'neurologi'], ['Ortopedik', 'ortopedik'], ['Gastroenterologi', 'gastroenterologi'], ['Endokrinologi', 'endokrinologi'], ['Urologi', 'urologi']],
  'th-TH': [['อายุรกรรมหัวใจ', 'cardiology'], ['กุมารเวชกรรม', 'pediatrics'], ['ผิวหนัง', 'dermatology'], ['สูติ-นรีเวช', 'obstetrics gynecology'], ['หู คอ จมูก', 'ent'], ['จักษุ', 'ophthalmology'], ['ทันตกรรม', 'dentistry'], ['ประสาทวิทยา', 'neurology'], ['ออร์โธปิดิกส์', 'orthopedics'], ['ระบบทางเดินอาหาร', 'gastroenterology'], ['ต่อมไร้ท่อ', 'endocrinology'], ['ทางเดินปัสสาวะ', 'urology']],
};

/** Service categories (5) and services: [local, roman, category index, package?, price factor over a consultation]. */
export const SERVICE_CATEGORIES: Record<Locale, string[]> = {
  'vi-VN': ['Gói khám sức khỏe', 'Chẩn đoán hình ảnh', 'Xét nghiệm', 'Nội soi', 'Nha khoa'],
  'en-PH': ['Health Check-up Packages', 'Diagnostic Imaging', 'Laboratory Tests', 'Endoscopy', 'Dental Care'],
  'id-ID': ['Paket Medical Check-up', 'Radiologi', 'Laboratorium', 'Endoskopi', 'Perawatan Gigi'],
  'zh-TW': ['健康檢查套餐', '影像檢查', '檢驗項目', '內視鏡檢查', '牙科治療'],
  'ms-MY': ['Pakej Pemeriksaan Kesihatan', 'Pengimejan Diagnostik', 'Ujian Makmal', 'Endoskopi', 'Rawatan Pergigian'],
  'th-TH': ['แพ็กเกจตรวจสุขภาพ', 'รังสีวินิจฉัย', 'ตรวจทางห้องปฏิบัติการ', 'ส่องกล้อง', 'ทันตกรรม'],
};

export type ServiceTemplate = [local: string, roman: string, category: number, isPackage: boolean, priceFactor: number];
const S = (l: string, r: string, c: number, p: boolean, f: number): ServiceTemplate => [l, r, c, p, f];
export const SERVICES: Record<Locale, ServiceTemplate[]> = {
  'vi-VN': [S('Gói khám sức khỏe tổng quát', 'kham suc khoe tong quat', 0, true, 8), S('Gói khám tiền hôn nhân', 'kham tien hon nhan', 0, true, 6), S('Gói tầm soát ung thư', 'tam soat ung thu', 0, true, 15), S('Siêu âm bụng tổng quát', 'sieu am bung', 1, false, 1), S('Chụp X-quang ngực thẳng', 'x quang nguc', 1, false, 0.8), S('Chụp cộng hưởng từ MRI', 'chup mri', 1, false, 10), S('Chụp CT scan', 'chup ct', 1, false, 7), S('Xét nghiệm máu tổng quát', 'xet nghiem mau', 2, false, 0.6), S('Xét nghiệm đường huyết HbA1c', 'xet nghiem hba1c', 2, false, 0.5), S('Nội soi dạ dày không đau', 'noi soi da day', 3, false, 5), S('Nội soi đại tràng', 'noi soi dai trang', 3, false, 6), S('Cạo vôi răng', 'cao voi rang', 4, false, 0.7), S('Tẩy trắng răng', 'tay trang rang', 4, false, 6)],
  'en-PH': [S('Executive Check-up Package', 'executive check up', 0, true, 8), S('Pre-employment Medical Package', 'pre employment medical', 0, true, 3), S('Cancer Screening Package', 'cancer screening', 0, true, 15), S('Whole Abdomen Ultrasound', 'whole abdomen ultrasound', 1, false, 2), S('Chest X-ray', 'chest x ray', 1, false, 0.6), S('MRI Scan', 'mri scan', 1, false, 12), S('CT Scan', 'ct scan', 1, false, 8), S('Complete Blood Count', 'complete blood count', 2, false, 0.4), S('HbA1c Test', 'hba1c test', 2, false, 0.8), S('Upper GI Endoscopy', 'upper gi endoscopy', 3, false, 7), S('Colonoscopy', 'colonoscopy', 3, false, 9), S('Dental Cleaning', 'dental cleaning', 4, false, 1.2), S('Teeth Whitening', 'teeth whitening', 4, false, 8)],
  'id-ID': [S('Paket Medical Check-up Lengkap', 'medical check up lengkap', 0, true, 8), S('Paket Pranikah', 'paket pranikah', 0, true, 5), S('Paket Skrining Kanker', 'skrining kanker', 0, true, 14), S('USG Abdomen', 'usg abdomen', 1, false, 1.5), S('Rontgen Dada', 'rontgen dada', 1, false, 0.8), S('MRI', 'mri', 1, false, 12), S('CT Scan', 'ct scan', 1, false, 8), S('Cek Darah Lengkap', 'cek darah lengkap', 2, false, 0.5), S('Tes HbA1c', 'tes hba1c', 2, false, 0.7), S('Gastroskopi', 'gastroskopi', 3, false, 7), S('Kolonoskopi', 'kolonoskopi', 3, false, 9), S('Scaling Gigi', 'scaling gigi', 4, false, 1), S('Bleaching Gigi', 'bleaching gigi', 4, false, 7)],
  'zh-TW': [S('全身健康檢查套餐', 'full health check', 0, true, 40), S('婚前健康檢查', 'premarital check', 0, true, 15), S('癌症篩檢套餐', 'cancer screening', 0, true, 60), S('腹部超音波', 'abdominal ultrasound', 1, false, 4), S('胸部X光', 'chest x ray', 1, false, 2), S('核磁共振檢查', 'mri', 1, false, 50), S('電腦斷層掃描', 'ct scan', 1, false, 35), S('血液常規檢查', 'blood test', 2, false, 1.5), S('糖化血色素檢驗', 'hba1c', 2, false, 1.2), S('無痛胃鏡', 'painless gastroscopy', 3, false, 20), S('無痛大腸鏡', 'painless colonoscopy', 3, false, 25), S('洗牙', 'dental scaling', 4, false, 2), S('牙齒美白', 'teeth whitening', 4, false, 30)],
  'ms-MY': [S('Pakej Pemeriksaan Kesihatan Penuh', 'pemeriksaan kesihatan penuh', 0, true, 6), S('Pakej Saringan Pra-Perkahwinan', 'saringan pra perkahwinan', 0, true, 4), S('Pakej Saringan Kanser', 'saringan kanser', 0, true, 12), S('Ultrabunyi Abdomen', 'ultrabunyi abdomen', 1, false, 1.5), S('X-ray Dada', 'x ray dada', 1, false, 0.6), S('Imbasan MRI', 'imbasan mri', 1, false, 10), S('Imbasan CT', 'imbasan ct', 1, false, 7), S('Ujian Darah Penuh', 'ujian darah penuh', 2, false, 0.5), S('Ujian HbA1c', 'ujian hba1c', 2, false, 0.4), S('Endoskopi Gastrik', 'endoskopi gastrik', 3, false, 6), S('Kolonoskopi', 'kolonoskopi', 3, false, 8), S('Cuci Gigi', 'cuci gigi', 4, false, 0.8), S('Pemutihan Gigi', 'pemutihan gigi', 4, false, 5)],
  'th-TH': [S('แพ็กเกจตรวจสุขภาพประจำปี', 'annual check up', 0, true, 5), S('แพ็กเกจตรวจก่อนแต่งงาน', 'premarital check', 0, true, 3), S('แพ็กเกจตรวจคัดกรองมะเร็ง', 'cancer screening', 0, true, 10), S('อัลตราซาวด์ช่องท้อง', 'abdominal ultrasound', 1, false, 1.5), S('เอกซเรย์ทรวงอก', 'chest x ray', 1, false, 0.5), S('ตรวจ MRI', 'mri', 1, false, 9), S('ตรวจ CT Scan', 'ct scan', 1, false, 6), S('ตรวจความสมบูรณ์ของเม็ดเลือด', 'complete blood count', 2, false, 0.3), S('ตรวจน้ำตาลสะสม HbA1c', 'hba1c', 2, false, 0.3), S('ส่องกล้องกระเพาะอาหาร', 'gastroscopy', 3, false, 6), S('ส่องกล้องลำไส้ใหญ่', 'colonoscopy', 3, false, 8), S('ขูดหินปูน', 'dental scaling', 4, false, 0.6), S('ฟอกสีฟัน', 'teeth whitening', 4, false, 4)],
};

/** Vaccines: brand name, disease key. Disease names and labels per market. */
export const VACCINES: Array<[brand: string, disease: number]> = [
  ['Gardasil 9', 0], ['Cervarix', 0], ['Prevenar 13', 1], ['Synflorix', 1], ['Vaxneuvance', 1], ['RotaTeq', 2], ['Rotarix', 2],
  ['Infanrix Hexa', 3], ['Hexaxim', 3], ['Pentaxim', 3], ['Vaxigrip Tetra', 4], ['Influvac Tetra', 4], ['Engerix-B', 5], ['Heberbiovac HB', 5],
  ['Varivax', 6], ['Varilrix', 6], ['MMR II', 7], ['Priorix', 7], ['Havrix 1440', 8], ['Avaxim 80', 8], ['Typhim Vi', 9], ['Imojev', 10],
  ['Qdenga', 11], ['Shingrix', 6],
];
export const DISEASES: Record<Locale, { prefix: string; names: string[]; ages: string[]; doses: (n: number) => string }> = {
  'vi-VN': { prefix: 'Vắc xin phòng', names: ['HPV (ung thư cổ tử cung)', 'phế cầu', 'tiêu chảy do Rota virus', '6 bệnh (bạch hầu, ho gà, uốn ván, bại liệt, Hib, viêm gan B)', 'cúm mùa', 'viêm gan B', 'thủy đậu và zona', 'sởi, quai bị, rubella', 'viêm gan A', 'thương hàn', 'viêm não Nhật Bản', 'sốt xuất huyết'], ages: ['Trẻ em', 'Thanh thiếu niên', 'Người lớn'], doses: (n) => `${n} mũi` },
  'en-PH': { prefix: 'Vaccine against', names: ['HPV (cervical cancer)', 'pneumococcal disease', 'rotavirus', 'six diseases (6-in-1)', 'seasonal influenza', 'hepatitis B', 'varicella and shingles', 'measles, mumps and rubella', 'hepatitis A', 'typhoid', 'Japanese encephalitis', 'dengue'], ages: ['Children', 'Adolescents', 'Adults'], doses: (n) => `${n} dose${n > 1 ? 's' : ''}` },
  'id-ID': { prefix: 'Vaksin', names: ['HPV (kanker serviks)', 'pneumokokus', 'rotavirus', 'heksavalen (6-in-1)', 'influenza', 'hepatitis B', 'cacar air dan herpes zoster', 'MMR (campak, gondongan, rubella)', 'hepatitis A', 'tifoid', 'Japanese encephalitis', 'demam berdarah'], ages: ['Anak', 'Remaja', 'Dewasa'], doses: (n) => `${n} dosis` },
  'zh-TW': { prefix: '疫苗：', names: ['人類乳突病毒（子宮頸癌）', '肺炎鏈球菌', '輪狀病毒', '六合一', '季節性流感', 'B型肝炎', '水痘及帶狀皰疹', '麻疹腮腺炎德國麻疹', 'A型肝炎', '傷寒', '日本腦炎', '登革熱'], ages: ['兒童', '青少年', '成人'], doses: (n) => `${n}劑` },
  'ms-MY': { prefix: 'Vaksin', names: ['HPV (kanser serviks)', 'pneumokokal', 'rotavirus', 'heksavalen (6-dalam-1)', 'influenza bermusim', 'hepatitis B', 'cacar air dan kayap', 'MMR (campak, beguk, rubela)', 'hepatitis A', 'tifoid', 'Japanese encephalitis', 'denggi'], ages: ['Kanak-kanak', 'Remaja', 'Dewasa'], doses: (n) => `${n} dos` },
  'th-TH': { prefix: 'วัคซีนป้องกัน', names: ['เอชพีวี (มะเร็งปากมดลูก)', 'นิวโมคอคคัส', 'โรต้าไวรัส', '6 โรค (6-in-1)', 'ไข้หวัดใหญ่ตามฤดูกาล', 'ไวรัสตับอักเสบบี', 'อีสุกอีใสและงูสวัด', 'หัด คางทูม หัดเยอรมัน', 'ไวรัสตับอักเสบเอ', 'ไทฟอยด์', 'ไข้สมองอักเสบเจอี', 'ไข้เลือดออก'], ages: ['เด็ก', 'วัยรุ่น', 'ผู้ใหญ่'], doses: (n) => `${n} เข็ม` },
};

/** Review texts per market, roughly by rating (index 0 = poor, 2 = great). */
export const REVIEW_TEXTS: Record<Locale, string[][]> = {
  'vi-VN': [['Phải chờ quá lâu dù đã đặt lịch.', 'Nhân viên tiếp đón chưa nhiệt tình.'], ['Bác sĩ khám kỹ, thời gian chờ hơi lâu.', 'Dịch vụ ổn, giá hơi cao.'], ['Bác sĩ tận tâm, giải thích rõ ràng.', 'Đặt lịch nhanh, không phải chờ đợi.', 'Phòng khám sạch sẽ, nhân viên thân thiện.']],
  'en-PH': [['Waited over an hour despite the appointment.', 'Front desk was not very helpful.'], ['Doctor was thorough but the queue was long.', 'Good service, a bit pricey.'], ['Very caring doctor, explained everything clearly.', 'Booking was quick and there was no waiting.', 'Clean clinic and friendly staff.']],
  'id-ID': [['Antrean sangat lama meskipun sudah janji.', 'Petugas pendaftaran kurang ramah.'], ['Dokter teliti, tapi menunggu agak lama.', 'Pelayanan baik, harga agak mahal.'], ['Dokternya sabar dan menjelaskan dengan jelas.', 'Booking cepat, tidak perlu antre.', 'Klinik bersih dan stafnya ramah.']],
  'zh-TW': [['已預約仍等了一個多小時。', '櫃台服務態度不佳。'], ['醫師看診仔細，但候診時間較長。', '服務不錯，價格偏高。'], ['醫師非常親切，解說清楚。', '預約快速，不用久候。', '診所乾淨，護理人員很友善。']],
  'ms-MY': [['Menunggu lebih sejam walaupun ada temujanji.', 'Kaunter pendaftaran kurang membantu.'], ['Doktor teliti tetapi giliran agak lama.', 'Perkhidmatan baik, harga agak mahal.'], ['Doktor sangat prihatin dan menerangkan dengan jelas.', 'Tempahan cepat, tiada menunggu.', 'Klinik bersih dan kakitangan mesra.']],
  'th-TH': [['รอนานมากแม้จะนัดไว้แล้ว', 'พนักงานต้อนรับไม่ค่อยใส่ใจ'], ['คุณหมอตรวจละเอียด แต่รอคิวนาน', 'บริการดี ราคาค่อนข้างสูง'], ['คุณหมอใส่ใจและอธิบายชัดเจน', 'จองง่าย ไม่ต้องรอคิว', 'คลินิกสะอาด พนักงานเป็นมิตร']],
};
