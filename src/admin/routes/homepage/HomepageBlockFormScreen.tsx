/**
 * The add and edit form of a homepage block (SPEC §2 add routes: new-banner, new-promotion, new-hospital,
 * new-service-category, new-service, new-top-doctor, new-presence, setting-top-video; /admin/homepage/{kind}/{id}
 * edits). Fields by kind (blockProblems in src/lib/admin-homepage.ts, the server's rule too): banner images with
 * SPEC §5's guide, a directory picker that refuses inactive entries, the article search picker for promotions,
 * the video URL, and for every kind the active switch and the publishing window in the market's time.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { blockProblems, homepageListPath, homepageScreen, isoToLocalInput, localInputToIso, PICKED, type AdminBlock, type BlockInput, type HomepageScreen } from '../../../lib/admin-homepage';
import { youtubeVideoId, type HomepageBlockKind } from '../../../lib/homepage';
import { offsetMinutesAt } from '../../../lib/hospital-time';
import { useBlock, useBlocks, useSaveBlock, useUploadBanner } from '../../data/homepage/queries';
import { useT, type AdminKey } from '../../i18n';
import { Field } from '../../kit/form';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Spinner } from '../../kit/Spinner';
import { NotFoundPage } from '../../shell/pages';
import { ArticlePicker, TargetPicker } from './pickers';
import { useMarket } from './market';
import './homepage.css';

/** The rule's words (the server's English) as the admin's strings. */
const PROBLEM_KEYS: Record<string, AdminKey> = {
  'This field is required': 'admin.homepage.required',
  'Invalid format': 'admin.homepage.invalid',
  'The end must be after the start': 'admin.homepage.endBeforeStart',
};

/** SPEC §5 banner image limit (also checked by the upload). */
const BANNER_MAX_BYTES = 200 * 1024;

export default function HomepageBlockFormScreen() {
  const { segment = '', item = '' } = useParams();
  const screen = homepageScreen(segment);
  if (!screen || screen.kind === 'popular_key') return <NotFoundPage />;
  const isAdd = item === screen.add;
  const id = /^\d+$/.test(item) ? Number(item) : undefined;
  if (!isAdd && !id) return <NotFoundPage />;
  return <BlockForm key={`${segment}/${item}`} screen={screen} kind={screen.kind} id={id} />;
}

function BlockForm({ screen, kind, id }: { screen: HomepageScreen; kind: HomepageBlockKind; id?: number }) {
  const { t } = useT();
  const [market] = useMarket();
  const countryId = LOCALE_CONFIG[market].countryId;
  // The top video is one setting: its route edits the market's video when there is one.
  const videos = useBlocks(countryId, 'top_video', kind === 'top_video' && !id);
  const existingId = id ?? (kind === 'top_video' ? videos.data?.[0]?.id : undefined);
  const block = useBlock(existingId);
  if ((kind === 'top_video' && !id && videos.isPending) || (existingId && block.isPending)) return <Spinner />;
  if (block.isError) return <LoadFailure error={block.error} />;
  if (videos.isError) return <LoadFailure error={videos.error} />;
  return <BlockFields screen={screen} kind={kind} id={existingId} initial={block.data} />;
}

