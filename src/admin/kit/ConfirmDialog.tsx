/**
 * Confirmation popup (Radix Dialog: focus trap, Escape, labelled). Defaults of SPEC §8: asks whether to delete,
 * says it cannot be restored, 'Yes, Delete' and 'No, keep it'. A failure message stays inside the popup.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useT } from '../i18n';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  title?: string;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Danger styling of the confirm button (delete). */
  danger?: boolean;
  busy?: boolean;
  /** The first server message of a failed attempt. */
  error?: string | null;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useT();
  // Opened from a menu item or a switch, not a Dialog.Trigger: Radix has nothing to give focus back to, so the
  // element that had focus when the popup opened gets it back on close (Escape included; issue #38 item 11).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={p.open} onOpenChange={(o) => !p.busy && p.onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          // Radix calls this before it moves focus into the popup: the element focused now is the opener.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            const back = opener.current;
            opener.current = null;
            if (back?.isConnected) {
              e.preventDefault();
              back.focus();
            }
          }}
        >
          <Dialog.Title className="dialog-title">{p.title ?? t('admin.confirm.deleteTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{p.description ?? t('admin.confirm.deleteText')}</Dialog.Description>
          {p.error ? (
            <p className="alert alert-danger" role="alert">
              {p.error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn" disabled={p.busy}>
                {p.cancelText ?? t('admin.confirm.keep')}
              </button>
            </Dialog.Close>
            <button type="button" className={p.danger === false ? 'btn btn-primary' : 'btn btn-danger'} onClick={p.onConfirm} disabled={p.busy} aria-busy={p.busy}>
              {p.confirmText ?? t('admin.confirm.delete')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
