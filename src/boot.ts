/**
 * The first script the document runs (a webpack entry of its own, listed before the app's): it
 * starts the browser's ICU (Intl) data while the app's larger scripts are still downloading. The
 * first Intl call of a page costs some 80-110 ms on a mid-range phone (measured at 4x CPU slowdown,
 * whatever the locale) and every later one well under a millisecond; made here, on an idle main
 * thread, that cost leaves the start-up's critical path, where react-intl's first call (prices,
 * plurals, dates) would otherwise pay it inside the first render.
 */
Intl.NumberFormat.supportedLocalesOf('en');
