import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type Declaration, type Root, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import valueParser from 'postcss-value-parser';
import ts from 'typescript';

// What the production build ships, read as a browser would parse it (postcss for the CSS,
// postcss-selector-parser and postcss-value-parser for selectors and values; never patterns over
// minified text), and what src/ renders as text fields (the TypeScript parser over the JSX): for the
// iPhone checks of e2e/iphone.spec.ts, which no engine on this machine can show.

const repoRoot = path.resolve(__dirname, '..', '..');
export const DIST_DIR = path.join(repoRoot, 'dist');

/** One rule of a shipped stylesheet, with where it is for messages. */
export interface ShippedRule {
  file: string;
  rule: Rule;
  /** `file: selector`, for messages. */
  where: string;
}

/** Every style rule of every CSS file in dist/assets (the entry's and each chunk's), keyframes left out. */
export function shippedRules(): ShippedRule[] {
  const dir = path.join(DIST_DIR, 'assets');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.css'))
    .sort();
  if (files.length === 0) throw new Error(`No CSS in ${dir}: run the production build first (npm run test:e2e).`);
  const rules: ShippedRule[] = [];
  for (const file of files) {
    const root: Root = postcss.parse(readFileSync(path.join(dir, file), 'utf8'), { from: file });
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
      rules.push({ file, rule, where: `${file}: ${rule.selector}` });
    });
  }
  return rules;
}

/** The rule's own declarations, in order (not those of nested rules). */
export function declarationsOf(rule: Rule): Declaration[] {
  return rule.nodes.filter((node): node is Declaration => node.type === 'decl');
}

/** The units of the dimensions in a value, also inside calc(), min(), env() ... ('100dvh' -> dvh). */
export function unitsIn(value: string): Set<string> {
  const units = new Set<string>();
  valueParser(value).walk((node) => {
    if (node.type !== 'word') return;
    const dimension = valueParser.unit(node.value);
    if (dimension && dimension.unit) units.add(dimension.unit.toLowerCase());
  });
  return units;
}

/** Whether the value calls env(safe-area-inset-bottom) anywhere (also inside calc() or max()). */
export function usesSafeAreaBottom(value: string): boolean {
  let found = false;
  valueParser(value).walk((node) => {
    if (node.type === 'function' && node.value.toLowerCase() === 'env') {
      const first = node.nodes.find((child) => child.type === 'word');
      if (first?.value === 'safe-area-inset-bottom') found = true;
    }
  });
  return found;
}

/**
 * The bottom padding a declaration sets (padding-bottom, padding-block-end, or the bottom of the
 * padding / padding-block shorthand), or undefined when it sets none.
 */
export function bottomPadding(declaration: Declaration): string | undefined {
  const parts = postcss.list.space(declaration.value);
  switch (declaration.prop.toLowerCase()) {
    case 'padding-bottom':
    case 'padding-block-end':
      return declaration.value;
    case 'padding':
      return parts.length >= 3 ? parts[2] : parts[0];
    case 'padding-block':
      return parts.length >= 2 ? parts[1] : parts[0];
    default:
      return undefined;
  }
}

/** Whether one selector of a selector list names exactly `wanted` (e.g. `.tab-bar`, not `.tab-bar a`). */
export function selectsExactly(rule: Rule, wanted: string): boolean {
  return rule.selectors.some((selector) => selector.trim() === wanted);
}

/** Input types that take no typing: Safari does not zoom into them, so their size is free. */
export const NOT_TYPED_INPUT_TYPES = [
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
];

/** Where each class of a text field is rendered, e.g. 'qty-stepper__input' -> ['src/shared/ui/quantity-stepper.tsx']. */
export type FieldClasses = Map<string, string[]>;

/**
 * antd-mobile's native fields, in case one of its inputs is used: Input, SearchBar and Stepper render
 * `input.adm-input-element`, TextArea `textarea.adm-text-area-element`, and PasscodeInput a hidden
 * `input.adm-passcode-input-native-input` that still takes focus unless it is disabled.
 */
const ANTD_FIELD_CLASSES = ['adm-input-element', 'adm-text-area-element', 'adm-passcode-input-native-input'];

function stringsIn(node: ts.Node, into: string[]): void {
  if (ts.isStringLiteralLike(node)) into.push(node.text);
  else if (ts.isTemplateExpression(node)) {
    into.push(node.head.text);
    for (const span of node.templateSpans) {
      stringsIn(span.expression, into);
      into.push(span.literal.text);
    }
  } else node.forEachChild((child) => stringsIn(child, into));
}

function attribute(element: ts.JsxOpeningLikeElement, name: string): ts.JsxAttribute | undefined {
  return element.attributes.properties.find(
    (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
  );
}

/**
 * The classes src/ puts on text fields: every `<input>` (of a typed kind, or whose type is chosen at
 * run time), `<textarea>` and `<select>` in the JSX, with every class its className may hold (string
 * parts of template literals and conditions included), plus antd-mobile's native field classes.
 */
export function textFieldClasses(): FieldClasses {
  const classes: FieldClasses = new Map(ANTD_FIELD_CLASSES.map((name) => [name, ['antd-mobile']]));
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated') visit(full);
        continue;
      }
      if (!entry.name.endsWith('.tsx')) continue;
      const file = path.relative(repoRoot, full);
      const source = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
      const walk = (node: ts.Node) => {
        if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
          const tag = node.tagName.getText();
          const type = attribute(node, 'type')?.initializer;
          const fixedType = type && ts.isStringLiteral(type) ? type.text.toLowerCase() : undefined;
          const typed = tag !== 'input' || !fixedType || !NOT_TYPED_INPUT_TYPES.includes(fixedType);
          const className = attribute(node, 'className')?.initializer;
          if (['input', 'textarea', 'select'].includes(tag) && typed && className) {
            const parts: string[] = [];
            stringsIn(className, parts);
            for (const name of parts.join(' ').split(/\s+/)) {
              if (!/^-?[_a-zA-Z][\w-]*$/.test(name)) continue;
              classes.set(name, [...new Set([...(classes.get(name) ?? []), file])]);
            }
          }
        }
        node.forEachChild(walk);
      };
      walk(source);
    }
  };
  visit(path.join(repoRoot, 'src'));
  return classes;
}

