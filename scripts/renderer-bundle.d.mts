export const RENDERER_CONFIG: string;
export const RENDERER_NAME: string;
export function bundleRenderer(outdir: string, options?: { minify?: boolean }): void;
export function rendererModules(dir: string): { type: 'ESModule' | 'CompiledWasm'; path: string }[];
export function rendererSettings(): { compatibilityDate: string; vars: Record<string, string>; r2Buckets: Record<string, string> };
