/**
 * Planted mistakes: copies of a machine with one thing wrong (an assign dropped, a side effect
 * dropped, a target swapped, a guard dropped, an actor's input changed), one at every place such a
 * mistake can go. The machine's literal examples must fail on each; the share they catch is the
 * machine's mutation score on the coverage page.
 */
import { type AnyStateMachine, createMachine } from "xstate";
import type { MachineFixture } from "./fixture";
import { runFixture, runPasses } from "./harness";

export type MutationKind = "drop assign" | "drop effect" | "swap target" | "drop guard" | "change input";
export const MUTATION_KINDS: readonly MutationKind[] = [
  "drop assign",
  "drop effect",
  "swap target",
  "drop guard",
  "change input",
];

type Site = { kind: MutationKind; label: string; plant: () => void };
type Obj = Record<string, unknown>;

/** A copy of a machine config whose objects and arrays are new, functions shared. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

const isAssign = (machine: AnyStateMachine, action: unknown): boolean => {
  if (typeof action === "function") return (action as { type?: string }).type === "xstate.assign";
  const name = typeof action === "string" ? action : (action as { type?: unknown } | null)?.type;
  if (typeof name !== "string") return false;
  const impl = (machine.implementations.actions as Obj | undefined)?.[name];
  return typeof impl === "function" && (impl as { type?: string }).type === "xstate.assign";
};
/** Events sent to other actors and events emitted count as side effects too. */
const SENDING = ["xstate.sendTo", "xstate.emit"];
const isNamedEffect = (machine: AnyStateMachine, action: unknown): boolean => {
  const name = typeof action === "string" ? action : (action as { type?: unknown } | null)?.type;
  if (typeof name !== "string") return false;
  return SENDING.includes(name) || (!name.startsWith("xstate.") && !isAssign(machine, action));
};
const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A value changed the way a wrong request would be: a text, number or list altered, a field added. */
function changed(value: unknown): unknown {
  if (typeof value === "string") return `${value}!`;
  if (typeof value === "number") return value + 1;
  if (typeof value === "boolean") return !value;
  if (Array.isArray(value)) return value.length ? value.slice(1) : ["planted"];
  if (value instanceof File) return new File(["x"], `planted-${value.name}`);
  if (value && typeof value === "object") {
    const [first] = Object.keys(value);
    return first === undefined ? { planted: true } : { ...value, [first]: changed((value as Obj)[first]) };
  }
  return "planted";
}

/** Every place in a (copied) config where a mistake can be planted, in a fixed order. */
function sites(machine: AnyStateMachine, config: Obj): Site[] {
  const out: Site[] = [];
  const visit = (node: Obj, path: string[], siblings: string[]) => {
    const where = path.join(".") || "(root)";
    const children = Object.keys((node.states as Obj | undefined) ?? {});
    const transitionsOf = (holder: Obj, key: string, label: string) => {
      const list = asList(holder[key]);
      list.forEach((t, i) => {
        const setAt = (value: unknown) => {
          if (Array.isArray(holder[key])) (holder[key] as unknown[])[i] = value;
          else holder[key] = value;
        };
        const transition: Obj = typeof t === "string" ? { target: t } : (t as Obj);
        const name = `${where} ${label}${list.length > 1 ? ` #${i + 1}` : ""}`;
        const target = transition.target;
        if (typeof target === "string" && !target.includes("#")) {
          const child = target.startsWith(".");
          const options = child ? children : siblings;
          const current = child ? target.slice(1) : target;
          const other = options.find((s) => s !== current && !s.includes("."));
          if (!current.includes(".") && other) {
            out.push({
              kind: "swap target",
              label: `${name}: ${current} → ${other}`,
              plant: () => setAt({ ...transition, target: child ? `.${other}` : other }),
            });
          }
        }
        if (transition.guard) {
          out.push({
            kind: "drop guard",
            label: `${name}: guard dropped`,
            plant: () => setAt({ ...transition, guard: undefined }),
          });
        }
        asList(transition.actions).forEach((action, j) => {
          const kind = isAssign(machine, action)
            ? ("drop assign" as const)
            : isNamedEffect(machine, action)
              ? ("drop effect" as const)
              : null;
          if (!kind) return;
          const actionName = typeof action === "string" ? action : ((action as Obj).type as string);
          out.push({
            kind,
            label: `${name}: ${kind === "drop assign" ? "an assign" : actionName} dropped`,
            plant: () =>
              setAt({ ...transition, actions: asList(transition.actions).filter((_, k) => k !== j) }),
          });
        });
      });
    };
    for (const [key, label] of [
      ["entry", "entry"],
      ["exit", "exit"],
    ] as const) {
      asList(node[key]).forEach((action, j) => {
        const kind = isAssign(machine, action)
          ? "drop assign"
          : isNamedEffect(machine, action)
            ? "drop effect"
            : null;
        if (kind) {
          out.push({
            kind,
            label: `${where} ${label}: action ${j + 1} dropped`,
            plant: () => {
              node[key] = asList(node[key]).filter((_, k) => k !== j);
            },
          });
        }
      });
    }
    const on = (node.on as Obj | undefined) ?? {};
    for (const event of Object.keys(on)) transitionsOf(on, event, event);
    if (node.always) transitionsOf(node, "always", "always");
    const after = (node.after as Obj | undefined) ?? {};
    for (const delay of Object.keys(after)) transitionsOf(after, delay, `after ${delay}`);
    for (const invoke of asList(node.invoke) as Obj[]) {
      const id = String(invoke.id ?? invoke.src);
      if (invoke.onDone) transitionsOf(invoke, "onDone", `${id} done`);
      if (invoke.onError) transitionsOf(invoke, "onError", `${id} failed`);
      const input = invoke.input;
      if (typeof input === "function") {
        out.push({
          kind: "change input",
          label: `${where} ${id}: input changed`,
          plant: () => {
            invoke.input = (...args: unknown[]) => changed((input as (...a: unknown[]) => unknown)(...args));
          },
        });
      }
    }
    for (const child of children) visit((node.states as Obj)[child] as Obj, [...path, child], children);
  };
  visit(config, [], []);
  return out;
}

export type Mutant = { kind: MutationKind; label: string; machine: AnyStateMachine };

/** The planted mutants of a machine: one at every place a mistake can go, by kind. */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const all = sites(machine, copy(machine.config as Obj)).map((site, index) => ({ site, index }));
  return MUTATION_KINDS.flatMap((kind) =>
    all
      .filter(({ site }) => site.kind === kind)
      .map(({ site, index }) => {
        const config = copy(machine.config as Obj);
        sites(machine, config)[index]!.plant();
        return {
          kind,
          label: site.label,
          machine: createMachine(config as never, machine.implementations as never) as AnyStateMachine,
        };
      }),
  );
}

export type MutationResult = { kind: MutationKind; label: string; caught: boolean };

/** Plants each mutant and runs the fixture on it: caught when the suite would fail. */
export function mutationCheck(fixture: MachineFixture): MutationResult[] {
  return mutantsOf(fixture.machine).map(({ kind, label, machine }) => ({
    kind,
    label,
    caught: fails(fixture, machine),
  }));
}

/** Whether the fixture's checks fail on a variant of its machine: an example fails, or coverage drops. */
function fails(fixture: MachineFixture, machine: AnyStateMachine): boolean {
  try {
    return !runPasses(runFixture(fixture, machine, { stopAtFirstFailure: true }));
  } catch {
    return true;
  }
}
