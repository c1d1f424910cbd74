import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, SHOPPER_PASSWORD, startServer, type ReferenceServer } from '../support/server';

/** A 1x1 PNG: the server sniffs uploads, so an avatar must be a real image. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
  // The avatar goes up as an XMLHttpRequest, which jsdom keeps to the page's origin (the server sends
  // no CORS headers: it serves the SPA itself), so the page lives on the server's origin here.
  (globalThis as unknown as { __setPageUrl: (url: string) => void }).__setPageUrl(`${server.baseUrl}/`);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => {
  jest.restoreAllMocks();
  return closeToasts();
});

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Me {
  nickname: string;
  email: string;
  quhao: string;
  mobile: string;
  avatar: string;
}

let shoppers = 0;
/** A new shopper (US number); returns the token. */
async function freshShopper(): Promise<{ username: string; token: string }> {
  shoppers += 1;
  const username = `profile_${shoppers}`;
  return { username, token: await registerShopper(server, username, { nickname: `Profile ${shoppers}` }) };
}

async function me(token: string): Promise<Me> {
  return (await server.call<Envelope<Me>>('/api/user/getUserInfo', { token })).body.data;
}

/** The JSON bodies the SPA posts to updateProfile, read off the wire. */
function recordProfileRequests(): unknown[] {
  const bodies: unknown[] = [];
  const realFetch = globalThis.fetch;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/api/user/profile')) bodies.push(JSON.parse(await request.clone().text()));
    return realFetch(request);
  });
  return bodies;
}

type App = Awaited<ReturnType<typeof renderApp>>;

async function fill(app: App, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = await screen.findByLabelText(label);
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  }
}

const describedAs = (label: string, message: string) =>
  waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));

const save = (app: App) => app.user.click(screen.getByRole('button', { name: 'Save' }));

