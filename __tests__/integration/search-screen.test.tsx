import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { RECENT_SEARCHES_KEY } from '../../src/features/catalog/lib/recent-searches';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import {
  clearCookies,
  clearLiveRegions,
  closeToasts,
  findAnnouncement,
  loadMoreUntil,
  waitUntilClickable,
} from '../support/dom';
import { flatPage, type ServerCard } from '../support/catalog';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';

interface Found {
  total: number;
  list: ServerCard[];
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
  localStorage.clear();
});
afterEach(() => closeToasts());

/** A page of the product search, its cards read flat. */
async function search(query: string) {
  const { body } = await server.call<{ code: number; data: Found }>(`/api/product/search?${query}`);
  expect(body.code).toBe(1);
  return flatPage(body.data);
}

const field = () => screen.findByRole('combobox', { name: 'Search products' });
const resultList = () => screen.findByRole('list', { name: 'Search results' });
const cards = () => within(screen.getByRole('list', { name: 'Search results' })).queryAllByRole('link');
const shownTitles = () => cards().map((card) => card.querySelector('.product-card__title')?.textContent);
const shownPrices = () =>
  cards().map((card) => Number(card.querySelector('.product-card__price')?.textContent?.replace(/[^\d.]/g, '')));
const recentTerms = () =>
  within(screen.getByRole('group', { name: 'Recent searches' }))
    .getAllByRole('option')
    .map((button) => button.textContent);

async function confirmDialog(user: UserEvent, button: string) {
  const dialog = await screen.findByRole('dialog');
  const action = within(dialog).getByRole('button', { name: button });
  await waitUntilClickable(action);
  await user.click(action);
  return dialog;
}

