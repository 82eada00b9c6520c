import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist/client", manifest: true, sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
});
