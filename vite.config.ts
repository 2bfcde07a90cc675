import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The web app lives under /web/ (spec 000 §2, §9); the API under /xinao/api.
export default defineConfig({
  base: '/web/',
  plugins: [react()],
  // The version feedback is kept with (src/ui/app/version.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  root: 'src/ui',
  publicDir: '../../public',
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/xinao': 'http://localhost:8080' } },
});
