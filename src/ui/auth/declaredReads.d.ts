/** An endpoint's read with its answer's shape, derived at build time (scripts/answer-shapes-plugin.ts). */
declare module "virtual:declared-read/*" {
  import type { DeclaredRead } from "../../infra/declaredRead";

  const read: DeclaredRead;
  export default read;
}
