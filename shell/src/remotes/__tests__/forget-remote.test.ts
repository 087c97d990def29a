import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetRemote } from '../forget-remote';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(),
  registerRemotes: jest.fn(),
}));

const home = { name: 'remote_home', alias: 'remote-home', entry: 'http://h/mf-manifest.json' };

function runtimeWith(container?: { inited: boolean }) {
  jest.mocked(getInstance).mockReturnValue({
    options: { remotes: [home] },
    moduleCache: new Map(container ? [[home.name, container]] : []),
  } as unknown as ReturnType<typeof getInstance>);
}

beforeEach(() => jest.mocked(registerRemotes).mockReset());

describe('forgetRemote', () => {
  it('registers a remote that never started again in its place, dropping all it fetched', () => {
    runtimeWith();
    forgetRemote('remote-home');
    expect(registerRemotes).toHaveBeenCalledWith([home], { force: true });
    runtimeWith({ inited: false });
    forgetRemote('remote-home');
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('leaves a remote whose container runs alone', () => {
    runtimeWith({ inited: true });
    forgetRemote('remote-home');
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('does nothing outside a federation runtime or for a remote it does not know', () => {
    jest.mocked(getInstance).mockReturnValue(null);
    forgetRemote('remote-home');
    runtimeWith();
    forgetRemote('remote-contact');
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
