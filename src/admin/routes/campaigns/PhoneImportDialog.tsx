/**
 * The eligible numbers' import on a campaign's page (issue #39, SPEC §5 import rules, §8 import messages): choose a
 * .csv (phone, expired_date), read with the import dialog's rules (readCampaignPhoneFile), Import sends the records;
 * the server normalises the numbers to the market's format and answers the failures (malformed numbers, bad dates,
 * duplicates), which the dialog lists and offers as the error file ('Download the list').
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { fileSizeKb, IMPORT_MESSAGES, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_RECORDS, recordsFailedMessage, recordsSavedMessage, type FailedRow, type ReadResult } from '../../../lib/csv-import';
import { CAMPAIGN_PHONE_ERRORS_NAME, CAMPAIGN_PHONE_TEMPLATE_NAME, campaignPhoneErrorCsv, campaignPhoneTemplateCsv, numberedRecords, readCampaignPhoneFile } from '../../../lib/csv-import-campaign-phones';
import { useImportPhones } from '../../data/campaigns/queries';
import { saveFile } from '../../data/imports/queries';
import { useT } from '../../i18n';
import { useErrorText } from '../../kit/LoadFailure';

export function PhoneImportDialog({ campaignId, countryId, open, onClose }: { campaignId: number; countryId: number; open: boolean; onClose: () => void }) {
  const { t, tm } = useT();
  const errorText = useErrorText();
  const inputId = useId();
  const send = useImportPhones(campaignId);
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ReadResult | null>(null);
  const [outcome, setOutcome] = useState<{ saved: number; failures: FailedRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setRead(null);
    setOutcome(null);
    setError(null);
  };
  const choose = async (f: File | undefined) => {
    if (!f) return;
    reset();
    setFile(f);
    if (f.size > MAX_IMPORT_FILE_BYTES) return setRead({ ok: false, message: IMPORT_MESSAGES.wrongFileFormat });
    try {
      setRead(readCampaignPhoneFile({ name: f.name, text: /\.csv$/i.test(f.name) ? await f.text() : '' }));
    } catch {
      setRead({ ok: false, message: IMPORT_MESSAGES.cannotRead });
    }
  };
  const run = () => {
    if (!read?.ok || !file) return;
    const records = numberedRecords(read.records).map((r) => ({ line: r.line, data: { phone: r.record.phone ?? '', expired_date: r.record.expired_date ?? '' } }));
    send.mutate(
      { file_name: file.name, records },
      {
        onSuccess: ({ data }) => setOutcome({ saved: data.saved, failures: data.failed, total: records.length }),
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  const close = () => {
    if (send.isPending) return;
    reset();
    onClose();
  };
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFF' + campaignPhoneTemplateCsv(countryId))}`;

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog import-dialog" aria-describedby={`${inputId}-rules`}>
          <Dialog.Title className="dialog-title">{t('admin.campaigns.importTitle')}</Dialog.Title>
          <p className="dialog-text" id={`${inputId}-rules`}>
            {t('admin.campaigns.importRules', { max: MAX_IMPORT_RECORDS })}{' '}
            <a href={template} download={CAMPAIGN_PHONE_TEMPLATE_NAME} className="import-template">
              {t('admin.imports.template')}
            </a>
          </p>
          {!file ? (
            <div className="import-drop">
              <input id={inputId} type="file" accept=".csv,text/csv" className="sr-only import-input" aria-label={t('admin.imports.choose')} onChange={(e) => void choose(e.target.files?.[0])} />
              <label htmlFor={inputId} className="btn btn-primary import-choose">
                {t('admin.imports.choose')}
              </label>
            </div>
          ) : (
            <div className="import-file">
              <div className="import-file-body">
                <div className="import-file-head">
                  <span className="import-file-name">{file.name}</span>
                  <span className="import-file-size">{t('admin.imports.sizeKb', { size: fileSizeKb(file.size) })}</span>
                </div>
              </div>
              {!send.isPending ? (
                <button type="button" className="icon-btn import-remove" aria-label={t('admin.imports.remove', { name: file.name })} onClick={reset}>
                  ×
                </button>
              ) : null}
            </div>
          )}
          <div aria-live="polite" className="import-messages">
            {read && !outcome ? (
              <p className={read.ok ? 'alert alert-success' : 'alert alert-danger'} role={read.ok ? 'status' : 'alert'}>
                {tm(read.message)}
              </p>
            ) : null}
            {outcome ? (
              outcome.failures.length === 0 ? (
                <div className="alert alert-success" role="status">
                  <p>{tm(IMPORT_MESSAGES.imported)}</p>
                  <p>{tm(recordsSavedMessage(outcome.saved))}</p>
                </div>
              ) : (
                <div className={outcome.saved > 0 ? 'alert alert-warning' : 'alert alert-danger'} role="alert" data-testid="phone-import-outcome">
                  <p>{tm(recordsSavedMessage(outcome.saved))}</p>
                  <p>
                    {tm(recordsFailedMessage(outcome.failures.length, outcome.total))}{' '}
                    <button type="button" className="btn-link" onClick={() => saveFile(CAMPAIGN_PHONE_ERRORS_NAME, '\uFEFF' + campaignPhoneErrorCsv(outcome.failures))}>
                      {tm(IMPORT_MESSAGES.downloadList)}
                    </button>
                  </p>
                  <ul className="import-failures">
                    {outcome.failures.map((f) => (
                      <li key={f.line}>{t('admin.campaigns.failedLine', { line: f.line, phone: f.record.phone ?? '', messages: f.messages.join('; ') })}</li>
                    ))}
                  </ul>
                </div>
              )
            ) : null}
            {error ? (
              <p className="alert alert-danger" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={close} disabled={send.isPending}>
              {outcome ? t('admin.campaigns.close') : t('admin.common.cancel')}
            </button>
            {!outcome ? (
              <button type="button" className="btn btn-primary" disabled={!read?.ok || send.isPending} aria-busy={send.isPending} onClick={run}>
                {t('admin.campaigns.import')}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
