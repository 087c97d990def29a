import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test-utils';
import { ErrorScreen, RouteErrorScreen } from '../error-screen';

function Broken(): never {
  throw new Error('boom at render');
}

describe('ErrorScreen', () => {
  it('shows the 404 screen with a link home', () => {
    renderRoutes([{ path: '*', element: <ErrorScreen notFound /> }], '/nowhere');
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('404 Not Found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows the same screen, without the error details, when a page throws', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }]);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.queryByText(/boom at render/)).not.toBeInTheDocument();
    expect(screen.queryByText('404 Not Found')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
