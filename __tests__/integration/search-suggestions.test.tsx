import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { RECENT_SEARCHES_KEY } from '../../src/features/catalog/lib/recent-searches';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { flatPage, type ServerCard } from '../support/catalog';
import { startFamilyBackend, type FamilyBackend } from '../support/family-backend';
import { renderApp } from '../support/render-app';
import { addressesOf, addToBag, bagOf, placeOrder, productFacts, saveAddress } from '../support/checkout';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';

// The search field as a combobox (suggestions as the shopper types, recent searches and top keywords
// with an empty field), 'did you mean' under a search that found nothing, and the price and stock
// filters, against the reference server; the fallback against a family-shaped backend without
// suggestSearch.

/** The seeded product with the least stock among the cheap ones (Soy Wax Scented Candle, 14.99, 16 left). */
const CANDLE = 44;

interface Found {
  total: number;
  list: ServerCard[];
  corrections?: string[];
}
interface Suggestion {
  text: string;
  kind: 'product' | 'shop';
  product_id?: number;
  mer_id?: number;
  marks: { start: number; length: number }[];
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

async function search(query: string) {
  const { body } = await server.call<{ code: number; data: Found }>(`/api/product/search?${query}`);
  expect(body.code).toBe(1);
  return { ...flatPage(body.data), corrections: body.data.corrections };
}
async function suggest(title: string): Promise<Suggestion[]> {
  const { body } = await server.call<{ code: number; data: { list: Suggestion[] } }>(
    `/api/product/suggest?title=${encodeURIComponent(title)}&limit=8`,
  );
  expect(body.code).toBe(1);
  return body.data.list;
}

const field = () => screen.findByRole('combobox', { name: 'Search products' });
const listbox = () => screen.findByRole('listbox', { name: 'Suggestions' });
const optionTexts = (box: HTMLElement) =>
  within(box)
    .getAllByRole('option')
    .map((option) => option.querySelector('.suggestion__text')?.textContent);
const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .queryAllByRole('link')
    .map((card) => card.querySelector('.product-card__title')?.textContent);
const shownPrices = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .queryAllByRole('link')
    .map((card) => Number(card.querySelector('.product-card__price')?.textContent?.replace(/[^\d.]/g, '')));

describe('SearchScreen suggestions', () => {
  it('suggests as the shopper types, marks the typed part, announces the count, and Arrow keys with Enter pick one', async () => {
    const expected = await suggest('shi');
    expect(expected.length).toBeGreaterThan(1);
    const app = await renderApp('/search');
    const input = await field();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await app.user.type(input, 'shi');

    const box = await listbox();
    await waitFor(() => expect(optionTexts(box)).toEqual(expected.map((item) => item.text)));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', box.id);
    // The matched parts are <mark> elements, cut where the server's marks say.
    const first = within(box).getAllByRole('option')[0]!;
    const marked = [...first.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(
      expected[0]!.marks.map((mark) => expected[0]!.text.slice(mark.start, mark.start + mark.length)),
    );
    expect(marked.length).toBeGreaterThan(0);
    await findAnnouncement(`${expected.length} suggestions`);

    // ArrowDown twice, ArrowUp once: the first option is active; the focus stays in the field.
    await app.user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const options = within(box).getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');
    expect(input).toHaveFocus();

    // Enter picks it: a product suggestion searches its text.
    const picked = expected[0]!;
    expect(picked.kind).toBe('product');
    const found = await search(`title=${encodeURIComponent(picked.text)}&page=1&limit=10`);
    await app.user.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(found.list.map((card) => card.title)));
    expect(await field()).toHaveValue(picked.text);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual([picked.text]);
  });

  it('closes on Escape and keeps the text; typing opens it again', async () => {
    const app = await renderApp('/search');
    const input = await field();
    await app.user.type(input, 'shi');
    await listbox();
    await app.user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('shi');
    await app.user.type(input, 'r');
    await listbox();
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the shop of a shop suggestion', async () => {
    const shops = (
      await server.call<{ data: { list: { mer_id: number; mer_name: string }[] } }>(
        '/api/product/searchs?page=1&limit=1',
      )
    ).body.data.list;
    const shop = shops[0]!;
    const typed = shop.mer_name.slice(0, 5);
    const expected = await suggest(typed);
    const index = expected.findIndex((item) => item.kind === 'shop' && item.mer_id === shop.mer_id);
    expect(index).toBeGreaterThanOrEqual(0);
    const app = await renderApp('/search');
    await app.user.type(await field(), typed);
    const box = await listbox();
    await waitFor(() => expect(optionTexts(box)).toEqual(expected.map((item) => item.text)));
    const option = within(box).getAllByRole('option')[index]!;
    expect(option).toHaveTextContent('Shop');
    await app.user.click(option);
    await waitFor(() => expect(app.pathname()).toBe(`/shop/${shop.mer_id}`));
  });

  it('offers the recent searches and the top keywords in the same combobox when the field is empty', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['yoga mat', 'coffee']));
    const { body } = await server.call<{ data: { keyword: string }[] }>('/api/product/index');
    const app = await renderApp('/search');
    const input = await field();
    const box = await listbox();
    const recent = within(box).getByRole('group', { name: 'Recent searches' });
    const top = await within(box).findByRole('group', { name: 'Popular searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['yoga mat', 'coffee']);
    await waitFor(() =>
      expect(
        within(top)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(body.data.map((item) => item.keyword)),
    );
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', box.id);

    // The arrows go through the recent searches, then the keywords.
    await app.user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(top).getAllByRole('option')[0]!.id);
    const keyword = body.data[0]!.keyword;
    const found = await search(`title=${encodeURIComponent(keyword)}&page=1&limit=10`);
    await app.user.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(found.list.map((card) => card.title)));
  });

