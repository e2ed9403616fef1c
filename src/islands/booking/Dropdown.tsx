/**
 * A searchable single-choice dropdown (SPEC §4, §9): opens and closes on click, closes on an outside click or
 * Escape, lists at most 304 px (quick-booking widget) before scrolling, works by keyboard (arrows, Home/End,
 * Enter), and shows the empty-box icon when there is nothing to choose. With `search`, the typed keyword goes to
 * the server (SPEC §5: debounced 300 ms, only from 3 characters) and the dropdown shows a loading state, then the
 * server's results or 'No result found'; shorter input shows every option.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { searchKeyword, SEARCH_DEBOUNCE_MS } from '../../lib/search-keyword';

export const WIDGET_DROPDOWN_MAX_HEIGHT = 304;

export interface Option {
  value: number;
  label: string;
  /** A second line under the label (e.g. "No free slot in the next 180 days"); the option stays selectable. */
  hint?: string;
}

interface Props {
  label: string;
  placeholder: string;
  options: readonly Option[];
  value: number | null;
  onChange(value: number): void;
  disabled?: boolean;
  readOnly?: boolean;
  /** Shown for a read-only field. */
  readOnlyText?: string;
  searchLabel: string;
  emptyText: string;
  testId?: string;
  /** Server-side search: the options matching a keyword (already trimmed, at least 3 characters). */
  search?(keyword: string, signal: AbortSignal): Promise<Option[]>;
  /** Announced while a search runs. */
  searchingText?: string;
}

type Remote = { keyword: string; status: 'loading' | 'ready' | 'error'; options: Option[] };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function Dropdown({ label, placeholder, options, value, onChange, disabled, readOnly, readOnlyText, searchLabel, emptyText, testId, search: searchRemote, searchingText }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [remote, setRemote] = useState<Remote | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId().replace(/:/g, '');
  const selected = options.find((o) => o.value === value) ?? remote?.options.find((o) => o.value === value);
  const keyword = searchRemote ? searchKeyword(query) : undefined;

  // Server-side search: 300 ms after the last keystroke, from 3 characters; a newer keyword cancels the older call.
  useEffect(() => {
    if (!searchRemote || !keyword) {
      setRemote(null);
      return;
    }
    setRemote((r) => ({ keyword, status: 'loading', options: r?.options ?? [] }));
    const ac = new AbortController();
    const timer = setTimeout(() => {
      searchRemote(keyword, ac.signal).then(
        (found) => {
          if (ac.signal.aborted) return;
          setRemote({ keyword, status: 'ready', options: found });
          setActive(0); // a new list: its first option, wherever the arrow keys were in the one before
        },
        () => !ac.signal.aborted && setRemote({ keyword, status: 'error', options: [] }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword]);

  // The answer for the keyword typed now, if any. Until it is there the dropdown is searching, also in the render
  // between the keystroke and the effect above (the list of before must not be chosen from meanwhile).
  const answered = remote && remote.keyword === keyword ? remote : null;
  const searching = Boolean(searchRemote && keyword) && (!answered || answered.status === 'loading');
  const shown = useMemo(() => {
    if (searchRemote) return !keyword ? options : answered?.status === 'ready' ? answered.options : [];
    const q = fold(query.trim());
    return q ? options.filter((o) => fold(o.label).includes(q)) : options;
  }, [options, query, keyword, answered, searchRemote]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setActive(Math.max(0, options.findIndex((o) => o.value === value)));
      requestAnimationFrame(() => search.current?.focus());
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (o: Option) => {
    onChange(o.value);
    setOpen(false);
    root.current?.querySelector<HTMLButtonElement>('.bk-dd-button')?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.max(0, Math.min(shown.length - 1, a + 1)));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(Math.max(0, shown.length - 1));
    else if (e.key === 'Enter' && shown[active]) choose(shown[active]);
    else if (e.key === 'Escape') {
      // Close only this popup, not the slide-in panel around the widget.
      e.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('.bk-dd-button')?.focus();
    } else return;
    e.preventDefault();
  };

  if (readOnly) {
    return (
      <div className="bk-field" data-testid={testId}>
        <span className="bk-label" id={`${id}-label`}>{label}</span>
        <div className="bk-dd-button is-readonly" aria-labelledby={`${id}-label`} aria-readonly="true" role="textbox" tabIndex={0}>
          {readOnlyText}
        </div>
      </div>
    );
  }

  return (
    <div className="bk-field bk-dd" ref={root} data-testid={testId}>
      <span className="bk-label" id={`${id}-label`}>{label}</span>
      <button
        type="button"
        className="bk-dd-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span id={`${id}-value`} className={selected ? '' : 'bk-placeholder'}>{selected?.label ?? placeholder}</span>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      {open && (
        <div className="bk-dd-popup" onKeyDown={onKey} style={{ maxHeight: WIDGET_DROPDOWN_MAX_HEIGHT }}>
          <input
            ref={search}
            className="bk-dd-search"
            type="search"
            role="combobox"
            aria-label={searchLabel}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={shown[active] ? `${id}-opt-${shown[active].value}` : undefined}
            placeholder={searchLabel}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
          />
          {searching ? (
            <div className="bk-dd-loading" role="status" data-testid="dropdown-loading">
              <span className="bk-spinner" aria-hidden="true" />
              <span>{searchingText ?? searchLabel}</span>
            </div>
          ) : shown.length === 0 ? (
            <div className="bk-dd-empty" data-testid="dropdown-empty" role="status">
              <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
                <path d="M6 18l18-9 18 9v18l-18 9-18-9z" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M6 18l18 9 18-9M24 27v18" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              <p>{emptyText}</p>
            </div>
          ) : (
            <ul ref={list} id={`${id}-list`} role="listbox" aria-labelledby={`${id}-label`} className="bk-dd-list">
              {shown.map((o, i) => (
                <li
                  key={o.value}
                  id={`${id}-opt-${o.value}`}
                  role="option"
                  aria-selected={o.value === value}
                  // The name alone names the option (typed and matched as such); the hint describes it.
                  aria-labelledby={`${id}-opt-${o.value}-name`}
                  aria-describedby={o.hint ? `${id}-opt-${o.value}-hint` : undefined}
                  data-index={i}
                  className={`bk-dd-option${i === active ? ' is-active' : ''}${o.value === value ? ' is-selected' : ''}${o.hint ? ' has-hint' : ''}`}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(o)}
                >
                  <span className="bk-dd-name" id={`${id}-opt-${o.value}-name`}>{o.label}</span>
                  {o.hint && <span className="bk-dd-hint" id={`${id}-opt-${o.value}-hint`}>{o.hint}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
