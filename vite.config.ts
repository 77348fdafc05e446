import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The browser build: the workspace (index.html), the public pages' island entry and
 * the shared stylesheet. The worker reads the manifest to link the hashed files.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'client/static',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      input: {
        app: 'index.html',
        public: 'client/public/entry.tsx',
        styles: 'client/styles.css',
        funnel: 'client/styles/funnel.css',
      },
    },
  },
});
