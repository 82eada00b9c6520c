// Development: the API server (restarting on change) and Vite with hot reload, which proxies
// /api to it (vite.config.ts). Ctrl+C stops both.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8080";
const children = [
  spawn("node_modules/.bin/tsx", ["watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  }),
  spawn("node_modules/.bin/vite", [], { stdio: "inherit", env: { ...process.env, PORT: port } }),
];

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
