/**
 * The openWith machine's generated shortest paths, driven through the mobile home: Form-16 opens the
 * Open With sheet, its buttons open the store or close it, the page being hidden stands for the app
 * taking over, and the 100 ms fallback runs on the clock. After each step the sheet must be shown
 * exactly in the overlay state, and the browser must have been sent exactly where the device goes.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEEP_LINK_FALLBACK_MS,
  type Device,
  MOBILE_MSG,
  RETAILER_APP,
  storeFor,
} from "../../src/domain/mobile/mobile";
import { HomeView } from "../../src/ui/mobile/MobilePages";
import { openWithFixture } from "../machines/fixtures/openWith";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

afterEach(cleanup);

/**
 * The shortest paths, and the edge paths too: the shortest ones never take the fallback timer or
 * the app taking the page over, which are the point of this machine.
 */
const paths = viewPaths(openWithFixture, { kinds: ["shortest", "edge"] });
const source = { kind: "link" as const, slug: "s", token: "t" };

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
}

/** Clicks a button if the screen offers it; an event the machine ignores may have no control at all. */
function click(name: string) {
  const button = screen.queryByRole("button", { name });
  if (button) fireEvent.click(button);
}

async function perform(event: { type: string }) {
  switch (event.type) {
    case "overlay.open":
      click("Form-16");
      return;
    case "overlay.close":
      click("Close");
      return;
    case "store.open":
      // From no sheet this is app start's open_store; on the home page the way there is the sheet.
      if (!screen.queryByRole("dialog")) click("Form-16");
      click("Open in app store");
      return;
    case "app.opened":
      setHidden(true);
      await act(async () => document.dispatchEvent(new Event("visibilitychange")));
      setHidden(false);
      return;
    default:
      // The deep link's fallback timer.
      await act(() => new Promise((resolve) => setTimeout(resolve, DEEP_LINK_FALLBACK_MS + 50)));
  }
}

/** Where a step sends the browser: the deep link on trying the app, the device's store otherwise or after. */
function visitOf(device: Device, from: string, event: { type: string }): string[] {
  if (event.type === "store.open" && (from === "closed" || from === "overlay"))
    return [device === "androidChrome" ? RETAILER_APP.deepLink : storeFor(device)];
  if (event.type.startsWith("xstate.after") && from === "tryingApp") return [storeFor(device)];
  return [];
}

describe("Open With on the mobile home follows the openWith machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(openWithFixture, paths);
  });

  it.each(
    paths.map(
      (p) =>
        [
          `${(p.input as { device: string }).device}: ${p.steps.map((s) => s.event.type).join(" → ")}`,
          p,
        ] as const,
    ),
  )("%s", async (_name, { input, steps }) => {
    const { device } = input as { device: Device };
    const visited: string[] = [];
    const profile = {
      results: [
        {
          name: "Kavya Mehta",
          program_name: "Visibility Drive",
          project_organisation_logo_image: null,
          is_kyc_successful: false,
          organisation_name: "Acme Beverages",
        },
      ],
    };
    render(
      <HomeView
        source={source}
        answer={{ isPending: false, isError: false, data: profile }}
        device={device}
        navigator={{ go: (url) => visited.push(url) }}
      />,
    );
    await waitFor(() => expect(screen.getByText("Hello, Kavya Mehta")).toBeTruthy());
    const machine = model(openWithFixture, input);
    const expected: string[] = [];
    let from = String(machine.initial.value);
    for (const step of steps) {
      await perform(step.event);
      expected.push(...visitOf(device, from, step.event));
      const snapshot = machine.step(step.event);
      const state = String(snapshot.value);
      const sheet = screen.queryByRole("dialog", { name: MOBILE_MSG.openWith });
      expect(sheet !== null, `sheet in ${state}`).toBe(state === "overlay");
      expect(visited).toEqual(expected);
      from = state;
    }
  });
});
