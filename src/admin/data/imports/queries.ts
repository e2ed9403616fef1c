/**
 * The import calls of SPEC §7: a doctor or doctor-service file sent as multipart (answers the hash), its status
 * polled every 3 s while processing, the service import's records sent in chunks, and the error file downloaded
 * (an authenticated call: the rows hold personal data, so the file never has a public address).
 */
import { useQuery } from '@tanstack/react-query';
import { importStartData, importStatusData, IMPORT_POLL_MS, manualImportData, shouldKeepPolling, type FileImportType, type ManualImportBody } from '../../../lib/csv-import';
import { call } from '../../api';
import { accessToken } from '../../session';
import { adminLocale } from '../../i18n';
import { pageLanguageHeader } from '../../../scripts/page-locale';

export const importKeys = {
  all: ['imports'] as const,
  status: (hash: string) => [...importKeys.all, 'status', hash] as const,
};

export async function startFileImport(input: { type: FileImportType; file: File; countryId: number; token: string }) {
  const form = new FormData();
  form.set('file', input.file);
  form.set('type', input.type);
  form.set('country_id', String(input.countryId));
  form.set('token', input.token);
  return (await call('/api/admin/imports', { method: 'POST', body: form, data: importStartData })).data;
}

export async function sendManualChunk(body: ManualImportBody) {
  return (await call('/api/admin/imports/manual', { method: 'POST', body, data: manualImportData })).data;
}

/** The upload process of a hash, asked again every 3 s while it is processing (SPEC §4, §9). */
export function useImportStatus(hash: string | null, countryId: number) {
  return useQuery({
    enabled: !!hash,
    queryKey: importKeys.status(hash ?? ''),
    queryFn: async ({ signal }) => (await call('/api/admin/imports/status', { query: { country_id: countryId, hash }, data: importStatusData, signal })).data['upload-process'],
    refetchInterval: (q) => (q.state.data && !shouldKeepPolling(q.state.data.status) ? false : IMPORT_POLL_MS),
    retry: 2,
  });
}

/** Saves a text as a file the browser downloads. */
export function saveFile(name: string, content: Blob | string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: 'text/csv;charset=utf-8' }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an import's error file through the authenticated call. */
export async function downloadErrorFile(resultUrl: string, name: string): Promise<void> {
  const token = await accessToken();
  // In the admin's language, like every call: the file's messages are written in it.
  const res = await fetch(resultUrl, { headers: { ...pageLanguageHeader(adminLocale()), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  saveFile(name, await res.blob());
}
