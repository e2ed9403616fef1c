/**
 * List toolbar (SPEC §2): a search box debounced 300 ms (on mobile an icon that expands the field and focuses it
 * after 100 ms), an optional filter, an add button and a kebab menu (Radix DropdownMenu: arrow keys, Escape).
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_FOCUS_DELAY_MS = 100;

export interface KebabItem {
  key: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface ListToolbarProps {
  keyword: string;
  onKeyword: (keyword: string) => void;
  searchLabel: string;
  filter?: ReactNode;
  add?: { label: string; to: string } | { label: string; onClick: () => void };
  kebab?: KebabItem[];
  /** "/" anywhere on the screen (outside a field) focuses the search box with its text selected, as in mail apps. */
  searchShortcut?: boolean;
  /** ↓ in the search box: move into the results (the front desk's keyboard path). */
  onSearchArrowDown?: () => void;
}

/** True when a key press belongs to a field or an open dialog, not to the screen. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('[role="dialog"],[role="menu"]'));
}

/** A value that follows `value` after `ms` without changes. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function ListToolbar(p: ListToolbarProps) {
  const { t } = useT();
  const [text, setText] = useState(p.keyword);
  const [expanded, setExpanded] = useState(p.keyword !== '');
  const input = useRef<HTMLInputElement>(null);
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const onKeyword = useRef(p.onKeyword);
  onKeyword.current = p.onKeyword;

  // The URL changed from outside (back button, shared link): show its keyword.
  useEffect(() => setText(p.keyword), [p.keyword]);
  useEffect(() => {
    if (debounced.trim() !== p.keyword) onKeyword.current(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled value is sent
  }, [debounced]);

  const expand = () => {
    setExpanded(true);
    window.setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
  };

  useEffect(() => {
    if (!p.searchShortcut) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
      e.preventDefault();
      setExpanded(true);
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [p.searchShortcut]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowDown' || !p.onSearchArrowDown) return;
    e.preventDefault();
    p.onSearchArrowDown();
  };

  return (
    <div className="toolbar">
      <div className={expanded ? 'search search-expanded' : 'search'}>
        <button type="button" className="icon-btn search-toggle" aria-label={p.searchLabel} aria-expanded={expanded} onClick={expand}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <input ref={input} type="search" className="input search-input" placeholder={p.searchLabel} aria-label={p.searchLabel} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onSearchKey} maxLength={100} />
      </div>
      {p.filter ? <div className="toolbar-filter">{p.filter}</div> : null}
      <div className="toolbar-end">
        {p.add ? (
          'to' in p.add ? (
            <Link to={p.add.to} className="btn btn-primary">
              + {p.add.label}
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" onClick={p.add.onClick}>
              + {p.add.label}
            </button>
          )
        ) : null}
        {p.kebab && p.kebab.length > 0 ? <Kebab items={p.kebab} label={t('admin.common.moreActions')} /> : null}
      </div>
    </div>
  );
}

/** A kebab menu (toolbars and row actions). */
export function Kebab({ items, label }: { items: KebabItem[]; label: string }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="icon-btn kebab" aria-label={label}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="5" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="19" r="2" fill="currentColor" />
          </svg>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4}>
          {items.map((i) => (
            <Menu.Item key={i.key} className="menu-item" disabled={i.disabled} onSelect={i.onSelect}>
              {i.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
