/**
 * Catches a render error (or a page chunk that could not be loaded) so it shows a
 * "Something went wrong" screen instead of blanking the app.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ErrorScreen() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
    >
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        This page could not be shown. Reloading usually fixes it.
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}

/** `resetKey`: when it changes (e.g. the user goes to another page) the error is cleared. */
type Props = { children: ReactNode; resetKey?: string };
type State = { failed: boolean; resetKey?: string };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
