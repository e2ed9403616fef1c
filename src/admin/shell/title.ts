import { useEffect } from 'react';
import { adminPageTitle } from '../../lib/admin-rules';
import { useT } from '../i18n';

/** Page title '{title} - {site} Care Admin' (SPEC §2). */
export function usePageTitle(title: string) {
  const { tm, locale } = useT();
  useEffect(() => {
    document.title = tm(adminPageTitle(locale, title));
  }, [tm, title, locale]);
}
