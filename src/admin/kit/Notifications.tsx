/**
 * Stacked success or danger notifications at the top right that dismiss themselves (SPEC §2, §4, §9: 3 s by
 * default, 10 s on the users list). Announced to screen readers through a live region.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_DISMISS_MS } from '../../lib/admin-rules';
import { useT } from '../i18n';

export type Tone = 'success' | 'danger';
interface Note {
  id: number;
  tone: Tone;
  text: string;
}
type Notify = (tone: Tone, text: string, ms?: number) => void;

const NotifyContext = createContext<Notify>(() => undefined);

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [notes, setNotes] = useState<Note[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setNotes((n) => n.filter((x) => x.id !== id)), []);
  const notify = useCallback<Notify>(
    (tone, text, ms = ALERT_DISMISS_MS.default) => {
      const id = next.current++;
      setNotes((n) => [...n, { id, tone, text }]);
      window.setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="notes" role="status" aria-live="polite">
        {notes.map((n) => (
          <div key={n.id} className={`note note-${n.tone}`} role={n.tone === 'danger' ? 'alert' : undefined}>
            <span>{n.text}</span>
            <button type="button" className="icon-btn" aria-label={t('admin.common.close')} onClick={() => dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}
