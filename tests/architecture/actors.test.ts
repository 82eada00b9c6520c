/**
 * The actor system owns what is global: no actor, actor holder or notifier lives at module level in
 * src (the composition root starts the application actor, whose children are reached with
 * `system.get`), and no view of src/ui coordinates actors from a `useEffect` (an actor's lifecycle
 * belongs in a machine: a child it invokes, an event the user's own step sends, an input).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const MODULE_LEVEL = [
  // An actor created while the module loads.
  /^(?:export\s+)?(?:const|let|var)\s[^\n]*=\s*\n?\s*(?:createActor|createLiveActor)\(/m,
  // A variable of the module that holds actors (a slot, a list, a map).
  /^(?:export\s+)?(?:let|var)\s+\w+\s*:[^=\n]*Actor(?:Ref)?\b/m,
  /^(?:export\s+)?(?:const|let|var)\s+\w+\s*=\s*new\s+(?:Map|Set|WeakMap)<[^>]*Actor\b/m,
  // A notifier every module may import instead of the application's.
  /^export\s+(?:async\s+)?function\s+notify\s*\(/m,
  /^export\s+const\s+notify\s*=/m,
];

/** The module-level actors and notifiers of a source text, by the rule each breaks. */
function moduleLevelHolders(text: string): string[] {
  return MODULE_LEVEL.flatMap((rule) => {
    const hit = rule.exec(text);
    return hit ? [hit[0].trim()] : [];
  });
}

/** The `useEffect(...)` calls of a source text, each with its body and dependency list. */
function effects(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf("useEffect("); at !== -1; at = text.indexOf("useEffect(", at + 1)) {
    let depth = 0;
    let end = at + "useEffect".length;
    for (; end < text.length; end++) {
      if (text[end] === "(") depth++;
      else if (text[end] === ")" && --depth === 0) break;
    }
    found.push(text.slice(at, end + 1));
  }
  return found;
}

/** Effects that send to an actor, subscribe to one or start one: coordination a machine should own. */
function coordinatingEffects(text: string): string[] {
  return effects(text).filter((effect) => /(?:\bsend|\.subscribe|\.start)\s*\(/.test(effect));
}

/** Module-level holders that are not the application's: each with why it may stay. */
const EXCUSED_HOLDERS: Record<string, string> = {
  "src/ui/live/liveInspector.ts":
    "live mode's inspector lists the actors it has seen, to show them; it never sends to one or keeps one alive",
};

const rel = (file: string) => relative(root, file).split("\\").join("/");

/** The parameter list of each `fromPromise` callback in a source text, by line. */
function promiseActorParams(text: string): { line: number; params: string }[] {
  const found: { line: number; params: string }[] = [];
  for (const m of text.matchAll(/\bfromPromise\b/g)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 600);
    const callback = /\(\s*(?:async\s*)?\(\s*(\{(?:[^{}]|\{[^{}]*\})*\}|[^)]*?)\s*(?::[^)]*)?\)\s*=>/.exec(
      after,
    );
    if (callback) found.push({ line: text.slice(0, m.index).split("\n").length, params: callback[1]! });
  }
  return found;
}

/**
 * Promise actors of src/ui that need no abort signal, each with why. Every other one passes the
 * signal on, so a machine that leaves a state cancels the request it no longer waits for.
 */
const WITHOUT_SIGNAL: Record<string, string> = {
  "src/ui/admin/resourceActors.ts":
    "reads a file the user chose from the device; nothing goes over the network",
  "src/ui/machines/usePathReplay.ts": "applies a replay step to a live actor on the page",
  "src/ui/widgets/WidgetCatalogue.tsx":
    "the catalogue's demonstration of a pending action, a timer on the page",
  "src/ui/outlets/OutletListScreen.tsx":
    "the filter options are React Query's read, shared and cancelled by its cache",
  "src/ui/invoices/listParts.tsx":
    "the bills lists' filter options are React Query's read, shared and cancelled by its cache",
};

