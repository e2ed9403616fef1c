/** A modal popup on the native <dialog> element (focus kept inside, Escape closes), opened as it mounts. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}

export function Modal({ title, closeLabel, onClose, children, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="acc-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="acc-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="acc-close" onClick={onClose} aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
