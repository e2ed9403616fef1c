/**
 * The import dialog (SPEC §2, §4, §5, §8) of the doctor list's kebab menu: choose a .csv file (button or drop),
 * read and check it with the rules of src/lib/csv-import.ts (success, or danger with the read error), then Import:
 * a doctor or doctor-service file is sent whole and its hash polled every 3 s with a progress bar; the service
 * import (the manual type) sends its records in chunks and collects the failed rows. Results: 'File is imported
 * successfully.', how many records were created, updated and left unchanged ('Nothing was changed' for an unchanged
 * re-upload), 'N/M records can not be loaded' with 'Download the list' (the error file). Remove resets the dialog
 * (hidden while processing); closing after a result reloads the list. The file is decoded like the server does
 * (UTF-16 by its mark, UTF-8, else the market's code page) and one verdict is shown at a time: a refusal by the
 * server replaces the read's success. The template is the market's, with its specialties and the branch.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import {
  chunkRecords,
  fileSizeKb,
  IMPORT_MESSAGES,
  importErrorCsv,
  importMarket,
  importTemplateCsv,
  importTemplateName,
  MANUAL_CHUNK_SIZE,
  MANUAL_IMPORT_TYPE,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_RECORDS,
  outcomeMessages,
  readImportBytes,
  recordLine,
  recordsFailedMessage,
  type FailedRow,
  type OutcomeCounts,
  type ImportProgressStatus,
  type ImportType,
  type ReadResult,
} from '../../../../lib/csv-import';
import { useErrorText } from '../../../kit/LoadFailure';
import { serviceKeys } from '../../../data/services/keys';
import { doctorKeys } from '../../../data/doctors/keys';
import { useSpecialties } from '../../../data/doctors/queries';
import { ApiError } from '../../../api';
import { downloadErrorFile, saveFile, sendManualChunk, startFileImport, useImportStatus } from '../../../data/imports/queries';
import { useT } from '../../../i18n';

export interface ImportDialogProps {
  type: ImportType | null;
  /** The market of the import (the organization's, or the platform admin's): its code page and its template. */
  countryId: number;
  /** A branch the uploader manages, written into the template's example row. */
  branchId?: number | null;
  onClose: () => void;
}

interface Outcome extends OutcomeCounts {
  status: ImportProgressStatus;
  success: number;
  failed: number;
  total: number;
  /** The server's error file (file types), or the failed rows collected by the dialog (manual type). */
  result: string | null;
  failures: FailedRow[];
}

const errorFileName = (type: ImportType) => `${type.replace('_', '-')}-import-errors.csv`;

