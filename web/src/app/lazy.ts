// Lazy screens (§2): every screen is its own chunk, loaded with a 120 s timeout. A failed or
// timed-out load raises ChunkLoadError; the error boundary's Retry imports again, and when the
// chunk is still gone (a deploy replaced it) the page reloads once to fetch the new build.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react";
import { UI } from "../../../shared/constants";

export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isChunkLoadError(err: unknown): err is ChunkLoadError {
  return err instanceof Error && err.name === "ChunkLoadError";
}

/** Resolves with `promise`, or rejects with ChunkLoadError when it fails or takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number = UI.lazyLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(err) ? err : new ChunkLoadError(err instanceof Error ? err.message : String(err), { cause: err }));
      },
    );
  });
}

/** sessionStorage flag: this tab already reloaded once for a missing chunk. */
const CHUNK_RELOAD_KEY = "chunk_reload";

/**
 * What Retry does after `failures` failed loads of one screen: import again, or (from the second
 * failure on, once per tab session) reload the page because the chunk is gone after a deploy.
 */
export function retryAction(failures: number, alreadyReloaded: boolean): "import" | "reload" {
  return failures >= 2 && !alreadyReloaded ? "reload" : "import";
}

type Module<P> = { default: ComponentType<P> };

export interface RetryableLazy<P extends object> {
  /** Renders the current lazy component (a fresh one after each retry). */
  Component: ComponentType<P>;
  /** Starts over after a failure; returns what it decided. */
  retry(): "import" | "reload";
  failures(): number;
}

function sessionFlag(): boolean {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_KEY) === "1";
  } catch {
    return true; // cannot remember a reload: never risk a loop
  }
}

function setSessionFlag(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(CHUNK_RELOAD_KEY, "1");
    else sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // ignore
  }
}

/**
 * A React.lazy whose failures can be retried. React.lazy remembers a rejection forever, so a
 * retry builds a new lazy component around a new import.
 */
export function retryableLazy<P extends object>(load: () => Promise<Module<P>>, timeoutMs: number = UI.lazyLoadTimeoutMs): RetryableLazy<P> {
  let failures = 0;
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      withTimeout(load(), timeoutMs).then(
        (mod) => {
          setSessionFlag(false);
          return mod;
        },
        (err: unknown) => {
          failures += 1;
          throw err;
        },
      ),
    );
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy module at module load, not during a render
  const Component = (props: P) => createElement(current as ComponentType<P>, props);
  return {
    Component,
    retry() {
      const action = retryAction(failures, sessionFlag());
      if (action === "reload") {
        setSessionFlag(true);
        window.location.reload();
      } else {
        current = make();
      }
      return action;
    },
    failures: () => failures,
  };
}
