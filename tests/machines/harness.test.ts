// @vitest-environment node
/**
 * The harness itself, on a small machine with a nested state, an invoked actor, an event sent to a
 * child and an emitted event: it passes a right fixture and names what a wrong one gets wrong.
 */
import { describe, expect, it } from "vitest";
import { assign, createMachine, emit, fromPromise, sendTo, setup } from "xstate";
import { stateKey } from "../../src/domain/replayPath";
import { defineFixture, done, type Expectation, handledIn } from "./fixture";
import { runFixture, runPasses } from "./harness";

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

type Rule = (step: {
  from: string;
  event: { output: string };
  context: { count: number };
}) => Expectation<typeof toy>;

const rules: Record<"add" | "save" | "xstate.done.actor.save", Rule> = {
  add: ({ from, context }) =>
    handledIn(["editing.clean", "editing.dirty"], from, () => ({
      to: "editing.dirty",
      context: { count: context.count + 1 },
      emitted: [{ type: "sendTo", params: { to: "child", event: { type: "ping" } } }],
    })),
  save: ({ from, context }) =>
    handledIn(["editing.clean", "editing.dirty"], from, () => ({
      to: "saving",
      invoked: { save: { count: context.count } },
    })),
  "xstate.done.actor.save": ({
    event,
    context,
  }: {
    event: { output: string };
    context: { count: number };
  }) => ({
    to: "editing.clean",
    context: { saved: event.output },
    emitted: [
      { type: "told", params: { count: context.count } },
      { type: "emit", params: { event: { type: "saved" } } },
    ],
  }),
};

const fixture = (steps: Partial<typeof rules>) =>
  defineFixture({
    id: "toy",
    machine: toy,
    contextKey: (c) => c.count > 0,
    events: [{ type: "add" }, { type: "save" }, done(toy, "save", "ok")],
    initial: () => ({
      to: "editing.clean",
      context: { count: 0, saved: null },
      invoked: { child: undefined },
    }),
    steps: steps as never,
  });

describe("the machine harness", () => {
  it("names nested and parallel states by their dotted paths", () => {
    expect(stateKey({ editing: "dirty" })).toBe("editing.dirty");
    expect(stateKey({ a: "x", b: { c: "y" } })).toBe("a.x + b.c.y");
  });

  it("passes a fixture that says what each step does, counting its checks", () => {
    const run = runFixture(fixture(rules));
    expect(run.failures).toEqual([]);
    expect(runPasses(run)).toBe(true);
    expect(run.checks.context).toBeGreaterThan(0);
    expect(run.checks.output).toBeGreaterThan(0);
  });

  it("fails a step without a rule, a wrong state, an unnamed context change, a wrong input or effect", () => {
    const { save: _save, ...withoutSave } = rules;
    expect(runFixture(fixture(withoutSave)).failures[0]).toMatch(/no rule for this event/);

    const wrong = (patch: Partial<typeof rules>) =>
      runFixture(fixture({ ...rules, ...patch })).failures.join("\n");
    expect(wrong({ add: () => ({ to: "editing.clean" }) })).toMatch(
      /reached editing\.dirty, expected editing\.clean/,
    );
    expect(
      wrong({
        add: ({ from }) =>
          handledIn(["editing.clean", "editing.dirty"], from, () => ({
            to: "editing.dirty",
            emitted: [{ type: "sendTo", params: { to: "child", event: { type: "ping" } } }],
          })),
      }),
    ).toMatch(/context\.count changed to 1 without an expectation/);
    expect(
      wrong({
        save: ({ from }) =>
          handledIn(["editing.clean", "editing.dirty"], from, () => ({
            to: "saving",
            invoked: { save: { count: 99 } },
          })),
      }),
    ).toMatch(/actor save got \{"count":\d+\}, expected \{"count":99\}/);
    expect(
      wrong({
        "xstate.done.actor.save": ({ event }) => ({ to: "editing.clean", context: { saved: event.output } }),
      }),
    ).toMatch(/emitted \[.*"told".*"emit".*\], expected \[\]/);
  });
});
