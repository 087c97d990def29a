import { act, render } from '@testing-library/react';
import { MotionBand } from '../motion-band';
import { settleTimeoutMs } from '../../background-video/page-settled';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let notify: Callback = () => {};

beforeEach(() => {
  window.IntersectionObserver = class {
    constructor(callback: Callback) {
      notify = callback;
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('MotionBand', () => {
  it('loads its video only once it comes near the viewport', () => {
    const { container } = render(<MotionBand />);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.querySelectorAll('source')).toHaveLength(0);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // Start-up over (jsdom has no idle callbacks: at the timeout), then near the viewport.
    act(() => jest.advanceTimersByTime(settleTimeoutMs));
    expect(video.querySelectorAll('source')).toHaveLength(0);
    act(() => notify([{ isIntersecting: true }]));
    expect(video.querySelectorAll('source')).toHaveLength(2);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });
});