/** What the subject of one selector (its last compound, after the last combinator) may match. */
export interface Subject {
  /** The selector, as written. */
  selector: string;
  /** The element it names (lower case), '*' for the universal selector, or undefined for none. */
  tag?: string;
  classes: string[];
  /** `[type=...]` values it requires (outside :not(), :where() ...). */
  types: string[];
  /** Ids, other attributes or pseudo-classes (other than :where()) it also requires. */
  otherConstraints: number;
  pseudoElement: boolean;
  /** The selector is this one compound (no ancestor, parent or sibling in it). */
  alone: boolean;
}

/** The subject compound of every selector of the rule. */
export function subjectsOf(rule: Rule): Subject[] {
  const subjects: Subject[] = [];
  selectorParser((selectors) => {
    selectors.each((selector) => {
      const nodes = selector.nodes;
      let start = 0;
      nodes.forEach((node, index) => {
        if (node.type === 'combinator') start = index + 1;
      });
      const subject: Subject = {
        selector: selector.toString().trim(),
        classes: [],
        types: [],
        otherConstraints: 0,
        pseudoElement: false,
        alone: start === 0,
      };
      for (const node of nodes.slice(start)) {
        if (node.type === 'tag') subject.tag = node.value.toLowerCase();
        else if (node.type === 'universal') subject.tag = '*';
        else if (node.type === 'class') subject.classes.push(node.value);
        else if (node.type === 'attribute' && node.attribute.toLowerCase() === 'type' && node.value)
          subject.types.push(node.value.toLowerCase());
        else if (node.type === 'pseudo' && (node.value.startsWith('::') || /^:(before|after)$/i.test(node.value)))
          subject.pseudoElement = true;
        else if (!(node.type === 'pseudo' && node.value.toLowerCase() === ':where')) subject.otherConstraints += 1;
      }
      subjects.push(subject);
    });
  }).processSync(rule.selector);
  return subjects;
}

/** Whether the selector is the bare element `tag` (`input`, or `input:where(...)`: no more specific). */
export function isBareElement(subject: Subject, tag: string): boolean {
  return (
    subject.alone &&
    subject.tag === tag &&
    subject.classes.length === 0 &&
    subject.types.length === 0 &&
    subject.otherConstraints === 0 &&
    !subject.pseudoElement
  );
}

/** Whether the subject can be a field a shopper types into: by its element, a field's class, or anything. */
export function canBeTextField(subject: Subject, fieldClasses: FieldClasses): boolean {
  if (subject.pseudoElement) return false;
  if (subject.types.some((type) => NOT_TYPED_INPUT_TYPES.includes(type))) return false;
  if (subject.tag === 'input' || subject.tag === 'textarea' || subject.tag === 'select') return true;
  if (subject.classes.some((name) => fieldClasses.has(name))) return true;
  // `*`, `:focus-visible`, `[aria-invalid]` ... with no element or class that rules fields out.
  return (subject.tag === undefined || subject.tag === '*') && subject.classes.length === 0;
}

const ABSOLUTE_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};
const PX_PER: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};

/**
 * The font size a `font-size` value or a `font` shorthand sets, in px, when it is decidable from the
 * value alone (px, pt ..., rem against `rootPx`, the absolute keywords); undefined when it depends on
 * the parent or on variables (em, %, smaller, inherit, var(), calc(), a system font).
 */
export function declaredFontSizePx(declaration: Declaration, rootPx: number): number | undefined {
  const prop = declaration.prop.toLowerCase();
  let size: string | undefined;
  if (prop === 'font-size') size = declaration.value.trim();
  else if (prop === 'font') {
    // font: [style variant weight stretch] size[/line-height] family: the first token that is a size.
    for (const token of postcss.list.space(declaration.value)) {
      const candidate = token.split('/')[0]!.toLowerCase();
      if (candidate in ABSOLUTE_SIZES || /^(?:\d*\.)?\d+[a-z%]+$/i.test(candidate)) {
        size = candidate;
        break;
      }
    }
  }
  if (size === undefined) return undefined;
  const keyword = ABSOLUTE_SIZES[size.toLowerCase()];
  if (keyword !== undefined) return keyword;
  const dimension = valueParser.unit(size);
  if (!dimension) return undefined;
  const unit = dimension.unit.toLowerCase();
  const number = Number(dimension.number);
  if (unit === 'rem') return number * rootPx;
  const factor = PX_PER[unit];
  return factor === undefined ? undefined : number * factor;
}

/** The root element's font size, which rem is relative to: the last html/:root font-size in px, else 16. */
export function rootFontSizePx(rules: readonly ShippedRule[]): number {
  let root = 16;
  for (const { rule } of rules) {
    if (!rule.selectors.some((selector) => ['html', ':root'].includes(selector.trim()))) continue;
    for (const declaration of declarationsOf(rule)) {
      if (declaration.prop.toLowerCase() !== 'font-size') continue;
      const size = declaredFontSizePx(declaration, 16);
      if (size !== undefined) root = size;
    }
  }
  return root;
}
