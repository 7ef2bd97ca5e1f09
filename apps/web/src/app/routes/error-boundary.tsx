import { Component, type ReactNode } from 'react';
import { ErrorPage, RootErrorPage } from './error-page';

interface Props {
  /** The address shown: an error is forgotten when it changes, so the next page can render. */
  resetKey: string;
  /** Above the layout: the error page stands alone, since the layout itself may be what failed. */
  standalone?: boolean;
  children: ReactNode;
}

interface State {
  /** What the page threw, once it has: anything may be thrown, `undefined` included. */
  failure?: { error: unknown };
  resetKey: string;
}

/**
 * Catches what a page throws while rendering (a chunk that did not download, a bug) and shows the error
 * page in its place, keeping the layout around it usable. Going to another address tries again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failure: undefined, resetKey: props.resetKey };
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    const { error } = failure;
    return this.props.standalone ? <RootErrorPage error={error} /> : <ErrorPage error={error} />;
  }
}
