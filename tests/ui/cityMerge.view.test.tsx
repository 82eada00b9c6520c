/**
 * Merging cities deletes one: Merge asks first, saying which city goes, where its outlets move and
 * how many, and nothing is sent until the user agrees.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { MERGE_QUESTION } from "../../src/domain/admin/cityMerge";
import type { SaveOutcome } from "../../src/domain/admin/resource";
import { cityMerge } from "../../src/domain/admin/resources/geography";
import type { SaveRequest } from "../../src/machines/admin/resourceForm";
import { askBeforeMerging } from "../../src/ui/admin/CityMergeDialog";
import ResourceFormScreen from "../../src/ui/admin/ResourceFormScreen";

function renderMerge() {
  const sent: SaveRequest[] = [];
  const saveRecord = fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
    sent.push(input);
    return new Promise<SaveOutcome>(() => {});
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    ["admin", "cities", "options", null],
    [
      { id: 3, label: "Andheri" },
      { id: 4, label: "Mumbai" },
    ],
  );
  client.setQueryData(["admin", "city-merge", "outlets", 3], { count: 12, results: [] });
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: "/dashboard/meta/merge-cities" }).hook}>
        <ResourceFormScreen
          def={cityMerge}
          place={{ parent: null, address: null }}
          parent={null}
          actors={{ saveRecord }}
          title="Merge cities"
          submitLabel="Merge"
          askFirst={askBeforeMerging}
        />
      </Router>
    </QueryClientProvider>,
  );
  return sent;
}

function choose(label: string, city: string) {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) }));
  fireEvent.click(screen.getByRole("button", { name: city }));
}

describe("Merge cities", () => {
  it("asks first, saying what moves, and merges only when the user agrees", async () => {
    const sent = renderMerge();
    choose("City to merge (it is deleted)", "Andheri");
    choose("City to keep", "Mumbai");
    fireEvent.click(screen.getByRole("button", { name: "Merge" }));
    const dialog = await screen.findByRole("dialog", { name: MERGE_QUESTION });
    expect(dialog.textContent).toContain(
      "Andheri will be deleted and its 12 outlets moved to Mumbai. This cannot be undone.",
    );
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Keep both" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getAllByRole("button", { name: "Merge" })[0]!);
    const again = await screen.findByRole("dialog", { name: MERGE_QUESTION });
    const merge = Array.from(again.querySelectorAll("button")).find((b) => b.textContent === "Merge");
    fireEvent.click(merge!);
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it("lets the form's own checks answer when the cities are not two", () => {
    const sent = renderMerge();
    fireEvent.click(screen.getByRole("button", { name: "Merge" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);
  });
});
