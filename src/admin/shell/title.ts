import { useEffect } from 'react';
import { LOCALE_CONFIG } from '../../../i18n/locales';
import { useT } from '../i18n';

/** Page title '{title} - {site} Care Admin' (SPEC §2). */
export function usePageTitle(title: string) {
  const { t, locale } = useT();
  useEffect(() => {
    document.title = t('admin.pageTitle', { title, site: LOCALE_CONFIG[locale].siteName });
  }, [t, title, locale]);
}
