/**
 * The mobile link export machine's paths, driven through the mobile link download screen with a
 * faked start: started, refused and failed, each followed by Export again; after each step the
 * screen shows what the state means. A user who may not export is not offered Export.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { MOBILE_LINKS_NOT_ALLOWED, type MobileLinksOutcome } from "../../src/domain/mobile/mobileLinks";
import type { MobileLinkExportContext } from "../../src/machines/projects/mobileLinkExport";
import MobileLinkDownloadScreen from "../../src/ui/projects/MobileLinkDownloadScreen";
import { mobileLinkExportFixture } from "../machines/fixtures/mobileLinkExport";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const user = { permissions: ["project-manager-dashboard-permission"] };
vi.mock("../../src/ui/session/SessionGate", () => ({ useCurrentUser: () => user }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Deferred | null;
const fakeActors = {
  startExport: fromPromise<MobileLinksOutcome, { projectSlug: string; slug: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  ),
};

beforeEach(() => {
  pending = null;
  user.permissions = ["project-manager-dashboard-permission"];
});

const paths = viewPaths(mobileLinkExportFixture);
const SCREEN_PATH =
  "/dashboard/projects/view-list/acme-3p-payout/view/acme-3p-payout-main/mobile-link-download";

const renderScreen = () =>
  render(
    <Router hook={memoryLocation({ path: SCREEN_PATH }).hook}>
      <Route path="/dashboard/projects/view-list/:projectSlug/view/:slug/mobile-link-download">
        <MobileLinkDownloadScreen actors={fakeActors} />
      </Route>
    </Router>,
  );

async function perform(event: ViewStep["event"]) {
  if (event.type === "export") {
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    return;
  }
  await act(async () => {
    if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
    else pending?.reject(new Error("unexpected"));
  });
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const { detail, projectSlug, slug } = snapshot.context as MobileLinkExportContext;
  const state = String(snapshot.value);
  const button = screen.getByRole("button", { name: state === "starting" ? "Exporting…" : "Export" });
  expect((button as HTMLButtonElement).disabled).toBe(state === "starting");
  if (state === "starting") expect(pending?.input).toEqual({ projectSlug, slug });
  const status = screen.queryByRole("status");
  expect(status?.textContent ?? null).toBe(state === "started" ? `${detail} Open My Downloads` : null);
  if (state === "started")
    expect(screen.getByRole("link", { name: "Open My Downloads" }).getAttribute("href")).toBe(
      "/dashboard/my-downloads",
    );
  const alert = screen.queryByRole("alert");
  expect(alert?.textContent ?? null).toBe(state === "refused" || state === "failed" ? detail : null);
}

describe("the mobile link download follows the mobileLinkExport machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(mobileLinkExportFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(mobileLinkExportFixture, input);
    renderScreen();
    expectScreenFor(machine.initial);
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
    }
  });

  it("offers no Export to a user who may not export the links", () => {
    user.permissions = ["qc-executive-dashboard-permission"];
    renderScreen();
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
    expect(screen.getByText(MOBILE_LINKS_NOT_ALLOWED)).toBeTruthy();
  });
});