function BlockFields({ screen, kind, id, initial }: { screen: HomepageScreen; kind: HomepageBlockKind; id?: number; initial?: AdminBlock }) {
  const { t } = useT();
  const [market] = useMarket();
  const cfg = LOCALE_CONFIG[market];
  const zone = cfg.timeZones[0];
  const offset = offsetMinutesAt(Date.now(), zone);
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const save = useSaveBlock(id);
  const upload = useUploadBanner();
  const ids = { title: useId(), link: useId(), video: useId(), start: useId(), end: useId(), desktop: useId(), mobile: useId() };
  const [v, setV] = useState<BlockInput>(() => ({
    countryId: cfg.countryId,
    kind,
    title: initial?.title ?? null,
    imageDesktop: initial?.imageDesktop ?? null,
    imageMobile: initial?.imageMobile ?? null,
    linkUrl: initial?.linkUrl ?? null,
    videoUrl: initial?.videoUrl ?? null,
    targetId: initial?.target?.id ?? null,
    isActive: initial?.isActive ?? true,
    startsAt: initial?.startsAt ?? null,
    endsAt: initial?.endsAt ?? null,
  }));
  const [targetName, setTargetName] = useState(initial?.target?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [imageError, setImageError] = useState<Record<string, string>>({});
  useEffect(() => setV((x) => ({ ...x, countryId: cfg.countryId })), [cfg.countryId]);
  const set = <K extends keyof BlockInput>(k: K, value: BlockInput[K]) => setV((x) => ({ ...x, [k]: value }));
  const picked = PICKED[kind];
  const images = kind === 'banner' || kind === 'promotion' || kind === 'presence';
  const err = (field: string) => (errors[field] ? t(PROBLEM_KEYS[errors[field]] ?? 'admin.homepage.invalid') : undefined);
  const listHref = `${homepageListPath(screen)}?market=${market}`;

  const onImage = (field: 'imageDesktop' | 'imageMobile', file: File | undefined) => {
    if (!file) return;
    if (file.size > BANNER_MAX_BYTES) return setImageError((x) => ({ ...x, [field]: t('admin.homepage.fileTooLarge') }));
    setImageError((x) => ({ ...x, [field]: '' }));
    upload.mutate(file, { onSuccess: (r) => set(field, r.url), onError: (e) => setImageError((x) => ({ ...x, [field]: errorText(e) })) });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problems = blockProblems(v, (u) => youtubeVideoId(u) !== null);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate(v, {
      onSuccess: ({ messages }) => {
        notify('success', messages[0] ?? t('admin.homepage.saved'));
        navigate(listHref);
      },
      onError: (e2) => notify('danger', errorText(e2)),
    });
  };

  return (
    <section aria-labelledby="block-form-heading" className="screen homepage-form">
      <p>
        <Link to={listHref}>← {t(`admin.menu.homepage-${screen.segment}` as AdminKey)}</Link>
      </p>
      <h2 id="block-form-heading">
        {t(id ? 'admin.homepage.editTitle' : 'admin.homepage.addTitle')} · {cfg.siteName}
      </h2>
      <form className="card form-grid" onSubmit={onSubmit} noValidate>
        {picked ? (
          <Field id="target" label={t(`admin.homepage.target.${picked}` as AdminKey)} error={err('targetId')} required>
            <TargetPicker countryId={cfg.countryId} kind={picked} value={v.targetId} valueName={targetName} onPick={(tgt) => (set('targetId', tgt.id), setTargetName(tgt.name))} />
          </Field>
        ) : null}
        {kind === 'promotion' ? (
          <Field id="article" label={t('admin.homepage.article')} hint={t('admin.homepage.articleHint')}>
            <ArticlePicker countryId={cfg.countryId} onPick={(a) => setV((x) => ({ ...x, title: a.post_title, linkUrl: a.permalink, imageDesktop: x.imageDesktop ?? a.image_thumbnail }))} />
          </Field>
        ) : null}
        {!picked ? (
          <Field id={ids.title} label={t('admin.homepage.title')} error={err('title')} required={kind !== 'banner'}>
            <input id={ids.title} className="input" value={v.title ?? ''} maxLength={200} onChange={(e) => set('title', e.target.value || null)} />
          </Field>
        ) : null}
        {images ? (
          <>
            <p className="alert alert-info">{t('admin.homepage.bannerGuide')}</p>
            <ImageField id={ids.desktop} label={t('admin.homepage.imageDesktop')} value={v.imageDesktop} error={imageError.imageDesktop || err('imageDesktop')} busy={upload.isPending} onFile={(f) => onImage('imageDesktop', f)} required />
            {kind === 'banner' ? <ImageField id={ids.mobile} label={t('admin.homepage.imageMobile')} value={v.imageMobile} error={imageError.imageMobile || err('imageMobile')} busy={upload.isPending} onFile={(f) => onImage('imageMobile', f)} required /> : null}
          </>
        ) : null}
        {images ? (
          <Field id={ids.link} label={t('admin.homepage.link')} error={err('linkUrl')} hint={t('admin.homepage.linkHint')}>
            <input id={ids.link} className="input" value={v.linkUrl ?? ''} maxLength={500} onChange={(e) => set('linkUrl', e.target.value || null)} />
          </Field>
        ) : null}
        {kind === 'top_video' ? (
          <Field id={ids.video} label={t('admin.homepage.videoUrl')} error={err('videoUrl')} hint={t('admin.homepage.videoHint')} required>
            <input id={ids.video} className="input" type="url" value={v.videoUrl ?? ''} maxLength={500} onChange={(e) => set('videoUrl', e.target.value || null)} />
          </Field>
        ) : null}
        <fieldset className="homepage-window">
          <legend>{t('admin.homepage.windowTitle', { zone })}</legend>
          <Field id={ids.start} label={t('admin.homepage.startsAt')} error={err('startsAt')}>
            <input id={ids.start} className="input" type="datetime-local" value={isoToLocalInput(v.startsAt, offset)} onChange={(e) => set('startsAt', localInputToIso(e.target.value, offset))} />
          </Field>
          <Field id={ids.end} label={t('admin.homepage.endsAt')} error={err('endsAt')}>
            <input id={ids.end} className="input" type="datetime-local" value={isoToLocalInput(v.endsAt, offset)} onChange={(e) => set('endsAt', localInputToIso(e.target.value, offset))} />
          </Field>
          <p className="muted">{t('admin.homepage.windowHint')}</p>
        </fieldset>
        <label className="toggle-label">
          <input type="checkbox" role="switch" checked={v.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          <span>{t('admin.homepage.active')}</span>
        </label>
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || upload.isPending}>
            {t('admin.homepage.save')}
          </button>
          <Link className="btn" to={listHref}>
            {t('admin.common.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}

function ImageField({ id, label, value, error, busy, onFile, required }: { id: string; label: string; value: string | null; error?: string; busy: boolean; onFile: (f: File | undefined) => void; required?: boolean }) {
  return (
    <Field id={id} label={label} error={error || undefined} required={required}>
      <div className="homepage-image">
        {value ? <img src={value} alt="" className="homepage-image-preview" /> : null}
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp" disabled={busy} onChange={(e) => onFile(e.target.files?.[0])} />
      </div>
    </Field>
  );
}
