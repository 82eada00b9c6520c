/**
 * The resource form machine's shortest paths, driven through the form screen of a region: typing,
 * Save, Try again, Reload and the server's answers through faked actors; after each step the screen
 * shows what the machine's state and context mean.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { ResourceRecord, SaveOutcome } from "../../src/domain/resource";
import { regions } from "../../src/domain/resources/organisations";
import type { ResourceFormInput, SaveRequest } from "../../src/machines/resourceForm";
import ResourceFormScreen from "../../src/ui/admin/ResourceFormScreen";
import { resourceFormFixture } from "../machines/fixtures/resourceForm";
import { ACME_ID } from "../machines/fixtures/resourceSamples";
import { model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"loadRecord" | "saveRecord", Deferred | null>;

const deferred = (name: keyof typeof pending) =>
  new Promise((resolve, reject) => {
    pending[name] = { resolve, reject };
  });
const fakeActors = {
  loadRecord: fromPromise<ResourceRecord, { resource: string; address: string }>(
    () => deferred("loadRecord") as Promise<ResourceRecord>,
  ),
  saveRecord: fromPromise<SaveOutcome, SaveRequest>(() => deferred("saveRecord") as Promise<SaveOutcome>),
};

beforeEach(() => {
  pending = { loadRecord: null, saveRecord: null };
});

const LIST = "/dashboard/organization-users-roles/organization-view/acme-beverages/list-of-regions";
const paths = viewPaths(resourceFormFixture);
const nameBox = () => screen.getByLabelText("Name") as HTMLInputElement;

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "field.change":
      fireEvent.change(nameBox(), { target: { value: event.value } });
      return;
    case "form.submit":
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      return;
    case "reload":
      fireEvent.click(screen.getByRole("button", { name: "Reload" }));
      return;
    default: {
      const [, outcome, , actor] = event.type.split(".") as [
        string,
        "done" | "error",
        string,
        keyof typeof pending,
      ];
      await act(async () => {
        if (outcome === "done") pending[actor]?.resolve((event as { output?: unknown }).output);
        else pending[actor]?.reject(new Error("unexpected"));
      });
    }
  }
}

async function expectScreenFor(
  snapshot: ReturnType<ReturnType<typeof model>["step"]>,
  location: { history: string[] },
) {
  const { values, fieldErrors, detail } = snapshot.context as {
    values: Record<string, unknown>;
    fieldErrors: Record<string, string[]>;
    detail: string | null;
  };
  switch (String(snapshot.value)) {
    case "loading":
      await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Loading…"));
      return;
    case "loadFailed":
      await waitFor(() => expect(screen.getByText(detail!)).toBeTruthy());
      expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
      return;
    case "editing":
      await waitFor(() => expect(nameBox().value).toBe(values.name));
      for (const line of fieldErrors.name ?? []) expect(screen.getByText(line)).toBeTruthy();
      expect(nameBox().getAttribute("aria-invalid")).toBe(fieldErrors.name ? "true" : null);
      if (detail) expect(screen.getByText(detail)).toBeTruthy();
      expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
      return;
    case "saving":
      await waitFor(() =>
        expect(screen.getByRole("button", { name: "Save" }).getAttribute("aria-busy")).toBe("true"),
      );
      return;
    case "conflict":
      await waitFor(() => expect(screen.getByText(detail!)).toBeTruthy());
      expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
      return;
    case "saved":
      await waitFor(() => expect(location.history.at(-1)).toBe(LIST));
      return;
    default:
      throw new Error(`no screen check for state ${String(snapshot.value)}`);
  }
}

describe("the resource form screen follows the resource form machine", () => {
  it("the paths driven here reach every state but the two the machine only passes through", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    for (const p of paths) reached.add(String(model(resourceFormFixture, p.input).initial.value));
    const passing = ["starting", "validating"];
    expect([...reached].sort()).toEqual(
      Object.keys(resourceFormFixture.machine.root.states)
        .filter((s) => !passing.includes(s))
        .sort(),
    );
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const { address } = input as ResourceFormInput;
    const location = memoryLocation({ path: "/form", record: true });
    const machine = model(resourceFormFixture, input);
    render(
      <Router hook={location.hook}>
        <ResourceFormScreen
          def={regions}
          place={{ parent: "acme-beverages", address }}
          parent={{ field: "organisation", id: ACME_ID }}
          actors={fakeActors}
        />
      </Router>,
    );
    await expectScreenFor(machine.initial, location);
    for (const step of steps) {
      await perform(step.event);
      await expectScreenFor(machine.step(step.event), location);
    }
  });
});
