import expr from 'property-expr';

/**
 * What Formik gets for `lodash-es/toPath` in the build (webpack.config.js): a field name such as
 * `lines[0].name` as its steps, read by property-expr, the parser Yup itself uses for the same
 * names, so a field and its error are found by the same rules. The SPA's field names are
 * identifiers joined by dots and indexes (no quoted keys).
 */
export default function toPath(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : expr.split(String(value));
}
