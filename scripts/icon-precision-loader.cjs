// webpack loader for antd-mobile-icons' ES modules: the icons' path data is written with up to ten
// decimals on a 48-unit grid and every element carries an editor id. Rounded to one decimal (1/480
// of the icon: 0.05 px at the 24 px the tab bar draws, 0.1 px at the largest icon the app shows)
// and without the ids, each icon is about 40 % fewer bytes, and several of them are on the first
// screen (tab bar, search, arrows).
// No icon of the package refers to an id (no url(#…), no <use>), so dropping them changes nothing.
const NUMBER = /-?\d+\.\d{2,}/g;
/** The transparent 48x48 square every icon starts with (an editor's artboard): it draws nothing. */
const ARTBOARD =
  /\/\*#__PURE__\*\/React\.createElement\("rect", \{\s*fill: "#FFFFFF",\s*opacity: 0,\s*x: 0,\s*y: 0,\s*width: 48,\s*height: 48\s*\}\),\s*/g;

module.exports = function iconPrecisionLoader(source) {
  return source
    .replace(/\bd: "([^"]*)"/g, (_, d) => `d: "${d.replace(NUMBER, (n) => String(Number(Number(n).toFixed(1))))}"`)
    .replace(/\bid: "[^"]*",?\s*/g, '')
    .replace(ARTBOARD, '');
};
