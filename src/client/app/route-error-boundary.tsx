import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page.tsx';

type BoundaryProps = { children: ReactNode; locationKey: string };
type BoundaryState = { error: unknown; hasError: boolean; locationKey: string };

// React offers error boundaries only as class components.
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: null,
    hasError: false,
    locationKey: this.props.locationKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  /** Going elsewhere (the error page's Back to Home, the browser's back button) tries again. */
  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.locationKey === state.locationKey) return null;
    return { error: null, hasError: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.hasError ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** Any screen that fails to render, or whose chunk fails to load, shows RouteErrorPage. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary locationKey={key}>{children}</Boundary>;
}
