import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, loadMoreUntil } from '../support/dom';
import { CATEGORY_NAMES_EN, flatPage, type ServerCard } from '../support/catalog';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, thaiShopper, type ReferenceServer } from '../support/server';

interface Found {
  total: number;
  list: ServerCard[];
}
interface Category {
  category_id: number;
  name_en: string;
}

let server: ReferenceServer;
let token: string;
let categories: Category[];
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
  categories = (await server.call<{ data: Category[] }>('/api/index/category')).body.data;
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/** A page of the product search, its cards read flat. */
async function search(query: string) {
  const { body } = await server.call<{ code: number; data: Found }>(`/api/product/search?${query}`);
  expect(body.code).toBe(1);
  return flatPage(body.data);
}

const categoryNames = ['All', ...CATEGORY_NAMES_EN];

const chips = () => within(screen.getByRole('group', { name: 'Categories' }));
const cards = () => within(screen.getByRole('list', { name: 'All products' })).queryAllByRole('link');
const shownTitles = () => cards().map((card) => card.querySelector('.product-card__title')?.textContent);
const shownPrices = () =>
  cards().map((card) => Number(card.querySelector('.product-card__price')?.textContent?.replace(/[^\d.]/g, '')));
const idOf = (nameEn: string) => categories.find((category) => category.name_en === nameEn)!.category_id;

describe('ProductsScreen', () => {
  it('shows every product with translated category chips, All first, and loads more', async () => {
    const page1 = await search('page=1&limit=10');
    const page2 = await search('page=2&limit=10');
    const app = await renderApp('/products', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'All products' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        chips()
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(categoryNames),
    );
    expect(chips().getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('list', { name: 'All products' });
    await waitFor(() => expect(shownTitles()).toEqual(page1.list.map((card) => card.title)));
    await loadMoreUntil(app.user, 'All products', page1.list.length + page2.list.length);
    await waitFor(() => expect(shownTitles()).toEqual([...page1.list, ...page2.list].map((card) => card.title)));
  });

  it('shows one category when its chip is chosen, and All again', async () => {
    const toys = await search(`category_id=${idOf('Toys')}&page=1&limit=10`);
    const everything = await search('page=1&limit=10');
    const app = await renderApp('/products', { token });
    await waitFor(() => expect(chips().getAllByRole('button')).toHaveLength(11));
    await app.user.click(chips().getByRole('button', { name: 'Toys' }));
    await waitFor(() => expect(chips().getByRole('button', { name: 'Toys' })).toHaveAttribute('aria-pressed', 'true'));
    expect(chips().getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shownTitles()).toEqual(toys.list.map((card) => card.title)));
    // The chip keeps the focus although the URL changed.
    await waitFor(() => expect(chips().getByRole('button', { name: 'Toys' })).toHaveFocus());

    await app.user.click(chips().getByRole('button', { name: 'All' }));
    await waitFor(() => expect(shownTitles()).toEqual(everything.list.map((card) => card.title)));
    expect(chips().getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sorts a category by price, and restores category and sort from the URL', async () => {
    const food = idOf('food');
    const ascending = await search(`category_id=${food}&sort=price_asc&page=1&limit=10`);
    const descending = await search(`category_id=${food}&sort=price_desc&page=1&limit=10`);
    const app = await renderApp(`/products?category_id=${food}&sort=price_asc`, { token });
    await screen.findByRole('list', { name: 'All products' });
    await waitFor(() => expect(shownTitles()).toEqual(ascending.list.map((card) => card.title)));
    const up = shownPrices();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await waitFor(() => expect(chips().getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true'));

    await app.user.click(screen.getByRole('button', { name: 'Price, low to high' }));
    await waitFor(() => expect(shownTitles()).toEqual(descending.list.map((card) => card.title)));
    const down = shownPrices();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(screen.getByRole('button', { name: 'Price, high to low' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips().getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the empty state for a category without products', async () => {
    await renderApp('/products?category_id=9999', { token });
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
  });

  it('translates the category chips into Thai', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/products', { token: await thaiShopper(server) });
    const group = await screen.findByRole('group', { name: tai['catalog.home.categories'] });
    // The backend family's keys ("Men's clothing", "electrical equipment") are the SPA's ids with
    // underscores, lower case and no apostrophes.
    const keys = categories.map(
      (category) =>
        `catalog.category.${category.name_en.toLowerCase().replace(/'/g, '').replace(/ /g, '_')}` as keyof typeof tai,
    );
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual([tai['catalog.products.all'], ...keys.map((key) => tai[key])]),
    );
  });
});
