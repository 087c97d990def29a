import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { reachedSection } from '../reached-section';

/** Shows "failed" in place of a child that threw. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

describe('a section loaded when reached', () => {
  it('tries its code again on the next render after a failed load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<() => ReactNode>, []>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValue(() => <p>the team</p>);
    const { Section } = reachedSection('team', load);
    // React renders once more after an error before it shows the boundary; the server's render
    // of the next request does the same. Either reads the new attempt, not the failure.
    render(
      <Boundary>
        <Suspense>
          <Section />
        </Suspense>
      </Boundary>,
    );
    await screen.findByText('the team');
    expect(screen.queryByText('failed')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