  it('offers the corrections of a search that found nothing, and a correction finds products', async () => {
    const typo = 'shrit';
    const nothing = await search(`title=${typo}&page=1&limit=10`);
    expect(nothing.total).toBe(0);
    const correction = nothing.corrections?.[0];
    expect(correction).toBeTruthy();
    const corrected = await search(`title=${encodeURIComponent(correction!)}&page=1&limit=10`);
    expect(corrected.total).toBeGreaterThan(0);

    const app = await renderApp(`/search?title=${typo}&sort=price_asc`);
    expect(await screen.findByText(`No products found for “${typo}”`)).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Corrected searches' });
    const link = within(nav).getAllByRole('link')[0]!;
    expect(link).toHaveTextContent(correction!);
    expect(link.closest('li')).toHaveTextContent(`Did you mean ${correction}?`);

    const sorted = await search(`title=${encodeURIComponent(correction!)}&sort=price_asc&page=1&limit=10`);
    await app.user.click(link);
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(sorted.list.map((card) => card.title)));
    expect(await field()).toHaveValue(correction);
    // The sort was kept.
    expect(screen.getByRole('button', { name: 'Price, low to high' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says "did you mean" in Thai', async () => {
    const nothing = await search('title=shrit&page=1&limit=10');
    const correction = nothing.corrections![0]!;
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/search?title=shrit');
    const nav = await screen.findByRole('navigation', { name: tai['catalog.search.corrections'] });
    expect(nav.querySelector('li')).toHaveTextContent(`คุณหมายถึง ${correction} ใช่ไหม`);
  });
});

describe('SearchScreen filters', () => {
  const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

  it('narrows the results by price and stock, keeps them in the URL, and a reload restores them', async () => {
    const all = await search('title=men&page=1&limit=10');
    const ranged = await search('title=men&min_price=20&max_price=60&page=1&limit=10');
    const inStock = await search('title=men&min_price=20&max_price=60&in_stock=1&page=1&limit=10');
    expect(ranged.total).toBeLessThan(all.total!);
    expect(ranged.total).toBeGreaterThan(0);

    const app = await renderApp('/search?title=men');
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(all.list.map((card) => card.title)));
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(filtersButton());
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true');
    const range = await screen.findByRole('group', { name: 'Price range (US$)' });
    await app.user.type(within(range).getByLabelText('Lowest price'), '20');
    await app.user.type(within(range).getByLabelText('Highest price'), '60');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(shownTitles()).toEqual(ranged.list.map((card) => card.title)));
    await findAnnouncement(`${ranged.total} results`);
    for (const price of shownPrices()) {
      expect(price).toBeGreaterThanOrEqual(20);
      expect(price).toBeLessThanOrEqual(60);
    }
    // The range in force shows on the toggle.
    expect(filtersButton()).toHaveTextContent('Filters (1) · $20.00 – $60.00');

    const stock = screen.getByRole('switch', { name: 'In stock only' });
    expect(stock).not.toBeChecked();
    await app.user.click(stock);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'In stock only' })).toBeChecked());
    await waitFor(() => expect(shownTitles()).toEqual(inStock.list.map((card) => card.title)));
    expect(filtersButton()).toHaveTextContent('Filters (2)');
    app.unmount();

    // Reload: the same URL shows the same filters and results.
    await renderApp('/search?title=men&min_price=20&max_price=60&in_stock=1');
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(inStock.list.map((card) => card.title)));
    expect(screen.getByRole('switch', { name: 'In stock only' })).toBeChecked();
    expect(filtersButton()).toHaveTextContent('Filters (2)');
  });

  it('refuses a minimum above the maximum and a price that is not one, with a message, keeping what was typed', async () => {
    const all = await search('title=men&page=1&limit=10');
    const app = await renderApp('/search?title=men');
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(shownTitles()).toEqual(all.list.map((card) => card.title)));
    await app.user.click(filtersButton());
    const low = await screen.findByLabelText('Lowest price');
    const high = screen.getByLabelText('Highest price');
    await app.user.type(low, '50');
    await app.user.type(high, '20');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The highest price cannot be below the lowest price')).toBeInTheDocument();
    expect(high).toHaveAttribute('aria-invalid', 'true');
    expect(high).toHaveAccessibleDescription('The highest price cannot be below the lowest price');
    await waitFor(() => expect(high).toHaveFocus());
    expect(low).toHaveValue('50');
    expect(high).toHaveValue('20');
    expect(app.pathname()).toBe('/search');
    expect(shownTitles()).toEqual(all.list.map((card) => card.title));

    await app.user.clear(low);
    await app.user.type(low, '1e3');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter a price such as 12 or 12.50')).toBeInTheDocument();
    expect(low).toHaveValue('1e3');
  });

  it('filters all products by price and stock beside category and sort', async () => {
    // Sell out the cheapest product with the least stock (the candle): 'In stock only' then leaves it out.
    const token = await serverLogin(server);
    const candle = await productFacts(server, CANDLE);
    await addToBag(server, token, candle, candle.stock);
    if ((await addressesOf(server, token)).length === 0)
      await saveAddress(server, token, { name: 'Ann', detail: '1 Main St' });
    const address = (await addressesOf(server, token))[0]!;
    const line = (await bagOf(server, token)).find((item) => item.product_id === CANDLE)!;
    await placeOrder(server, token, [line.cart_id], address.address_id);

    const cheap = await search('max_price=16&page=1&limit=10');
    const cheapInStock = await search('max_price=16&in_stock=1&page=1&limit=10');
    expect(cheap.list.map((card) => card.title)).toContain(candle.title);
    expect(cheapInStock.list.map((card) => card.title)).not.toContain(candle.title);
    expect(cheapInStock.total).toBe(cheap.total! - 1);

    const app = await renderApp('/products', { token });
    await screen.findByRole('list', { name: 'All products' });
    await app.user.click(filtersButton());
    await app.user.type(await screen.findByLabelText('Highest price'), '16');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    const titles = () =>
      within(screen.getByRole('list', { name: 'All products' }))
        .queryAllByRole('link')
        .map((card) => card.querySelector('.product-card__title')?.textContent);
    await waitFor(() => expect(titles()).toEqual(cheap.list.map((card) => card.title)));
    await app.user.click(screen.getByRole('switch', { name: 'In stock only' }));
    await waitFor(() => expect(titles()).toEqual(cheapInStock.list.map((card) => card.title)));
    // The category chips and the sort are still there, beside the filters.
    expect(screen.getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sort by' })).toBeInTheDocument();
  });
});

describe('SearchScreen against a family backend without suggestions', () => {
  let backend: FamilyBackend;
  beforeAll(async () => {
    backend = await startFamilyBackend();
  });
  afterAll(() => backend.close());
  beforeEach(() => setApiOrigin(backend.origin));

  it('offers the matching recent searches and top keywords instead, without an error', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['running shoes', 'coffee']));
    const app = await renderApp('/search');
    await app.user.type(await field(), 'sho');
    const box = await listbox();
    // The family stand-in's top keywords are 'shoes' and 'jacket'.
    await waitFor(() => expect(optionTexts(box)).toEqual(['running shoes', 'shoes']));
    expect([...within(box).getAllByRole('option')[1]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'sho',
    ]);
    await findAnnouncement('2 suggestions');
    expect(backend.requests.some((request) => request.url.startsWith('/api/product/suggest'))).toBe(true);
    // No failure was shown or announced.
    expect(screen.queryAllByRole('alert').filter((element) => element.textContent)).toEqual([]);
    expect(document.querySelector('.adm-toast-mask')).toBeNull();
    await app.user.keyboard('{ArrowDown}{Enter}');
    await screen.findByRole('list', { name: 'Search results' });
    expect(await field()).toHaveValue('running shoes');
  });
});
