/** Markdown files are bundled as text (wrangler.toml `[[rules]]`, and a Vite plugin in tests). */
declare module '*.md' {
  const text: string;
  export default text;
}

/** WebAssembly modules are bundled as compiled modules (wrangler and the vitest plugin). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
