import { Component, type ReactNode } from 'react';

interface RenderErrorBoundaryProps {
  /** What shows instead of `children` once they threw while rendering (or their lazy code failed to load). */
  fallback: (error: unknown) => ReactNode;
  /** A new value (the page's path) clears the error: the next page renders normally. */
  resetKey: string;
  children: ReactNode;
}

interface RenderErrorBoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** Catches what a page throws while rendering, for the website's declarative router (the portal's data router has route ErrorBoundary). */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, RenderErrorBoundaryState> {
  override state: RenderErrorBoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RenderErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: RenderErrorBoundaryProps, state: RenderErrorBoundaryState): Partial<RenderErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
