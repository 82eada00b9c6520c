/** An endpoint's call with its parts' and answer's shapes, derived at build time (scripts/answer-shapes-plugin.ts). */
declare module "virtual:declared-read/*" {
  import type { DeclaredRead } from "./declaredRead";

  const read: DeclaredRead;
  export default read;
}
