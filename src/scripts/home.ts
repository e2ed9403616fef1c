/**
 * The home page's small behaviours, without React: the banner carousel's previous / next buttons (the track
 * itself is a CSS scroll-snap row that works without JavaScript) and the lite video embed, whose iframe is
 * created only when the visitor asks for the video (until then the link opens the video on YouTube).
 */

// ---- banner carousel ------------------------------------------------------------------------------------
for (const root of document.querySelectorAll<HTMLElement>('[data-banner-carousel]')) {
  const track = root.querySelector<HTMLElement>('[data-banner-track]');
  if (!track) continue;
  const step = (dir: number) => {
    const width = track.clientWidth;
    const max = track.scrollWidth - width;
    let left = track.scrollLeft + dir * width;
    // Wrap around at either end.
    if (left > max + 1) left = 0;
    else if (left < -1) left = max;
    else if (dir > 0 && track.scrollLeft >= max - 1) left = 0;
    else if (dir < 0 && track.scrollLeft <= 1) left = max;
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
