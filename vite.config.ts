// The SPA build: root web/, output dist/web (served by the worker as static assets).
// The manifest feeds scripts/report-size.mjs, which prints what the first load of / costs.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Libraries the entry itself needs, kept in one long-lived vendor chunk (cache across deploys).
// Anything else (zod, feature code) stays with the lazy chunks that use it.
const ENTRY_VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|i18next|react-i18next|use-sync-external-store|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/;

const workerUrl = process.env.WORKER_URL ?? "http://127.0.0.1:8787";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "vendor", test: ENTRY_VENDOR }],
        },
      },
    },
  },
  // `vite` (dev server) talks to a running `wrangler dev` for the API, sockets and sign-in.
  server: {
    proxy: {
      "/api": workerUrl,
      "/socialite": workerUrl,
      "/img": workerUrl,
      "/ws": { target: workerUrl.replace(/^http/, "ws"), ws: true },
    },
  },
});
