import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/** The retailer's link pages have their own HTML entry; the server sends it for /mobile-view, so does the dev server. */
const MOBILE_VIEW = /^\/mobile-view(?:[/?#]|$)/;
const mobileViewPage: Plugin = {
  name: "mobile-view-page",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && MOBILE_VIEW.test(req.url)) req.url = "/mobile.html";
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), mobileViewPage],
  build: {
    outDir: "dist/client",
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, "index.html"),
        mobile: resolve(import.meta.dirname, "mobile.html"),
      },
    },
  },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
});
