import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';
import { closedOrigin } from '../support/stand-in-server';

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

interface Form {
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  password: string;
  repPwd: string;
}

const person = (over: Partial<Form> = {}): Form => ({
  username: 'alice_01',
  nickname: 'Alice',
  email: 'alice@example.com',
  mobile: '2015550123',
  password: 'secret12',
  repPwd: 'secret12',
  ...over,
});

async function fill(app: Awaited<ReturnType<typeof renderApp>>, form: Form) {
  const type = async (label: string, value: string) => {
    const input = await screen.findByLabelText(label);
    await app.user.clear(input);
    // Pasted rather than typed key by key: the same change events, a tenth of the time.
    if (value) await app.user.paste(value);
  };
  await type('Account', form.username);
  await type('Nickname', form.nickname);
  await type('Email', form.email);
  await type('Mobile number', form.mobile);
  await type('Password', form.password);
  await type('Confirm password', form.repPwd);
}

async function chooseCountry(app: Awaited<ReturnType<typeof renderApp>>, name: string) {
  await app.user.click(screen.getByRole('button', { name: /^Calling code/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Calling code' });
  const search = within(dialog).getByLabelText('Search a country or code');
  await waitUntilClickable(search);
  await app.user.click(search);
  await app.user.paste(name);
  await app.user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));
}

const submit = (app: Awaited<ReturnType<typeof renderApp>>) =>
  app.user.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterScreen', () => {
  it('registers a new shopper, says so and opens /login with the account filled in', async () => {
    const app = await renderApp('/register');
    expect(await screen.findByRole('button', { name: /^Calling code \+1 / })).toBeInTheDocument();
    await fill(app, person({ username: 'new_shopper', email: 'new.shopper@example.com' }));
    await submit(app);
    await findAnnouncement('Register Success');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByLabelText('Account')).toHaveValue('new_shopper');
    // The account is real: it logs in on the server.
    const login = await server.call<{ code: number }>('/api/user/login', {
      json: { account: 'new_shopper', password: 'secret12' },
    });
    expect(login.body.code).toBe(1);
  });

  it('registers with a Thai number after choosing Thailand', async () => {
    const app = await renderApp('/register');
    await screen.findByLabelText('Account');
    await chooseCountry(app, 'Thailand');
    expect(screen.getByRole('button', { name: /^Calling code \+66 / })).toBeInTheDocument();
    await fill(app, person({ username: 'thai_shopper', email: 'thai@example.com', mobile: '812345678' }));
    await submit(app);
    await findAnnouncement('Register Success');
    const login = await server.call<{ code: number; data: { userinfo: { token: string } } }>('/api/user/login', {
      json: { account: 'thai_shopper', password: 'secret12' },
    });
    const me = await server.call<{ data: { quhao: string; mobile: string } }>('/api/user/getUserInfo', {
      token: login.body.data.userinfo.token,
    });
    expect(me.body.data).toMatchObject({ quhao: '66', mobile: '812345678' });
  });

  it("shows the server's message for an account that already exists and keeps what was typed", async () => {
    const app = await renderApp('/register');
    await fill(app, person({ username: 'demo', email: 'someone.else@example.com' }));
    await submit(app);
    await findAnnouncement('This account already exists', 'alert');
    expect(app.pathname()).toBe('/register');
    expect(screen.getByLabelText('Account')).toHaveValue('demo');
    expect(screen.getByLabelText('Email')).toHaveValue('someone.else@example.com');
  });

  it('refuses an invalid email under the field', async () => {
    const app = await renderApp('/register');
    await fill(app, person({ username: 'bad_email', email: 'alice@' }));
    await submit(app);
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please fill correct email'),
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(app.pathname()).toBe('/register');
  });

  it('refuses a mobile number that is not valid for the chosen country', async () => {
    const app = await renderApp('/register');
    await screen.findByLabelText('Account');
    await chooseCountry(app, 'Thailand');
    await fill(app, person({ username: 'wrong_mobile' })); // a US number
    await submit(app);
    const mobile = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Please enter a correct mobile phone number'));
    expect(app.pathname()).toBe('/register');
  });

  it('refuses a confirmation that differs from the password', async () => {
    const app = await renderApp('/register');
    await fill(app, person({ username: 'mismatch', repPwd: 'secret13' }));
    await submit(app);
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match'),
    );
    expect(app.pathname()).toBe('/register');
  });

  it('says "Backend connection abnormal" when the server is down, and keeps the form', async () => {
    setApiOrigin(await closedOrigin());
    const app = await renderApp('/register');
    await fill(app, person({ username: 'offline_shopper' }));
    await submit(app);
    await findAnnouncement('Backend connection abnormal', 'alert');
    expect(app.pathname()).toBe('/register');
    expect(screen.getByLabelText('Account')).toHaveValue('offline_shopper');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled());
  });
});
