import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@firstday/router';
import { PageAt, renderWithRouter } from '../../../../tests/support/dom/render-routes';
import { ErrorScreen } from '../error-screen';
import { PageErrorBoundary } from '../page-error-boundary';

function Broken(): never {
  throw new Error('boom at render');
}

describe('ErrorScreen', () => {
  it('shows the 404 screen with a link home', () => {
    renderWithRouter(<ErrorScreen notFound />, '/nowhere');
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('404 Not Found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('PageErrorBoundary', () => {
  it('shows the same screen, without the error details, when a page throws; moving on recovers', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(
      <>
        <Link to="/fine">elsewhere</Link>
        <PageErrorBoundary>
          <PageAt pages={{ '/': <Broken />, '/fine': <p>a working page</p> }} />
        </PageErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.queryByText(/boom at render/)).not.toBeInTheDocument();
    expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    // The home page is what failed: the screen does not lead back to it.
    expect(screen.queryByRole('link', { name: 'Back to the home page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to us instead' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('a working page')).toBeVisible();
    log.mockRestore();
  });
});
