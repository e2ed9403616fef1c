/**
 * A form with unsaved changes asks before its screen is left (issue #38 item 11: the doctor form lost an edit on
 * navigation without a word): a link, Back or the sidebar inside the app opens a confirmation ('Leave' / 'Stay');
 * closing or reloading the tab gets the browser's own question. `skip` lets a successful save navigate away.
 */
import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';

export function UnsavedChangesGuard({ dirty, skip }: { dirty: boolean; skip?: RefObject<boolean> }) {
  const { t } = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !skip?.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      title={t('admin.edges.unsavedTitle')}
      description={t('admin.edges.unsavedText')}
      confirmText={t('admin.edges.leave')}
      cancelText={t('admin.edges.stay')}
    />
  );
}
