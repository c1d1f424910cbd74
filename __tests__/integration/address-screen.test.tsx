import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppContent, AppProviders } from '../../src/app/app';
import { setApiOrigin } from '../../src/shared/config/env';
import { loggedIn } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';
import { makeRehydratedStore } from '../support/store';

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

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface ServerAddress {
  address_id: number;
  name: string;
  is_default: 0 | 1;
  tag: string;
}

let shoppers = 0;
/** A new shopper with no address, logged in on the server. */
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `addr_list_${shoppers}`;
  return registerShopper(server, username, { nickname: `Address ${shoppers}` });
}

async function addAddress(token: string, over: Record<string, unknown> = {}) {
  const res = await server.call<Envelope>('/api/user/address_add', {
    token,
    json: {
      name: 'Ann Lee',
      quhao: '66',
      mobile: '812345678',
      country: 'Thailand, Bangkok',
      detail: '99 Sukhumvit Road',
      tag: 'Home',
      is_default: 0,
      ...over,
    },
  });
  if (res.body.code !== 1) throw new Error(`address_add failed: ${JSON.stringify(res.body)}`);
}

async function serverAddresses(token: string): Promise<ServerAddress[]> {
  const res = await server.call<Envelope<{ list: ServerAddress[] }>>('/api/user/address_list?page=1&limit=50', {
    token,
  });
  return res.body.data.list;
}

/** The address cards in screen order, by addressee. */
async function cardNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Your shipping addresses' });
  return within(list)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-labelledby'))
    .map((id) => document.getElementById(id ?? '')?.textContent ?? '');
}

const card = (name: string) => screen.findByRole('article', { name });

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await screen.findByRole('dialog');
  const action = within(dialog).getByRole('button', { name: button });
  await waitUntilClickable(action);
  await user.click(action);
  return dialog;
}

describe('AddressScreen', () => {
  it('lists the addresses with the default first: addressee, phone, area, detail, tag and the Default badge', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, {
      name: 'Bo Park',
      quhao: '82',
      mobile: '1012345678',
      country: 'South Korea, Seoul',
      detail: '1 Sejong-daero',
      tag: 'Work',
    });
    await renderApp('/address', { token });
    await waitFor(async () => expect(await cardNames()).toEqual(['Ann Lee', 'Bo Park']));

    const ann = await card('Ann Lee');
    expect(ann).toHaveTextContent('+66 812345678');
    expect(ann).toHaveTextContent('Thailand, Bangkok');
    expect(ann).toHaveTextContent('99 Sukhumvit Road');
    expect(ann).toHaveTextContent('Home');
    expect(ann).toHaveTextContent('Default');
    // The default one cannot be made default again.
    expect(within(ann).queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();

    const bo = await card('Bo Park');
    expect(bo).toHaveTextContent('+82 1012345678');
    expect(bo).toHaveTextContent('South Korea, Seoul');
    expect(bo).toHaveTextContent('Work');
    expect(bo).not.toHaveTextContent('Default');
    expect(within(bo).getByRole('button', { name: 'Set as default: the address of Bo Park' })).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Edit the address of Bo Park' })).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Delete the address of Bo Park' })).toBeInTheDocument();
  });

  it('makes another address the default after a confirmation, which then comes first', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, { name: 'Bo Park', tag: 'Work' });
    const app = await renderApp('/address', { token });
    await app.user.click(
      within(await card('Bo Park')).getByRole('button', { name: 'Set as default: the address of Bo Park' }),
    );
    const dialog = await confirmDialog(app.user, 'Set as default');
    expect(dialog).toHaveTextContent('Set as default address?');
    await findAnnouncement('Setting Success');
    await waitFor(async () => expect(await cardNames()).toEqual(['Bo Park', 'Ann Lee']));
    expect(await card('Bo Park')).toHaveTextContent('Default');
    expect(await card('Ann Lee')).not.toHaveTextContent('Default');
    const stored = await serverAddresses(token);
    expect(stored.find((a) => a.name === 'Bo Park')?.is_default).toBe(1);
    expect(stored.find((a) => a.name === 'Ann Lee')?.is_default).toBe(0);
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, { name: 'Bo Park' });
    const app = await renderApp('/address', { token });
    await app.user.click(within(await card('Bo Park')).getByRole('button', { name: 'Delete the address of Bo Park' }));
    const dialog = await confirmDialog(app.user, 'Cancel');
    expect(dialog).toHaveTextContent('Delete this address?');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await cardNames()).toEqual(['Ann Lee', 'Bo Park']);
    expect(await serverAddresses(token)).toHaveLength(2);
  });

  it('deletes an address after a confirmation', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, { name: 'Bo Park' });
    const app = await renderApp('/address', { token });
    await app.user.click(within(await card('Bo Park')).getByRole('button', { name: 'Delete the address of Bo Park' }));
    const dialog = await confirmDialog(app.user, 'Delete');
    expect(dialog).toHaveTextContent('The address of Bo Park will be removed');
    await findAnnouncement('Delete Success');
    await waitFor(async () => expect(await cardNames()).toEqual(['Ann Lee']));
    expect((await serverAddresses(token)).map((a) => a.name)).toEqual(['Ann Lee']);
  });

  it("shows the server's refusal when the address was already deleted elsewhere, and keeps the list", async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, { name: 'Bo Park' });
    const app = await renderApp('/address', { token });
    const bo = await card('Bo Park');
    // Deleted on another device while this list is open.
    const id = (await serverAddresses(token)).find((a) => a.name === 'Bo Park')!.address_id;
    await server.call(`/api/user/address_del?address_id=${id}`, { token });
    await app.user.click(within(bo).getByRole('button', { name: 'Set as default: the address of Bo Park' }));
    await confirmDialog(app.user, 'Set as default');
    await findAnnouncement('Address not found', 'alert');
    expect(app.pathname()).toBe('/address');
    expect(screen.getByRole('article', { name: 'Ann Lee' })).toBeInTheDocument();
  });

  it('opens the form to edit an address and to add one', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    const id = (await serverAddresses(token))[0]!.address_id;
    const app = await renderApp('/address', { token });
    await app.user.click(within(await card('Ann Lee')).getByRole('button', { name: 'Edit the address of Ann Lee' }));
    await waitFor(() => expect(app.pathname()).toBe(`/addressForm/${id}`));
    expect(await screen.findByLabelText('Addressee')).toHaveValue('Ann Lee');
    await app.browserBack();
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    await app.user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(app.pathname()).toBe('/addressForm'));
    expect(await screen.findByLabelText('Addressee')).toHaveValue('');
  });

  it('invites a shopper without addresses to add the first one', async () => {
    const token = await freshShopper();
    const app = await renderApp('/address', { token });
    expect(await screen.findByText('No shipping address yet')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Add your first address' }));
    await waitFor(() => expect(app.pathname()).toBe('/addressForm'));
  });
});

