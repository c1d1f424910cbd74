import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SEARCH_DELAY_MS } from '../../src/features/catalog/screens/explore-screen';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, loadMoreUntil } from '../support/dom';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';
import { familyCard, flatPage, type ServerCard } from '../support/catalog';
import { envelope, startStandIn, type StandInServer } from '../support/stand-in-server';

interface Paged<T> {
  count: number;
  list: T[];
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

/** A page of product cards from the server, read flat (the cards nest what they show in goods). */
async function products(path: string) {
  const { body } = await server.call<{ code: number; data: Paged<ServerCard> }>(path);
  expect(body.code).toBe(1);
  return flatPage(body.data);
}

/** The titles of the cards in the named product list, in order. */
function titles(listName: string | RegExp) {
  return within(screen.getByRole('list', { name: listName }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.product-card__title')?.textContent);
}

const searchField = () => screen.findByRole('searchbox', { name: 'Search hot products' });

describe('ExploreScreen', () => {
  it('shows the hot products without login, 10 at a time with load-more, and shortcuts', async () => {
    const page1 = await products('/api/index/hot_product?page=1&limit=10');
    const page2 = await products('/api/index/hot_product?page=2&limit=10');
    const app = await renderApp('/explore');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');

    await waitFor(() => expect(titles('Hot products')).toEqual(page1.list.map((card) => card.title)));
    const first = within(screen.getByRole('list', { name: 'Hot products' })).getAllByRole('link')[0]!;
    expect(first).toHaveAttribute('href', `/detail/${page1.list[0]!.product_id}/${page1.list[0]!.mer_id}`);
    const image = first.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');

    await loadMoreUntil(app.user, 'Hot products', page1.list.length + page2.list.length);
    await waitFor(() =>
      expect(titles('Hot products')).toEqual([...page1.list, ...page2.list].map((card) => card.title)),
    );

    const shortcuts = within(screen.getByRole('navigation', { name: 'Browse' }));
    expect(shortcuts.getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/popular');
    expect(shortcuts.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/products');
  });

  it('filters the hot products as the shopper types, and keeps the text when the tab is left and reopened', async () => {
    const coffee = await products('/api/index/hot_product?page=1&limit=10&title=coffee');
    expect(coffee.count).toBeGreaterThan(0);
    const app = await renderApp('/explore');
    await app.user.type(await searchField(), 'Coffee');

    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(titles('Search results')).toEqual(coffee.list.map((card) => card.title)));
    for (const title of titles('Search results')) expect(title?.toLowerCase()).toContain('coffee');
    expect(results).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Results for “Coffee”' })).toBeInTheDocument();
    await findAnnouncement(coffee.count === 1 ? '1 result' : `${coffee.count} results`);
    expect(screen.queryByRole('navigation', { name: 'Browse' })).not.toBeInTheDocument();

    // The Explore tab is kept alive: Home and back, and the search is still there.
    const tabs = within(screen.getByRole('navigation', { name: 'Main sections' }));
    await app.user.click(tabs.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    await app.user.click(tabs.getByRole('link', { name: 'Explore' }));
    await waitFor(() => expect(app.pathname()).toBe('/explore'));
    expect(await searchField()).toHaveValue('Coffee');
    expect(titles('Search results')).toEqual(coffee.list.map((card) => card.title));

    // Clearing brings the hot list back.
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await searchField()).toHaveValue('');
    expect(await searchField()).toHaveFocus();
    expect(await screen.findByRole('list', { name: 'Hot products' })).toBeInTheDocument();
  });

  it('shows the translated no-result state and recommendations when nothing matches', async () => {
    const recommended = await products('/api/product/recommend?page=1&limit=6');
    const app = await renderApp('/explore');
    await app.user.type(await searchField(), 'zzqx nothing');
    expect(await screen.findByText('No products found for “zzqx nothing”')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try a more general word.')).toBeInTheDocument();
    const youMayLike = await screen.findByRole('region', { name: 'You may also like' });
    await waitFor(() =>
      expect(
        within(youMayLike)
          .getAllByRole('link')
          .map((link) => link.querySelector('.product-card__title')?.textContent),
      ).toEqual(recommended.list.map((card) => card.title)),
    );
  });

  it('says there is no match in Thai', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    const app = await renderApp('/explore');
    await app.user.type(await screen.findByRole('searchbox', { name: tai['catalog.explore.searchLabel'] }), 'zzqx');
    expect(await screen.findByText('ไม่พบสินค้าสำหรับ “zzqx”')).toBeInTheDocument();
    expect(screen.getByText(tai['catalog.search.noResultHint'])).toBeInTheDocument();
  });
});

describe('ExploreScreen search requests against a stand-in server', () => {
  let standIn: StandInServer;
  beforeAll(async () => {
    standIn = await startStandIn((request, response) => {
      const url = new URL(request.url, 'http://stand-in');
      const title = url.searchParams.get('title') ?? '';
      const list = [familyCard({ product_id: 1, title: title ? `${title} mug` : 'Hot mug' })];
      envelope(response, { code: 1, msg: '', data: { count: list.length, list } });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => setApiOrigin(standIn.origin));

  it('asks the server once per pause in typing, not once per key, and not again for spaces', async () => {
    const app = await renderApp('/explore');
    await waitFor(() => expect(titles('Hot products')).toEqual(['Hot mug']));
    const hotRequests = () =>
      standIn.requests
        .filter((request) => request.url.startsWith('/api/index/hot_product'))
        .map((request) => new URL(request.url, 'http://stand-in').searchParams.get('title'));
    expect(hotRequests()).toEqual([null]);

    // Key by key, noting when each began and ended: a busy machine can take longer than the pause
    // for one key, and then the word typed so far is asked for too (as it would be for a slow typist).
    const typeKeys = async (text: string) => {
      const keys: { from: number; to: number }[] = [];
      for (const key of text) {
        const from = Date.now();
        await app.user.keyboard(key);
        keys.push({ from, to: Date.now() });
      }
      return keys.slice(1).filter((next, i) => next.to - keys[i]!.from >= SEARCH_DELAY_MS).length;
    };
    await app.user.click(await searchField());
    const pauses = await typeKeys('coffee');
    await waitFor(() => expect(titles('Search results')).toEqual(['coffee mug']));
    await app.user.type(await searchField(), '  ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await searchField()).toHaveValue('coffee  ');
    const asked = hotRequests();
    expect(asked[0]).toBeNull();
    expect(asked.at(-1)).toBe('coffee');
    expect(asked.length).toBeLessThanOrEqual(2 + pauses);
    for (const word of asked.slice(1)) expect('coffee'.startsWith(word!)).toBe(true);

    // Enter searches at once, without waiting for the pause.
    const pausesInBeans = await typeKeys('beans');
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(titles('Search results')).toEqual(['coffee beans mug']));
    const more = hotRequests().slice(asked.length);
    expect(more.at(-1)).toBe('coffee beans');
    expect(more.length).toBeLessThanOrEqual(1 + pausesInBeans);
  });
});
