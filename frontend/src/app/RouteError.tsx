import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { ReloadNotice } from '../ui/ReloadNotice';

/** Whatever a screen throws while rendering ends here instead of a blank app. */
export function RouteError() {
  const { t } = useTranslation();
  return <ReloadNotice message={t('errors.generic')} role="alert" />;
}

interface BoundaryState {
  error: boolean;
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { error: true };
  }

  // Another page is another chance, as a route's errorElement gave one.
  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { error: false, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** The pages' error boundary: what a route's `errorElement` was under the data router. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
