import '@testing-library/jest-dom';

if (typeof window !== 'undefined') {
  // antd-mobile's lazy Image and our load-more sentinel observe intersections; jsdom has no layout.
  class NoIntersectionObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoIntersectionObserver });
  window.scrollTo = () => undefined;
  // antd-mobile's PasscodeInput scrolls its cells into view after focusing; jsdom has no layout.
  Element.prototype.scrollIntoView ??= () => undefined;
  // The home banners scroll themselves every 4 s (element.scrollTo, which jsdom lacks): without this a
  // test that stays on Home past 4 s, as on a busy machine, failed with a TypeError from that timer.
  Element.prototype.scrollTo ??= () => undefined;
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../src/shared/ui/react19-render').enableAntdMobileOnReact19();
  // The request layer loads the contract check (large generated validators) with the first answer:
  // loaded here, its first compile never eats into a test's own waiting time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../src/api/answer-check');
}