describe('SearchScreen', () => {
  it('opens ready to type, with the top keywords and the products/shops switch, without login', async () => {
    const { body } = await server.call<{ data: { keyword: string }[] }>('/api/product/index');
    const app = await renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/search');
    expect(await field()).toHaveFocus();
    expect(screen.getByRole('search', { name: 'Search products' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    const top = await screen.findByRole('group', { name: 'Popular searches' });
    await waitFor(() =>
      expect(
        within(top)
          .getAllByRole('option')
          .map((chip) => chip.textContent),
      ).toEqual(body.data.map((item) => item.keyword)),
    );
    // Nothing searched on this device yet.
    expect(screen.queryByRole('group', { name: 'Recent searches' })).not.toBeInTheDocument();

    const scope = within(screen.getByRole('navigation', { name: 'Search in' }));
    expect(scope.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(scope.getByRole('link', { name: 'Shops' })).toHaveAttribute('href', '/searchs');

    // A keyword chip searches for it.
    const keyword = body.data[0]!.keyword;
    const expected = await search(`title=${encodeURIComponent(keyword)}&page=1&limit=10`);
    await app.user.click(within(top).getByRole('option', { name: keyword }));
    await resultList();
    await waitFor(() => expect(shownTitles()).toEqual(expected.list.map((card) => card.title)));
    expect(await field()).toHaveValue(keyword);
  });

  it('searches on Enter, shows the results with a count, loads more, and carries the text to shop search', async () => {
    const page1 = await search('title=clothing&page=1&limit=10');
    const page2 = await search('title=clothing&page=2&limit=10');
    // 'clothing': every word must match (the category names of men's and women's clothing).
    expect(page1.total).toBeGreaterThan(10);
    const app = await renderApp('/search');
    await app.user.type(await field(), '  clothing {Enter}');
    await resultList();
    await waitFor(() => expect(shownTitles()).toEqual(page1.list.map((card) => card.title)));
    await findAnnouncement(`${page1.total} results`);
    expect(await field()).toHaveValue('clothing');
    expect(await field()).not.toHaveFocus();
    const first = cards()[0]!;
    expect(first).toHaveAttribute('href', `/detail/${page1.list[0]!.product_id}/${page1.list[0]!.mer_id}`);
    expect(first.querySelector('img')).toHaveAttribute('loading', 'lazy');

    await loadMoreUntil(app.user, 'Search results', page1.list.length + page2.list.length);
    await waitFor(() => expect(shownTitles()).toEqual([...page1.list, ...page2.list].map((card) => card.title)));
    expect(await screen.findByText('No more')).toBeInTheDocument();

    const scope = within(screen.getByRole('navigation', { name: 'Search in' }));
    expect(scope.getByRole('link', { name: 'Shops' })).toHaveAttribute('href', '/searchs?title=clothing');
    await app.user.click(scope.getByRole('link', { name: 'Shops' }));
    await waitFor(() => expect(app.pathname()).toBe('/searchs'));
    expect(await screen.findByRole('combobox', { name: 'Search shops' })).toHaveValue('clothing');
  });

  it('sorts by price both ways, by sales and by newest, as the server orders them', async () => {
    const app = await renderApp('/search');
    await app.user.type(await field(), 'men{Enter}');
    await resultList();
    const sort = () => within(screen.getByRole('group', { name: 'Sort by' }));
    expect(sort().getByRole('button', { name: 'Best match' })).toHaveAttribute('aria-pressed', 'true');

    const ascending = await search('title=men&sort=price_asc&page=1&limit=10');
    await app.user.click(sort().getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(shownTitles()).toEqual(ascending.list.map((card) => card.title)));
    const up = shownPrices();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBeLessThan(up.at(-1)!);
    const priceUp = sort().getByRole('button', { name: 'Price, low to high' });
    expect(priceUp).toHaveAttribute('aria-pressed', 'true');
    // The sort control keeps the focus although the URL changed.
    await waitFor(() => expect(priceUp).toHaveFocus());
    expect(sort().getByRole('button', { name: 'Best match' })).toHaveAttribute('aria-pressed', 'false');

    const descending = await search('title=men&sort=price_desc&page=1&limit=10');
    await app.user.click(priceUp);
    await waitFor(() => expect(shownTitles()).toEqual(descending.list.map((card) => card.title)));
    const down = shownPrices();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(sort().getByRole('button', { name: 'Price, high to low' })).toHaveAttribute('aria-pressed', 'true');

    const bySales = await search('title=men&sort=sales&page=1&limit=10');
    await app.user.click(sort().getByRole('button', { name: 'Best selling' }));
    await waitFor(() => expect(shownTitles()).toEqual(bySales.list.map((card) => card.title)));
    const sales = bySales.list.map((card) => card.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));

    const newest = await search('title=men&sort=new&page=1&limit=10');
    await app.user.click(sort().getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(shownTitles()).toEqual(newest.list.map((card) => card.title)));
  });

  it('restores a search and its sort from the URL (reload, shared link)', async () => {
    const descending = await search('title=men&sort=price_desc&page=1&limit=10');
    await renderApp('/search?title=men&sort=price_desc');
    await resultList();
    await waitFor(() => expect(shownTitles()).toEqual(descending.list.map((card) => card.title)));
    expect(await field()).toHaveValue('men');
    // Opened with results: the keyboard stays closed.
    expect(await field()).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Price, high to low' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unknown sort in the URL', async () => {
    const relevance = await search('title=men&page=1&limit=10');
    await renderApp('/search?title=men&sort=cheapest');
    await resultList();
    await waitFor(() => expect(shownTitles()).toEqual(relevance.list.map((card) => card.title)));
    expect(screen.getByRole('button', { name: 'Best match' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps recent searches on this device, most recent first without repeats, and clears them after a confirmation', async () => {
    const app = await renderApp('/search');
    for (const term of ['tent', 'phone', 'Tent']) {
      const found = await search(`title=${term}&page=1&limit=10`);
      await app.user.clear(await field());
      await app.user.type(await field(), `${term}{Enter}`);
      await resultList();
      await waitFor(() => expect(shownTitles()).toEqual(found.list.map((card) => card.title)));
    }
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await field()).toHaveValue('');
    expect(await field()).toHaveFocus();
    await screen.findByRole('group', { name: 'Recent searches' });
    expect(recentTerms()).toEqual(['Tent', 'phone']);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual(['Tent', 'phone']);

    // Tapping one searches it again and moves it to the top.
    await app.user.click(
      within(screen.getByRole('group', { name: 'Recent searches' })).getByRole('option', { name: 'phone' }),
    );
    await resultList();
    expect(await field()).toHaveValue('phone');
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('group', { name: 'Recent searches' });
    expect(recentTerms()).toEqual(['phone', 'Tent']);

    // Cancel keeps them.
    await app.user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    const dialog = await confirmDialog(app.user, 'Cancel');
    expect(dialog).toHaveTextContent('Clear recent searches?');
    expect(dialog).toHaveTextContent('Your recent searches will be removed from this device.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(recentTerms()).toEqual(['phone', 'Tent']);

    // Clear removes them.
    await app.user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    await confirmDialog(app.user, 'Clear');
    await findAnnouncement('Recent searches cleared');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Recent searches' })).not.toBeInTheDocument());
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('shows recent searches saved earlier on this device', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['yoga mat', 'coffee']));
    await renderApp('/search');
    await screen.findByRole('group', { name: 'Recent searches' });
    expect(recentTerms()).toEqual(['yoga mat', 'coffee']);
  });

  it('says so when nothing matches, in English and in Thai', async () => {
    const app = await renderApp('/search');
    await app.user.type(await field(), 'zzqx{Enter}');
    expect(await screen.findByText('No products found for “zzqx”')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try a more general word.')).toBeInTheDocument();
    await findAnnouncement('0 results');
    app.unmount();

    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/search?title=zzqx');
    expect(await screen.findByText('ไม่พบสินค้าสำหรับ “zzqx”')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: tai['catalog.search.label'] })).toHaveValue('zzqx');
    expect(screen.getByRole('button', { name: tai['catalog.sort.price'] })).toBeInTheDocument();
  });
});
