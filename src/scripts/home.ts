/**
 * The home page's small behaviours, without the island runtime: the banner carousel's previous / next buttons (the track
 * itself is a CSS scroll-snap row that works without JavaScript) and the lite video embed, whose iframe is
 * created only when the visitor asks for the video (until then the link opens the video on YouTube).
 */

// ---- banner carousel ------------------------------------------------------------------------------------
for (const root of document.querySelectorAll<HTMLElement>('[data-banner-carousel]')) {
  const track = root.querySelector<HTMLElement>('[data-banner-track]');
  if (!track) continue;
  // One slide (plus the gap) per press; past either end it wraps around.
  const step = (dir: number) => {
    const first = track.firstElementChild as HTMLElement | null;
    const width = (first?.getBoundingClientRect().width ?? track.clientWidth) + (parseFloat(getComputedStyle(track).columnGap) || 0);
    const max = track.scrollWidth - track.clientWidth;
    const at = track.scrollLeft;
    const left = dir > 0 ? (at >= max - 1 ? 0 : Math.min(max, at + width)) : at <= 1 ? max : Math.max(0, at - width);
    track.scrollTo({ left, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  root.querySelector('[data-banner-prev]')?.addEventListener('click', () => step(-1));
  root.querySelector('[data-banner-next]')?.addEventListener('click', () => step(1));
}

// ---- lite video embed -----------------------------------------------------------------------------------
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[data-lite-video]');
  if (!a || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  const iframe = document.createElement('iframe');
  iframe.src = a.dataset.embed ?? '';
  iframe.title = a.dataset.title ?? '';
  iframe.width = '1280';
  iframe.height = '720';
  iframe.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
  iframe.allowFullscreen = true;
  iframe.setAttribute('data-testid', 'video-iframe');
  a.replaceWith(iframe);
  iframe.focus();
});
