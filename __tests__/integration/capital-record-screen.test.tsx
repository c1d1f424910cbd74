import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { bankWithdrawal, fileRecharge, fileWithdrawal } from '../support/wallet';

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
  await fileRecharge(server, token, '50.00');
  await server.ops('recharge:pass', '1');
  await fileWithdrawal(server, token, bankWithdrawal('120.00'));
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

const entries = () => within(screen.getByRole('list', { name: 'Bill entries' })).queryAllByRole('article');
const amountOf = (entry: HTMLElement) => entry.querySelector('.record__amount')!;

describe('CapitalRecordScreen', () => {
  it('lists every balance change signed and coloured, the sign always shown', async () => {
    await renderApp('/capitalRecord', { token });
    await waitFor(() => expect(entries().length).toBeGreaterThanOrEqual(3));
    const texts = entries().map((entry) => amountOf(entry).textContent);
    expect(texts).toContain('-$120.00');
    expect(texts).toContain('+$50.00');
    const debit = entries().find((entry) => amountOf(entry).textContent === '-$120.00')!;
    const credit = entries().find((entry) => amountOf(entry).textContent === '+$50.00')!;
    expect(amountOf(debit)).toHaveClass('record__amount--minus');
    expect(amountOf(credit)).toHaveClass('record__amount--plus');
    expect(debit).toHaveTextContent('Withdrawal');
    expect(credit).toHaveTextContent('Top up');
  });

  it("filters by the contract's bill types", async () => {
    const app = await renderApp('/capitalRecord', { token });
    const filter = await screen.findByRole('group', { name: 'Filter by type' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Top up', 'Withdrawal', 'Payment', 'Refund']);
    await app.user.click(within(filter).getByRole('button', { name: 'Withdrawal' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(amountOf(entries()[0]!)).toHaveTextContent('-$120.00');

    await app.user.click(within(filter).getByRole('button', { name: 'Payment' }));
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });
});
