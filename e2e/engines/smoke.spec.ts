import { test } from './support/fixtures';

test('smoke: home, a category, a product', async ({ phone }) => {
  await phone.goto('/home');
  await phone.click(phone.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Computers' }));
  await phone.click(
    phone.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: /UltraBook Pro Laptop/ }),
  );
  await phone.expectPath(/^\/detail\/\d+\/\d+$/);
  await phone.expectVisible(phone.getByRole('heading', { name: /UltraBook Pro Laptop/, level: 2 }));
  await phone.screenshot('smoke-product');
});
