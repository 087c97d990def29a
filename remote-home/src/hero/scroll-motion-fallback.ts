import { HERO_SHIFT_FACTOR, QUOTE_OPACITY_POINTS } from '../motion/constants';

/**
 * The hero's scroll motion for browsers without CSS scroll-driven animations: the same maths,
 * on a passive scroll listener. Self-contained (no imports inside), because it also runs as an
 * inline script in the server's HTML, before the page's scripts arrive, so the motion follows
 * the scroll from the first frame. It does nothing where CSS does the work or motion is reduced,
 * and installs itself once per hero.
 */
function installScrollMotion(
  shiftFactor: number,
  opacityPoints: ReadonlyArray<readonly [number, number]>,
): void {
  const text = document.querySelector<HTMLElement>('[data-hero-motion="text"]');
  const quote = document.querySelector<HTMLElement>('[data-hero-motion="quote"]');
  if (!text || !quote || text.dataset.motionInstalled !== undefined) return;
  if (window.CSS?.supports?.('animation-timeline: scroll()')) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  text.dataset.motionInstalled = '';
  const opacityAt = (y: number) => {
    let [x0, o0] = opacityPoints[0]!;
    if (y <= x0) return o0;
    for (const [x1, o1] of opacityPoints) {
      if (y <= x1) return o0 + ((o1 - o0) * (y - x0)) / (x1 - x0 || 1);
      [x0, o0] = [x1, o1];
    }
    return o0;
  };
  const update = () => {
    const y = window.scrollY;
    text.style.transform = `translateY(${shiftFactor * y}px)`;
    quote.style.opacity = String(opacityAt(y));
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
}

/** The inline script's source. */
export const scrollMotionScript = `(${installScrollMotion.toString()})(${HERO_SHIFT_FACTOR},${JSON.stringify(QUOTE_OPACITY_POINTS)})`;

/** Installs the fallback from React too: a visit that arrives here by client-side navigation. */
export const installHeroScrollMotion = (): void =>
  installScrollMotion(HERO_SHIFT_FACTOR, QUOTE_OPACITY_POINTS);
