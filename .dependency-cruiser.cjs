/** Layer rules from docs/architecture.md. `npm run deps` fails on any violation. */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "domain-is-pure",
      comment: "src/domain may import effect and itself only",
      severity: "error",
      from: { path: "^src/domain" },
      to: { pathNot: ["^src/domain", "(^|/)node_modules/effect/"] },
    },
    {
      name: "machines-over-domain",
      comment: "src/machines may import xstate and src/domain only",
      severity: "error",
      from: { path: "^src/machines" },
      to: { pathNot: ["^src/machines", "^src/domain", "(^|/)node_modules/(xstate|effect)/"] },
    },
    {
      name: "infra-adapters",
      comment: "src/infra may import effect, @tanstack/query-core types and src/domain only",
      severity: "error",
      from: { path: "^src/infra" },
      to: { pathNot: ["^src/infra", "^src/domain", "(^|/)node_modules/(effect|@tanstack)/"] },
    },
    {
      name: "ui-not-server",
      severity: "error",
      from: { path: "^src/ui" },
      to: { path: "^server" },
    },
    {
      name: "server-not-client-adapters",
      severity: "error",
      from: { path: "^server" },
      to: { path: "^src/(ui|infra)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