describe("promise actors honour the abort signal", () => {
  it("finds a callback without the signal in a deliberate violation", () => {
    expect(promiseActorParams("load: fromPromise<A, B>(({ input }) => runApi(read(input))),")).toEqual([
      { line: 1, params: "{ input }" },
    ]);
    expect(
      promiseActorParams(
        "load: fromPromise<A, B>(async ({ input, signal }) =>\n runApi(read(input), { signal }))",
      )[0]!.params,
    ).toContain("signal");
  });

  it("passes the signal on in every promise actor of src/ui, but the excused ones", () => {
    const missing = sourceFiles(join(root, "src/ui"))
      .filter((file) => !(rel(file) in WITHOUT_SIGNAL))
      .flatMap((file) =>
        promiseActorParams(readFileSync(file, "utf8"))
          .filter(({ params }) => !/\bsignal\b/.test(params))
          .map(({ line }) => `${rel(file)}:${line}`),
      );
    expect(missing).toEqual([]);
  });

  it("excuses only files that still have a promise actor without the signal", () => {
    const stale = Object.keys(WITHOUT_SIGNAL).filter(
      (file) =>
        !promiseActorParams(readFileSync(join(root, file), "utf8")).some(
          ({ params }) => !/\bsignal\b/.test(params),
        ),
    );
    expect(stale).toEqual([]);
  });
});

describe("the actor system owns what is global", () => {
  it("finds a module-level actor, actor holder or notifier in a deliberate violation", () => {
    expect(
      moduleLevelHolders("export const app = createLiveActor(applicationMachine).start();"),
    ).toHaveLength(1);
    expect(moduleLevelHolders("const bar =\n  createActor(machine);")).toHaveLength(1);
    expect(moduleLevelHolders("let current: NotificationActor | null = null;")).toHaveLength(1);
    expect(moduleLevelHolders("const current = new Map<EKycPlatform, EKycLoginActor>();")).toHaveLength(1);
    expect(moduleLevelHolders("export function notify(kind: Kind, text: string): void {}")).toHaveLength(1);
    expect(
      moduleLevelHolders(
        "export function compose() {\n  const application = createLiveActor(m).start();\n  let current: Actor | null = null;\n}",
      ),
    ).toEqual([]);
  });

  it("keeps every actor, actor holder and notifier of src inside a function", () => {
    const found = sourceFiles(join(root, "src"))
      .filter((file) => !(rel(file) in EXCUSED_HOLDERS))
      .flatMap((file) => moduleLevelHolders(readFileSync(file, "utf8")).map((hit) => `${rel(file)}: ${hit}`));
    expect(found).toEqual([]);
  });

  it("finds an effect that coordinates actors in a deliberate violation, and none that only reads", () => {
    const synced =
      "useEffect(() => {\n  if (invalid) modal.send({ type: 'modal.open' });\n}, [invalid, modal]);";
    const watched =
      "useEffect(() => {\n  const sub = modal.subscribe(() => {});\n  return () => sub.unsubscribe();\n}, [modal]);";
    expect(coordinatingEffects(synced)).toHaveLength(1);
    expect(coordinatingEffects(watched)).toHaveLength(1);
    expect(coordinatingEffects(`${synced}\n${watched}`)).toHaveLength(2);
    expect(coordinatingEffects("useEffect(() => { document.title = title; }, [title]);")).toEqual([]);
    expect(coordinatingEffects("useEffect(() => { resend(); }, []);")).toEqual([]);
    expect(coordinatingEffects("useEffect(() => { actor.start(); }, [actor]);")).toHaveLength(1);
  });

  it("leaves no view of src/ui coordinating actors with useEffect", () => {
    const coordinating = sourceFiles(join(root, "src", "ui"))
      .filter((file) => coordinatingEffects(readFileSync(file, "utf8")).length > 0)
      .map(rel);
    expect(coordinating).toEqual([]);
  });
});
