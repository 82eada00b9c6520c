/**
 * The surveyGroups machine's generated shortest paths, driven through the Survey Details panel:
 * the server's answers come through faked actors, the user's steps are clicks and typing, and after
 * each step the screen must show what the machine's state and context mean (the machine runs beside
 * the screen as the model). A path whose input says Update Status moved the outlet renders the
 * panel as the review screen starts it again then.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import { savingBlocked } from "../../src/domain/outlets/retailerRequests";
import { type AnswersUpdateRequest, LEAVE_UNSAVED_ANSWERS } from "../../src/domain/survey/survey";
import { retailerRequestKeys } from "../../src/infra/api/retailerRequests";
import type { InvoicesOutcome } from "../../src/machines/invoices/collectedBills";
import type {
  AnswersOutcome,
  GroupsOutcome,
  SaveOutcome,
  SurveyGroupsContext,
  SurveyGroupsInput,
} from "../../src/machines/survey/surveyGroups";
import { mayEditAnswers, tableSkus } from "../../src/machines/survey/surveyGroups";
import { collectedBillsActors } from "../../src/ui/outlets/collectedBillsActors";
import SurveyDetails from "../../src/ui/outlets/SurveyDetails";
import { sampleGroups, sampleQuestions, surveyGroupsFixture } from "../machines/fixtures/surveyGroups";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Key = "groups" | "answers" | "save";
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<Key, Deferred | null>;
let saved: AnswersUpdateRequest[];
/** Has the review screen read the retailer requests anew. */
let showRequests: (requests: SurveyGroupsInput["retailerRequests"]) => Promise<void>;
const deferred = (key: Key) => () =>
  new Promise<never>((resolve, reject) => {
    pending[key] = { resolve: resolve as (v: unknown) => void, reject };
  });
const fakeActors = {
  loadGroups: fromPromise<GroupsOutcome, { workflowObject: number }>(deferred("groups")),
  loadAnswers: fromPromise<AnswersOutcome, { workflowObject: number; group: number }>(deferred("answers")),
  saveGroup: fromPromise<SaveOutcome, { request: AnswersUpdateRequest }>(({ input }) => {
    saved.push(input.request);
    return deferred("save")();
  }),
};

/** The Collected Bills group's calls: its invoices are being read while a path looks at it. */
let billsOpened: { workflowObject: number }[] = [];
const billsActors = {
  ...collectedBillsActors,
  loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(({ input }) => {
    billsOpened.push(input);
    return new Promise<never>(() => {});
  }),
};

