declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
/** A part of a translation file (webpack: scripts/icu-ast-loader.mjs; jest maps it to the whole file). */
declare module '*.json?part=shell' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=catalog' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=signin' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=screens' {
  const messages: Record<string, string>;
  export default messages;
}
