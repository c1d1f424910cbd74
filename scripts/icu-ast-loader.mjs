// webpack loader for translations/*.json: every ICU message compiled to its AST at build time (what
// `formatjs compile --ast` writes), so react-intl formats without parsing and the SPA ships without
// the ICU parser (webpack.config.js aliases @formatjs/icu-messageformat-parser to its no-parser
// build). A message that does not parse fails the build, naming its key.
import { parse } from '@formatjs/icu-messageformat-parser';

export default function icuAstLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
}
