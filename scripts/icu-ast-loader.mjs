// webpack loader for translations/*.json: every ICU message compiled to its AST at build time (what
// `formatjs compile --ast` writes), so react-intl formats without parsing and the SPA ships without
// the ICU parser (webpack.config.js aliases @formatjs/icu-messageformat-parser to its no-parser
// build). A message that does not parse fails the build, naming its key.
// `?part=shell` / `?part=catalog` / `?part=signin` / `?part=screens` split a file in four by the
// message id: the shell's texts (the app frame, the tabs, requests and their errors), which the entry
// carries for English; the catalog screens' texts (/home, a product, search); what /login needs
// beyond the shell (its own texts, its fields', the language switch's, signing in with a passkey, its
// one form check); and the rest (every other screen loads all parts).
// The last three load with the first screen that needs them (src/shared/i18n/messages.ts,
// src/shared/config/route.ts), so /login's first visit carries no catalog text and /home's no form's.
import { parse } from '@formatjs/icu-messageformat-parser';

export const SHELL_SECTIONS = new Set(['app', 'common', 'guard', 'list', 'request', 'route', 'tabs']);
export const CATALOG_SECTIONS = new Set(['catalog']);
/** Ids (or id prefixes ending in '.') of /login's texts. */
export const SIGNIN_IDS = [
  'account.login.',
  'account.fields.',
  'account.language.',
  'account.passkey.',
  'validation.loginRequired',
];

/** The part of the file a message belongs to, by its id. */
export function partOf(id) {
  const section = id.split('.')[0];
  if (SHELL_SECTIONS.has(section)) return 'shell';
  if (CATALOG_SECTIONS.has(section)) return 'catalog';
  return SIGNIN_IDS.some((signin) => (signin.endsWith('.') ? id.startsWith(signin) : id === signin))
    ? 'signin'
    : 'screens';
}

export default function icuAstLoader(source) {
  const messages = JSON.parse(source);
  const part = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get('part');
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (part && partOf(id) !== part) continue;
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
}
