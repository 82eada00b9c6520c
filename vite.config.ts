import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { answerShapes } from "./scripts/answer-shapes-plugin.ts";
import { machinePaths } from "./scripts/machine-paths-plugin.ts";
import { precompress } from "./scripts/precompress-plugin.ts";

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/** The build of the retailer link's own page (mobile.html): `vite build --mode mobile`. */
export const MOBILE_MODE = "mobile";

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

/**
 * mobile.html is built on its own, after the portal, into the same folder: in one build the two
 * pages would share chunks holding every export any page uses, so a phone would load the portal's
 * share of Effect, XState and the shared modules. Built alone it keeps only what the link uses.
 */
function mobileEntryBuild(): Plugin {
  let outDir = "";
  let write = true;
  return {
    name: "mobile-entry-build",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      write = config.build.write;
    },
    async closeBundle() {
      // An in-memory build (the bundle bench) builds the mobile page itself.
      if (!write) return;
      await build({ mode: MOBILE_MODE, logLevel: "warn", build: { outDir, emptyOutDir: false } });
    },
  };
}

/**
 * Fewer round trips before a page works: every module the entry needs before it renders goes in
 * one file (left alone, the modules lazily loaded screens share with it were split into seven
 * small files, each a request), the login route's own modules in one more.
 */
const CHUNK_GROUPS = [
  { name: "app", tags: ["$initial" as const], priority: 2 },
  {
    name: "login",
    test: /\/src\/(?:ui\/auth\/(?:LoginScreen|AuthLayout|fields|signInActors|useAppConfig)|machines\/auth\/signIn|infra\/(?:declaredRead|answerShape|answerBody|requestParts))\.tsx?$|^\0virtual:declared-read\/auth\/appConfig$/,
    priority: 1,
  },
  // The code sign-in pages (/eMyTrack, /retailers): their screens, machine and the signed-in page's
  // logout in one file instead of four.
  {
    name: "codeSignIn",
    test: /\/src\/(?:ui\/ekyc\/(?:screens|EKycScreens|eKycLoginActor|eKycFlows|groups|SignedInPage|useSignedIn)|machines\/ekyc\/eKycLogin|infra\/rememberedMobiles)\.tsx?$/,
    priority: 1,
  },
  // What the login page loads when the user signs in (the HTTP module and the contract's schemas;
  // its configuration read needs neither): one file instead of fourteen; every screen that calls
  // the API needs it too, and the forms' format rules, which the login page does not use, go with
  // it rather than in a file of their own.
  {
    name: "http",
    test: /\/src\/(?:ui\/auth\/authRequests|domain\/shared\/validation)\.ts$/,
    priority: 1,
  },
];

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    mobileViewPage,
    machinePaths(),
    answerShapes(),
    precompress(),
    ...(mode === MOBILE_MODE ? [] : [mobileEntryBuild()]),
  ],
  build: {
    outDir: "dist/client",
    manifest: mode === MOBILE_MODE ? ".vite/mobile-manifest.json" : true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: resolve(import.meta.dirname, mode === MOBILE_MODE ? "mobile.html" : "index.html"),
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
}));
