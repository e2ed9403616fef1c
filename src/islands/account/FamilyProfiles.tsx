/**
 * Family profiles (SPEC §3–5, §7, §8; issue 28 item 4): the list of the patient's relatives and the popup
 * 'Add New Profile' / 'Edit Profile' with every rule of src/lib/family-profile.ts. After a save: the success
 * message, the list updated, the form reset (add), the popup closed; on failure the first server message or
 * 'An error occurred!'. Delete asks first ('Yes, Delete' / 'No, keep it').
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  AVATAR_TYPES,
  EARLIEST_BIRTHDAY,
  NOTIFY_TO,
  NOTIFY_TO_OF_PAYLOAD,
  RELATIONS,
  familyProfileFormData,
  familyProfileMode,
  hasFamilyErrors,
  validateFamilyProfile,
  type FamilyErrors,
  type FamilyField,
  type FamilyProfileValues,
  type NotifyTo,
} from '../../lib/family-profile';
import { $session } from '../../scripts/session-store';
import { AccountCallError, accountCall, goToLogin, localToday, pluralOf, translatorOf, type Strings } from './api';
import { Modal } from './Modal';

export interface Contact {
  id: number;
  name: string;
  birthday: string;
  gender: 'male' | 'female';
  relation: string;
  notifyTo: 'MASTER' | 'BOTH' | 'PATIENT';
  email: string | null;
  phone: string | null;
  avatar: string | null;
}

interface Props {
  strings: Strings;
  locale: string;
  loginPath: string;
}

const EMPTY: FamilyProfileValues = { name: '', birthday: '', gender: 'male', relation: '', notifyTo: 'only_me', email: '', phone: '' };
const NOTIFY_LABEL: Record<NotifyTo, string> = { only_me: 'form.family.notify.onlyMe', both: 'form.family.notify.both', patient: 'form.family.notify.patient' };
const FIELD_ORDER: FamilyField[] = ['avatar', 'name', 'birthday', 'relation', 'gender', 'notifyTo', 'email', 'phone'];

export type Editing = { mode: 'add' } | { mode: 'edit'; contact: Contact };

function valuesOf(c: Contact): FamilyProfileValues {
  return { name: c.name, birthday: c.birthday, gender: c.gender, relation: c.relation, notifyTo: NOTIFY_TO_OF_PAYLOAD[c.notifyTo], email: c.email ?? '', phone: c.phone ?? '' };
}

export default function FamilyProfiles({ strings, locale, loginPath }: Props) {
  const t = translatorOf(strings);
  const plural = pluralOf(strings, locale);
  const session = useStore($session);
  const [contacts, setContacts] = useState<Contact[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  // The static page is rendered without a session: the visitor's text only once the browser's store is read.
  const [mounted, setMounted] = useState(false);
  const today = localToday();
  const signedOut = () => goToLogin(loginPath);

  async function load() {
    setLoadFailed(false);
    try {
      const { data } = await accountCall<{ contacts: Contact[] }>('/api/family', {}, signedOut);
      setContacts(data.contacts);
    } catch {
      setLoadFailed(true);
    }
  }

  useEffect(() => {
    setMounted(true);
    if (session.status === 'visitor') signedOut();
    else void load();
  }, [session.status]);

  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => setNotice(null), 3000);
    return () => clearTimeout(id);
  }, [notice]);

  if (mounted && session.status === 'visitor') return <p className="acc-muted">{t('account.signInRequired')}</p>;

  function saved(contact: Contact, mode: 'add' | 'edit') {
    setContacts((list) => (mode === 'add' ? [...(list ?? []), contact] : (list ?? []).map((c) => (c.id === contact.id ? contact : c))));
    setNotice(t(mode === 'add' ? 'account.family.created' : 'account.family.updated'));
    setEditing(null);
  }

  return (
    <div className="acc-family" data-testid="family-profiles">
      <div className="acc-toolbar">
        <button type="button" className="acc-primary" onClick={() => setEditing({ mode: 'add' })} data-testid="family-add">
          {t('account.family.add')}
        </button>
      </div>
      <p className="acc-notice" role="status" data-testid="family-notice">
        {notice}
      </p>
      {contacts === null && !loadFailed && <p className="acc-muted">{t('account.loading')}</p>}
      {loadFailed && (
        <p className="acc-error" role="alert">
          {t('common.error')}{' '}
          <button type="button" className="acc-link" onClick={() => void load()}>
            {t('account.retry')}
          </button>
        </p>
      )}
      {contacts && contacts.length === 0 && <p className="acc-empty">{t('account.family.empty')}</p>}
      {contacts && contacts.length > 0 && (
        <ul className="acc-cards">
          {contacts.map((c) => {
            const mode = familyProfileMode(c.birthday, today);
            return (
              <li key={c.id} className="acc-card acc-member" data-testid="family-member">
                <Avatar src={c.avatar} name={c.name} />
                <div className="acc-member-body">
                  <p className="acc-member-name">{c.name}</p>
                  <p className="acc-muted">
                    {t(`account.relation.${c.relation}`)}
                    {mode.age !== null && <span className="acc-badge">{plural('account.family.age', mode.age)}</span>}
                    {mode.child && <span className="acc-badge acc-badge-child">{t('form.family.childProfile')}</span>}
                  </p>
                </div>
                <div className="acc-member-actions">
                  <button type="button" className="acc-secondary" onClick={() => setEditing({ mode: 'edit', contact: c })} aria-label={t('account.family.editNamed', { name: c.name })}>
                    {t('account.family.edit')}
                  </button>
                  <button type="button" className="acc-danger-link" onClick={() => setDeleting(c)} aria-label={t('account.family.deleteNamed', { name: c.name })}>
                    {t('account.family.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ProfilePopup
          key={editing.mode === 'edit' ? editing.contact.id : 'add'}
          editing={editing}
          t={t}
          plural={plural}
          today={today}
          onClose={() => setEditing(null)}
          onSaved={saved}
          signedOut={signedOut}
        />
      )}
      {deleting && (
        <DeletePopup
          contact={deleting}
          t={t}
          signedOut={signedOut}
          onClose={() => setDeleting(null)}
          onDeleted={(id) => {
            setContacts((list) => (list ?? []).filter((c) => c.id !== id));
            setDeleting(null);
            setNotice(t('account.family.deleted'));
          }}
        />
      )}
    </div>
  );
}

function Avatar({ src, name, size = 48 }: { src: string | null; name: string; size?: number }) {
  return src ? (
    <img className="acc-avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="acc-avatar acc-avatar-initial" aria-hidden="true" style={{ width: size, height: size }}>
      {[...name.trim()][0]?.toLocaleUpperCase() ?? '?'}
    </span>
  );
}

type T = ReturnType<typeof translatorOf>;

export interface PopupProps {
  editing: Editing;
  t: T;
  plural: (base: string, n: number) => string;
  today: string;
  onClose(): void;
  onSaved(c: Contact, mode: 'add' | 'edit'): void;
  signedOut(): void;
}

/** The 'Add New Profile' / 'Edit Profile' popup (SPEC §2), also opened from the booking page (issue 38 item 18). */
export function ProfilePopup({ editing, t, plural, today, onClose, onSaved, signedOut }: PopupProps) {
  const initial = editing.mode === 'edit' ? valuesOf(editing.contact) : EMPTY;
  const preview = editing.mode === 'edit' ? editing.contact.avatar : null;
  const [values, setValues] = useState<FamilyProfileValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [filePreview, setFilePreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FamilyErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const mode = familyProfileMode(values.birthday, today, values.notifyTo);

  useEffect(() => () => void (filePreview && URL.revokeObjectURL(filePreview)), [filePreview]);

  const set = <K extends keyof FamilyProfileValues>(k: K, v: FamilyProfileValues[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };

  function check(): FamilyErrors {
    const found = validateFamilyProfile(values, today, { file: file ? { size: file.size, type: file.type } : null, hasPreview: !!preview });
    for (const k of Object.keys(found) as FamilyField[]) if (!found[k]) delete found[k];
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (hasFamilyErrors(found)) {
      const first = FIELD_ORDER.find((f) => found[f]);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = familyProfileFormData(values, today, file, editing.mode);
      const url = editing.mode === 'edit' ? `/api/family/${editing.contact.id}` : '/api/family';
      const { data } = await accountCall<{ contact: Contact }>(url, { method: 'POST', body }, signedOut);
      if (editing.mode === 'add') {
        setValues(EMPTY);
        setFile(null);
      }
      onSaved(data.contact, editing.mode);
    } catch (err) {
      setFailure((err instanceof AccountCallError && err.messages[0]) || t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  const err = (f: FamilyField) =>
    errors[f] ? (
      <p className="acc-field-error" id={id(`${f}-error`)} data-testid={`error-${f}`}>
        {t(errors[f]!.key, errors[f]!.params)}
      </p>
    ) : null;
  const described = (f: FamilyField, extra?: string) => [errors[f] ? id(`${f}-error`) : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const shown = filePreview ?? preview;

  return (
    <Modal title={t(editing.mode === 'add' ? 'form.family.addTitle' : 'form.family.editTitle')} onClose={onClose} closeLabel={t('account.family.close')} testId="family-popup">
      <form ref={formRef} className="acc-form" noValidate onSubmit={submit}>
        <div className="acc-photo">
          {shown ? <img className="acc-avatar" src={shown} alt="" width={48} height={48} /> : <span className="acc-avatar acc-avatar-initial" aria-hidden="true">+</span>}
          <div>
            <label className="acc-file">
              <span>{t(shown ? 'account.family.photoChange' : 'account.family.photoChoose')}</span>
              <input
                type="file"
                accept={AVATAR_TYPES.join(',')}
                data-field="avatar"
                aria-describedby={described('avatar', id('photo-hint'))}
                aria-invalid={!!errors.avatar}
                aria-label={t('account.family.photo')}
                onChange={(e) => {
                  const f = (e.currentTarget as HTMLInputElement).files?.[0] ?? null;
                  setFile(f);
                  setFilePreview(f ? URL.createObjectURL(f) : null);
                  setErrors((old) => ({ ...old, avatar: undefined }));
                }}
              />
            </label>
            <p className="acc-hint" id={id('photo-hint')}>
              {t('account.family.photoHint')}
            </p>
            {err('avatar')}
          </div>
        </div>

        <div className="acc-field">
          <label htmlFor={id('name')}>{t('account.family.name')}</label>
          <input id={id('name')} data-field="name" value={values.name} autoComplete="off" aria-invalid={!!errors.name} aria-describedby={described('name')} onInput={(e) => set('name', (e.currentTarget as HTMLInputElement).value)} />
          {err('name')}
        </div>

        <div className="acc-field">
          <label htmlFor={id('birthday')}>
            {t('account.family.birthday')}
            {mode.age !== null && <span className="acc-badge">{plural('account.family.age', mode.age)}</span>}
            {mode.child && (
              <span className="acc-badge acc-badge-child" data-testid="child-label">
                {t('form.family.childProfile')}
              </span>
            )}
          </label>
          <input
            id={id('birthday')}
            type="date"
            data-field="birthday"
            min={EARLIEST_BIRTHDAY}
            max={today}
            value={values.birthday}
            aria-invalid={!!errors.birthday}
            aria-describedby={described('birthday')}
            onInput={(e) => set('birthday', (e.currentTarget as HTMLInputElement).value)}
          />
          {err('birthday')}
        </div>

        <div className="acc-field">
          <label htmlFor={id('relation')}>{t('account.family.relation')}</label>
          <select id={id('relation')} data-field="relation" value={values.relation} aria-invalid={!!errors.relation} aria-describedby={described('relation')} onChange={(e) => set('relation', (e.currentTarget as HTMLSelectElement).value)}>
            <option value="">{t('account.family.relationPlaceholder')}</option>
            {RELATIONS.map((r) => (
              <option key={r} value={r}>
                {t(`account.relation.${r}`)}
              </option>
            ))}
          </select>
          {err('relation')}
        </div>

        <fieldset className="acc-field acc-choice">
          <legend>{t('account.family.gender')}</legend>
          {(['male', 'female'] as const).map((g, i) => (
            <label key={g}>
              <input type="radio" name={id('gender')} value={g} data-field={i === 0 ? 'gender' : undefined} checked={values.gender === g} onChange={() => set('gender', g)} />
              {t(`account.family.${g}`)}
            </label>
          ))}
          {err('gender')}
        </fieldset>

        {mode.showNotify && (
          <fieldset className="acc-field acc-choice acc-choice-column" data-testid="notify-choice">
            <legend>{t('form.family.sendTo')}</legend>
            {NOTIFY_TO.map((n, i) => (
              <label key={n}>
                <input type="radio" name={id('notify')} value={n} data-field={i === 0 ? 'notifyTo' : undefined} checked={values.notifyTo === n} onChange={() => set('notifyTo', n)} />
                {t(NOTIFY_LABEL[n])}
              </label>
            ))}
            {err('notifyTo')}
          </fieldset>
        )}

        {mode.showEmail && (
          <div className="acc-field">
            <label htmlFor={id('email')}>{t('account.family.email')}</label>
            <input id={id('email')} type="email" data-field="email" value={values.email} autoComplete="off" aria-invalid={!!errors.email} aria-describedby={described('email')} onInput={(e) => set('email', (e.currentTarget as HTMLInputElement).value)} />
            {err('email')}
          </div>
        )}

        <div className="acc-field">
          <label htmlFor={id('phone')}>
            {t('account.family.phone')}
            <span className="acc-tip">
              <button type="button" className="acc-tip-button" aria-describedby={id('phone-tip')}>
                <span aria-hidden="true">i</span>
                <span className="visually-hidden">{t('account.family.phoneTooltip')}</span>
              </button>
              <span role="tooltip" id={id('phone-tip')} className="acc-tip-text">
                {t('account.family.phoneTooltip')}
              </span>
            </span>
          </label>
          <input id={id('phone')} type="tel" data-field="phone" value={values.phone} autoComplete="off" aria-invalid={!!errors.phone} aria-describedby={described('phone')} onInput={(e) => set('phone', (e.currentTarget as HTMLInputElement).value)} />
          {err('phone')}
        </div>

        {failure && (
          <p className="acc-error" role="alert" data-testid="family-failure">
            {failure}
          </p>
        )}
        <div className="acc-actions">
          <button type="button" className="acc-secondary" onClick={onClose}>
            {t('account.family.cancel')}
          </button>
          <button type="submit" className="acc-primary" disabled={busy} aria-busy={busy}>
            {t(busy ? 'account.family.saving' : 'account.family.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeletePopup({ contact, t, signedOut, onClose, onDeleted }: { contact: Contact; t: T; signedOut(): void; onClose(): void; onDeleted(id: number): void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await accountCall(`/api/family/${contact.id}`, { method: 'DELETE' }, signedOut);
      onDeleted(contact.id);
    } catch (err) {
      setFailure((err instanceof AccountCallError && err.messages[0]) || t('common.error'));
      setBusy(false);
    }
  }
  return (
    <Modal title={t('account.family.deleteTitle')} onClose={onClose} closeLabel={t('account.family.close')} testId="family-delete">
      <p>{t('account.family.deleteQuestion', { name: contact.name })}</p>
      <p className="acc-muted">{t('account.family.deleteWarning')}</p>
      {failure && (
        <p className="acc-error" role="alert">
          {failure}
        </p>
      )}
      <div className="acc-actions">
        <button type="button" className="acc-secondary" onClick={onClose} autoFocus>
          {t('account.family.deleteNo')}
        </button>
        <button type="button" className="acc-danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          {t('account.family.deleteYes')}
        </button>
      </div>
    </Modal>
  );
}