export function ImportDialog({ type, countryId, branchId, onClose }: ImportDialogProps) {
  const { t, tm } = useT();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ReadResult | null>(null);
  const [hash, setHash] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** An import ran since the dialog opened: closing reloads the list, even after Remove. */
  const changed = useRef(false);
  const status = useImportStatus(hash, countryId);
  const market = importMarket(countryId);
  const specialties = useSpecialties(type === 'doctor' ? countryId : undefined);

  const reset = () => {
    setFile(null);
    setRead(null);
    setHash(null);
    setPercent(0);
    setBusy(false);
    setOutcome(null);
    setError(null);
    if (input.current) input.current.value = '';
  };

  // The polled status of a file import: percent while processing, the outcome when it stops.
  useEffect(() => {
    const p = status.data;
    if (!p || !read?.ok) return;
    setPercent(p.percent);
    if (p.status !== 'processing') {
      setBusy(false);
      changed.current = true;
      setOutcome({
        status: p.status === 'processed' ? 'import_success' : (p.status as ImportProgressStatus),
        success: p.success,
        failed: p.failed,
        created: p.created,
        updated: p.updated,
        unchanged: p.unchanged,
        total: read.records.length,
        result: p.result,
        failures: [],
      });
    }
  }, [status.data, read]);
  useEffect(() => {
    if (status.isError && hash) {
      setBusy(false);
      setError(errorText(status.error));
    }
  }, [status.isError, status.error, hash, errorText]);

  if (!type) return null;

  const choose = async (f: File | undefined) => {
    if (!f) return;
    reset();
    setFile(f);
    if (f.size > MAX_IMPORT_FILE_BYTES) return setRead({ ok: false, message: IMPORT_MESSAGES.wrongFileFormat });
    let bytes: Uint8Array | null = null;
    try {
      bytes = /\.csv$/i.test(f.name) ? new Uint8Array(await f.arrayBuffer()) : null;
    } catch {
      return setRead({ ok: false, message: IMPORT_MESSAGES.cannotRead });
    }
    setRead(readImportBytes({ name: f.name, bytes }, type, market));
  };

  const runManual = async (records: Record<string, string>[]) => {
    const chunks = chunkRecords(records.map((data, i) => ({ line: recordLine(i), data })), MANUAL_CHUNK_SIZE);
    let h: string | undefined;
    const failures: FailedRow[] = [];
    let success = 0;
    const did: OutcomeCounts = { created: 0, updated: 0, unchanged: 0 };
    for (const [i, chunk] of chunks.entries()) {
      const answer = await sendManualChunk({ type: MANUAL_IMPORT_TYPE, country_id: countryId, hash: h, file_name: file!.name, records: chunk, last: i === chunks.length - 1, total: records.length });
      h = answer.hash;
      changed.current = true;
      for (const r of answer.results) {
        if (r.status === 'success') {
          success++;
          did[r.outcome ?? 'updated']++;
        } else failures.push({ line: r.line, record: chunk.find((c) => c.line === r.line)?.data ?? {}, messages: r.messages });
      }
      setPercent(Math.round(((i + 1) / chunks.length) * 100));
    }
    setHash(null);
    changed.current = true;
    setOutcome({ status: failures.length === 0 ? 'success' : 'warning', success, failed: failures.length, ...did, total: records.length, result: null, failures });
    setBusy(false);
  };

  const startImport = async () => {
    if (!read?.ok || !file || busy) return;
    setBusy(true);
    setError(null);
    setPercent(0);
    try {
      if (type === MANUAL_IMPORT_TYPE) await runManual(read.records);
      else setHash((await startFileImport({ type, file, countryId, token: crypto.randomUUID() })).hash);
    } catch (e) {
      setBusy(false);
      // The server refused the file itself (422, SPEC §5's read errors): that is the file's verdict, and Import
      // stays disabled; any other failure is shown on its own, never under a green 'uploaded'.
      if (e instanceof ApiError && e.httpStatus === 422 && type !== MANUAL_IMPORT_TYPE) {
        const said = e.firstMessage;
        const verdicts = [IMPORT_MESSAGES.wrongFileFormat, IMPORT_MESSAGES.fileNotValid, IMPORT_MESSAGES.noData, IMPORT_MESSAGES.cannotRead];
        setRead({ ok: false, message: verdicts.find((m) => tm(m) === said) ?? IMPORT_MESSAGES.cannotRead });
      } else setError(errorText(e));
    }
  };

  const downloadList = async () => {
    if (!outcome) return;
    try {
      if (outcome.result) await downloadErrorFile(outcome.result, errorFileName(type));
      else saveFile(errorFileName(type), '\uFEFF' + importErrorCsv(type, outcome.failures));
    } catch {
      setError(tm(IMPORT_MESSAGES.failed));
    }
  };

  const close = () => {
    if (busy) return;
    // Closing after a result reloads what the import changed (SPEC §4).
    if (outcome || changed.current) void qc.invalidateQueries({ queryKey: type === 'service' ? serviceKeys.all : doctorKeys.all });
    changed.current = false;
    reset();
    onClose();
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!busy && !outcome) void choose(e.dataTransfer.files[0]);
  };

  // The file row's status: the read (success / danger), then processing, then the outcome.
  const rowStatus: ImportProgressStatus | null = outcome ? outcome.status : busy ? 'processing' : read ? (read.ok ? 'success' : 'danger') : null;
  const rowPercent = outcome ? 100 : busy ? percent : read?.ok ? 100 : 0;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFF' + importTemplateCsv(type, market, { specialties: specialties.data?.map((s) => s.name), branchId }))}`;
  const title = t(`admin.imports.menu.${type}` as 'admin.imports.menu.doctor');

  return (
    <Dialog.Root open onOpenChange={(o) => !o && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog import-dialog" aria-describedby={`${inputId}-rules`}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <p className="dialog-text" id={`${inputId}-rules`}>
            {t('admin.imports.rules', { max: MAX_IMPORT_RECORDS })}{' '}
            <a href={template} download={importTemplateName(type)} className="import-template">
              {t('admin.imports.template')}
            </a>
          </p>

          {!file ? (
            <div
              className={dragging ? 'import-drop import-drop-over' : 'import-drop'}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" className="import-drop-icon">
                <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                className="sr-only import-input"
                aria-label={t('admin.imports.choose')}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
              <label htmlFor={inputId} className="btn btn-primary import-choose">
                {t('admin.imports.choose')}
              </label>
              <span className="import-drop-hint">{t('admin.imports.drop')}</span>
            </div>
          ) : (
            <div className={`import-file import-file-${rowStatus ?? 'none'}`} data-status={rowStatus ?? undefined}>
              <span className="import-file-icon" aria-hidden="true">
                {rowStatus === 'danger' ? (
                  <svg width="24" height="24" viewBox="0 0 24 24">
                    <circle cx="12" cy="12" r="10" fill="currentColor" />
                    <path d="M12 7v6m0 3.5v.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                ) : (
                  <svg width="24" height="24" viewBox="0 0 24 24">
                    <path d="M6 2h8l6 6v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Z" fill="none" stroke="currentColor" strokeWidth="1.8" />
                    <path d="M14 2v6h6" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                )}
              </span>
              <div className="import-file-body">
                <div className="import-file-head">
                  <span className="import-file-name">{file.name}</span>
                  <span className="import-file-size">{t('admin.imports.sizeKb', { size: fileSizeKb(file.size) })}</span>
                </div>
                <div
                  className="import-progress"
                  role="progressbar"
                  aria-label={t('admin.imports.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={rowPercent}
                  aria-valuetext={`${rowPercent}%`}
                >
                  <span className="import-progress-bar" style={{ width: `${rowPercent}%` }} />
                </div>
                <div className="import-file-foot">
                  <span className="import-file-status">{rowStatus ? t(`admin.imports.status.${rowStatus}` as 'admin.imports.status.success') : null}</span>
                  <span className="import-file-percent">{rowPercent}%</span>
                </div>
              </div>
              {!busy ? (
                <button type="button" className="icon-btn import-remove" aria-label={t('admin.imports.remove', { name: file.name })} onClick={reset}>
                  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              ) : null}
            </div>
          )}

          <div aria-live="polite" className="import-messages">
            {read && !outcome && !busy && !(read.ok && error) ? (
              <p className={read.ok ? 'alert alert-success' : 'alert alert-danger'} role={read.ok ? 'status' : 'alert'}>
                {tm(read.message)}
              </p>
            ) : null}
            {outcome ? (
              outcome.failed === 0 ? (
                <div className="alert alert-success" role="status">
                  <p>{tm(IMPORT_MESSAGES.imported)}</p>
                  {outcomeMessages(outcome).map((m) => (
                    <p key={m.key}>{tm(m)}</p>
                  ))}
                </div>
              ) : (
                <div className={outcome.success > 0 ? 'alert alert-warning' : 'alert alert-danger'} role="alert">
                  {outcomeMessages(outcome).map((m) => (
                    <p key={m.key}>{tm(m)}</p>
                  ))}
                  <p>
                    {tm(recordsFailedMessage(outcome.failed, outcome.total))}{' '}
                    <button type="button" className="btn-link" onClick={() => void downloadList()}>
                      {tm(IMPORT_MESSAGES.downloadList)}
                    </button>
                  </p>
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
            <button type="button" className="btn" onClick={close} disabled={busy}>
              {t('admin.imports.close')}
            </button>
            {!outcome ? (
              <button type="button" className="btn btn-primary" onClick={() => void startImport()} disabled={!read?.ok || busy} aria-busy={busy}>
                {t('admin.imports.import')}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
