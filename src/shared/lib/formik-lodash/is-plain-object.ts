/**
 * What Formik gets for `lodash-es/isPlainObject` in the build (webpack.config.js): an object made by
 * `{}`, `new Object()` or `Object.create(null)`, as lodash decides it.
 */
export default function isPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Object.prototype.toString.call(value) !== '[object Object]') {
    return false;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === null) return true;
  // lodash reads the prototype's own constructor: an object whose prototype is another plain object
  // is not plain.
  const constructor: unknown = Object.prototype.hasOwnProperty.call(prototype, 'constructor')
    ? (prototype as { constructor: unknown }).constructor
    : undefined;
  return (
    typeof constructor === 'function' &&
    Function.prototype.toString.call(constructor) === Function.prototype.toString.call(Object)
  );
}
