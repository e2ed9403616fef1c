/** A modal dialog on the native <dialog> element: the browser traps focus and Escape closes it. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  actions: ReactNode;
  testId?: string;
}

export function Dialog({ open, title, onClose, children, actions, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="bk-dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose} data-testid={testId}>
      <h2 id={titleId} className="bk-dialog-title">{title}</h2>
      <div className="bk-dialog-body">{children}</div>
      <div className="bk-dialog-actions">{actions}</div>
    </dialog>
  );
}
