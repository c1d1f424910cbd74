import { expect, test, type Page } from '@playwright/test';
import { announcement, atPath, logInAt, reviewScreenshot } from './support/app';
import { registerUser, uniqueUser } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// Catalog journeys (DESIGN.md 3.2, 4) at a phone viewport: browse from Home to a product and its shop, like and follow,
// search with recent searches, and the kept Home screen coming back where the shopper left it.

const LAPTOP = /UltraBook Pro Laptop/;

/** The scroll position of the visible screen's own scroll area (every Page scrolls inside its <main>). */
function screenScroll(page: Page): Promise<number> {
  return page.locator('.page__content:visible').evaluate((element) => element.scrollTop);
}

test.describe('Catalog', () => {
  test('home -> category -> product -> spec -> like -> shop -> follow -> followed shops', async ({ page }) => {
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);

    let productPath = '';
    await test.step('Home lists the computers once the category is chosen', async () => {
      await page.goto('/home');
      const categories = page.getByRole('group', { name: 'Categories' });
      const computers = categories.getByRole('button', { name: 'Computers', exact: true });
      await computers.click();
      await expect(computers).toHaveAttribute('aria-pressed', 'true');
      const recommended = page.getByRole('list', { name: 'Recommended for you' });
      const laptop = recommended.getByRole('link', { name: LAPTOP });
      await expect(laptop).toBeVisible();
      await expectNoAxeViolations(page, 'home (a category chosen)');
      await laptop.click();
      await expect(page).toHaveURL(/\/detail\/\d+\/\d+$/);
      productPath = new URL(page.url()).pathname;
    });

    await test.step('the product page: choose a specification and like the product', async () => {
      await expect(page.getByRole('heading', { name: LAPTOP, level: 2 })).toBeVisible();
      const color = page.getByRole('group', { name: 'Color' });
      await expect(color.getByRole('radio', { name: 'Silver' })).toBeChecked();
      await expectNoAxeViolations(page, 'product detail');
      await color.getByText('Space Gray', { exact: true }).click();
      await expect(color.getByRole('radio', { name: 'Space Gray' })).toBeChecked();
      await expect(color.getByRole('radio', { name: 'Silver' })).not.toBeChecked();

      const like = page.getByRole('button', { name: 'Like', exact: true });
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      // The heart turns on at once, before the server has the like: the reload below waits for its answer.
      const liked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/product/like');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      expect((await liked).ok()).toBe(true);
      await reviewScreenshot(page, 'catalog-detail');
      // The like is the server's: a reload (detail is never kept alive) still shows it.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
    });

    let shopName = '';
    await test.step('the shop: follow it', async () => {
      shopName = (await page.locator('#shop-summary-name').textContent())?.trim() ?? '';
      expect(shopName).not.toBe('');
      await page.getByRole('link', { name: 'Visit shop' }).click();
      await expect(page).toHaveURL(/\/shop\/\d+$/);
      await expect(page.getByRole('heading', { name: shopName, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(announcement(page, 'Follow Success')).toBeAttached();
      await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'shop (followed)');
      await reviewScreenshot(page, 'catalog-shop');
    });

    await test.step('followed shops and liked products list them', async () => {
      await page.goto('/heart');
      await expect(page.getByText(shopName, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'followed shops');
      await page.goto('/myFavourite');
      const liked = page.getByRole('link', { name: LAPTOP });
      await expect(liked).toBeVisible();
      await expectNoAxeViolations(page, 'liked products');
      await liked.click();
      await expect(page).toHaveURL(atPath(productPath));
    });
  });

  test('search a keyword, then find it among the recent searches', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Search products' }).click();
    await expect(page).toHaveURL(atPath('/search'));
    const box = page.getByRole('combobox', { name: 'Search products' });
    // Suggestions as the shopper types (a WAI-ARIA combobox), then Enter searches what was typed.
    await box.fill('lapt');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page, 'search (suggestions)');
    await box.fill('laptop');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?.*title=laptop/);
    await expect(page.getByRole('link', { name: LAPTOP }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'search results');

    // The filters: open, typed and refused, the typed values kept.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Lowest price').fill('50');
    await page.getByLabel('Highest price').fill('20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The highest price cannot be below the lowest price')).toBeVisible();
    await expectNoAxeViolations(page, 'search (filters refused)');
    await page.getByLabel('Lowest price').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/max_price=20/);
    // The switch shows what the URL says: it turns on once the app has taken the URL it wrote. Seen on
    // after the tap, as a shopper sees it (check() wants the state changed by the end of the click).
    const inStock = page.getByRole('switch', { name: 'In stock only' });
    await inStock.click();
    await expect(inStock).toBeChecked();
    await expect(page).toHaveURL(/in_stock=1/);
    await expectNoAxeViolations(page, 'search (filtered)');

    await page.getByRole('button', { name: 'Clear search' }).click();
    const recent = page.getByRole('group', { name: 'Recent searches' });
    await expect(recent.getByRole('option', { name: 'laptop', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'search (recent searches)');
    await reviewScreenshot(page, 'catalog-search-recent');

    await box.fill('zzzz-no-such-product');
    await box.press('Enter');
    await expect(page.getByText('No products found for “zzzz-no-such-product”')).toBeVisible();
    await expectNoAxeViolations(page, 'search (no result)');
  });

  test('the home banners: reached with Tab, scrolled with the arrow keys, with a visible focus', async ({ page }) => {
    await page.goto('/home');
    const banners = page.getByRole('region', { name: 'Promotions' });
    await expect(banners.getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recommended for you' }).getByRole('link').first()).toBeVisible();
    await expectNoAxeViolations(page, 'home');

    // The next tab stop after the search link is the banner track (WCAG 2.1.1).
    await page.getByRole('link', { name: 'Search products' }).focus();
    await page.keyboard.press('Tab');
    await expect(banners).toBeFocused();
    await expect(banners).toHaveCSS('outline-style', 'solid');
    // Autoplay is paused while the focus is on it; back to the first banner wherever it had got to.
    const scrollLeft = () => banners.evaluate((element) => element.scrollLeft);
    await banners.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }));
    await expect.poll(scrollLeft).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBeGreaterThan(0);
  });

  test('Home keeps its scroll position when the shopper comes back to it', async ({ page }) => {
    await page.goto('/home');
    const recommended = page.getByRole('list', { name: 'Recommended for you' });
    await expect(recommended.getByRole('link').first()).toBeVisible();
    // Far enough down that the recommendations fill the screen, with the product to open in view
    // (a tap never scrolls first).
    await page.locator('.page__content:visible').evaluate((element) => element.scrollTo(0, 900));
    await expect.poll(() => screenScroll(page)).toBeGreaterThan(800);
    const product = recommended.getByRole('link').nth(2);
    await product.scrollIntoViewIfNeeded();
    const before = await screenScroll(page);
    expect(before).toBeGreaterThan(500);

    await test.step('Back from a product', async () => {
      await product.click();
      await expect(page).toHaveURL(/\/detail\//);
      await page.goBack();
      await expect(page).toHaveURL(atPath('/home'));
      await expect.poll(() => screenScroll(page)).toBe(before);
    });

    await test.step('Switching tabs and back', async () => {
      await page.getByRole('link', { name: 'Explore', exact: true }).click();
      await expect(page).toHaveURL(atPath('/explore'));
      const hot = page.getByRole('region', { name: 'Hot products' });
      await expect(hot.getByRole('link').first()).toBeVisible();
      await expectNoAxeViolations(page, 'explore');
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page).toHaveURL(atPath('/home'));
      await expect.poll(() => screenScroll(page)).toBe(before);
    });
  });
});
