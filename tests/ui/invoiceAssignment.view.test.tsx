/**
 * The invoiceAssignment machine's paths, driven through the invoice headers screen with faked
 * loads and saves: after each step the screen shows what the machine's state and context say (the
 * choice, the header order, the problem or notice, Reload on a conflict, the save sent). A user
 * who may not set invoices up gets Page not found.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { SetupLoadOutcome, SetupSaveOutcome } from "../../src/domain/invoices/invoiceSetup";
import {
  assignmentOf,
  type InvoiceAssignmentContext,
  type SaveInput,
} from "../../src/machines/invoices/invoiceAssignment";
import InvoiceHeaderAssignmentScreen from "../../src/ui/projects/InvoiceHeaderAssignmentScreen";
import { invoiceAssignmentFixture } from "../machines/fixtures/invoiceAssignment";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const user = {
  permissions: ["project-manager-dashboard-permission"],
  organisation: { kind: "internal" as "internal" | "client" },
};
vi.mock("../../src/ui/session/SessionGate", () => ({ useCurrentUser: () => user }));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
/** The load or save the screen is waiting for, answered by the path's next event. */
const pending: Record<"loadSetup" | "saveSetup", Deferred | null> = { loadSetup: null, saveSetup: null };
const answeredLater =
  <T, I>(id: keyof typeof pending) =>
  ({ input }: { input: I }) =>
    new Promise<T>((resolve, reject) => {
      pending[id] = { resolve: resolve as (v: unknown) => void, reject, input };
    });
const fakeActors = {
  loadSetup: fromPromise<SetupLoadOutcome, { projectSlug: string; slug: string }>(answeredLater("loadSetup")),
  saveSetup: fromPromise<SetupSaveOutcome, SaveInput>(answeredLater("saveSetup")),
};

beforeEach(() => {
  pending.loadSetup = null;
  pending.saveSetup = null;
  user.permissions = ["project-manager-dashboard-permission"];
  user.organisation.kind = "internal";
});

const paths = viewPaths(invoiceAssignmentFixture);
const SCREEN_PATH =
  "/dashboard/projects/view-list/acme-mi/view/acme-mi-main/assign-invoice-sku/invoice-header";

const renderScreen = () =>
  render(
    <Router hook={memoryLocation({ path: SCREEN_PATH }).hook}>
      <Route path="/dashboard/projects/view-list/:projectSlug/view/:slug/assign-invoice-sku/invoice-header">
        <InvoiceHeaderAssignmentScreen actors={fakeActors} />
      </Route>
    </Router>,
  );

type Snapshot = ReturnType<ReturnType<typeof model>["step"]>;
const contextOf = (s: Snapshot) => s.context as InvoiceAssignmentContext;

const templateSelect = () => screen.getByRole("combobox", { name: "Invoice template" }) as HTMLSelectElement;

/** Performs a path's event the way a user (or the server, for an actor's answer) does. */
async function perform(event: ViewStep["event"], before: InvoiceAssignmentContext) {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    const waiting = pending[actor[2] as keyof typeof pending];
    pending[actor[2] as keyof typeof pending] = null;
    await act(async () => {
      if (actor[1] === "done") waiting?.resolve((event as { output?: unknown }).output);
      else waiting?.reject(new Error("unexpected"));
    });
    return;
  }
  switch (event.type) {
    case "useTemplate": {
      const template = event.template as number | null;
      if (before.mode !== "template") fireEvent.click(screen.getByLabelText("An invoice template"));
      if (before.mode !== "template" && before.template === template) return;
      fireEvent.change(templateSelect(), { target: { value: template === null ? "" : String(template) } });
      return;
    }
    case "useHeaders":
      fireEvent.click(screen.getByLabelText("This sub-project's own header list"));
      return;
    case "addHeader":
      fireEvent.change(screen.getByRole("combobox", { name: "Add a header" }), {
        target: { value: String(event.id) },
      });
      fireEvent.click(screen.getByRole("button", { name: "Add" }));
      return;
    case "removeHeader": {
      const header = before.headers.find((h) => h.id === event.id)!;
      fireEvent.click(screen.getByRole("button", { name: `Remove ${header.header}` }));
      return;
    }
    case "moveHeader": {
      const from = event.from as number;
      const header = before.headers[from]!;
      const way = (event.to as number) < from ? "up" : "down";
      fireEvent.click(screen.getByRole("button", { name: `Move ${header.header} ${way}` }));
      return;
    }
    case "save":
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      return;
    case "reload":
      fireEvent.click(screen.getByRole("button", { name: /^(Reload|Try again)$/ }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

function expectScreenFor(snapshot: Snapshot) {
  const c = contextOf(snapshot);
  const state = String(snapshot.value);
  if (state === "loading") {
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(pending.loadSetup?.input).toEqual({ projectSlug: c.projectSlug, slug: c.slug });
    return;
  }
  if (state === "notFound") {
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    return;
  }
  if (state === "loadFailed") {
    expect(screen.getByRole("alert").textContent).toBe(`${c.problem}Try again`);
    return;
  }
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
    `Invoice headers of ${c.setup!.sub_project.name}`,
  );
  const fromTemplate = screen.getByLabelText("An invoice template") as HTMLInputElement;
  expect(fromTemplate.checked).toBe(c.mode === "template");
  expect((screen.getByRole("group", { name: "Headers from" }) as HTMLFieldSetElement).disabled).toBe(
    state !== "editing",
  );
  if (c.mode === "template")
    expect(templateSelect().value).toBe(c.template === null ? "" : String(c.template));
  else {
    const order = screen.queryByRole("list", { name: "Header order" });
    const shown = order
      ? within(order)
          .getAllByRole("listitem")
          .map((li) => li.textContent)
      : [];
    expect(shown.map((text) => text?.replace(/UpDownRemove$/, "").replace(/ \(.*$/, ""))).toEqual(
      c.headers.map((h) => h.header),
    );
  }
  const alert = screen.queryByRole("alert");
  expect(alert?.textContent ?? null).toBe(
    c.problem === null ? null : `${c.problem}${state === "conflict" ? "Reload" : ""}`,
  );
  const notice = screen.queryAllByRole("status").find((s) => s.tagName === "P");
  expect(notice?.textContent ?? null).toBe(c.notice);
  const save = screen.getByRole("button", {
    name: state === "saving" ? "Saving…" : "Save",
  }) as HTMLButtonElement;
  expect(save.disabled).toBe(state !== "editing");
  if (state === "saving")
    expect(pending.saveSetup?.input).toEqual({
      projectSlug: c.projectSlug,
      slug: c.slug,
      assignment: assignmentOf(c),
    });
}

describe("the invoice headers screen follows the invoiceAssignment machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(invoiceAssignmentFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(invoiceAssignmentFixture, input);
    renderScreen();
    let current = machine.initial;
    await waitFor(() => expectScreenFor(current));
    for (const step of steps) {
      await perform(step.event, contextOf(current));
      current = machine.step(step.event);
      const expected = current;
      await waitFor(() => expectScreenFor(expected));
    }
  });

  it("is Page not found to a client's user, whatever permission it holds", () => {
    user.organisation.kind = "client";
    renderScreen();
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});
