import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  readonly children: ReactNode;
  /** What stands in for the children once they threw; `retry` renders them again. */
  readonly fallback: (error: unknown, retry: () => void) => ReactNode;
  /** Called once per error caught (logging, cleaning up what failed). */
  readonly onError?: (error: unknown) => void;
}

type ErrorBoundaryState = { readonly caught: false } | { readonly caught: true; error: unknown };

/**
 * React's error boundary, as its documentation writes it. (react-error-boundary was 0.4 KB
 * gzip of every first visit for resetKeys and a context the shell does not use: a boundary
 * that must start afresh on another page is keyed by it.)
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { caught: true, error };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  private readonly retry = () => this.setState({ caught: false });

  override render(): ReactNode {
    return this.state.caught
      ? this.props.fallback(this.state.error, this.retry)
      : this.props.children;
  }
}