beforeEach(() => {
  billsOpened = [];
  pending = { groups: null, answers: null, save: null };
  saved = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** One generated path per transition. */
const paths = viewPaths(surveyGroupsFixture).map((p) => ({
  input: p.input as SurveyGroupsInput,
  steps: p.steps,
}));
/** The SKUs of the fixture's sku_group group, by id. */
const skuNames = { 51: "Cola 250 ml", 53: "Salted chips 50 g" } as Record<number, string>;

const names = { "11": "Shop name", "12": "Owner mobile" } as Record<string, string>;

async function perform(event: { type: string; [k: string]: unknown }) {
  const settle = (key: Key, ok: boolean) =>
    act(async () =>
      ok ? pending[key]?.resolve(event.output) : pending[key]?.reject(new Error("unexpected")),
    );
  switch (event.type) {
    case "xstate.done.actor.loadGroups":
      return settle("groups", true);
    case "xstate.error.actor.loadGroups":
      return settle("groups", false);
    case "xstate.done.actor.loadAnswers":
      return settle("answers", true);
    case "xstate.error.actor.loadAnswers":
      return settle("answers", false);
    case "xstate.done.actor.saveGroup":
      return settle("save", true);
    case "xstate.error.actor.saveGroup":
      return settle("save", false);
    case "group.select": {
      const name = ["Shop Details", "Owner and KYC", "Photos", "Stock Check", "Visit", "Collected Bills"][
        event.index as number
      ]!;
      // A group beyond the four shown is reached as a user does: Next until it shows (the machine
      // then keeps the slider where the scrolling left it).
      const group = () => screen.queryByRole("button", { name: new RegExp(`^${name}`) });
      const next = () => screen.getByRole("button", { name: "Next groups" }) as HTMLButtonElement;
      while (!group() && !next().disabled) fireEvent.click(next());
      fireEvent.click(group() ?? screen.getByRole("button", { name: new RegExp(`^${name}`) }));
      return;
    }
    case "slider.next":
      fireEvent.click(screen.getByRole("button", { name: "Next groups" }));
      return;
    case "slider.prev":
      fireEvent.click(screen.getByRole("button", { name: "Previous groups" }));
      return;
    case "answer.change": {
      const value = event.value as { single_input: string };
      // Answers of other questions read (the graph's Stock Check): this one is not on screen.
      const input = screen.queryByLabelText(new RegExp(`^${names[event.key as string]}`));
      if (input) fireEvent.change(input, { target: { value: value.single_input } });
      return;
    }
    case "sku.edit": {
      const pencil = screen.queryByRole("button", { name: `Edit ${skuNames[event.sku as number]}` });
      if (pencil) fireEvent.click(pencil);
      return;
    }
    case "sku.add": {
      const choice = screen.queryByLabelText("SKU to add") as HTMLSelectElement | null;
      const option = choice?.querySelector(`option[value="${event.sku as number}"]`);
      if (!choice || !option) return;
      fireEvent.change(choice, { target: { value: String(event.sku) } });
      fireEvent.click(screen.getByRole("button", { name: "Add New Sku" }));
      return;
    }
    case "call.change": {
      const check = event.check as { has_called_and_verified: boolean; remarked: boolean };
      const box = screen.getByRole("checkbox", { name: check.remarked ? "Remark" : "Called and verified" });
      fireEvent.click(box);
      return;
    }
    case "reset":
      fireEvent.click(screen.getByRole("button", { name: "Reset" }));
      return;
    case "save":
      fireEvent.click(screen.getByRole("button", { name: /^Save( and Next)?$/ }));
      return;
    case "modal.closed":
      // Escape closes the problems modal, which tells the survey once its exit animation ends.
      fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      return;
    case "requests.change":
      await showRequests(event.requests as SurveyGroupsInput["retailerRequests"]);
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

type Snapshot = ReturnType<ReturnType<typeof model>["step"]>;

/** Save, where the panel shows it, can be pressed only while no retailer request waits (001 §4.4). */
function expectSaveFollowsRequests(ctx: SurveyGroupsContext) {
  const save = screen.queryByRole("button", { name: /^Save( and Next)?$/ }) as HTMLButtonElement | null;
  if (save) expect(save.disabled).toBe(savingBlocked(ctx.retailerRequests));
}

/** A SKU table: a row per SKU the machine holds, the opened and added ones with their Facings input. */
function expectSkuTable(ctx: SurveyGroupsContext) {
  const rows = [...document.querySelectorAll(".sku-table tbody th")].map((th) => th.textContent ?? "");
  expect(rows.map((r) => r.replace(/\s*SKU-\S+.*$/, ""))).toEqual(tableSkus(ctx).map((s) => s.name));
  for (const sku of tableSkus(ctx))
    expect(screen.queryByLabelText(`${sku.name} Facings`) !== null).toBe(
      mayEditAnswers(ctx) && ctx.openSkus.includes(sku.id),
    );
}

async function expectScreenFor(snapshot: Snapshot) {
  const state = String(snapshot.value);
  const ctx = snapshot.context as SurveyGroupsContext;
  switch (state) {
    case "loadingGroups":
      await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Loading the survey"));
      return;
    case "noGroups":
      await waitFor(() => expect(screen.getByText("No Data Available")).toBeTruthy());
      return;
    case "failed":
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe("The survey could not be loaded."),
      );
      return;
    case "loadingAnswers":
      await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Loading the answers"));
      break;
    case "editing":
      await waitFor(() => expect(document.querySelector(".survey")?.getAttribute("aria-busy")).toBe("false"));
      // A sku_group group shows its table; Stock Check's answers read for another group (the graph
      // tries that too) show no shop name.
      if (ctx.groups[ctx.index]!.type === "sku_group") expectSkuTable(ctx);
      else if (ctx.questions[0]?.name === "Facings") {
      } else if (ctx.callingView || ctx.workflowStateChanged)
        expect(screen.queryByRole("textbox", { name: "Shop name" })).toBeNull();
      else
        expect((screen.getByLabelText(/^Shop name/) as HTMLInputElement).value).toBe(
          ctx.edits["11"]?.single_input ?? "Sri Balaji Kirana",
        );
      expectSaveFollowsRequests(ctx);
      break;
    case "invalid":
      await waitFor(() =>
        expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(
          expect.arrayContaining([...ctx.problems]),
        ),
      );
      return;
    case "saving":
      await waitFor(() => expect(screen.getByRole("button", { name: "Saving…" })).toBeTruthy());
      expect(saved.at(-1)).toBeDefined();
      return;
    case "bills":
      // Collected Bills runs its own screen (its invoices still loading here); no survey Save or Reset.
      await waitFor(() => expect(screen.getByText("Loading invoices…")).toBeTruthy());
      expect(screen.queryByRole("button", { name: /^Save( and Next)?$/ })).toBeNull();
      expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
      expect(billsOpened.at(-1)).toEqual({ workflowObject: 77 });
      break;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
  // The slider shows the 4 groups from `first`, the selected one marked, the saved ones complete.
  const shown = ctx.groups.slice(ctx.first, ctx.first + 4).map((g) => g.name);
  const current = document.querySelector('.survey-group[aria-current="step"] span')?.textContent ?? null;
  expect([...document.querySelectorAll(".survey-group span")].map((s) => s.textContent)).toEqual(shown);
  expect(current).toBe(shown.includes(ctx.groups[ctx.index]!.name) ? ctx.groups[ctx.index]!.name : null);
  expect(document.querySelectorAll(".survey-group-done").length).toBe(
    ctx.complete.slice(ctx.first, ctx.first + 4).filter(Boolean).length,
  );
}

describe("the Survey Details panel follows the surveyGroups machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(surveyGroupsFixture, paths);
  });

  it.each(
    paths.map((p) => [`${p.input.role}: ${p.steps.map((s) => s.event.type).join(" → ")}`, p] as const),
  )("%s", async (_name, { input, steps }) => {
    renderPanel(input);
    const machine = model(surveyGroupsFixture, input);
    for (const step of steps) {
      await perform(step.event);
      await expectScreenFor(machine.step(step.event));
    }
  });

  // The shortest paths never need the requests read again; the screen must follow them all the same.
  it("offers Save, or stops offering it, as the retailer requests read again say", async () => {
    const input = paths.find(
      (p) => p.input.role === "qc-manager" && !savingBlocked(p.input.retailerRequests),
    )!.input;
    renderPanel(input);
    await perform({ type: "xstate.done.actor.loadGroups", output: { type: "ok", groups: sampleGroups } });
    await perform({
      type: "xstate.done.actor.loadAnswers",
      output: { type: "ok", questions: sampleQuestions },
    });
    const save = () => screen.getByRole("button", { name: /^Save and Next$/ }) as HTMLButtonElement;
    await waitFor(() => expect(save().disabled).toBe(false));
    await perform({ type: "requests.change", requests: [{ retailer_master_status: "pending" }] });
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.click(save());
    expect(saved).toEqual([]);
    await perform({ type: "requests.change", requests: [{ retailer_master_status: "accepted" }] });
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it("asks before a link or a reload loses changed answers, and not once they are saved", async () => {
    const input = paths.find(
      (p) => p.input.role === "qc-manager" && !savingBlocked(p.input.retailerRequests),
    )!.input;
    renderPanel(input);
    const away = document.body.appendChild(document.createElement("a"));
    away.href = "/dashboard/list-of-outlets";
    away.addEventListener("click", (e) => e.preventDefault());
    const asked: string[] = [];
    const answerNo = vi.fn((question?: string) => {
      asked.push(String(question));
      return false;
    });
    vi.stubGlobal("confirm", answerNo);
    const leave = () => {
      const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
      const followed = vi.fn();
      document.addEventListener("click", followed);
      away.dispatchEvent(click);
      document.removeEventListener("click", followed);
      return followed.mock.calls.length > 0;
    };
    const unloadAsks = () => {
      const unload = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(unload);
      return unload.defaultPrevented;
    };
    await perform({ type: "xstate.done.actor.loadGroups", output: { type: "ok", groups: sampleGroups } });
    await perform({
      type: "xstate.done.actor.loadAnswers",
      output: { type: "ok", questions: sampleQuestions },
    });
    expect(leave()).toBe(true);
    expect(unloadAsks()).toBe(false);

    await perform({ type: "answer.change", key: "11", value: { single_input: "Mehta Kirana" } });
    expect(leave()).toBe(false);
    expect(asked).toEqual([LEAVE_UNSAVED_ANSWERS]);
    expect(unloadAsks()).toBe(true);

    answerNo.mockReturnValue(true);
    expect(leave()).toBe(true);
    away.remove();
    vi.unstubAllGlobals();
  });
});

/** The panel for a machine input; `showRequests` has the review screen's requests query read another list. */
function renderPanel(input: SurveyGroupsInput) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SurveyDetails
        actors={fakeActors}
        billsActors={billsActors}
        workflowObject={input.workflowObject}
        role={input.role}
        workflowState={input.workflowState}
        typeOfCalling={input.typeOfCalling}
        hasUpdateActions={input.hasUpdateActions}
        callingView={input.callingView}
        retailerRequests={input.retailerRequests}
        workflowStateChanged={input.workflowStateChanged}
        collectedBills={input.collectedBills}
        today={input.today}
      />
    </QueryClientProvider>,
  );
  showRequests = (requests) =>
    act(async () => {
      queryClient.setQueryData(retailerRequestKeys.list(input.workflowObject), requests);
    });
}
