import { screen, waitFor } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { FAMILY_TOKEN, startFamilyBackend, type FamilyBackend } from '../support/family-backend';
import { renderApp } from '../support/render-app';

let backend: FamilyBackend;
beforeAll(async () => {
  backend = await startFamilyBackend();
});
afterAll(() => backend.close());
beforeEach(() => {
  setApiOrigin(backend.origin);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

describe('NotFoundScreen', () => {
  it('says a path of no route does not exist, and leads Home', async () => {
    const app = await renderApp('/no/such/page', { token: FAMILY_TOKEN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText('This page does not exist. Check the address, or start again from Home.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });
});
