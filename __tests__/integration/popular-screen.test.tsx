import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, loadMoreUntil } from '../support/dom';
import { flatPage, type Card, type ServerCard } from '../support/catalog';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, thaiShopper, type ReferenceServer } from '../support/server';

interface Paged<T> {
  count: number;
  list: T[];
}

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

async function hot(page: number): Promise<Paged<Card>> {
  const { body } = await server.call<{ code: number; data: Paged<ServerCard> }>(
    `/api/index/hot_product?page=${page}&limit=10`,
  );
  expect(body.code).toBe(1);
  return flatPage(body.data);
}

const titles = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.product-card__title')?.textContent);

describe('PopularScreen', () => {
  it('lists the best sellers, 10 at a time, until the last page', async () => {
    const first = await hot(1);
    const app = await renderApp('/popular', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Popular' });
    await waitFor(() => expect(titles('Popular')).toEqual(first.list.map((card) => card.title)));
    const sales = first.list.map((card) => card.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const link = within(screen.getByRole('list', { name: 'Popular' })).getAllByRole('link')[0]!;
    expect(link).toHaveAttribute('href', `/detail/${first.list[0]!.product_id}/${first.list[0]!.mer_id}`);

    // Every page of the seed, then the end of the list (a full last page needs one more, empty, page).
    const pages = Math.ceil(first.count / 10);
    const all: string[] = [];
    for (let page = 1; page <= pages; page += 1) all.push(...(await hot(page)).list.map((card) => card.title));
    for (let page = 2; page <= pages; page += 1) {
      await loadMoreUntil(app.user, 'Popular', Math.min(page * 10, first.count));
    }
    const more = screen.queryByRole('button', { name: 'Load more' });
    if (more) await app.user.click(more);
    expect(await screen.findByText('No more')).toBeInTheDocument();
    expect(titles('Popular')).toEqual(all);
  });

  it('is in Thai when Thai is chosen', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/popular', { token: await thaiShopper(server) });
    expect(await screen.findByRole('heading', { level: 1, name: tai['route.popular'] })).toBeInTheDocument();
    expect(screen.getByText(tai['catalog.popular.intro'])).toBeInTheDocument();
  });

  it('asks a visitor to log in first (it is not one of the public paths of SPEC.md section 2)', async () => {
    const app = await renderApp('/popular');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
