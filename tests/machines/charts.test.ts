// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chartFiles } from "../../scripts/chart-generator";
import { eventLabel } from "../../src/machines/machinesArea/describe";
import { notificationMachine } from "../../src/machines/shared/notification";
import { timers } from "./fixture";

describe("generated state charts", () => {
  it("docs/state-charts matches the machines (run npm run charts)", () => {
    for (const [name, content] of chartFiles()) {
      const path = join(process.cwd(), "docs/state-charts", name);
      expect(existsSync(path), `${name} exists`).toBe(true);
      expect(readFileSync(path, "utf8"), `${name} is stale: run npm run charts`).toBe(content);
    }
  });

  it("names actor results and timers as people read them", () => {
    expect(eventLabel("xstate.done.actor.login")).toBe("login done");
    expect(eventLabel("xstate.error.actor.login")).toBe("login failed");
    expect(eventLabel(timers(notificationMachine, "shown")[0]!.type)).toBe("after notificationHide");
  });
});
