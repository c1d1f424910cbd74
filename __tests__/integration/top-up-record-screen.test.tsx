import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { formatDateTime } from '../../src/shared/lib/dates';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';
import { balanceOf, fileRecharge } from '../support/wallet';

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await registerShopper(server, 'records_topup');
  // 12 recharges: 1 passed, 1 refused by an operator, 10 waiting.
  for (let i = 1; i <= 12; i += 1) await fileRecharge(server, token, `${i}.00`);
  await server.ops('recharge:pass', '1');
  await server.ops('recharge:refuse', '2', 'The transfer was not found on the chain');
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

const list = () => screen.getByRole('list', { name: 'Top-up records' });
const records = () => within(list()).queryAllByRole('article');

describe('TopUpRecordScreen', () => {
  it('lists 10 records a page, newest first, and loads the rest', async () => {
    const app = await renderApp('/topUpRecord', { token });
    await waitFor(() => expect(records()).toHaveLength(10));
    expect(records()[0]).toHaveTextContent('$12.00');
    expect(records()[0]).toHaveTextContent('Top up · TRC20');
    await app.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(records()).toHaveLength(12));
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });

  it('filters by audit status with pressed buttons, and shows the reason of a refusal', async () => {
    const app = await renderApp('/topUpRecord', { token });
    const filter = await screen.findByRole('group', { name: 'Filter by status' });
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(within(filter).getByRole('button', { name: 'Refused' }));
    expect(within(filter).getByRole('button', { name: 'Refused' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(records()).toHaveLength(1));
    expect(records()[0]).toHaveTextContent('$2.00');
    expect(records()[0]).toHaveTextContent('Refused');
    expect(records()[0]).toHaveTextContent('Reason: The transfer was not found on the chain');

    await app.user.click(within(filter).getByRole('button', { name: 'Passed' }));
    await waitFor(() => expect(records()).toHaveLength(1));
    expect(records()[0]).toHaveTextContent('$1.00');
    expect(records()[0]).toHaveTextContent('Passed');
    expect(records()[0]).not.toHaveTextContent('Reason');

    await app.user.click(within(filter).getByRole('button', { name: 'Auditing' }));
    await waitFor(() => expect(records()).toHaveLength(10));
    for (const record of records()) expect(record).toHaveTextContent('Auditing');
    expect(await balanceOf(server, token)).toBe('1.00'); // only the passed one was credited
  });

  it("shows the date in the shopper's language", async () => {
    const log = await server.call<{ data: { list: { createtime: number }[] } }>(
      '/api/user/recharge_log?page=1&limit=1',
      { token },
    );
    await renderApp('/topUpRecord', { token });
    await waitFor(() => expect(records()).toHaveLength(10));
    expect(records()[0]).toHaveTextContent(formatDateTime(log.body.data.list[0]!.createtime, 'en'));
  });

  it('says so when there is nothing yet', async () => {
    const fresh = await registerShopper(server, 'records_empty');
    await renderApp('/topUpRecord', { token: fresh });
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });
});
