import { useEffect, useReducer, useState } from 'react';

/** Code loaded on demand, which can be asked for ahead of rendering and read synchronously once it is there. */
export interface Preloadable<T> {
  load(): Promise<T>;
  current(): T | undefined;
  /**
   * Hands the code over when it arrived another way: a module the page ran from a script tag of its
   * own registers itself here, and whoever waits on load() gets it at once.
   */
  provide(value: T): void;
  /** Settles when the code is handed over (provide), without asking for it. */
  provided(): Promise<T>;
}

export function preloadable<T>(importer: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  let handOver!: (v: T) => void;
  const provided = new Promise<T>((resolve) => (handOver = resolve));
  return {
    load: () =>
      value !== undefined
        ? Promise.resolve(value)
        : (pending ??= Promise.race([provided, importer()]).then(
            (v) => (value = v),
            (err: unknown) => {
              // A failed chunk may load on the next try (a deploy, a dropped connection).
              pending = null;
              throw err;
            },
          )),
    current: () => value,
    provide: (v) => {
      value = v;
      handOver(v);
    },
    provided: () => provided,
  };
}

/**
 * The loaded code, or undefined while it loads (the caller draws its own placeholder); a failed load
 * is thrown to the nearest error boundary, as React.lazy would.
 *
 * Unlike React.lazy this never suspends: React holds back the content that replaces a Suspense
 * fallback until 300 ms after the fallback appeared, so a page behind a lazy boundary shows at least
 * that late even when its code and data are already there.
 */
export function useLoaded<T>(code: Preloadable<T>): T | undefined {
  const value = code.current();
  // Asked for during the render, as React.lazy does, not a commit later.
  if (value === undefined) code.load().catch(() => undefined);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    code.load().then(
      () => live && loaded(),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [code, value]);
  if (failure) throw failure.error;
  return value;
}
