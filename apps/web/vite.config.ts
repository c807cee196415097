import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dev server proxies /api (and the /ws live prices) to a running Backlay server (API_TARGET, default http://localhost:8080).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  base: './',
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Libraries change less often than the app: separate chunks stay cached across releases. Only
    // the libraries the shell itself runs on are grouped: a catch-all node_modules group would put
    // every screen's libraries (zod, react-hook-form, …) into the first load. The others go with
    // the lazily loaded screens that use them. `npm run bench -- bundle-size` measures the first load.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|zustand|react-toastify|clsx|date-fns|@date-fns)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
