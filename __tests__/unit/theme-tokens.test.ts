/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The colour tokens of src/shared/ui/theme.css: a light set, and a dark set written twice (for a
// theme chosen in Settings, and for the phone's dark setting when nothing was chosen).
const css = readFileSync(path.join(__dirname, '../../src/shared/ui/theme.css'), 'utf8');

function declarations(selector: string, from = css): Map<string, string> {
  const start = from.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`no ${selector} block in theme.css`);
  const body = from.slice(start + selector.length + 2, from.indexOf('}', start));
  const found = new Map<string, string>();
  for (const [, name, value] of body.matchAll(/(--[\w-]+|color-scheme)\s*:\s*([^;]+);/g)) {
    // A token set twice in one block: the second wins, and the blocks' comparison would not see it.
    if (found.has(name!)) throw new Error(`${selector} sets ${name} twice`);
    found.set(name!, value!.trim().replace(/\s+/g, ' '));
  }
  return found;
}

const light = declarations(':root');
const chosenDark = declarations("html:root[data-prefers-color-scheme='dark']");
const media = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
const phoneDark = declarations("html:root:not([data-prefers-color-scheme='light'])", media);

const isColour = (value: string) => /^(#[0-9a-f]{3,8}|rgba?\()/i.test(value);

/** A token's colour as RGB, following var() to other tokens of the same theme. */
function rgb(theme: Map<string, string>, token: string): [number, number, number] {
  let value = theme.get(token) ?? light.get(token);
  for (let hops = 0; value?.startsWith('var('); hops += 1) {
    const next = /var\((--[\w-]+)\)/.exec(value)![1]!;
    value = theme.get(next) ?? light.get(next);
    if (hops > 5) throw new Error(`${token}: var() loop`);
  }
  const hex = /^#([0-9a-f]{6})$/i.exec(value ?? '')?.[1];
  if (!hex) throw new Error(`${token} is not a 6-digit colour: ${value}`);
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2.x contrast ratio of two colours. */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (colour: [number, number, number]) => {
    const [r, g, bl] = colour.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('The dark theme (src/shared/ui/theme.css)', () => {
  it('is the same whether the shopper chose it or the phone is set to dark', () => {
    expect(Object.fromEntries(phoneDark)).toEqual(Object.fromEntries(chosenDark));
  });

  it('gives every colour of the light theme a dark value but the fills that keep white text, and tells the browser (form controls, scrollbars)', () => {
    const colours = [...light].filter(([, value]) => isColour(value)).map(([name]) => name);
    expect(colours.length).toBeGreaterThan(20);
    expect(colours.filter((name) => !chosenDark.has(name))).toEqual(['--brand', '--brand-deep', '--danger-fill']);
    expect([light.get('color-scheme'), chosenDark.get('color-scheme')]).toEqual(['light', 'dark']);
    // antd-mobile's colours follow ours in both themes, from one rule that outranks its own dark theme.
    const antd = declarations('html:root:root');
    expect(antd.get('--adm-color-text')).toBe('var(--ink)');
    expect(antd.get('--adm-color-background')).toBe('var(--surface)');
    expect(antd.get('--adm-color-primary')).toBe('var(--brand-ink)');
  });

  // WCAG 1.4.3: 4.5:1 for text. Each pair is a text colour on a background the screens put it on.
  const textPairs: [string, string][] = [
    ['--ink', '--surface'],
    ['--ink', '--canvas'],
    ['--ink-2', '--surface'],
    ['--ink-3', '--surface'],
    ['--ink-3', '--canvas'],
    ['--brand-ink', '--surface'],
    ['--brand-dark', '--surface'],
    ['--brand-dark', '--brand-soft'],
    ['--danger', '--surface'],
    ['--success', '--surface'],
    ['--warn-ink', '--warn-soft'],
    ['--ok-ink', '--ok-soft'],
    ['--bad-ink', '--bad-soft'],
  ];
  it.each([
    ['light', light],
    ['dark', chosenDark],
  ])('keeps text readable in %s: 4.5:1 or more for each text colour on its background', (_name, theme) => {
    const low = textPairs
      .map(([text, background]) => ({ text, background, ratio: contrast(rgb(theme, text), rgb(theme, background)) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ text, background, ratio }) => `${text} on ${background}: ${ratio.toFixed(2)}`);
    expect(low).toEqual([]);
    // White text on the brand's and the danger's fills (buttons, a swiped row's Delete), in both themes.
    expect(contrast(rgb(theme, '--brand'), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(theme, '--danger-fill'), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });
});
