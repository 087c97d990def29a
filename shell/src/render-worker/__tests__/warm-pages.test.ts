import { preloadPage } from '../../remotes/lazy-pages';
import { serveRenders } from '../serve-renders';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';

jest.mock('../../remotes/lazy-pages', () => ({ preloadPage: jest.fn() }));
// Rendering needs the federation runtime; nothing here renders.
jest.mock('../render-route', () => ({ renderRoute: jest.fn() }));

const preload = jest.mocked(preloadPage);

beforeEach(() => {
  preload.mockReset();
  preload.mockResolvedValue(undefined);
});

const serve = (down: RendererSetup['down']) => {
  const post = jest.fn();
  serveRenders({ down } as unknown as RendererSetup, () => undefined, post);
  return post;
};

describe('a render worker, once it serves', () => {
  it('starts loading every page it draws on the server, not the browser-only inbox', () => {
    const post = serve([]);
    expect(post).toHaveBeenCalledWith({ type: 'ready' });
    expect(preload.mock.calls.map(([page]) => page).sort()).toEqual([
      'remote-contact/contact-page',
      'remote-home/about-page',
      'remote-home/home-page',
    ]);
  });

  it("leaves a down remote's pages alone, and a failed load to the request that needs it", async () => {
    const failed = Promise.reject(new Error('no answer within 1000 ms'));
    const caught = jest.spyOn(failed, 'catch');
    preload.mockReturnValue(failed);
    serve(['remote-home']);
    expect(preload.mock.calls.map(([page]) => page)).toEqual(['remote-contact/contact-page']);
    // Caught here, so it is no unhandled rejection; the request meets it again and reports it.
    expect(caught).toHaveBeenCalled();
    await expect(failed.catch(() => 'caught')).resolves.toBe('caught');
  });
});
