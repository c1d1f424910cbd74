import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlMessageFormat } from 'intl-messageformat';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import { formatMoney } from '../../src/shared/lib/money';
import { LANGUAGE_COOKIE } from '../../src/store/persistence';
import { saveAddress } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import {
  activate,
  announcementsSince,
  current,
  heard,
  mark,
  moveTo,
  reread,
  spoken,
  spokenSince,
  sr,
} from '../support/screen-reader';
import { startServer, SHOPPER_PASSWORD, type Answer, type ReferenceServer } from '../support/server';
import { fundedShopper, PNG_BYTES, servePageFrom } from '../support/wallet';
import en from '../../translations/en.json';
import ri from '../../translations/ri.json';

/** The shop's languages these journeys run in: the file name of its translations and its locale. */
export const journeyLanguages = {
  en: { messages: en as Record<string, string>, locale: 'en', language_name: 'English', chinese_name: '英语' },
  ri: { messages: ri as Record<string, string>, locale: 'ja', language_name: '日本語', chinese_name: '日语' },
} as const;
export type JourneyLanguage = keyof typeof journeyLanguages;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One shopper's story told by a screen reader: logs in, finds coffee beans by search, picks the
 * grind, adds them to the bag, checks out, pays with the payment code, hears the result, reads the
 * order; then tops up with a picture of the transfer, withdraws with the payment code and logs out.
 * The shopper moves only by the screen reader's next / previous (and its landmark rotor), acts on the
 * item it is on and types into it; every step checks what is spoken.
 */
