import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@firstday/router';
import { services } from 'remote-shared/content';
import { SCRAMBLE_STEP_MS } from '../../motion/constants';
import { scrambleFrameCount, serviceText } from '../scramble';
import { OurServices } from '../our-services';
import { setReducedMotion } from '../../../../tests/support/dom/media-query';

const texts = () => screen.getAllByTestId('service-text').map((el) => el.textContent);
const realTexts = services.map((s) => serviceText([s.firstword, s.secondword, s.thirdword]));
const renderServices = () =>
  render(
    <MemoryRouter>
      <OurServices />
    </MemoryRouter>,
  );

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => jest.useRealTimers());

describe('OurServices', () => {
  it('lists the five lines, named by their real words', () => {
    renderServices();
    expect(texts()).toEqual(realTexts);
    for (const text of realTexts) expect(screen.getByRole('link', { name: text })).toBeVisible();
    expect(realTexts).toEqual([
      'Web Development',
      'Web Design',
      'Search Engine Optimization',
      'Support & Growth',
      'Solutions',
    ]);
  });

  it('scrambles on hover, stepping every 15 ms, and ends on the real words', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    renderServices();
    const text = realTexts[0]!;
    const link = screen.getByRole('link', { name: text });
    fireEvent.mouseEnter(link);
    const frames = new Set<string | null>([texts()[0]!]);
    expect(texts()[0]).not.toBe(text);
    const total = scrambleFrameCount(text);
    for (let i = 1; i < total; i++) {
      act(() => {
        jest.advanceTimersByTime(SCRAMBLE_STEP_MS);
      });
      frames.add(texts()[0]!);
    }
    expect(texts()[0]).not.toBe(text);
    act(() => {
      jest.advanceTimersByTime(SCRAMBLE_STEP_MS);
    });
    expect(texts()[0]).toBe(text);
    expect(frames.size).toBeGreaterThan(5);
    // Assistive technology only ever gets the real words.
    expect(link).toHaveAccessibleName(text);
    jest.restoreAllMocks();
  });

  it('shows the image of the first four lines while active, none for the fifth', () => {
    renderServices();
    const images = screen.getAllByTestId('service-image');
    expect(images).toHaveLength(4);
    fireEvent.focus(screen.getByRole('link', { name: realTexts[2]! }));
    expect(images[2]).toHaveAttribute('data-visible', 'true');
    expect(images.filter((img) => img.dataset.visible === 'true')).toHaveLength(1);
    fireEvent.focus(screen.getByRole('link', { name: realTexts[4]! }));
    expect(images.filter((img) => img.dataset.visible === 'true')).toHaveLength(0);
  });

  it('with reduced motion: no scramble', () => {
    setReducedMotion(true);
    renderServices();
    fireEvent.mouseEnter(screen.getByRole('link', { name: realTexts[1]! }));
    expect(texts()[1]).toBe(realTexts[1]);
  });
});
