// Error boundary around each lazy screen: a failed chunk (ChunkLoadError) offers Retry, which
// imports again (or reloads once when the chunk vanished after a deploy).
import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ScreenSkeleton } from "../ui/Spinner";
import { isChunkLoadError, retryableLazy } from "./lazy";

// A loading screen holds a viewport's height (styles/boot.css): what sits below it (the mode kit)
// stays below the fold instead of jumping down when the screen arrives (layout shift).
const screenFallback = (
  <div className="screen-loading">
    <ScreenSkeleton />
  </div>
);

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
  /** What to show while loading; a screen skeleton by default. */
  fallback?: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

class ScreenBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("screen failed", error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <ScreenError chunk={isChunkLoadError(this.state.error)} onRetry={this.retry} />;
    return <Suspense fallback={this.props.fallback ?? screenFallback}>{this.props.children}</Suspense>;
  }
}

function ScreenError({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) {
  const { t } = useTranslation("common");
  return (
    <div className="screen-error" role="alert">
      <p className="screen-error-title">{t(chunk ? "chunk_error.title" : "screen_error.title")}</p>
      <p className="screen-error-text">{t(chunk ? "chunk_error.text" : "screen_error.text")}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t("retry")}
      </button>
    </div>
  );
}

/** A lazily loaded screen (own chunk, 120 s timeout, skeleton while loading, Retry on failure). */
export function lazyScreen<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>, fallback?: ReactNode): ComponentType<P> {
  const screen = retryableLazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy screen at module load, not during a render
  function LazyScreen(props: P) {
    return (
      <ScreenBoundary onRetry={() => screen.retry()} fallback={fallback}>
        <screen.Component {...props} />
      </ScreenBoundary>
    );
  }
  return LazyScreen;
}

/** Picks a named export for lazyScreen: `named(() => import("./x"), "X")`. */
export function named<M, K extends keyof M>(load: () => Promise<M>, key: K): () => Promise<{ default: M[K] }> {
  return () => load().then((m) => ({ default: m[key] }));
}
