/**
 * Moves a snap-scrolling track of slides one slide forward (1) or back (-1). Past the last slide it goes
 * back to the first, and before the first to the last, so the autoplay keeps cycling. The track's CSS
 * `scroll-behavior` makes the move smooth, or instant for shoppers who prefer reduced motion.
 */
export function scrollSlides(track: HTMLElement | null, direction: 1 | -1): void {
  const [first, second] = track ? Array.from(track.children) : [];
  if (!track || !(first instanceof HTMLElement)) return;
  const step = second instanceof HTMLElement ? second.offsetLeft - first.offsetLeft : track.clientWidth;
  const end = track.scrollWidth - track.clientWidth;
  // One pixel of slack: fractional slide widths leave scrollLeft just short of the ends.
  if (direction === 1 && track.scrollLeft >= end - 1) track.scrollLeft = 0;
  else if (direction === -1 && track.scrollLeft <= 1) track.scrollLeft = end;
  else track.scrollLeft += direction * step;
}
