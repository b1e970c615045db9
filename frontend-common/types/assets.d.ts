declare module '*.css';
/** Tests only (Jest's raw-text transform): an HTML file's text, e.g. the shell's index.html. */
declare module '*.html' {
  const text: string;
  export default text;
}
