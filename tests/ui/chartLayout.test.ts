// @vitest-environment node
import { describe, expect, it } from "vitest";
import { signInMachine } from "../../src/machines/auth/signIn";
import { machineStates, machineTransitions } from "../../src/machines/machinesArea/describe";
import { machineRegistry } from "../../src/machines/registry";
import {
  fitScale,
  layoutChart,
  MAX_SCALE,
  MIN_SCALE,
  READABLE_SCALE,
  transitionLabel,
  zoomStep,
} from "../../src/ui/machines/chartLayout";

describe("the Machines area's chart layout", () => {
  it("lays out every machine of the registry: each state placed, each transition routed and labelled", async () => {
    for (const { id, machine } of machineRegistry) {
      const chart = await layoutChart(machine);
      expect(chart.states.map((s) => s.id).sort(), id).toEqual(
        machineStates(machine)
          .map((s) => s.id)
          .sort(),
      );
      for (const s of chart.states) expect(s.width * s.height, s.id).toBeGreaterThan(0);
      const local = machineTransitions(machine).filter((t) => t.source !== machine.root.id);
      expect(chart.edges.length, id).toBe(local.reduce((n, t) => n + Math.max(1, t.targets.length), 0));
      for (const e of chart.edges) expect(e.points.length, `${id} ${e.label}`).toBeGreaterThanOrEqual(2);
      // Nested states sit inside their parent's box.
      for (const s of chart.states.filter((c) => c.path.length > 1)) {
        const parent = chart.states.find((p) => p.path.join(".") === s.path.slice(0, -1).join("."))!;
        expect(s.x >= parent.x && s.y >= parent.y && s.x + s.width <= parent.x + parent.width, s.id).toBe(
          true,
        );
      }
    }
  }, 120_000);

  it("starts the chart at the initial state and labels guards and timers", async () => {
    const chart = await layoutChart(signInMachine);
    // The machine starts in form, and form in restoring: each leads its level.
    const form = chart.states.find((s) => s.id === "signIn.form")!;
    const restoring = chart.states.find((s) => s.id === "signIn.form.restoring")!;
    expect(Math.min(...chart.states.map((s) => s.y))).toBe(form.y);
    const inForm = chart.states.filter((s) => s.id.startsWith("signIn.form."));
    expect(Math.min(...inForm.map((s) => s.y))).toBe(restoring.y);
    expect(chart.edges.map((e) => e.label)).toContain("login done [outcomeIs signedIn]");
    expect(transitionLabel({ event: "xstate.after.notificationHide.notification.shown", guard: null })).toBe(
      "after notificationHide",
    );
    expect(chart.everywhere).toContainEqual({ label: "back", targets: "signIn.form.editing" });
  });
});

describe("the chart's scale", () => {
  it("opens fitted to the frame's width, never above actual size nor below a readable size", () => {
    expect(fitScale(1000, 800)).toBe(1);
    expect(fitScale(900, 1000)).toBe(0.9);
    expect(fitScale(1000, 4000)).toBe(READABLE_SCALE);
    expect(READABLE_SCALE * 13).toBeGreaterThanOrEqual(10);
  });

  it("zooms in steps within its limits", () => {
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1, -1)).toBe(0.8);
    expect(zoomStep(MIN_SCALE, -1)).toBe(MIN_SCALE);
    expect(zoomStep(MAX_SCALE, 1)).toBe(MAX_SCALE);
  });
});
