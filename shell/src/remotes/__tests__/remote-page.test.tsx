import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { errors } from 'remote-shared/content';
import { renderWithRouter } from '../../../../tests/support/dom/render-routes';
import { PageErrorBoundary } from '../../error-screen/page-error-boundary';
import { forgetPage } from '../lazy-pages';
import { RemotePage } from '../remote-page';

// The federation runtime is the boundary here: these tests are about what the page area does
// with its answers. The real loading is covered by the browser tests over the composed build.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  getInstance: jest.fn(() => null),
  registerRemotes: jest.fn(),
}));
const load = jest.mocked(loadRemote);

function renderPage() {
  return renderWithRouter(
    <PageErrorBoundary>
      <RemotePage page="remote-home/home-page" />
    </PageErrorBoundary>,
  );
}

let log: jest.SpyInstance;
beforeEach(() => {
  load.mockReset();
  forgetPage('remote-home/home-page');
  log = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => log.mockRestore());

describe('RemotePage', () => {
  it('shows the loading state, then the page', async () => {
    let resolve: (module: unknown) => void = () => {};
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(errors.loadingLabel);
    resolve({ default: () => <h1>Home from the remote</h1> });
    expect(await screen.findByRole('heading', { name: 'Home from the remote' })).toBeVisible();
    expect(load).toHaveBeenCalledWith('remote-home/home-page');
  });

  it('says the section is unavailable when the remote fails, and retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('ScriptNetworkError'));
    renderPage();
    expect(await screen.findByRole('heading', { name: errors.unavailableTitle })).toBeVisible();
    expect(screen.getByRole('heading', { name: errors.unavailableTitle })).toHaveFocus();

    load.mockResolvedValueOnce({ default: () => <h1>Back again</h1> });
    await userEvent.click(screen.getByRole('button', { name: errors.retryLabel }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('treats a module without a page as unavailable', async () => {
    load.mockResolvedValueOnce(null);
    renderPage();
    expect(await screen.findByRole('heading', { name: errors.unavailableTitle })).toBeVisible();
  });

  it('lets a page that throws reach the error screen rather than "unavailable"', async () => {
    load.mockResolvedValueOnce({
      default: () => {
        throw new Error('the page broke');
      },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: errors.retryLabel })).not.toBeInTheDocument();
  });
});
