/**
 * The review screen's dialogs (Radix Dialog as the kit's ConfirmDialog: focus trap, Escape, labelled): hiding with a
 * reason, and the hospital's reply with its templates. A typed reply that names the writer as a patient or speaks of
 * care is warned about (replyRisks in src/lib/admin-reviews.ts).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState } from 'react';
import { MAX_HIDE_REASON_CHARS, MAX_REPLY_CHARS, REPLY_TEMPLATES, replyRisks, type AdminReviewItem } from '../../../lib/admin-reviews';
import { useReplyReview } from '../../data/reviews/queries';
import { useT } from '../../i18n';
import { useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';

export function HideDialog(p: { open: boolean; count: number; busy: boolean; error: string | null; onClose: () => void; onHide: (reason: string) => void }) {
  const { t } = useT();
  const fid = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (p.open) {
      setReason('');
      setTouched(false);
    }
  }, [p.open]);
  const missing = reason.trim() === '';
  return (
    <Dialog.Root open={p.open} onOpenChange={(o) => !o && !p.busy && p.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('admin.reviews.hideTitle', { count: p.count })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.reviews.hideText')}</Dialog.Description>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setTouched(true);
              if (!missing) p.onHide(reason.trim());
            }}
          >
            <label htmlFor={fid} className="field-label">
              {t('admin.reviews.reason')} <span aria-hidden="true">*</span>
            </label>
            <textarea id={fid} className="input" rows={3} maxLength={MAX_HIDE_REASON_CHARS} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={touched && missing} aria-describedby={touched && missing ? `${fid}-error` : undefined} />
            {touched && missing ? (
              <p id={`${fid}-error`} className="field-message" role="alert">
                {t('admin.reviews.reasonRequired')}
              </p>
            ) : null}
            {p.error ? (
              <p className="alert alert-danger" role="alert">
                {p.error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn" disabled={p.busy}>
                  {t('admin.common.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-danger" disabled={p.busy} aria-busy={p.busy}>
                {t('admin.reviews.hide')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ReplyDialog({ review, onClose }: { review: AdminReviewItem | null; onClose: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const save = useReplyReview();
  const fid = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBody(review?.reply?.body ?? '');
    setError(null);
  }, [review]);
  const risks = replyRisks(body);
  const submit = (text: string) =>
    review &&
    save.mutate(
      { id: review.id, body: text },
      {
        onSuccess: (r) => {
          notify('success', r.messages[0] ?? t('admin.reviews.replySaved'));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  return (
    <Dialog.Root open={!!review} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide">
          <Dialog.Title className="dialog-title">{t('admin.reviews.replyTitle', { name: review?.authorName ?? '' })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.reviews.replyText')}</Dialog.Description>
          {review?.feedback ? <blockquote className="review-quote">{review.feedback}</blockquote> : null}
          <div className="template-row" role="group" aria-label={t('admin.reviews.templates')}>
            {REPLY_TEMPLATES.map((k) => (
              <button key={k} type="button" className="btn btn-small" onClick={() => setBody(t(`admin.reviews.template.${k}`))}>
                {t(`admin.reviews.templateName.${k}`)}
              </button>
            ))}
          </div>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (body.trim() === '') setError(t('admin.reviews.replyRequired'));
              else submit(body.trim());
            }}
          >
            <label htmlFor={fid} className="field-label">
              {t('admin.reviews.replyLabel')}
            </label>
            <textarea id={fid} className="input" rows={5} maxLength={MAX_REPLY_CHARS} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby={`${fid}-hint`} />
            <p id={`${fid}-hint`} className="small muted">
              {t('admin.reviews.replyHint')}
            </p>
            {risks.length ? (
              <p className="alert alert-warning" role="status" data-testid="reply-risk">
                {t('admin.reviews.replyRisk', { words: risks.join(', ') })}
              </p>
            ) : null}
            {error ? (
              <p className="alert alert-danger" role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions">
              {review?.reply ? (
                <button type="button" className="btn btn-danger" disabled={save.isPending} onClick={() => submit('')}>
                  {t('admin.reviews.removeReply')}
                </button>
              ) : null}
              <Dialog.Close asChild>
                <button type="button" className="btn" disabled={save.isPending}>
                  {t('admin.common.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
                {t('admin.reviews.saveReply')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
