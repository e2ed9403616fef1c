/** Dropdown (SPEC §8): a Radix menu with radio items, shared by the top bar's scoping and the forms. */
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { EmptyBoxIcon } from './Spinner';

export interface Option {
  value: string;
  label: string;
  icon?: ReactNode;
}

/** Dropdown (Radix menu with radio items); without options it shows the empty-box icon (SPEC §8). */
export function Dropdown({ id, value, options, onChange, placeholder, disabled, label }: { id?: string; value: string | null; options: Option[]; onChange: (value: string) => void; placeholder: string; disabled?: boolean; label: string }) {
  const { t } = useT();
  const current = options.find((o) => o.value === value);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild disabled={disabled}>
        <button id={id} type="button" className="dropdown" aria-label={`${label}: ${current?.label ?? placeholder}`} disabled={disabled}>
          <span className={current ? undefined : 'dropdown-placeholder'}>{current?.label ?? placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu dropdown-menu" align="start" sideOffset={4}>
          {options.length === 0 ? (
            <div className="menu-empty">
              <EmptyBoxIcon />
              <span>{t('admin.common.noOptions')}</span>
            </div>
          ) : (
            <Menu.RadioGroup value={value ?? ''} onValueChange={onChange}>
              {options.map((o) => (
                <Menu.RadioItem key={o.value} value={o.value} className="menu-item">
                  {o.icon}
                  {o.label}
                  <Menu.ItemIndicator className="menu-check">✓</Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
