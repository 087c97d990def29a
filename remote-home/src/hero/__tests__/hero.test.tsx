import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hero } from 'remote-shared/content';
import { MUSIC_VOLUME } from '../../motion/constants';
import { Hero } from '../hero';
import { setReducedMotion } from '../../../../scripts/jest/media-query';

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

  it('plays a muted looping video over a high-priority poster', () => {
    const { container } = renderHero();
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    const poster = container.querySelector('img')!;
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster).toHaveAttribute('width');
    expect(poster).toHaveAttribute('height');
  });

  it('shifts the text and fades the quote as the page scrolls (gsap arriving on the first scroll)', async () => {
    renderHero();
    expect(screen.getByTestId('hero-text').style.transform).toBe('');
    scrollTo(50);
    await waitFor(() => expect(screen.getByTestId('hero-text').style.transform).toContain('-40px'));
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('0.5');
    scrollTo(100);
    expect(screen.getByTestId('hero-quote').style.opacity).toBe('0');
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
