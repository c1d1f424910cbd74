// webpack loader for translations/*.json: every ICU message compiled to its AST at build time (what
// `formatjs compile --ast` writes), so react-intl formats without parsing and the SPA ships without
// the ICU parser (webpack.config.js aliases @formatjs/icu-messageformat-parser to its no-parser
// build). A message that does not parse fails the build, naming its key.
// `?part=shell` / `?part=screens` split a file in two by the first segment of the message id: the
// shell's texts (the app frame, the tabs, the catalog screens, requests and their errors), which the
// entry carries for English, and the rest, which loads with the first screen that needs it
// (src/shared/i18n/messages.ts).
import { parse } from '@formatjs/icu-messageformat-parser';

export const SHELL_SECTIONS = new Set(['app', 'catalog', 'common', 'guard', 'list', 'request', 'route', 'tabs']);

export default function icuAstLoader(source) {
  const messages = JSON.parse(source);
  const part = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('part');
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    const inShell = SHELL_SECTIONS.has(id.split('.')[0]);
    if ((part === 'shell' && !inShell) || (part === 'screens' && inShell)) continue;
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
}
