/**
 * @jest-environment-options {"url": "https://shop.example/"}
 */
import { loggedIn } from '../../src/store/session.slice';
import { makeRehydratedStore } from '../support/store';

describe('cookie persistence over HTTPS', () => {
  it('marks the token cookie Secure', async () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor.set!.call(document, value);
      },
    });
    try {
      const { store, persistor } = await makeRehydratedStore();
      store.dispatch(loggedIn({ token: 'a1b2c3' }));
      await persistor.flush();
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(location.protocol).toBe('https:');
    expect(writes.find((write) => write.startsWith('token=a1b2c3'))).toMatch(/;\s*secure/i);
    expect(document.cookie).toContain('token=a1b2c3');
  });
});
