/**
 * QA's stored paths for the Machines area, generated when the client is built (or served) instead
 * of kept as JSON in src/: `virtual:machine-paths` lists a loader per machine, and
 * `virtual:machine-paths/<id>` is that machine's paths (tests/machines/qa-paths.ts), each its own
 * chunk loaded when the machine is opened. The paths are computed once per build.
 */
import type { Plugin } from "vite";

const INDEX = "virtual:machine-paths";
const ONE = `${INDEX}/`;
const RESOLVED = "\0";

type PathFile = { id: string; text: string };

export function machinePaths(): Plugin {
  let files: Promise<PathFile[]> | null = null;
  const generated = () => {
    // The fixtures are TypeScript outside the bundle: loaded with tsx, once.
    files ??= import("tsx/esm/api")
      .then(({ tsImport }) => tsImport("../tests/machines/qa-paths.ts", import.meta.url))
      .then((module: typeof import("../tests/machines/qa-paths")) => module.qaPathFiles());
    return files;
  };
  return {
    name: "machine-paths",
    resolveId(id) {
      return id === INDEX || id.startsWith(ONE) ? `${RESOLVED}${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`${RESOLVED}${INDEX}`)) return null;
      const all = await generated();
      const wanted = id.slice(RESOLVED.length);
      if (wanted === INDEX)
        return `export default {\n${all.map((f) => `  ${JSON.stringify(f.id)}: () => import(${JSON.stringify(`${ONE}${f.id}`)}),`).join("\n")}\n};\n`;
      const file = all.find((f) => `${ONE}${f.id}` === wanted);
      return file ? `export default ${file.text};\n` : null;
    },
  };
}
