import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsBudget } from './build-tools/initial-js-budget.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    initialJsBudget({ routeModule: 'src/app/routes/map-view.tsx', label: '/MapView', budgetKb: 250 }),
  ],
  server: {
    port: 5173,
    // `npm run dev`: the API runs on :3000 beside Vite's hot-reloading dev server.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The entry chunk (React, router, query, dialogs) is one file on purpose; the budget
  // plugin above watches what matters, the initial JS of the map route.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 700 },
});
