/**
 * The photoAudit machine's paths, driven through the photo audit screen with faked reads and
 * decisions: after each step the screen shows what the state and context mean (the filter, the
 * count, the photo's buttons or its reason box, the message) and each request carries what the
 * machine asked for.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { PhotoDecisionOutcome, PhotoListOutcome } from "../../src/domain/projects/photoAudit";
import type {
  PhotoAuditContext,
  PhotoDecisionRequest,
  PhotoListRequest,
} from "../../src/machines/projects/photoAudit";
import PhotoAuditScreen from "../../src/ui/projects/PhotoAuditScreen";
import { photoAuditFixture } from "../machines/fixtures/photoAudit";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

vi.mock("../../src/ui/notifications/useNotify", () => ({ useNotify: () => () => {} }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
const pending: Record<"loadPhotos" | "decide", Deferred | null> = { loadPhotos: null, decide: null };
const deferred =
  <O, I>(name: "loadPhotos" | "decide") =>
  ({ input }: { input: I }) =>
    new Promise<O>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject, input };
    });
const fakeActors = {
  loadPhotos: fromPromise<PhotoListOutcome, PhotoListRequest>(deferred("loadPhotos")),
  decide: fromPromise<PhotoDecisionOutcome, PhotoDecisionRequest>(deferred("decide")),
};

beforeEach(() => {
  pending.loadPhotos = null;
  pending.decide = null;
});

const paths = viewPaths(photoAuditFixture);
const SCREEN_PATH = "/dashboard/projects/view-list/acme-retail-audit/view/acme-retail-audit-main/photo-audit";
const PHOTO = "RS000007: Shop front photo (photo 41)";

const renderScreen = () =>
  render(
    <Router hook={memoryLocation({ path: SCREEN_PATH }).hook}>
      <Route path="/dashboard/projects/view-list/:projectSlug/view/:slug/photo-audit">
        <PhotoAuditScreen actors={fakeActors} />
      </Route>
    </Router>,
  );

async function perform(event: ViewStep["event"], before: PhotoAuditContext) {
  const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
  switch (event.type) {
    case "status.change":
      fireEvent.change(screen.getByLabelText("Show"), { target: { value: event.status } });
      return;
    case "page.change":
      return click((event as unknown as { page: number }).page > before.page ? "Next" : "Previous");
    case "approve":
      return click(`Approve ${PHOTO}`);
    case "reject.open":
      return click(`Reject ${PHOTO}`);
    case "reason.change":
      fireEvent.change(screen.getByLabelText("Reason for rejecting"), { target: { value: event.value } });
      return;
    case "reject.confirm":
      return click("Reject photo");
    case "reject.cancel":
      return click("Cancel");
    case "retry":
      return click("Try again");
  }
  const actor = event.type.includes("loadPhotos") ? "loadPhotos" : "decide";
  await act(async () => {
    if (event.type.startsWith("xstate.done")) pending[actor]?.resolve((event as { output?: unknown }).output);
    else pending[actor]?.reject(new Error("unexpected"));
  });
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const c = snapshot.context as PhotoAuditContext;
  const state = String(snapshot.value);
  if (state === "notFound") {
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    return;
  }
  expect(screen.getByRole("heading", { name: "Photo audit" })).toBeTruthy();
  expect((screen.getByLabelText("Show") as HTMLSelectElement).value).toBe(c.status);
  if (state === "loading")
    expect(pending.loadPhotos?.input).toEqual({
      projectSlug: c.projectSlug,
      slug: c.slug,
      status: c.status,
      page: c.page,
    });
  if (state === "saving")
    expect(pending.decide?.input).toEqual({
      projectSlug: c.projectSlug,
      slug: c.slug,
      imageId: c.pending!.image.id,
      decision: c.pending!.decision,
      reason: c.pending!.decision === "rejected" ? c.reason.trim() : null,
      version: c.pending!.image.version,
    });
  if (state === "failed") expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  const alerts = screen.queryAllByRole("alert").map((a) => a.textContent);
  if (c.message) expect(alerts).toContain(c.message);
  else expect(alerts.filter((a) => !a?.includes("could not be loaded"))).toEqual([]);
  if (c.list) {
    expect(screen.getByRole("status").textContent).toBe(
      `${c.list.count} ${c.list.count === 1 ? "photo" : "photos"}`,
    );
    expect(screen.queryAllByRole("listitem").length).toBe(c.list.results.length);
  }
  const reasonBox = screen.queryByLabelText("Reason for rejecting") as HTMLTextAreaElement | null;
  if (state === "rejecting") expect(reasonBox?.value).toBe(c.reason);
  else expect(reasonBox).toBeNull();
}

describe("the photo audit screen follows the photoAudit machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(photoAuditFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(photoAuditFixture, input);
    renderScreen();
    let before = machine.initial;
    expectScreenFor(before);
    for (const step of steps) {
      await perform(step.event, before.context as PhotoAuditContext);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
      before = expected;
    }
  });
});
