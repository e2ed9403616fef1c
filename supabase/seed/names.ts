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
