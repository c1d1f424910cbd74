import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, loadMoreUntil } from '../support/dom';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';
import { flatShops, type ServerShop } from '../support/catalog';
import { envelope, startStandIn, type StandInServer } from '../support/stand-in-server';

interface Found {
  total: number;
  list: ServerShop[];
}

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

/** A page of the shop search, its shops read flat (follow_count: fans, good_rate, total_price). */
async function searchShops(query: string) {
  const { body } = await server.call<{ code: number; data: Found }>(`/api/product/searchs?${query}`);
  expect(body.code).toBe(1);
  return flatShops(body.data);
}

const field = () => screen.findByRole('combobox', { name: 'Search shops' });
const shopLinks = (listName: string) => within(screen.getByRole('list', { name: listName })).queryAllByRole('link');
const shopNames = (listName: string) =>
  shopLinks(listName).map((link) => link.querySelector('.shop-stats-card__name')?.textContent);
const money = (value: string) => `$${Number(value).toLocaleString('en', { minimumFractionDigits: 2 })}`;

describe('SearchShopsScreen', () => {
  it('lists every shop with sales, fans, favorable rate and total sales, without login', async () => {
    const all = await searchShops('page=1&limit=10');
    const app = await renderApp('/searchs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search shops' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/searchs');
    expect(await field()).toHaveFocus();
    await screen.findByRole('list', { name: 'All shops' });
    await waitFor(() => expect(shopNames('All shops')).toEqual(all.list.map((shop) => shop.mer_name)));

    const shop = all.list[0]!;
    const card = shopLinks('All shops')[0]!;
    expect(card).toHaveAttribute('href', `/shop/${shop.mer_id}`);
    const figure = (label: string) =>
      within(card).getByText(label).closest('.shop-stats-card__figure')?.querySelector('.shop-stats-card__value')
        ?.textContent;
    expect(figure('Sales')).toBe(shop.sales!.toLocaleString('en'));
    expect(figure('Fans')).toBe(shop.fans.toLocaleString('en'));
    expect(figure('Favorable rate')).toBe(`${(Math.round(shop.favorable_rate * 10) / 10).toLocaleString('en')}%`);
    expect(figure('Total sales')).toBe(money(shop.total_sales!));
    const avatar = card.querySelector('img')!;
    expect(avatar).toHaveAttribute('loading', 'lazy');
    expect(avatar).toHaveAttribute('width', '48');
    expect(avatar).toHaveAttribute('height', '48');

    // Fewer shops than a page: the list says it is complete.
    expect(all.total).toBeLessThan(10);
    expect(await screen.findByText('No more')).toBeInTheDocument();

    const scope = within(screen.getByRole('navigation', { name: 'Search in' }));
    expect(scope.getByRole('link', { name: 'Shops' })).toHaveAttribute('aria-current', 'page');
    expect(scope.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/search');
  });

  it('searches shops by name on Enter, counts them, and carries the text to product search', async () => {
    const found = await searchShops('title=home&page=1&limit=10');
    expect(found.total).toBeGreaterThan(0);
    const app = await renderApp('/searchs');
    await app.user.type(await field(), 'home{Enter}');
    await screen.findByRole('list', { name: 'Shops found' });
    await waitFor(() => expect(shopNames('Shops found')).toEqual(found.list.map((shop) => shop.mer_name)));
    for (const name of shopNames('Shops found')) expect(name?.toLowerCase()).toContain('home');
    await findAnnouncement(found.total === 1 ? '1 result' : `${found.total} results`);
    expect(screen.getByRole('heading', { level: 2, name: 'Results for “home”' })).toBeInTheDocument();

    const scope = within(screen.getByRole('navigation', { name: 'Search in' }));
    expect(scope.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/search?title=home');
    await app.user.click(scope.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(app.pathname()).toBe('/search'));
    expect(await screen.findByRole('combobox', { name: 'Search products' })).toHaveValue('home');
  });

  it('restores the search from the URL and clears it with the clear button', async () => {
    const found = await searchShops('title=pixel&page=1&limit=10');
    const all = await searchShops('page=1&limit=10');
    const app = await renderApp('/searchs?title=pixel');
    await screen.findByRole('list', { name: 'Shops found' });
    await waitFor(() => expect(shopNames('Shops found')).toEqual(found.list.map((shop) => shop.mer_name)));
    expect(await field()).toHaveValue('pixel');
    expect(await field()).not.toHaveFocus();

    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('list', { name: 'All shops' });
    await waitFor(() => expect(shopNames('All shops')).toEqual(all.list.map((shop) => shop.mer_name)));
    expect(await field()).toHaveValue('');
  });

  it('says so when no shop matches, in English and in Thai', async () => {
    const app = await renderApp('/searchs');
    await app.user.type(await field(), 'zzqx{Enter}');
    expect(await screen.findByText('No shops found for “zzqx”')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try a more general word.')).toBeInTheDocument();
    app.unmount();

    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/searchs?title=zzqx');
    expect(await screen.findByText('ไม่พบร้านค้าสำหรับ “zzqx”')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: tai['catalog.searchShops.label'] })).toHaveValue('zzqx');
  });

  it('shows the figures in Thai', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/searchs');
    const list = await screen.findByRole('list', { name: tai['catalog.searchShops.all'] });
    await waitFor(() => expect(within(list).getAllByRole('link').length).toBeGreaterThan(0));
    const card = within(list).getAllByRole('link')[0]!;
    for (const key of ['statSales', 'statFans', 'statFavorable', 'statTotalSales'] as const) {
      expect(within(card).getByText(tai[`catalog.shop.${key}`])).toBeInTheDocument();
    }
  });
});

describe('SearchShopsScreen paging against a stand-in server', () => {
  let standIn: StandInServer;
  beforeAll(async () => {
    const shops = Array.from({ length: 23 }, (_, index) => ({
      mer_id: index + 1,
      mer_name: `Shop ${index + 1}`,
      mer_avatar: 'http://127.0.0.1:1/s.svg',
      follow_count: 10,
      good_rate: 99,
    }));
    standIn = await startStandIn((request, response) => {
      const url = new URL(request.url, 'http://stand-in');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      envelope(response, {
        code: 1,
        msg: '',
        data: { total: shops.length, list: shops.slice((page - 1) * limit, page * limit) },
      });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => setApiOrigin(standIn.origin));

  it('loads 10 shops at a time until the last page', async () => {
    const app = await renderApp('/searchs');
    const names = (count: number) => Array.from({ length: count }, (_, index) => `Shop ${index + 1}`);
    await screen.findByRole('list', { name: 'All shops' });
    await waitFor(() => expect(shopNames('All shops')).toEqual(names(10)));
    await loadMoreUntil(app.user, 'All shops', 20);
    await loadMoreUntil(app.user, 'All shops', 23);
    expect(shopNames('All shops')).toEqual(names(23));
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });
});
