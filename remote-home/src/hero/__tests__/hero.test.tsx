import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@firstday/router';
import { hero } from 'remote-shared/content';
import fs from 'node:fs';
import path from 'node:path';
import { HERO_SHIFT_FACTOR, MUSIC_VOLUME, QUOTE_OPACITY_POINTS } from '../../motion/constants';
import { Hero } from '../hero';
import { settleTimeoutMs } from '../../background-video/page-settled';
import { setReducedMotion } from '../../../../tests/support/dom/media-query';

function renderHero() {
  return render(
    <MemoryRouter>
      <Hero />
    </MemoryRouter>,
  );
}

let play: jest.SpyInstance;
beforeEach(() => {
  setReducedMotion(false);
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  window.scrollY = 0;
});

function scrollTo(y: number) {
  window.scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Hero', () => {
  it('shows the headline, Contact Us and the quote', () => {
    renderHero();
    expect(screen.getByRole('heading', { level: 1, name: hero.headline })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: hero.contactLink.label })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.getByText(hero.quote)).toBeInTheDocument();
    expect(screen.getByText(hero.quoteAttribution)).toBeInTheDocument();
  });

  it('plays a muted looping video over a low-priority first-screen poster', () => {
    const { container } = renderHero();
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    const poster = container.querySelector('img')!;
    expect(poster).toHaveAttribute('fetchpriority', 'low');
    expect(poster).toHaveAttribute('data-first-screen', '');
    expect(poster).not.toHaveAttribute('loading');
    expect(poster).toHaveAttribute('width');
    expect(poster).toHaveAttribute('height');
  });

  it("starts the video only once the page's start-up is over", () => {
    // jsdom has no idle callbacks: the video starts at the timeout.
    jest.useFakeTimers();
    try {
      renderHero();
      const video = screen.getByTestId('hero-video') as HTMLVideoElement;
      expect(video.querySelectorAll('source')).toHaveLength(0);
      expect(video).toHaveAttribute('preload', 'none');
      act(() => jest.advanceTimersByTime(settleTimeoutMs - 1));
      expect(video.querySelectorAll('source')).toHaveLength(0);
      act(() => jest.advanceTimersByTime(1));
      expect(video.querySelectorAll('source')).toHaveLength(2);
      expect(play.mock.contexts).toContain(video);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shifts the text and fades the quote with the scroll where CSS cannot (script fallback)', () => {
    // jsdom has no scroll-driven animations, as some browsers do not: the fallback takes over.
    renderHero();
    scrollTo(50);
    expect(screen.getByTestId('hero-text').style.transform).toBe('translateY(-40px)');
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('0.5');
    scrollTo(100);
    expect(screen.getByTestId('hero-text').style.transform).toBe('translateY(-80px)');
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('0');
    scrollTo(25);
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('0.75');
  });

  it('leaves the motion to CSS where the browser has scroll-driven animations', () => {
    const supports = jest.fn((query: string) => query.includes('animation-timeline'));
    Object.defineProperty(window, 'CSS', { value: { supports }, configurable: true });
    try {
      renderHero();
      scrollTo(50);
      expect(screen.getByTestId('hero-text').style.transform).toBe('');
      expect(supports).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(window, 'CSS');
    }
  });

  it('with reduced motion: no parallax and the poster instead of the video', () => {
    setReducedMotion(true);
    renderHero();
    scrollTo(50);
    expect(screen.getByTestId('hero-text').style.transform).toBe('');
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('');
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
  });

  it('toggles the music: first click plays and hides the hint, the next pauses', async () => {
    renderHero();
    const button = screen.getByRole('button', { name: hero.musicPlayLabel });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(hero.musicHint)).toBeInTheDocument();
    const audio = document.querySelector('audio')!;
    expect(audio.loop).toBe(true);

    await act(async () => fireEvent.click(button));
    expect(play).toHaveBeenCalled();
    expect(audio.volume).toBe(MUSIC_VOLUME);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleName(hero.musicPauseLabel);
    expect(screen.queryByText(hero.musicHint)).not.toBeInTheDocument();

    // jsdom never changes `paused`; the element is playing from here on.
    jest.spyOn(audio, 'paused', 'get').mockReturnValue(false);
    await act(async () => fireEvent.click(button));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(hero.musicHint)).not.toBeInTheDocument();
  });

  it('stays consistent when the browser refuses to play', async () => {
    play.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderHero();
    const button = screen.getByRole('button', { name: hero.musicPlayLabel });
    await act(async () => fireEvent.click(button));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName(hero.musicPlayLabel);
    expect(screen.getByText(hero.musicHint)).toBeInTheDocument();
  });
});

describe("the hero's scroll-driven CSS", () => {
  const css = fs.readFileSync(path.join(__dirname, '..', 'hero.module.css'), 'utf8');

  it('moves the text by exactly the shift factor times the scroll offset', () => {
    const range = /\.text \{[^}]*animation-range: 0px (\d+)px/.exec(css)?.[1];
    const shift = /@keyframes hero-shift[^@]*to \{\s*transform: translateY\((-?\d+)px\)/.exec(
      css,
    )?.[1];
    expect(Number(shift) / Number(range)).toBeCloseTo(HERO_SHIFT_FACTOR, 10);
  });

  it('fades the quote through exactly the opacity points', () => {
    const range = Number(/\.quote \{[^}]*animation-range: 0px (\d+)px/.exec(css)?.[1]);
    const block = /@keyframes quote-fade \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
    const frames = [...block.matchAll(/(\d+)% \{\s*opacity: ([\d.]+);/g)].map(([, at, opacity]) => [
      (Number(at) / 100) * range,
      Number(opacity),
    ]);
    expect(frames).toEqual(QUOTE_OPACITY_POINTS.map(([y, o]) => [y, o]));
  });
});
