import { readFileSync } from 'node:fs';

/**
 * What a journey asks the page for, as data: the same script answers it in every engine (installed
 * by screen.ts), with @testing-library/dom's queries, the ones the jest screen tests use, so a role
 * and an accessible name mean one thing in WebKit, Firefox, Chromium and jsdom.
 */
export type Wire = { s: string } | { re: string; flags: string };

export type Step =
  | {
      kind: 'role';
      role: string;
      name?: Wire;
      exact: boolean;
      level?: number;
      checked?: boolean;
      pressed?: boolean;
      selected?: boolean;
      expanded?: boolean;
    }
  | { kind: 'text'; text: Wire; exact: boolean }
  | { kind: 'label'; text: Wire; exact: boolean }
  | { kind: 'css'; selector: string }
  | { kind: 'hasText'; text: Wire }
  | { kind: 'next'; selector: string }
  | { kind: 'nth'; index: number };

/** What screen.ts reads about the elements a query finds. */
export interface Found {
  count: number;
  visible: boolean[];
  texts: string[];
  /** When nothing was found: what the last step could have matched instead, for the failure message. */
  nearby?: string[];
  /** The page could not be read (it was being replaced): nothing is known, not even absence. */
  error?: string;
}

const TESTING_LIBRARY = require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js');

/**
 * Installs `window.__journey` (once per document): resolve(steps) -> elements, found(steps) -> Found.
 * Runs as a plain script in the page (no imports, no TypeScript at run time).
 */
const RESOLVER = String.raw`
(function () {
  var TL = window.TestingLibraryDom;
  function norm(text) { return String(text || '').replace(/\s+/g, ' ').trim(); }
  function regex(wire) { return new RegExp(wire.re, wire.flags); }
  function textMatcher(wire, exact) {
    if ('re' in wire) return regex(wire);
    if (exact) return wire.s;
    var wanted = norm(wire.s).toLowerCase();
    return function (content) { return norm(content).toLowerCase().indexOf(wanted) !== -1; };
  }
  function visible(el) {
    if (!el.isConnected) return false;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) return false;
    var rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }
  function descend(container, step) {
    switch (step.kind) {
      case 'role': {
        var options = { hidden: false };
        if (step.name) options.name = textMatcher(step.name, step.exact);
        ['level', 'checked', 'pressed', 'selected', 'expanded'].forEach(function (key) {
          if (step[key] !== undefined && step[key] !== null) options[key] = step[key];
        });
        return TL.queryAllByRole(container, step.role, options);
      }
      case 'text':
        return TL.queryAllByText(container, textMatcher(step.text, step.exact), {
          exact: step.exact, ignore: 'script, style, template, .app-frame *',
        }).filter(visible);
      case 'label':
        return TL.queryAllByLabelText(container, textMatcher(step.text, step.exact), { exact: step.exact });
      case 'css':
        // Shown ones only, as the role and text queries: kept-alive screens stay in the document, hidden.
        return Array.prototype.slice.call(container.querySelectorAll(step.selector)).filter(visible);
    }
    return [];
  }
  function resolve(steps) {
    var current = [document];
    for (var i = 0; i < steps.length; i += 1) {
      var step = steps[i];
      if (step.kind === 'hasText') {
        current = current.filter(function (el) {
          var text = norm(el.textContent);
          // As Playwright's hasText: a string is contained, in any case.
          return 're' in step.text
            ? regex(step.text).test(text)
            : text.toLowerCase().indexOf(norm(step.text.s).toLowerCase()) !== -1;
        });
      } else if (step.kind === 'next') {
        current = current
          .map(function (el) { return el.nextElementSibling; })
          .filter(function (el) { return el && el.matches(step.selector); });
      } else if (step.kind === 'nth') {
        var picked = step.index < 0 ? current[current.length + step.index] : current[step.index];
        current = picked ? [picked] : [];
      } else {
        var next = [];
        current.forEach(function (container) {
          descend(container, step).forEach(function (el) { if (next.indexOf(el) === -1) next.push(el); });
        });
        current = next;
      }
    }
    return current;
  }
  function describe(el) {
    var name = el.getAttribute('aria-label') || norm(el.textContent).slice(0, 60);
    return (el.getAttribute('role') || el.tagName.toLowerCase()) + ' "' + name + '"';
  }
  function found(steps) {
    var elements = resolve(steps);
    var result = {
      count: elements.length,
      visible: elements.map(visible),
      texts: elements.map(function (el) { return norm(el.textContent); }),
    };
    if (elements.length === 0 && steps.length > 0) {
      var last = steps[steps.length - 1];
      var scope = resolve(steps.slice(0, -1));
      var around = [];
      if (last.kind === 'role') {
        scope.forEach(function (c) {
          TL.queryAllByRole(c, last.role, { hidden: false }).forEach(function (el) { around.push(describe(el)); });
        });
      }
      result.nearby = around.slice(0, 15);
    }
    return result;
  }
  function receives(el, top) {
    if (!top) return false;
    if (el === top || el.contains(top)) return true;
    // A control styled by its label (a visually hidden checkbox under its box): the label takes the tap.
    var labels = el.labels ? Array.prototype.slice.call(el.labels) : [];
    return labels.some(function (label) { return label === top || label.contains(top); });
  }
  // Whether a tap on the one element \`steps\` find would reach it now: shown, scrolled to, still
  // (the same box as at the previous ask: no opening animation under way) and on top at its centre.
  function actionable(steps) {
    var elements = resolve(steps);
    if (elements.length !== 1) return elements.length ? elements.length + ' found' : 'none found';
    var el = elements[0];
    if (!visible(el)) return 'not shown';
    if (el.disabled || el.closest('[aria-disabled="true"], fieldset[disabled]')) return 'disabled';
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    var rect = el.getBoundingClientRect();
    var box = [rect.x, rect.y, rect.width, rect.height].join(',');
    var before = el.__journeyBox;
    el.__journeyBox = box;
    if (before !== box) return 'moving';
    var top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    if (!receives(el, top)) return 'covered by ' + (top ? describe(top) : 'nothing');
    return 'ready';
  }
  window.__journey = { resolve: resolve, found: found, actionable: actionable };
})();
`;

let installer: string | undefined;

/** The script that installs the queries: testing-library's browser build, then the resolver. */
export function installScript(): string {
  installer ??= `${readFileSync(TESTING_LIBRARY, 'utf8')}\n${RESOLVER}\nreturn true;`;
  return installer;
}
