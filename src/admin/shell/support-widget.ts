/**
 * The support-widget loader (SPEC §2: vi-VN only). The widget's script address is configuration
 * (PUBLIC_SUPPORT_WIDGET_URL); without one nothing is loaded.
 */
import type { Locale } from '../../../i18n/locales';

export function supportWidgetUrl(locale: Locale, configured: string | undefined): string | null {
  return locale === 'vi-VN' && configured ? configured : null;
}

export function loadSupportWidget(locale: Locale): void {
  const url = supportWidgetUrl(locale, import.meta.env.PUBLIC_SUPPORT_WIDGET_URL);
  if (!url || document.querySelector('script[data-support-widget]')) return;
  const s = document.createElement('script');
  s.src = url;
  s.async = true;
  s.dataset.supportWidget = '';
  document.head.append(s);
}
