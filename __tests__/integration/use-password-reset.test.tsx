import { waitFor } from '@testing-library/react';
import { usePasswordReset } from '../../src/features/account/hooks/use-password-reset';
import {
  forgotMobileSchema,
  forgotResetSchema,
  type ForgotPasswordValues,
} from '../../src/features/account/schemas/forgot-password.schema';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { selectIsLoggedIn } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { registerShopper, startServer, type Answer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

let shoppers = 0;
/** A new shopper with a US mobile number of their own (201 555 02xx), logged in; password secret12. */
async function freshShopper() {
  shoppers += 1;
  const username = `reset_${Date.now() % 100000}_${shoppers}`;
  const mobile = `20155502${String(shoppers).padStart(2, '0')}`;
  const token = await registerShopper(server, username, { quhao: '1', mobile });
  return { username, mobile, phone: `+1 ${mobile}`, token };
}

async function canLogIn(account: string, password: string): Promise<boolean> {
  const res = await server.call<Answer>('/api/user/login', { json: { account, password } });
  return res.body.code === 1;
}

const form = (mobile: string, fields: Partial<ForgotPasswordValues> = {}): ForgotPasswordValues => ({
  country: 'US',
  mobile,
  code: '',
  newpassword: '',
  confirm: '',
  ...fields,
});

function renderReset(token?: string) {
  return renderScreenHook(() => usePasswordReset(), { token, path: paths.forgotPassword });
}

describe('usePasswordReset', () => {
  it('moves to the reset step once the server sent a code, and counts down before another', async () => {
    const { mobile, phone } = await freshShopper();
    const hook = await renderReset();
    expect(hook.result.current.step).toBe('mobile');
    expect(hook.result.current.schema).toBe(forgotMobileSchema);

    await hook.result.current.submit(form(` ${mobile.slice(0, 3)} ${mobile.slice(3)} `));
    await findAnnouncement('Code sent. You can ask for another in 60 seconds.');
    await waitFor(() => expect(hook.result.current.step).toBe('reset'));
    expect(hook.result.current.schema).toBe(forgotResetSchema);
    expect(hook.result.current.secondsLeft).toBeGreaterThan(55);
    expect(await server.sentCode(phone)).toMatch(/^\d{6}$/);
  });

  it('stays at the number when the server refuses to send a code (asked for too soon)', async () => {
    const { mobile } = await freshShopper();
    const sent = await server.call<Answer>('/api/user/send_code', { json: { mobile, quhao: '1' } });
    expect(sent.body.code).toBe(1);
    const hook = await renderReset();
    await hook.result.current.submit(form(mobile));
    await findAnnouncement(/^Please wait \d+ seconds before asking for another code$/, 'alert');
    expect(hook.result.current.step).toBe('mobile');
    expect(hook.result.current.secondsLeft).toBe(0);
  });

  it('keeps the step and the session when the code is wrong, and with the texted code resets, logs out and opens /login', async () => {
    const { username, mobile, phone, token } = await freshShopper();
    const hook = await renderReset(token);
    await hook.result.current.submit(form(mobile));
    await waitFor(() => expect(hook.result.current.step).toBe('reset'));
    const code = await server.sentCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';

    await hook.result.current.submit(form(mobile, { code: wrong, newpassword: 'fresh123', confirm: 'fresh123' }));
    expect(hook.result.current.step).toBe('reset');
    expect(hook.pathname()).toBe(paths.forgotPassword);
    expect(selectIsLoggedIn(hook.store.getState())).toBe(true);
    expect(await canLogIn(username, 'secret12')).toBe(true);

    await hook.result.current.submit(form(mobile, { code, newpassword: 'fresh123', confirm: 'fresh123' }));
    await findAnnouncement('Change Successful');
    await waitFor(() => expect(hook.pathname()).toBe(paths.login));
    expect(selectIsLoggedIn(hook.store.getState())).toBe(false);
    expect(await canLogIn(username, 'secret12')).toBe(false);
    expect(await canLogIn(username, 'fresh123')).toBe(true);
  });
});
