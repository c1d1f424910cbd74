import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { balanceOf, bankWithdrawal, fileWithdrawal } from '../support/wallet';

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
  await fileWithdrawal(server, token, bankWithdrawal('100.00')); // 1: passed
  await fileWithdrawal(server, token, {
    extract_type: 1,
    price: '33.33',
    network: 'TRC20',
    blockchain: 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa',
  }); // 2: refused
  await fileWithdrawal(server, token, bankWithdrawal('10.00')); // 3: auditing
  await server.ops('extract:pass', '1');
  await server.ops('extract:refuse', '2', 'The receiving address is not accepted');
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

const records = () => within(screen.getByRole('list', { name: 'Withdrawal records' })).queryAllByRole('article');

describe('DepositRecordScreen', () => {
  it("lists the withdrawals with the server's title line, amount, fee, actual arrival and status", async () => {
    await renderApp('/depositRecord', { token });
    await waitFor(() => expect(records()).toHaveLength(3));
    const [auditing, refused, passed] = records();
    // The title line is the record's mark, as the server words it: the masked card, or network and address.
    expect(auditing).toHaveTextContent('Bank card withdrawal ****3445');
    expect(auditing).toHaveTextContent('$10.00');
    expect(auditing).toHaveTextContent('Service charge$0.30');
    expect(auditing).toHaveTextContent('Actual arrival$9.70');
    expect(auditing).toHaveTextContent('Auditing');
    expect(refused).toHaveTextContent('USDT-TRC20 withdrawal TQ5N…gUa');
    expect(refused).toHaveTextContent('Service charge$1.00'); // 0.03 x 33.33 = 0.9999 -> 1.00
    expect(refused).toHaveTextContent('Actual arrival$32.33');
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('Reason: The receiving address is not accepted');
    expect(passed).toHaveTextContent('$100.00');
    expect(passed).toHaveTextContent('Passed');
    expect(await screen.findByText('No more')).toBeInTheDocument();
    // Held at request, returned when refused: 1000 - 100 - 33.33 - 10 + 33.33.
    expect(await balanceOf(server, token)).toBe('890.00');
  });

  it.each([
    ['Auditing', '$10.00'],
    ['Passed', '$100.00'],
    ['Refused', '$33.33'],
  ])('filters to %s', async (status, amount) => {
    const app = await renderApp('/depositRecord', { token });
    await waitFor(() => expect(records()).toHaveLength(3));
    const filter = screen.getByRole('group', { name: 'Filter by status' });
    await app.user.click(within(filter).getByRole('button', { name: status }));
    await waitFor(() => expect(records()).toHaveLength(1));
    expect(records()[0]).toHaveTextContent(amount);
    expect(records()[0]).toHaveTextContent(status);
    expect(within(filter).getByRole('button', { name: status })).toHaveAttribute('aria-pressed', 'true');
  });
});
