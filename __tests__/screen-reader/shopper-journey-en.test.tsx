// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

import { shopperJourney } from './journey';

describe('A screen-reader shopper, in English', () => {
  shopperJourney('en');
});
