/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// The build's loader for antd-mobile-icons (webpack.config.js): the icons must draw what they drew.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const iconPrecisionLoader = require('../../scripts/icon-precision-loader.cjs') as (source: string) => string;

const ICONS = path.join(__dirname, '../../node_modules/antd-mobile-icons/es');
const files = readdirSync(ICONS).filter((file) => /^[A-Z][A-Za-z]+\.js$/.test(file));

/** The icon module's component, from its ES source (one React import, one default export). */
function componentOf(source: string): React.FC<Record<string, unknown>> {
  const body = source.replace(/^import \* as React from "react";$/m, '').replace(/export default (\w+);/, 'return $1;');
  return new Function('React', body)(React) as React.FC<Record<string, unknown>>;
}

/** What an icon draws: every element with its attributes, numbers apart, and the numbers alone. */
function drawing(markup: string) {
  const withoutIds = markup.replace(/ id="[^"]*"/g, '');
  const drawn = withoutIds.replace(/<rect fill="#FFFFFF" opacity="0" x="0" y="0" width="48" height="48"><\/rect>/g, '');
  const numbers = (drawn.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  return { shape: drawn.replace(/-?\d+(\.\d+)?/g, '#'), numbers };
}

describe('the icon loader of the build', () => {
  it('finds the icons the app draws', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toEqual(expect.arrayContaining(['SearchOutline.js', 'AppOutline.js', 'UserOutline.js']));
  });

  it.each(files)(
    '%s draws the same shapes, within 1/20 of a unit of its 48-unit grid (0.025 px at 24 px), with fewer bytes',
    (file) => {
      const source = readFileSync(path.join(ICONS, file), 'utf8');
      const loaded = iconPrecisionLoader(source);
      const before = drawing(renderToStaticMarkup(React.createElement(componentOf(source), { className: 'x' })));
      const after = drawing(renderToStaticMarkup(React.createElement(componentOf(loaded), { className: 'x' })));

      expect(after.shape).toBe(before.shape);
      expect(after.numbers).toHaveLength(before.numbers.length);
      after.numbers.forEach((value, index) =>
        expect(Math.abs(value - before.numbers[index]!)).toBeLessThanOrEqual(0.05 + 1e-9),
      );
      expect(loaded.length).toBeLessThan(source.length);
    },
  );
});
