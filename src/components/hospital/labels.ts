/** Translated labels handed to the hospital page's islands, so the browser never loads the string tables. */
import type { Locale } from '../../../i18n/locales';
import { translator } from '../../../i18n/strings';
import { pluralTable } from '../../../i18n/interpolate';
import type { CardLabels, ReviewLabels } from '../../islands/hospital/types';

export function cardLabels(locale: Locale): CardLabels {
  const t = translator(locale);
  return {
    searchServices: t('hospital.services.search'),
    searchDoctors: t('hospital.doctors.search'),
    searchHint: t('hospital.search.hint', { count: 3 }),
    noResults: t('directory.noResults'),
    loading: t('common.loading'),
    bookService: t('hospital.services.book'),
    bookDoctor: t('hospital.doctors.book'),
    reviews: t('hospital.rating.reviewsTemplate'),
    prevPage: t('common.prevPage'),
    nextPage: t('common.nextPage'),
    pageOf: t('common.pageOf'),
    results: t('hospital.search.results'),
    error: t('common.error'),
    plural: pluralTable(locale),
  };
}

export function reviewLabels(locale: Locale): ReviewLabels {
  const t = translator(locale);
  return {
    sortBy: t('hospital.reviews.sortBy'),
    count: t('hospital.rating.reviewsTemplate'),
    viewMore: t('directory.hospital.viewMore'),
    empty: t('directory.reviews.empty'),
    today: t('directory.reviews.today'),
    yesterday: t('directory.reviews.yesterday'),
    lastDays: t('directory.reviews.lastDays'),
    ratedOf: t('hospital.reviews.rated'),
    doctor: t('hospital.reviews.doctor'),
    service: t('hospital.reviews.service'),
    reply: t('hospital.reviews.reply'),
    loading: t('common.loading'),
    error: t('common.error'),
    plural: pluralTable(locale),
  };
}
