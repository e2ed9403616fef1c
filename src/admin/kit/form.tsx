/**
 * Form kit: react-hook-form with a zod resolver over the same schema the function validates with; issues are
 * shown with the SPEC §5 messages (src/lib/form-issues.ts). Fields are labelled, errors tied by aria-describedby.
 */
import { toNestErrors } from '@hookform/resolvers';
import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { formIssueMessage } from '../../lib/form-issues';
import { isBlockedNumberKey } from '../../lib/form-rules';
import { useT } from '../i18n';
import { EmptyBoxIcon } from './Spinner';

/**
 * useForm over a zod schema with the spec's messages. Each issue's message is read from its code (and input), not
 * from its text: a schema shared with a function words its checks in English inline, and an inline message would
 * win over an error map.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>, opts: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {}) {
  const { tm } = useT();
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, _context, options) => {
    const r = await schema.safeParseAsync(values, { reportInput: true });
    if (r.success) return { values: r.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of r.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: tm(formIssueMessage(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
  return useForm<z.input<S>, unknown, z.output<S>>({ ...opts, defaultValues, mode: 'onTouched', resolver });
}

export function Field({ id, label, error, hint, required, children }: { id: string; label: string; error?: string; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-message" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of an input inside Field. */
export function describedBy(id: string, error?: string, hint?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** Number input that refuses the keys e and full stop (SPEC §5). */
export function NumberInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      {...props}
      type="number"
      inputMode="numeric"
      className="input"
      onKeyDown={(e) => {
        if (isBlockedNumberKey(e.key)) e.preventDefault();
        props.onKeyDown?.(e);
      }}
    />
  );
}

/** Phone input with a fixed country (no dropdown, no auto-format, SPEC §5). */
export function PhoneInput({ countryCode, ...props }: InputHTMLAttributes<HTMLInputElement> & { countryCode: string }) {
  return (
    <span className="phone-input">
      <span className="phone-prefix" aria-hidden="true">
        {countryCode}
      </span>
      <input {...props} type="tel" inputMode="tel" autoComplete="tel" className="input" />
    </span>
  );
}

// The dropdown lives in its own module so the shell's top bar does not load react-hook-form and the resolver.
export { Dropdown, type Option } from './Dropdown';
import type { Option } from './Dropdown';

/**
 * Multi-select with tags: pick from options; Enter adds the typed text as a tag when `allowCreate`; Backspace on an
 * empty input removes the last tag. The min/max messages come from the form's schema (SPEC §5).
 */
export function MultiSelect({ id, value, options, onChange, allowCreate, placeholder, describedBy: described }: { id: string; value: string[]; options: Option[]; onChange: (v: string[]) => void; allowCreate?: boolean; placeholder?: string; describedBy?: Record<string, unknown> }) {
  const { t } = useT();
  const [text, setText] = useState('');
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const matches = options.filter((o) => !value.includes(o.value) && o.label.toLowerCase().includes(text.trim().toLowerCase()));
  const add = (v: string) => {
    if (!value.includes(v)) onChange([...value, v]);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const exact = matches.find((o) => o.label.toLowerCase() === text.trim().toLowerCase()) ?? (matches.length === 1 ? matches[0] : undefined);
      if (exact) add(exact.value);
      else if (allowCreate && text.trim()) add(text.trim());
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="multi">
      <ul className="tags" aria-label={t('admin.form.selected')}>
        {value.map((v) => (
          <li key={v} className="tag">
            {labelOf(v)}
            <button type="button" className="tag-remove" aria-label={t('admin.form.remove', { item: labelOf(v) })} onClick={() => onChange(value.filter((x) => x !== v))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input {...described} id={id} className="input" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} autoComplete="off" />
      <div className="multi-options" role="group" aria-label={t('admin.form.options')}>
        {matches.length === 0 && !allowCreate ? (
          <span className="menu-empty">
            <EmptyBoxIcon />
            <span>{t('admin.common.noOptions')}</span>
          </span>
        ) : (
          matches.slice(0, 50).map((o) => (
            <button key={o.value} type="button" className="chip" onClick={() => add(o.value)}>
              + {o.label}
            </button>
          ))
        )}
      </div>
    </div>
  );
}

/** Date range in steps of whole days (SPEC §5): the end is never before the start. Values are yyyy-MM-dd. */
export function DateRangePicker({ from, to, onChange, labels, max }: { from: string; to: string; onChange: (r: { from: string; to: string }) => void; labels: { from: string; to: string }; max?: string }) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="date-range">
      <label htmlFor={fromId} className="field-label">
        {labels.from}
      </label>
      <input id={fromId} type="date" className="input" value={from} max={to || max} step={1} onChange={(e) => e.target.value && onChange({ from: e.target.value, to: to < e.target.value ? e.target.value : to })} />
      <label htmlFor={toId} className="field-label">
        {labels.to}
      </label>
      <input id={toId} type="date" className="input" value={to} min={from} max={max} step={1} onChange={(e) => e.target.value && onChange({ from: from > e.target.value ? e.target.value : from, to: e.target.value })} />
    </div>
  );
}
