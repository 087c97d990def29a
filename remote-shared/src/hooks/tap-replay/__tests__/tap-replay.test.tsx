import { act, render, screen } from '@testing-library/react';
import { tapCaptureScript } from '../tap-capture-script';
import { useTapReplay } from '../use-tap-replay';

/** The server's markup of a control, before anything has hydrated. */
function serverMarkup(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

function Control({ onTap }: { onTap: () => void }) {
  const tap = useTapReplay('music', onTap);
  return (
    <button type="button" onClick={onTap} {...tap}>
      Music
    </button>
  );
}

describe('tap capture and replay', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    delete window.__fdTaps;
    // The page's inline script, as it runs in the head.
    new Function(tapCaptureScript)();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('replays each tap made before hydration exactly once, after it', async () => {
    jest.useFakeTimers();
    const before = serverMarkup('<button type="button" data-tap="music">Music</button>');
    before.querySelector('button')!.click();
    const onTap = jest.fn();
    before.remove();
    render(<Control onTap={onTap} />);
    expect(onTap).not.toHaveBeenCalled();
    await act(async () => {
      jest.runAllTimers();
    });
    expect(onTap).toHaveBeenCalledTimes(1);
    expect(window.__fdTaps?.taps).toEqual([]);
    expect(window.__fdTaps).toMatchObject({ captured: 1, replayed: 1 });

    // From now on the control handles its own taps: nothing is recorded or replayed twice.
    screen.getByRole('button', { name: 'Music' }).click();
    await act(async () => {
      jest.runAllTimers();
    });
    expect(onTap).toHaveBeenCalledTimes(2);
    expect(window.__fdTaps?.taps).toEqual([]);
    // A tap the hydrated control handles itself is neither captured nor replayed.
    expect(window.__fdTaps).toMatchObject({ captured: 1, replayed: 1 });
  });

  it('leaves links alone and keeps a form from leaving the page until it can submit', () => {
    const host = serverMarkup(
      '<div data-tap="tile"><a href="#elsewhere">Check project</a></div>' +
        '<form data-tap="contact-submit"><input id="name"><button>Submit</button></form>',
    );
    host.querySelector('a')!.click();
    expect(window.__fdTaps?.taps).toEqual([]);
    expect(window.__fdTaps?.captured).toBe(0);
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    host.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.__fdTaps?.taps.map((tap) => tap.key)).toEqual(['contact-submit']);
    expect(window.__fdTaps).toMatchObject({ captured: 1, replayed: 0 });
  });
});
