/** Real cities per market with coordinates inside the country and the IANA zone they keep. */
import type { Locale } from '../../i18n/locales';

export interface City { name: string; slug: string; lat: number; lng: number; timeZone: string }

export const CITIES: Record<Locale, City[]> = {
  'vi-VN': [
    { name: 'Hồ Chí Minh', slug: 'ho-chi-minh', lat: 10.7769, lng: 106.7009, timeZone: 'Asia/Ho_Chi_Minh' },
    { name: 'Hà Nội', slug: 'ha-noi', lat: 21.0278, lng: 105.8342, timeZone: 'Asia/Ho_Chi_Minh' },
    { name: 'Đà Nẵng', slug: 'da-nang', lat: 16.0544, lng: 108.2022, timeZone: 'Asia/Ho_Chi_Minh' },
    { name: 'Cần Thơ', slug: 'can-tho', lat: 10.0452, lng: 105.7469, timeZone: 'Asia/Ho_Chi_Minh' },
    { name: 'Hải Phòng', slug: 'hai-phong', lat: 20.8449, lng: 106.6881, timeZone: 'Asia/Ho_Chi_Minh' },
  ],
  'en-PH': [
    { name: 'Manila', slug: 'manila', lat: 14.5995, lng: 120.9842, timeZone: 'Asia/Manila' },
    { name: 'Quezon City', slug: 'quezon-city', lat: 14.676, lng: 121.0437, timeZone: 'Asia/Manila' },
    { name: 'Makati', slug: 'makati', lat: 14.5547, lng: 121.0244, timeZone: 'Asia/Manila' },
    { name: 'Cebu City', slug: 'cebu-city', lat: 10.3157, lng: 123.8854, timeZone: 'Asia/Manila' },
    { name: 'Davao City', slug: 'davao-city', lat: 7.1907, lng: 125.4553, timeZone: 'Asia/Manila' },
  ],
  'id-ID': [
    { name: 'Jakarta', slug: 'jakarta', lat: -6.2088, lng: 106.8456, timeZone: 'Asia/Jakarta' },
    { name: 'Surabaya', slug: 'surabaya', lat: -7.2575, lng: 112.7521, timeZone: 'Asia/Jakarta' },
    { name: 'Bandung', slug: 'bandung', lat: -6.9175, lng: 107.6191, timeZone: 'Asia/Jakarta' },
    { name: 'Denpasar', slug: 'denpasar', lat: -8.6705, lng: 115.2126, timeZone: 'Asia/Makassar' },
    { name: 'Makassar', slug: 'makassar', lat: -5.1477, lng: 119.4327, timeZone: 'Asia/Makassar' },
    { name: 'Jayapura', slug: 'jayapura', lat: -2.5337, lng: 140.7181, timeZone: 'Asia/Jayapura' },
  ],
  'zh-TW': [
    { name: '台北市', slug: 'taipei', lat: 25.033, lng: 121.5654, timeZone: 'Asia/Taipei' },
    { name: '新北市', slug: 'new-taipei', lat: 25.012, lng: 121.4657, timeZone: 'Asia/Taipei' },
    { name: '台中市', slug: 'taichung', lat: 24.1477, lng: 120.6736, timeZone: 'Asia/Taipei' },
    { name: '高雄市', slug: 'kaohsiung', lat: 22.6273, lng: 120.3014, timeZone: 'Asia/Taipei' },
    { name: '台南市', slug: 'tainan', lat: 22.9999, lng: 120.227, timeZone: 'Asia/Taipei' },
  ],
  'ms-MY': [
    { name: 'Kuala Lumpur', slug: 'kuala-lumpur', lat: 3.139, lng: 101.6869, timeZone: 'Asia/Kuala_Lumpur' },
    { name: 'Petaling Jaya', slug: 'petaling-jaya', lat: 3.1073, lng: 101.6067, timeZone: 'Asia/Kuala_Lumpur' },
    { name: 'George Town', slug: 'george-town', lat: 5.4141, lng: 100.3288, timeZone: 'Asia/Kuala_Lumpur' },
    { name: 'Johor Bahru', slug: 'johor-bahru', lat: 1.4927, lng: 103.7414, timeZone: 'Asia/Kuala_Lumpur' },
    { name: 'Kota Kinabalu', slug: 'kota-kinabalu', lat: 5.9804, lng: 116.0735, timeZone: 'Asia/Kuala_Lumpur' },
  ],
  'th-TH': [
    { name: 'กรุงเทพมหานคร', slug: 'bangkok', lat: 13.7563, lng: 100.5018, timeZone: 'Asia/Bangkok' },
    { name: 'เชียงใหม่', slug: 'chiang-mai', lat: 18.7883, lng: 98.9853, timeZone: 'Asia/Bangkok' },
    { name: 'ภูเก็ต', slug: 'phuket', lat: 7.8804, lng: 98.3923, timeZone: 'Asia/Bangkok' },
    { name: 'ขอนแก่น', slug: 'khon-kaen', lat: 16.4419, lng: 102.836, timeZone: 'Asia/Bangkok' },
    { name: 'ชลบุรี', slug: 'chonburi', lat: 13.3611, lng: 100.9847, timeZone: 'Asia/Bangkok' },
  ],
};
