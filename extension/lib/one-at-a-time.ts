/**
 * A lock per key: work handed in for one key runs after the work before it on that key has settled,
 * succeeded or failed, so two writers of one stored record never read it at the same time. Keys are held
 * weakly (a background's deps, a queue): their turn goes with them. Each caller makes its own, so work
 * under one lock may take another without waiting on itself.
 */
export function oneAtATime(): <T>(key: object, work: () => Promise<T>) => Promise<T> {
  const last = new WeakMap<object, Promise<unknown>>();
  return (key, work) => {
    const run = (last.get(key) ?? Promise.resolve()).then(work, work);
    last.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  };
}
