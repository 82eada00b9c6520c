/**
 * The resource form machine's shortest paths, driven through the form screen of a region and of a
 * project (whose logo is a file field): typing, choosing and removing a file, Save, Try again,
 * Reload and the server's answers through faked actors; after each step the screen shows what the
 * machine's state and context mean.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import type { ResourceRecord, SaveOutcome } from "../../src/domain/admin/resource";
import { resourceNamed } from "../../src/domain/admin/resourceCatalogue";
import { type ChosenFile, fileSize, isChosenFile } from "../../src/domain/shared/fileField";
import type { ReadFileRequest, ResourceFormInput, SaveRequest } from "../../src/machines/admin/resourceForm";
import ResourceFormScreen from "../../src/ui/admin/ResourceFormScreen";
import { resourceFormFixture } from "../machines/fixtures/resourceForm";
import { ACME_ID } from "../machines/fixtures/resourceSamples";
import { model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"loadRecord" | "saveRecord" | "readFile", Deferred | null>;

const deferred = (name: keyof typeof pending) =>
  new Promise((resolve, reject) => {
    pending[name] = { resolve, reject };
  });
const fakeActors = {
  loadRecord: fromPromise<ResourceRecord, { resource: string; address: string }>(
    () => deferred("loadRecord") as Promise<ResourceRecord>,
  ),
  saveRecord: fromPromise<SaveOutcome, SaveRequest>(() => deferred("saveRecord") as Promise<SaveOutcome>),
  readFile: fromPromise<ChosenFile, ReadFileRequest>(() => deferred("readFile") as Promise<ChosenFile>),
};

beforeEach(() => {
  pending = { loadRecord: null, saveRecord: null, readFile: null };
});

const LIST_OF: Record<string, string> = {
  regions: "/dashboard/organization-users-roles/organization-view/acme-beverages/list-of-regions",
  projects: "/dashboard/projects",
};
const paths = viewPaths(resourceFormFixture);
const nameBox = () => screen.getByLabelText("Name") as HTMLInputElement;

async function perform(event: ViewStep["event"]) {
  switch (event.type) {
    case "field.change": {
      if (event.field === "name") {
        fireEvent.change(nameBox(), { target: { value: event.value } });
        return;
      }
      // Removing the logo: offered only while there is one (with none, the step changes nothing seen).
      const remove = screen.queryByRole("button", { name: "Remove logo" });
      if (remove) fireEvent.click(remove);
      return;
    }
    case "file.choose": {
      // A region's form has no file field, and the machine ignores the choice there.
      const input = screen.queryByLabelText("Logo");
      if (input) fireEvent.change(input, { target: { files: [new File(["x"], "acme-logo.png")] } });
      return;
    }
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

/** What the logo field says about the file it holds. */
function expectLogoFor(values: Record<string, unknown>, fieldErrors: Record<string, string[]>) {
  const logo = values.logo;
  const field = within(screen.getByRole("group", { name: "Logo" }));
  const shown = isChosenFile(logo) ? `${logo.name} (${fileSize(logo.bytes.byteLength)})` : "No file chosen";
  expect(field.getByText(shown)).toBeTruthy();
  for (const line of fieldErrors.logo ?? []) expect(field.getByText(line)).toBeTruthy();
  expect(field.queryByRole("button", { name: "Remove logo" }) !== null).toBe(isChosenFile(logo));
  expect(field.queryByRole("img", { name: "Logo preview" }) !== null).toBe(
    isChosenFile(logo) && !fieldErrors.logo,
  );
}

async function expectScreenFor(
  snapshot: ReturnType<ReturnType<typeof model>["step"]>,
  location: { history: string[] },
) {
  const { values, fieldErrors, detail, resource } = snapshot.context as {
    values: Record<string, unknown>;
    fieldErrors: Record<string, string[]>;
    detail: string | null;
    resource: string;
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
      if (resource === "projects") expectLogoFor(values, fieldErrors);
      return;
    case "readingFile":
      await waitFor(() => expect(screen.getByText("Reading the file…")).toBeTruthy());
      expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
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
      await waitFor(() => expect(location.history.at(-1)).toBe(LIST_OF[resource]));
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
    const { address, resource } = input as ResourceFormInput;
    const location = memoryLocation({ path: "/form", record: true });
    const machine = model(resourceFormFixture, input);
    const onOrganisationPage = resource === "regions";
    // The organisation select's options are already known, so nothing is fetched.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(
      ["admin", "organisations", "options", null],
      [{ id: ACME_ID, label: "Acme Beverages" }],
    );
    render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook}>
          <ResourceFormScreen
            def={resourceNamed(resource)}
            place={{ parent: onOrganisationPage ? "acme-beverages" : null, address }}
            parent={onOrganisationPage ? { field: "organisation", id: ACME_ID, organisation: ACME_ID } : null}
            actors={fakeActors}
          />
        </Router>
      </QueryClientProvider>,
    );
    await expectScreenFor(machine.initial, location);
    for (const step of steps) {
      await perform(step.event);
      await expectScreenFor(machine.step(step.event), location);
    }
  });
});
