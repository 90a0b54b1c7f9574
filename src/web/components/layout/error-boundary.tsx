import { Component, type ReactNode } from "react";

export interface ErrorFallbackProps {
  error: unknown;
  /** Renders the children again (a module that failed to load is loaded afresh: lazy-page.tsx). */
  retry: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (props: ErrorFallbackProps) => ReactNode;
  /** A new value (the user went to another page) clears a caught error. */
  resetKey?: string;
  /** Once the fallback is on screen. */
  onCaught?: (error: unknown) => void;
}

interface ErrorBoundaryState {
  caught: { error: unknown } | undefined;
  resetKey: string | undefined;
}

/** Shows `fallback` instead of children that failed to render; React would otherwise unmount the whole app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { caught: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onCaught?.(error);
  }

  retry = () => this.setState({ caught: undefined });

  override render() {
    const { caught } = this.state;
    return caught ? this.props.fallback({ error: caught.error, retry: this.retry }) : this.props.children;
  }
}
