/**
 * A telemedicine visit on the confirmed screen and in my appointments (issue 36 item 1): Join, active from 15
 * minutes before the start until the end (src/lib/video-visit), the joining instructions, and the start in the
 * patient's own zone when it differs from the hospital's. `now` is the clock (tests inject one).
 */
import { useEffect, useState } from 'react';
import { browserZone, joinState, zonedText, zonesDiffer } from '../lib/video-visit';
// The patient's zone as a city ('Asia/Ho_Chi_Minh' read as 'Ho Chi Minh'; issue 38 item 24).
import { zoneCityName } from '../lib/hospital-time';

export interface VideoVisitProps {
  startsAt: string;
  endsAt: string | null;
  timeZone: string;
  videoUrl: string | null;
  lang: string;
  t(key: string, params?: Record<string, string | number>): string;
  /** Class names of the island's own styles. */
  classes: { box: string; primary: string; muted: string };
  now?: () => number;
}

export function PatientZoneTime({ startsAt, timeZone, lang, t, className }: Pick<VideoVisitProps, 'startsAt' | 'timeZone' | 'lang' | 't'> & { className: string }) {
  const [zone, setZone] = useState<string | null>(null);
  // Read after hydration: the static shell knows no visitor's zone.
  useEffect(() => setZone(browserZone()), []);
  if (!zone || !zonesDiffer(startsAt, timeZone, zone)) return null;
  return (
    <span className={className} data-testid="patient-time">
      {t('booking.flow.yourTime', { zone: zoneCityName(zone), time: zonedText(lang, startsAt, zone) })}
    </span>
  );
}

export function VideoVisit({ startsAt, endsAt, timeZone, videoUrl, lang, t, classes, now = Date.now }: VideoVisitProps) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 15_000);
    return () => clearInterval(timer);
  }, []);
  const state = joinState(startsAt, endsAt, now());
  return (
    <div className={classes.box} data-testid="video-visit" data-join={videoUrl ? state.state : 'pending'}>
      <p className={classes.muted}>{t('booking.video.instructions')}</p>
      {!videoUrl ? (
        <p className={classes.muted}>{t('booking.video.pending')}</p>
      ) : state.state === 'open' ? (
        <a className={classes.primary} href={videoUrl} target="_blank" rel="noopener noreferrer" data-testid="video-join">
          {t('booking.video.join')}
        </a>
      ) : (
        <>
          <button type="button" className={classes.primary} disabled data-testid="video-join" aria-describedby="video-join-when">
            {t('booking.video.join')}
          </button>
          <p id="video-join-when" className={classes.muted}>
            {state.state === 'early' ? t('booking.video.opensAt', { time: zonedText(lang, new Date(state.opensAt).toISOString(), timeZone) }) : t('booking.video.ended')}
          </p>
        </>
      )}
    </div>
  );
}
