import { Component, type ErrorInfo, type ReactNode } from 'react';

export type TErrorBoundaryProps = {
  /** Draws the error; `reset` clears it (after the cause has been dealt with). */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
  /** A change of this value clears a caught error (e.g. the location). */
  resetKey?: string;
};

type TState = { error: unknown; hasError: boolean; resetKey: string | undefined };

/** Catches render errors (and failed chunk loads) of its children. */
export class ErrorBoundary extends Component<TErrorBoundaryProps, TState> {
  override state: TState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<TState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: TErrorBoundaryProps, state: TState): Partial<TState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, hasError: false, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page error', error, info.componentStack);
  }

  reset = () => this.setState({ hasError: false, error: null });

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
