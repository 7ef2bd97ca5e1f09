/**
 * A promise and the function that settles it, for a test that holds a step of the code under test (a
 * provider's answer, a transaction) until it has looked at what happens meanwhile. Node 20 has no
 * Promise.withResolvers.
 */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
