import { makeStore } from '../../src/store/make-store';

/** A fresh real store whose persisted slices have been read back from the cookies. */
export async function makeRehydratedStore(options: Parameters<typeof makeStore>[0] = { devTools: false }) {
  const bundle = makeStore(options);
  await new Promise<void>((resolve) => {
    if (bundle.persistor.getState().bootstrapped) return resolve();
    const unsubscribe = bundle.persistor.subscribe(() => {
      if (bundle.persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
  return bundle;
}
