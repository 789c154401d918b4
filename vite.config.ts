import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  ssr: {
    // Bundle everything into the server-render module so it runs without Vite at runtime.
    noExternal: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/api-w': 'http://localhost:3000',
      '/partner': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
});
