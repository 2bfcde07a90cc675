import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives under /web/ (spec 000 §2, §9); the API under /xinao/api.
export default defineConfig({
  base: '/web/',
  plugins: [react()],
  root: 'src/ui',
  publicDir: '../../public',
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/xinao': 'http://localhost:8080' } },
});