describe('AddressScreen in choose mode', () => {
  /** The app with a history: checkout first, then the address list opened to choose. */
  async function renderFromCheckout(token: string) {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const bundle = await makeRehydratedStore();
    bundle.store.dispatch(loggedIn({ token }));
    let location: Location | undefined;
    function Probe() {
      location = useLocation();
      return null;
    }
    const user = userEvent.setup();
    render(
      <AppProviders bundle={bundle}>
        <MemoryRouter initialEntries={['/checkout', '/address?choose=1']} initialIndex={1}>
          <AppContent bundle={bundle} />
          <Probe />
        </MemoryRouter>
      </AppProviders>,
    );
    return { ...bundle, user, pathname: () => location?.pathname };
  }

  it('hands the tapped address back to checkout in backData and returns', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    await addAddress(token, { name: 'Bo Park', tag: 'Work' });
    const app = await renderFromCheckout(token);
    expect(await screen.findByRole('heading', { name: 'Choose an address' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Tap an address to use it for this order.');
    await app.user.click(await screen.findByRole('button', { name: /^Use this address: Bo Park / }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(app.store.getState().session.backData.chosenAddress).toMatchObject({
      name: 'Bo Park',
      tag: 'Work',
      country: 'Thailand, Bangkok',
      is_default: 0,
    });
  });

  it('goes to checkout when opened directly (nothing to go back to)', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    const app = await renderApp('/address?choose=1', { token });
    await app.user.click(await screen.findByRole('button', { name: /^Use this address: Ann Lee / }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(app.store.getState().session.backData.chosenAddress).toMatchObject({ name: 'Ann Lee' });
  });

  it('is not in choose mode without ?choose=1: tapping a card picks nothing', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    const app = await renderApp('/address', { token });
    await card('Ann Lee');
    expect(screen.queryByRole('button', { name: /^Use this address/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(app.store.getState().session.backData.chosenAddress).toBeUndefined();
  });
});
