/**
 * What Formik gets for `lodash-es/cloneDeep` in the build (webpack.config.js): klona copies form
 * values (plain objects, arrays, dates, maps, sets) the same way in a tenth of the bytes; lodash's
 * clone machinery was 4 KiB of Brotli on /login's first visit (DESIGN.md 'Performance').
 */
export { klona as default } from 'klona';
