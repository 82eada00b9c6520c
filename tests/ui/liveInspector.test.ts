// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { signInMachine } from "../../src/machines/auth/signIn";
import { createLiveActor } from "../../src/ui/live/liveActors";
import { LIVE_EVENTS_KEPT, liveActors, liveInspect } from "../../src/ui/live/liveInspector";

describe("live mode's inspector", () => {
  it("lists an inspected machine with its newest events first, and forgets it once stopped", () => {
    const actor = createActor(signInMachine, { input: {}, inspect: liveInspect }).start();
    const listed = () => liveActors().find((a) => a.ref === actor);
    expect(listed()).toMatchObject({ machineId: "signIn", parentId: null, events: [] });

    actor.send({ type: "username.change", value: "admin" });
    actor.send({ type: "password.change", value: "secret" });
    expect(listed()?.events.map((e) => e.type)).toEqual(["password.change", "username.change"]);

    for (let i = 0; i < LIVE_EVENTS_KEPT + 3; i++) actor.send({ type: "username.change", value: `u${i}` });
    expect(listed()?.events).toHaveLength(LIVE_EVENTS_KEPT);
    expect(listed()?.events[0]?.event).toEqual({
      type: "username.change",
      value: `u${LIVE_EVENTS_KEPT + 2}`,
    });

    actor.stop();
    expect(listed()).toBeUndefined();
  });

  it("lists an actor only once it is started: one made in a render React threw away never runs", () => {
    const actor = createActor(signInMachine, { input: {}, inspect: liveInspect });
    const listed = () => liveActors().some((a) => a.ref === actor);
    expect(listed()).toBe(false);
    actor.start();
    expect(listed()).toBe(true);
    actor.stop();
    expect(listed()).toBe(false);
  });

  it("ignores actors that are not machines and actors created without it", () => {
    const before = liveActors().length;
    createActor(signInMachine, { input: {} }).start();
    expect(liveActors()).toHaveLength(before);
  });

  it("lists every actor made through the live helpers, beside the caller's own inspector", () => {
    const seen: string[] = [];
    const actor = createLiveActor(signInMachine, {
      input: {},
      inspect: (event) => {
        if (event.type === "@xstate.event") seen.push(event.event.type);
      },
    }).start();
    actor.send({ type: "username.change", value: "admin" });
    expect(
      liveActors()
        .find((a) => a.ref === actor)
        ?.events.map((e) => e.type),
    ).toEqual(["username.change"]);
    expect(seen).toContain("username.change");
    actor.stop();
  });
});
