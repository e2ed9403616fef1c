/**
 * The branch's banner images (SPEC §5): 5 slots, desktop 1200×380 and mobile 633×380 guidance, each under 200 KB.
 * A picked image over the limit is first compressed in the browser (scaled to at most 1200 px wide, re-encoded as
 * WebP at falling quality); if it is still too large, one file for one slot is refused with 'File size too large'
 * and a multi-select skips it silently (pickBanners). Accepted files are uploaded (POST /api/admin/uploads, kind
 * banner, checked again there) and their addresses kept in order; reorder by drag (@dnd-kit sortable, keyboard
 * sensor included) or with the up and down buttons.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { z } from 'zod';
import { BANNER_MAX_BYTES, BANNER_SIZES, BANNER_SLOTS, moveItem, pickBanners } from '../../../../lib/admin-organizations';
import { FORM_MESSAGES } from '../../../../lib/form-rules';
import { call } from '../../../api';
import { useT } from '../../../i18n';
import { useErrorText } from '../../../kit/LoadFailure';

/** A file under the banner limit: itself, or a smaller WebP of it; the original when nothing smaller could be made. */
export async function compressBanner(file: File): Promise<File> {
  if (file.size <= BANNER_MAX_BYTES || !file.type.startsWith('image/')) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, BANNER_SIZES.desktop.width / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/webp', quality));
    if (blob && blob.size <= BANNER_MAX_BYTES) return new File([blob], file.name.replace(/\.\w+$/, '') + '.webp', { type: 'image/webp' });
  }
  return file;
}

function Slot({ url, index, count, onMove, onRemove }: { url: string; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: url });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className="banner-slot">
      <button type="button" className="btn btn-small drag-handle" aria-label={t('admin.organizations.banners.drag', { number: index + 1 })} {...attributes} {...listeners}>
        ⠿
      </button>
      <img src={url} alt={t('admin.organizations.banners.image', { number: index + 1 })} width={240} height={76} className="banner-thumb" />
      <span className="banner-actions">
        <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('admin.organizations.banners.up', { number: index + 1 })}>
          ↑
        </button>
        <button type="button" className="btn btn-small" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t('admin.organizations.banners.down', { number: index + 1 })}>
          ↓
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={onRemove} aria-label={t('admin.organizations.banners.remove', { number: index + 1 })}>
          ✕
        </button>
      </span>
    </li>
  );
}

export function BannerPicker({ value, onChange }: { value: string[]; onChange: (urls: string[]) => void }) {
  const { t, tm } = useT();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const free = BANNER_SLOTS - value.length;

  const add = async (list: FileList | null, mode: 'single' | 'multiple') => {
    if (!list?.length) return;
    setError(null);
    setBusy(true);
    try {
      const compressed = await Promise.all([...list].map(compressBanner));
      const { accepted, error: refusal } = pickBanners(compressed, free, mode);
      // SPEC §5's words, in the admin's language.
      if (refusal) setError(tm(FORM_MESSAGES.fileTooLarge));
      const urls: string[] = [];
      for (const file of accepted) {
        const fd = new FormData();
        fd.set('kind', 'banner');
        fd.set('file', file);
        urls.push((await call('/api/admin/uploads', { method: 'POST', body: fd, data: z.object({ url: z.string() }) })).data.url);
      }
      if (urls.length) onChange([...value, ...urls]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    onChange(moveItem(value, value.indexOf(String(e.active.id)), value.indexOf(String(e.over.id))));
  };

  return (
    <div className="banner-picker">
      <p className="field-hint" id="banner-guidance">
        {t('admin.organizations.banners.guidance', { slots: BANNER_SLOTS, desktop: `${BANNER_SIZES.desktop.width}×${BANNER_SIZES.desktop.height}`, mobile: `${BANNER_SIZES.mobile.width}×${BANNER_SIZES.mobile.height}`, size: '200 KB' })}
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={value} strategy={verticalListSortingStrategy}>
          <ol className="banner-slots" aria-label={t('admin.organizations.banners.title')}>
            {value.map((url, i) => (
              <Slot key={url} url={url} index={i} count={value.length} onMove={(to) => onChange(moveItem(value, i, to))} onRemove={() => onChange(value.filter((_, j) => j !== i))} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {free > 0 ? (
        <div className="banner-add">
          <label className="btn">
            {t('admin.organizations.banners.addOne', { slot: value.length + 1 })}
            <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" aria-describedby="banner-guidance" disabled={busy} onChange={(e) => void add(e.currentTarget.files, 'single').finally(() => (e.target.value = ''))} />
          </label>
          <label className="btn">
            {t('admin.organizations.banners.addMany', { count: free })}
            <input type="file" multiple accept="image/jpeg,image/png,image/webp" className="sr-only" aria-describedby="banner-guidance" disabled={busy} onChange={(e) => void add(e.currentTarget.files, 'multiple').finally(() => (e.target.value = ''))} />
          </label>
        </div>
      ) : (
        <p className="field-hint">{t('admin.organizations.banners.full')}</p>
      )}
      {busy ? <p role="status">{t('admin.organizations.banners.uploading')}</p> : null}
      {error ? (
        <p className="field-message" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