export function shopperJourney(language: JourneyLanguage) {
  const { messages, locale, language_name, chinese_name } = journeyLanguages[language];
  /** A text of the app in the journey's language, as the app formats it. */
  const t = (id: string, values?: Record<string, string | number>) => {
    const message = messages[id];
    if (message === undefined) throw new Error(`no message ${id}`);
    return String(new IntlMessageFormat(message, locale).format(values));
  };
  const money = (amount: string) => formatMoney(amount, locale);
  /** A phrase that starts with `role, name`. */
  const item = (role: string, name: string) => new RegExp(`^${escape(role)}, ${escape(name)}(,|$)`);

  let server: ReferenceServer;
  let shopper: { token: string; username: string };
  /** The session the shopper's own login opened (the second half of the story goes on with it). */
  let sessionToken: string | undefined;
  const transcripts: Record<string, string[]> = {};

  beforeAll(async () => {
    server = await startServer();
    // The evidence upload goes through jsdom's XMLHttpRequest, which enforces CORS like a browser.
    servePageFrom(server);
    const token = await fundedShopper(server, '500.00');
    const me = await server.call<Answer<{ username: string }>>('/api/user/getUserInfo', { token });
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    if (language !== 'en') {
      const list = await server.call<Answer<{ list: { id: number; file_name: string }[] }>>(
        '/api/user/language_list?page=1&limit=10',
      );
      const chosen = list.body.data.list.find((entry) => entry.file_name === language)!;
      await server.call(`/api/user/set_language?lang_id=${chosen.id}&lang=${language}`, { token });
    }
    shopper = { token, username: me.body.data.username };
  });
  afterAll(async () => {
    await server.stop();
    if (process.env.SR_TRANSCRIPT) {
      console.log(JSON.stringify(transcripts, null, 1));
    }
  });

  const quiet = jest.spyOn(console, 'error');
  beforeEach(() => {
    setApiOrigin(server.baseUrl);
    clearCookies();
    clearLiveRegions();
    // The language the shopper chose earlier on this device (SPEC.md section 3: the language cookie).
    Cookies.set(LANGUAGE_COOKIE, JSON.stringify({ language_name, chinese_name, file_name: language }), { path: '/' });
    // jsdom cannot compute ::before / ::after styles, which guidepup asks for each item's name.
    quiet.mockImplementation((...args: unknown[]) => {
      if (/Not implemented: window\.getComputedStyle|px tester/.test(String(args[0]))) return;
      process.stderr.write(`${args.map(String).join(' ')}\n`);
    });
  });
  afterEach(async () => {
    transcripts[expect.getState().currentTestName ?? 'test'] = await spoken();
    await sr.stop();
    await closeToasts();
    quiet.mockReset();
  });

  /** Steps through a screen that is still arriving: waits until the screen reader can reach `what`. */
  const reach = (what: RegExp | string, options?: Parameters<typeof moveTo>[1]) => moveTo(what, options);

  it('buys coffee beans found by search and pays for them with the payment code', async () => {
    const app = await renderApp('/login');
    await sr.start({ container: document.body });

    // 1. Log in.
    await reach(item('textbox', t('account.fields.account')));
    await sr.type(shopper.username);
    expect(await current()).toBe(`textbox, ${t('account.fields.account')}, ${shopper.username}`);
    // guidepup gives an <input type=password> no role (it has none in ARIA): its label, then the field.
    await reach(t('account.fields.password'));
    await reach(t('account.fields.password'));
    await sr.type(SHOPPER_PASSWORD);
    let from = await mark();
    await activate(item('button', t('account.login.submit')));
    expect(await current()).toMatch(/, busy, disabled$/);
    await heard(`polite: ${t('account.login.success')}`, from);
    // The new screen's heading takes the focus: the screen reader says where the shopper is.
    await heard(`heading, ${t('app.name')}, level 1`, from);
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    sessionToken = app.store.getState().session.token ?? undefined;

    // 2. Find the product by search.
    from = await mark();
    await activate(item('link', t('catalog.home.search')));
    // The search screen puts the focus in its field, and the screen reader goes with it.
    await heard(item('combobox', t('catalog.search.label')), from);
    await sr.type('arabica');
    from = await mark();
    await sr.press('Enter');
    await heard(`polite: ${t('catalog.search.resultCount', { count: 1 })}`, from);
    from = await mark();
    await activate(/^link, Single-Origin Arabica Coffee Beans/);
    await heard(`heading, ${t('route.detail')}, level 1`, from);

    // 3. Choose the grind and add it to the bag.
    await reach(/^radio, Whole Bean, checked, position 1, set size 2$/);
    await activate(/^radio, Ground, not checked, position 2, set size 2$/);
    expect(await reread()).toBe('radio, Ground, checked, position 2, set size 2');
    from = await mark();
    await activate(item('button', t('catalog.detail.addToBag')));
    await heard(`polite: ${t('catalog.detail.added')}`, from);
    expect(await announcementsSince(from)).toEqual([`polite: ${t('catalog.detail.added')}`]);

    // 4. Open the bag (back to Home, then the tab bar) and check out.
    from = await mark();
    await activate(item('button', t('common.back')), { direction: 'previous' });
    // Back on the kept results, the screen reader is on the product the shopper opened.
    await heard(/^link, Single-Origin Arabica Coffee Beans/, from);
    await waitFor(() => expect(app.pathname()).toBe('/search'));
    await reach(item('button', t('common.back')), { direction: 'previous' });
    from = await mark();
    await sr.act();
    await heard(`heading, ${t('app.name')}, level 1`, from);
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    await moveTo(`navigation, ${t('tabs.label')}`, { by: 'navigation' });
    from = await mark();
    await activate(item('link', t('tabs.cart')));
    await heard(`heading, ${t('route.bag')}, level 1`, from);
    await reach(/^checkbox, .*Single-Origin Arabica Coffee Beans.*, not checked$/);
    await sr.act();
    expect(await reread()).toMatch(/^checkbox, .*Single-Origin Arabica Coffee Beans.*, checked$/);
    from = await mark();
    await activate(item('button', t('cart.checkout', { count: 1 })));
    await heard(`heading, ${t('route.checkout')}, level 1`, from);
    // The address button is named by what it shows, between where it is and what it does (unseen;
    // the screen reader puts a space where each part starts and ends).
    const parts = new IntlMessageFormat(messages['checkout.address.change']!, locale).format<string>({
      hidden: (chunks: string[]) => ` ${chunks.join('')} `,
      address: `Home Base +1 2015550144 ${t('checkout.address.default')} Office United States 1 Main Street`,
    });
    const addressButton = (Array.isArray(parts) ? parts.join('') : String(parts)).replace(/\s+/g, ' ').trim();
    await reach(item('button', addressButton));
    from = await mark();
    await activate(item('button', t('checkout.submit')));
    await heard(`polite: ${t('common.createOrderSuccess')}`, from);
    await heard(`heading, ${t('route.payment')}, level 1`, from);

    // 5. Pay: the payment-code sheet.
    await reach(item('button', t('payment.pay', { amount: money('29.90') })));
    from = await mark();
    await sr.act();
    await heard(`dialog, ${t('payment.pinTitle')}, modal`, from);
    await heard(item('button', t('pinSheet.cells', { count: 0, length: 6 })), from);
    for (const digit of '12345') await sr.press(digit);
    const entered = (await spokenSince(from)).filter((phrase) =>
      phrase.includes(t('pinSheet.cells', { count: 5, length: 6 })),
    );
    expect(entered).toHaveLength(1);
    from = await mark();
    await sr.press('6');

    // 6. Hear the result.
    await heard(`polite: ${t('common.paySuccess')}`, from);
    expect(
      (await announcementsSince(from)).filter((phrase) => phrase === `polite: ${t('pinSheet.verifying')}`),
    ).toHaveLength(1);

    // 7. The order: the screen reader is on its heading (not left in the sheet that closed).
    await heard(`heading, ${t('route.orderInfo')}, level 1`, from);
    await waitFor(() => expect(app.pathname()).toMatch(/^\/orderInfo\/\d+$/));
    await reach(t('orders.status.waitingDeliver'));
    await reach(/Single-Origin Arabica Coffee Beans/);
    await reach(money('29.90'));
  });

  it('tops up with a picture of the transfer, withdraws with the payment code and logs out', async () => {
    expect(sessionToken).toBeDefined();
    const app = await renderApp('/filter', { token: sessionToken });
    await sr.start({ container: document.body });
    const user = userEvent.setup();

    // The order just paid, counted on the Me tab: what it shows, in its order (the number once).
    const waitingDeliver = `1 ${t('orders.status.waitingDeliver')}`;
    await reach(new RegExp(`^link, .*${escape(t('orders.status.waitingDeliver'))}`));
    expect(await current()).toBe(`link, ${waitingDeliver}`);

    // 8. Top up on chain with the evidence picture.
    await reach(item('link', t('route.topUp')), { direction: 'previous' });
    let from = await mark();
    await sr.act();
    await heard(`heading, ${t('route.topUp')}, level 1`, from);
    from = await mark();
    await activate(new RegExp(`^link, ${escape(t('route.walletTopUp'))}`));
    await heard(`heading, ${t('route.walletTopUp')}, level 1`, from);
    await activate(/^button, TRC20, not pressed/);
    expect(await reread()).toMatch(/^button, TRC20, pressed/);
    await reach(item('textbox', t('wallet.chain.amount')));
    await sr.type('50');
    await reach(new RegExp(`^${escape(t('wallet.chain.evidence'))}`));
    await reach(new RegExp(escape(t('wallet.chain.evidence'))));
    const picker = sr.activeNode as HTMLInputElement;
    expect(picker.type).toBe('file');
    from = await mark();
    await user.upload(picker, new File([PNG_BYTES], 'transfer.png', { type: 'image/png' }));
    // The picture is sent at once: a shopper who cannot see its preview is told it arrived.
    await heard(`polite: ${t('common.uploadSuccess')}`, from);
    from = await mark();
    await activate(item('button', t('wallet.chain.submit')));
    await heard(`polite: ${t('common.applicationSuccess')}`, from);
    await heard(`heading, ${t('route.topUpRecord')}, level 1`, from);
    await waitFor(() => expect(app.pathname()).toBe('/topUpRecord'));

    // 9. Withdraw to a bank card, confirmed with the payment code.
    from = await mark();
    await activate(item('button', t('common.back')), { direction: 'previous' });
    await heard(`heading, ${t('route.topUp')}, level 1`, from);
    from = await mark();
    await activate(item('button', t('common.back')), { direction: 'previous' });
    await heard(/^heading, .*, level 1$/, from);
    await waitFor(() => expect(app.pathname()).toBe('/filter'));
    from = await mark();
    await activate(item('link', t('route.withDraw')));
    await heard(`heading, ${t('route.withDraw')}, level 1`, from);
    await reach(item('button', t('wallet.withdraw.bank')));
    await reach(item('textbox', t('wallet.withdraw.amount')));
    await sr.type('20');
    await reach(item('textbox', t('wallet.withdraw.bankCard')));
    await sr.type('6222020200112233445');
    await reach(item('textbox', t('wallet.withdraw.bankName')));
    await sr.type('Example Bank');
    await reach(item('textbox', t('wallet.withdraw.realName')));
    await sr.type('Demo Shopper');
    await reach(item('button', t('wallet.withdraw.submit')));
    from = await mark();
    await sr.act();
    await heard(`dialog, ${t('wallet.withdraw.pinTitle')}, modal`, from);
    // Closed without a code: the screen reader is back on the Withdraw button, not lost.
    from = await mark();
    await sr.press('Escape');
    await heard(item('button', t('wallet.withdraw.submit')), from);
    from = await mark();
    await sr.act();
    await heard(`dialog, ${t('wallet.withdraw.pinTitle')}, modal`, from);
    for (const digit of '123456') await sr.press(digit);
    await heard(`polite: ${t('common.drawSuccess')}`, from);
    await heard(`heading, ${t('route.depositRecord')}, level 1`, from);
    await reach(/^heading, .*\*\*\*\*3445, level 2$/);

    // 10. Log out, from the Me tab.
    from = await mark();
    await activate(item('button', t('common.back')), { direction: 'previous' });
    await heard(`heading, ${shopper.username}, level 1`, from);
    await reach(item('button', t('me.logout.action')));
    from = await mark();
    await sr.act();
    await heard(new RegExp(`^(alert)?dialog, ${escape(t('me.logout.title'))}`), from);
    await activate(item('button', t('me.logout.action')));
    await heard(`polite: ${t('me.logout.success')}`, from);
    await heard(`heading, ${t('route.login')}, level 1`, from);
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
}