describe('ProfileScreen', () => {
  it('is filled from the user info, with the country found from the number', async () => {
    const { username, token } = await freshShopper();
    await renderApp('/profile', { token });
    expect(await screen.findByLabelText('Nickname')).toHaveValue(`Profile ${shoppers}`);
    expect(screen.getByLabelText('Email')).toHaveValue(`${username}@example.com`);
    expect(screen.getByLabelText('Mobile number')).toHaveValue('2015550123');
    expect(screen.getByRole('button', { name: /^Calling code \+1 United States/ })).toHaveTextContent('+1');
    expect(screen.getByText(`Account: ${username}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Profile photo')).toHaveAttribute('type', 'file');
  });

  it('sends only the nickname when only it changed, says so, and the new name shows everywhere', async () => {
    const { token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await fill(app, { Nickname: '  Renamed Shopper ' });
    // A nickname alone never asks for the login password.
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();
    await save(app);
    await findAnnouncement('Save successful');
    expect(bodies).toEqual([{ nickname: 'Renamed Shopper' }]);
    await waitFor(() => expect(app.store.getState().session.userInfo?.nickname).toBe('Renamed Shopper'));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveValue('Renamed Shopper'));
    expect((await me(token)).nickname).toBe('Renamed Shopper');
  });

  it('sends a new email alone, and a new mobile with its calling code', async () => {
    const { username, token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await fill(app, { Email: `new.${username}@example.org`, 'Login password': SHOPPER_PASSWORD });
    await save(app);
    await findAnnouncement('Save successful');
    // Saved: the form shows what the server holds, and the password field is gone (and emptied).
    await waitFor(() => expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument());

    clearLiveRegions();
    // Thailand, then a Thai number.
    await app.user.click(screen.getByRole('button', { name: /^Calling code/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Calling code' });
    await app.user.type(within(sheet).getByRole('searchbox'), 'Thailand');
    const thailand = within(sheet).getByRole('button', { name: /Thailand/ });
    await waitUntilClickable(thailand);
    await app.user.click(thailand);
    await fill(app, { 'Mobile number': '81 234 5678', 'Login password': SHOPPER_PASSWORD });
    await save(app);
    await findAnnouncement('Save successful');

    expect(bodies).toEqual([
      { email: `new.${username}@example.org`, password: SHOPPER_PASSWORD },
      { mobile: '812345678', quhao: '66', password: SHOPPER_PASSWORD },
    ]);
    expect(await me(token)).toMatchObject({ email: `new.${username}@example.org`, quhao: '66', mobile: '812345678' });
  });

  it('asks for the login password only while the mobile or email differs from the saved one', async () => {
    const { username, token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await screen.findByLabelText('Nickname');
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();

    await fill(app, { Email: `moved.${username}@example.org` });
    const login = screen.getByLabelText('Login password');
    expect(login).toHaveAttribute('type', 'password');
    expect(login).toHaveAttribute('autocomplete', 'current-password');
    // The hint says why, and a screen reader hears it with the field.
    expect(login).toHaveAccessibleDescription(
      'Changing your mobile number or email needs your login password, so that nobody else can take over your account.',
    );
    await save(app);
    await describedAs('Login password', 'Please enter your login password');
    expect(bodies).toEqual([]);

    // Back to the saved email: the field goes; a new mobile brings it back.
    await fill(app, { Email: `${username}@example.com` });
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();
    await fill(app, { 'Mobile number': '2015550188' });
    expect(screen.getByLabelText('Login password')).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong login password, keeps everything typed, then saves with the right one", async () => {
    const { username, token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await fill(app, {
      Nickname: 'Moved Shopper',
      Email: `moved.${username}@example.org`,
      'Login password': 'not-my-password',
    });
    await save(app);
    await findAnnouncement('The login password is incorrect', 'alert');
    expect(screen.getByLabelText('Nickname')).toHaveValue('Moved Shopper');
    expect(screen.getByLabelText('Email')).toHaveValue(`moved.${username}@example.org`);
    expect(screen.getByLabelText('Login password')).toHaveValue('not-my-password');
    expect(await me(token)).toMatchObject({ email: `${username}@example.com` });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());

    clearLiveRegions();
    await fill(app, { 'Login password': SHOPPER_PASSWORD });
    await save(app);
    await findAnnouncement('Save successful');
    expect(bodies).toHaveLength(2);
    expect(await me(token)).toMatchObject({ nickname: 'Moved Shopper', email: `moved.${username}@example.org` });
  });

  it('says nothing changed and sends nothing when the form is as saved', async () => {
    const { token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await screen.findByLabelText('Nickname');
    await save(app);
    await findAnnouncement('Nothing has changed');
    expect(bodies).toEqual([]);
  });

  it('uploads a new avatar and saves it', async () => {
    const { token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await app.user.upload(
      await screen.findByLabelText('Profile photo'),
      new File([PNG_BYTES], 'me.png', { type: 'image/png' }),
    );
    const preview = await screen.findByRole('img', { name: 'Profile photo preview' });
    await waitFor(() => expect(preview.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/uploads\//));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await save(app);
    await findAnnouncement('Save successful');
    expect(bodies).toHaveLength(1);
    expect(Object.keys(bodies[0] as object)).toEqual(['avatar']);
    await waitFor(() => expect(app.store.getState().session.userInfo?.avatar).toMatch(/\/media\/uploads\//));
    expect((await me(token)).avatar).toMatch(/\/media\/uploads\//);
  });

  it('refuses a file that is not an image before sending it', async () => {
    const { token } = await freshShopper();
    await renderApp('/profile', { token });
    // applyAccept off: a phone's file manager may offer any file; the screen must check it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Profile photo'),
      new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Please choose an image file')).toBeInTheDocument();
    expect(screen.getByLabelText('Profile photo')).toHaveAccessibleDescription('Please choose an image file');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('asks for each required field', async () => {
    const { token } = await freshShopper();
    const app = await renderApp('/profile', { token });
    await fill(app, { Nickname: '', Email: '', 'Mobile number': '' });
    await save(app);
    await describedAs('Nickname', 'Please enter a nickname');
    await describedAs('Email', 'Please enter your email');
    await describedAs('Mobile number', 'Please enter your mobile number');
  });

  it('refuses an incorrect email and a mobile number that is not valid for its country', async () => {
    const { token } = await freshShopper();
    const bodies = recordProfileRequests();
    const app = await renderApp('/profile', { token });
    await fill(app, { Email: 'shopper@example', 'Mobile number': '12345' });
    await save(app);
    await describedAs('Email', 'Please fill correct email');
    await describedAs('Mobile number', 'Please enter a correct mobile phone number');
    // A real Thai number is not a US one.
    await fill(app, { Email: 'shopper@example.com', 'Mobile number': '812345678' });
    await save(app);
    await describedAs('Mobile number', 'Please enter a correct mobile phone number');
    expect(bodies).toEqual([]);
  });

  it('refuses a nickname longer than 30 characters (the field takes no more)', async () => {
    const { token } = await freshShopper();
    const app = await renderApp('/profile', { token });
    await fill(app, { Nickname: 'x'.repeat(35) });
    expect(screen.getByLabelText('Nickname')).toHaveValue('x'.repeat(30));
  });

  it("shows the server's refusal of an email another account uses and keeps everything typed", async () => {
    const first = await freshShopper();
    const { token } = await freshShopper();
    const app = await renderApp('/profile', { token });
    await fill(app, {
      Nickname: 'Keep Me',
      Email: `${first.username}@example.com`,
      'Login password': SHOPPER_PASSWORD,
    });
    await save(app);
    await findAnnouncement('This email is already used by another account', 'alert');
    expect(screen.getByLabelText('Nickname')).toHaveValue('Keep Me');
    expect(screen.getByLabelText('Email')).toHaveValue(`${first.username}@example.com`);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect((await me(token)).nickname).not.toBe('Keep Me');
  });

  it('sends a visitor to /login with "Please login first"', async () => {
    const app = await renderApp('/profile');
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
