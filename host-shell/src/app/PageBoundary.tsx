import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from '../remotes';

interface PageBoundaryProps {
  /** The page shown: a failure is forgotten when the shopper moves to another one. */
  page: string;
  children: ReactNode;
}

/**
 * Whatever takes a page down (its code failed to arrive, a bug while rendering) is shown in the page's place, inside
 * the layout: "temporarily unavailable" with a Retry that renders the page again, and that tries by itself once the
 * connection is back. The header, footer and the rest of the shop never go white with it.
 */
export class PageBoundary extends Component<PageBoundaryProps, { failed: boolean; page: string }> {
  override state = { failed: false, page: this.props.page };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PageBoundaryProps, state: { page: string }) {
    return props.page === state.page ? null : { failed: false, page: props.page };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[pages] a page failed', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.retry} /> : this.props.children;
  }
}
