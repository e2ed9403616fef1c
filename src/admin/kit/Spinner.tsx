import { useT } from '../i18n';

/** Loading indicator with an accessible name. */
export function Spinner({ block = true }: { block?: boolean }) {
  const { t } = useT();
  return (
    <div className={block ? 'spinner-block' : 'spinner-inline'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('admin.common.loading')}</span>
    </div>
  );
}

/** The empty-box icon of dropdowns without options and of empty tables (SPEC §8). */
export function EmptyBoxIcon() {
  return (
    <svg className="empty-box" width="48" height="40" viewBox="0 0 48 40" aria-hidden="true" focusable="false">
      <path d="M4 14 12 4h24l8 10v20a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 14h12a8 8 0 0 0 16 0h12" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** 'Empty data' (SPEC §2 empty-data placeholder). */
export function EmptyData({ text }: { text?: string }) {
  const { t } = useT();
  return (
    <div className="empty-data">
      <EmptyBoxIcon />
      <p>{text ?? t('admin.common.emptyData')}</p>
    </div>
  );
}
