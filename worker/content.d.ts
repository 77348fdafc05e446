/** Markdown files are bundled as text (wrangler.toml `[[rules]]`, and a Vite plugin in tests). */
declare module '*.md' {
  const text: string;
  export default text;
}
