import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type InitialEntry, type Location } from 'react-router-dom';
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
  quhao: string;
  mobile: string;
  country: string;
  detail: string;
  tag: string;
  is_default: 0 | 1;
}

let shoppers = 0;
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `addr_form_${shoppers}`;
  return registerShopper(server, username, { nickname: `Form ${shoppers}` });
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

type User = ReturnType<typeof userEvent.setup>;

async function type(user: User, label: string, value: string) {
  const input = await screen.findByLabelText(label);
  await user.clear(input);
  if (value) await user.paste(value);
}

async function pickFromSheet(user: User, opener: RegExp, dialogName: string, searchLabel: string, name: string) {
  await user.click(await screen.findByRole('button', { name: opener }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const search = within(dialog).getByLabelText(searchLabel);
  await waitUntilClickable(search);
  await user.click(search);
  await user.paste(name);
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));
  // The sheet slides away: wait for this dialog to go (a role query of the whole page on every
  // animation frame would slow the animation it waits for).
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

const chooseArea = (user: User, name: string) =>
  pickFromSheet(user, /^Country or region/, 'Country or region', 'Search a country or region', name);
const chooseCallingCode = (user: User, name: string) =>
  pickFromSheet(user, /^Calling code/, 'Calling code', 'Search a country or code', name);

async function fillThaiAddress(user: User) {
  await type(user, 'Addressee', 'Somchai Jaidee');
  await chooseArea(user, 'Thailand');
  // A new number follows the area's country: +66 without touching the calling code.
  expect(screen.getByRole('button', { name: /^Calling code \+66 / })).toBeInTheDocument();
  await type(user, 'Mobile number', '812345678');
  await type(user, 'State / province and city', 'Bangkok');
  await type(user, 'Detailed address', '1 Rama I Road, Pathum Wan');
  await user.click(screen.getByRole('button', { name: 'Work' }));
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save address' }));

const describedAs = (element: HTMLElement, message: string) =>
  waitFor(() => expect(element).toHaveAccessibleDescription(message));

/** The app with a history (several entries), so Back returns where the test came from. */
async function renderWithHistory(token: string, entries: InitialEntry[]) {
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
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AppContent bundle={bundle} />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...bundle, user, pathname: () => location?.pathname };
}

describe('AddressFormScreen', () => {
  it('adds an address (area, per-country mobile, tag, default) and returns to the list', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Old Default', is_default: 1 });
    const app = await renderApp('/addressForm', { token });
    expect(await screen.findByRole('heading', { name: 'New address' })).toBeInTheDocument();
    await fillThaiAddress(app.user);
    const makeDefault = screen.getByRole('switch', { name: 'Default address' });
    expect(makeDefault).not.toBeChecked();
    await app.user.click(makeDefault);
    await save(app.user);
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    expect(await screen.findByRole('article', { name: 'Somchai Jaidee' })).toHaveTextContent('Default');

    const stored = await serverAddresses(token);
    expect(stored[0]).toMatchObject({
      name: 'Somchai Jaidee',
      quhao: '66',
      mobile: '812345678',
      country: 'Thailand, Bangkok',
      detail: '1 Rama I Road, Pathum Wan',
      tag: 'Work',
      is_default: 1,
    });
    expect(stored.find((a) => a.name === 'Old Default')?.is_default).toBe(0);
  });

  it('opens the country sheet again with an empty search and every country after a pick', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await chooseArea(app.user, 'Thailand');
    expect(await screen.findByRole('button', { name: 'Country or region Thailand' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: /^Country or region/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Country or region' });
    expect(within(dialog).getByLabelText('Search a country or region')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: /^Thailand/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: /^South Korea/ })).toBeInTheDocument();
  });

  it('asks for every required field, each with its own message', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await screen.findByLabelText('Addressee');
    await save(app.user);
    await describedAs(screen.getByLabelText('Addressee'), 'Please enter the addressee');
    await describedAs(screen.getByLabelText('Mobile number'), 'Please enter the mobile phone number');
    await describedAs(
      screen.getByRole('button', { name: /^Country or region/ }),
      'Please choose the country or region',
    );
    await describedAs(screen.getByLabelText('Detailed address'), 'Please enter the detailed address');
    await describedAs(screen.getByRole('group', { name: 'Tag' }), 'Please choose or enter a tag');
    expect(screen.getByLabelText('Addressee')).toHaveAttribute('aria-invalid', 'true');
    expect(app.pathname()).toBe('/addressForm');
    expect(await serverAddresses(token)).toHaveLength(0);
  });

  it('refuses a mobile number that is not valid for the chosen calling code', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await screen.findByLabelText('Addressee');
    await chooseCallingCode(app.user, 'Thailand');
    await type(app.user, 'Mobile number', '2015550123'); // a US number
    await save(app.user);
    await describedAs(screen.getByLabelText('Mobile number'), 'Please enter a correct mobile phone number');
    expect(app.pathname()).toBe('/addressForm');
  });

  it('takes the shopper’s own tag with Other, and asks for it when left empty', async () => {
    const token = await freshShopper();
    const app = await renderApp('/addressForm', { token });
    await type(app.user, 'Addressee', 'Mina Kim');
    await chooseArea(app.user, 'South Korea');
    await type(app.user, 'Mobile number', '01012345678');
    await type(app.user, 'Detailed address', '1 Sejong-daero, Jung-gu');
    await app.user.click(screen.getByRole('button', { name: 'Other' }));
    const own = await screen.findByLabelText('Your own tag');
    await save(app.user);
    await describedAs(own, 'Please choose or enter a tag');
    await app.user.click(own);
    await app.user.paste('Grandma');
    await save(app.user);
    await findAnnouncement('Save successful');
    const [stored] = await serverAddresses(token);
    expect(stored).toMatchObject({ name: 'Mina Kim', quhao: '82', country: 'South Korea', tag: 'Grandma' });
  });

  it('loads an address to edit and saves the changes', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', tag: 'Home', is_default: 1 });
    const [before] = await serverAddresses(token);
    const app = await renderApp(`/addressForm/${before!.address_id}`, { token });
    expect(await screen.findByRole('heading', { name: 'Edit address' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Addressee')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('812345678');
    expect(screen.getByRole('button', { name: /^Calling code \+66 / })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Country or region Thailand' })).toBeInTheDocument();
    expect(screen.getByLabelText('State / province and city')).toHaveValue('Bangkok');
    expect(screen.getByLabelText('Detailed address')).toHaveValue('99 Sukhumvit Road');
    expect(screen.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('switch', { name: 'Default address' })).toBeChecked();

    await type(app.user, 'Detailed address', '100 Sukhumvit Road, Floor 3');
    await app.user.click(screen.getByRole('button', { name: 'School' }));
    await save(app.user);
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/address'));
    const [after] = await serverAddresses(token);
    expect(after).toMatchObject({
      address_id: before!.address_id,
      detail: '100 Sukhumvit Road, Floor 3',
      tag: 'School',
      is_default: 1,
    });
  });

  it("shows the server's refusal for an address that is not the shopper's", async () => {
    const owner = await freshShopper();
    await addAddress(owner, { name: 'Private Person' });
    const [theirs] = await serverAddresses(owner);
    const token = await freshShopper();
    await renderApp(`/addressForm/${theirs!.address_id}`, { token });
    await findAnnouncement('Address not found', 'alert');
    expect(await screen.findByText('Could not load this')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Private Person')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a 21st address and keeps what was typed", async () => {
    const token = await freshShopper();
    for (let n = 1; n <= 20; n += 1) await addAddress(token, { name: `Person ${n}` });
    const app = await renderApp('/addressForm', { token });
    await fillThaiAddress(app.user);
    await save(app.user);
    await findAnnouncement('You can save at most 20 addresses', 'alert');
    expect(app.pathname()).toBe('/addressForm');
    expect(screen.getByLabelText('Addressee')).toHaveValue('Somchai Jaidee');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save address' })).toBeEnabled());
  });
});

describe('AddressFormScreen in choose mode', () => {
  it('adds an address from the choosing list; it becomes the chosen one and checkout is back', async () => {
    const token = await freshShopper();
    await addAddress(token, { name: 'Ann Lee', is_default: 1 });
    const app = await renderWithHistory(token, ['/checkout', '/address?choose=1']);
    await app.user.click(await screen.findByRole('button', { name: 'Add address' }));
    expect(await screen.findByRole('note')).toHaveTextContent('The new address will be used for this order.');
    await fillThaiAddress(app.user);
    await save(app.user);
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    const stored = (await serverAddresses(token)).find((a) => a.name === 'Somchai Jaidee');
    expect(app.store.getState().session.backData.chosenAddress).toEqual(stored);
  });

  it('adds an address opened with ?choose=1 from checkout and returns there with it', async () => {
    const token = await freshShopper();
    const app = await renderWithHistory(token, ['/checkout', '/addressForm?choose=1']);
    await fillThaiAddress(app.user);
    await save(app.user);
    await findAnnouncement('Save successful');
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(app.store.getState().session.backData.chosenAddress).toMatchObject({
      name: 'Somchai Jaidee',
      country: 'Thailand, Bangkok',
      // The first address is the default whatever the switch said.
      is_default: 1,
    });
  });
});
