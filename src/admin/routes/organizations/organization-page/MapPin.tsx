/**
 * The branch's map pin on the profile tab (issue 37), built to work without map tiles (this machine and many
 * hospital networks reach no tile server, and a tile provider needs a key per deployment): the coordinates are set
 * by typing them, by pasting a link or "lat, lng" from any maps site (src/lib/map-pin.ts reads Google Maps,
 * OpenStreetMap and geo: links), or on a tile-free preview of the market — click to place the pin, arrow keys move
 * it (Shift for larger steps). "Find the address on a map" opens a maps search for the typed address in a new tab.
 * The preview shows the organization's other branches and warns when the pin is outside the market (swapped or
 * mistyped coordinates).
 */
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { addressSearchUrl, insideExtent, marketExtent, parseCoordinates, project, roundCoordinate, unproject, type LatLng } from '../../../../lib/map-pin';
import type { BranchInput } from '../../../../lib/admin-organizations';
import { useT } from '../../../i18n';

const W = 320;
const H = 240;

export function MapPin({ form, countryId, others }: { form: UseFormReturn<BranchInput>; countryId: number; others: { name: string; latitude: number | null; longitude: number | null }[] }) {
  const { t } = useT();
  const id = useId();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState(false);
  const [lat, lng, address] = useWatch({ control: form.control, name: ['latitude', 'longitude', 'address'] });
  const extent = marketExtent(countryId);
  const pin: LatLng | null = lat !== '' && lat != null && lng !== '' && lng != null && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng)) ? { latitude: Number(lat), longitude: Number(lng) } : null;
  const set = (p: LatLng) => {
    form.setValue('latitude', roundCoordinate(p.latitude), { shouldDirty: true, shouldValidate: true });
    form.setValue('longitude', roundCoordinate(p.longitude), { shouldDirty: true, shouldValidate: true });
  };
  const usePasted = () => {
    const p = parseCoordinates(pasted);
    setPasteError(!p);
    if (p) {
      set(p);
      setPasted('');
    }
  };
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    if (!extent) return;
    const box = e.currentTarget.getBoundingClientRect();
    set(unproject(((e.clientX - box.left) / box.width) * W, ((e.clientY - box.top) / box.height) * H, extent, W, H));
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const step = e.shiftKey ? 0.1 : 0.001;
    const move: Record<string, [number, number]> = { ArrowUp: [step, 0], ArrowDown: [-step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] };
    const m = move[e.key];
    if (!m || !extent) return;
    e.preventDefault();
    const from = pin ?? { latitude: (extent.north + extent.south) / 2, longitude: (extent.east + extent.west) / 2 };
    set({ latitude: from.latitude + m[0], longitude: from.longitude + m[1] });
  };
  const outside = pin && extent && !insideExtent(pin, extent);
  const at = pin && extent ? project(pin, extent, W, H) : null;
  return (
    <div className="map-pin" data-testid="map-pin">
      <div className="map-pin-tools">
        <label className="field" htmlFor={`${id}-paste`}>
          <span className="field-label">{t('admin.goLive.pin.paste')}</span>
          <span className="map-pin-paste">
            <input
              id={`${id}-paste`}
              className="input"
              value={pasted}
              placeholder="10.7769, 106.7009"
              aria-invalid={pasteError || undefined}
              aria-describedby={`${id}-paste-hint`}
              onChange={(e) => setPasted(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  usePasted();
                }
              }}
            />
            <button type="button" className="btn btn-small" onClick={usePasted} disabled={!pasted.trim()}>
              {t('admin.goLive.pin.use')}
            </button>
          </span>
          <span className="field-hint" id={`${id}-paste-hint`} role={pasteError ? 'alert' : undefined}>
            {pasteError ? t('admin.goLive.pin.pasteError') : t('admin.goLive.pin.pasteHint')}
          </span>
        </label>
        {String(address ?? '').trim() ? (
          <a className="btn btn-small" href={addressSearchUrl(String(address))} target="_blank" rel="noopener noreferrer">
            {t('admin.goLive.pin.findAddress')}
          </a>
        ) : null}
      </div>
      {extent ? (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="map-pin-preview"
          role="application"
          tabIndex={0}
          aria-label={pin ? t('admin.goLive.pin.previewAt', { lat: pin.latitude, lng: pin.longitude }) : t('admin.goLive.pin.previewEmpty')}
          aria-describedby={`${id}-keys`}
          onClick={onClick}
          onKeyDown={onKey}
        >
          <rect x="0" y="0" width={W} height={H} className="map-pin-ground" />
          {[1, 2, 3].map((i) => (
            <g key={i} className="map-pin-grid">
              <line x1={(W * i) / 4} y1="0" x2={(W * i) / 4} y2={H} />
              <line x1="0" y1={(H * i) / 4} x2={W} y2={(H * i) / 4} />
            </g>
          ))}
          {others
            .filter((o) => o.latitude != null && o.longitude != null)
            .map((o) => {
              const p = project({ latitude: o.latitude!, longitude: o.longitude! }, extent, W, H);
              return (
                <g key={`${o.name}-${o.latitude}-${o.longitude}`} className="map-pin-other">
                  <circle cx={p.x} cy={p.y} r="4" />
                  <title>{o.name}</title>
                </g>
              );
            })}
          {at && !outside ? (
            <g className="map-pin-marker" transform={`translate(${at.x} ${at.y})`}>
              <path d="M0 0 C -6 -10 -9 -14 -9 -19 A 9 9 0 1 1 9 -19 C 9 -14 6 -10 0 0 Z" />
              <circle cx="0" cy="-19" r="3.5" className="map-pin-dot" />
            </g>
          ) : null}
        </svg>
      ) : null}
      <p className="field-hint" id={`${id}-keys`}>
        {t('admin.goLive.pin.keys')}
      </p>
      {outside ? (
        <p className="alert alert-warning" role="alert">
          {t('admin.goLive.pin.outside')}
        </p>
      ) : null}
    </div>
  );
}
