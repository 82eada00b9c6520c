// @vitest-environment node
/**
 * The harness itself, on a small machine with a nested state, an invoked actor, an event sent to a
 * child and an emitted event: it passes right examples and names what a wrong one gets wrong.
 */
import { describe, expect, it } from "vitest";
import { assign, createMachine, emit, fromPromise, sendTo, setup } from "xstate";
import { stateKey } from "../../src/domain/machinesArea/replayPath";
import { defineFixture, done, type Example } from "./fixture";
import { runFixture, runPasses } from "./harness";
import { mutationCheck } from "./mutations";

const child = createMachine({ on: { ping: {} } });
const toy = setup({
  types: {} as {
    context: { count: number; saved: string | null };
    events: { type: "add" } | { type: "save" };
  },
  actors: { child, save: fromPromise<string, { count: number }>(async () => "ok") },
  actions: { told: (_, _params: { count: number }) => {} },
}).createMachine({
  id: "toy",
  context: { count: 0, saved: null },
  invoke: { id: "child", src: "child" },
  initial: "editing",
  states: {
    editing: {
      initial: "clean",
      states: { clean: {}, dirty: {} },
      on: {
        add: {
          target: ".dirty",
          actions: [assign({ count: ({ context }) => context.count + 1 }), sendTo("child", { type: "ping" })],
        },
        save: { target: "saving" },
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({ count: context.count }),
        onDone: {
          target: "editing",
          actions: [
            assign({ saved: ({ event }) => event.output }),
            { type: "told", params: ({ context }) => ({ count: context.count }) },
            emit({ type: "saved" }),
          ],
        },
      },
    },
  },
});

describe("the machine harness", () => {
  it("names nested and parallel states by their dotted paths", () => {
    expect(stateKey({ editing: "dirty" })).toBe("editing.dirty");
    expect(stateKey({ a: "x", b: { c: "y" } })).toBe("a.x + b.c.y");
  });
});

type ToyExample = Example<typeof toy>;
const started: ToyExample["start"] = {
  to: "editing.clean",
  context: { count: 0, saved: null },
  invoked: { child: undefined },
};
const ping = { type: "sendTo", params: { to: "child", event: { type: "ping" } } } as const;
const added: ToyExample = {
  name: "one added",
  start: started,
  steps: [{ event: { type: "add" }, to: "editing.dirty", context: { count: 1 }, emitted: [ping] }],
};
const saved: ToyExample = {
  name: "saved",
  after: "one added",
  steps: [
    { event: { type: "save" }, to: "saving", invoked: { save: { count: 1 } } },
    {
      event: done(toy, "save", "ok"),
      to: "editing.clean",
      context: { saved: "ok" },
      emitted: [
        { type: "told", params: { count: 1 } },
        { type: "emit", params: { event: { type: "saved" } } },
      ],
    },
  ],
};
const withExamples = (examples: ToyExample[]) =>
  defineFixture({
    id: "toy",
    machine: toy,
    events: [{ type: "add" }, { type: "save" }, done(toy, "save", "ok")],
    examples,
  });

describe("the machine harness on literal examples", () => {
  it("passes examples that say what each step does, one going on from another, covering every transition", () => {
    const run = runFixture(withExamples([added, saved]));
    expect(run.failures).toEqual([]);
    expect(runPasses(run)).toBe(true);
    expect(run.paths).toBe(2);
    expect(run.runPaths.map((p) => p.events.map((e) => e.type))).toEqual([
      ["add"],
      ["add", "save", "xstate.done.actor.save"],
    ]);
  });

  it("names a wrong state, an unnamed context change, a wrong input or a missing effect", () => {
    const failures = (steps: ToyExample["steps"]) =>
      runFixture(withExamples([{ name: "wrong", start: started, steps }])).failures.join("\n");
    expect(
      failures([{ event: { type: "add" }, to: "editing.clean", context: { count: 1 }, emitted: [ping] }]),
    ).toMatch(
      /example: wrong: \[add\] step 1 \(editing\.clean, add\): reached editing\.dirty, expected editing\.clean/,
    );
    expect(failures([{ event: { type: "add" }, to: "editing.dirty", emitted: [ping] }])).toMatch(
      /context\.count changed to 1 without an expectation/,
    );
    expect(failures([{ event: { type: "save" }, to: "saving", invoked: { save: { count: 99 } } }])).toMatch(
      /actor save got \{"count":0\}, expected \{"count":99\}/,
    );
    expect(failures([{ event: { type: "add" }, to: "editing.dirty", context: { count: 1 } }])).toMatch(
      /emitted \[.*"sendTo".*\], expected \[\]/,
    );
  });

  it("does not pass examples that leave a transition untaken", () => {
    const run = runFixture(withExamples([added]));
    expect(run.failures).toEqual([]);
    expect(run.transitions.missing).toHaveLength(2);
    expect(runPasses(run)).toBe(false);
  });

  it("refuses an example going on from one that is not before it", () => {
    expect(() => withExamples([{ ...saved, after: "nowhere" }, added])).toThrow(
      /"saved" goes on after "nowhere"/,
    );
  });

  it("catches every mistake planted in the toy with these two examples", () => {
    const results = mutationCheck(withExamples([added, saved]));
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((r) => !r.caught)).toEqual([]);
  });
});
