/**
 * The field auditor's area against a faked API: the dashboard's tiles open the lists, a list asks
 * the server for its own list with the search typed, an outlet the server does not show is Page
 * not found, and without a signed-in user the area sends to the eMyTrack login.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, writeStored } from "../../src/infra/storage";
import { Dashboard, OutletDetail, RejectedList, SurveyListing } from "../../src/ui/ekyc/fieldScreens";
import { queryClient } from "../../src/ui/queryClient";
import { renderRoutes } from "./renderRoutes";

const OUTLET = {
  rsid: "RS000036",
  slug: "RS000036",
  name: "Royal Traders",
  owner_name: "Rahul Shetty",
  city: "Noida",
  workflow_state: "qc_rejected",
  modified: "2026-11-18T14:33:00Z",
};
const PAGE = {
  results: [OUTLET],
  count: 1,
  previous: null,
  next: null,
  current_page_number: 1,
  page_size: 15,
};
const SUMMARY = {
  results: [{ workflow_state: "qc_rejected", count: 1 }],
  total: 1,
  lists: { pending: 0, rejected: 1, completed: 0 },
};

const SURVEYS = {
  rsid: "RS000036",
  name: "Royal Traders",
  survey: {
    started: "2026-11-17T09:00:00Z",
    ended: "2026-11-17T09:20:00Z",
    uploaded: "2026-11-17T09:25:00Z",
    location_accuracy: 8,
    app_version: "3.2.1",
    pre_survey_remark: null,
    notes: null,
    not_done_notes: null,
  },
  groups: [
    {
      id: 1,
      name: "Shop Details",
      questions: [
        {
          id: 1,
          name: "Shop name",
          type: "text",
          answers: [{ sku: null, value: "Royal Traders", photos: 0 }],
        },
        {
          id: 2,
          name: "Categories sold",
          type: "multiple_choice",
          answers: [{ sku: null, value: "Snacks, Dairy", photos: 0 }],
        },
        { id: 3, name: "Daily footfall", type: "number", answers: [] },
      ],
    },
    {
      id: 2,
      name: "Photos",
      questions: [
        {
          id: 4,
          name: "Shelf photos",
          type: "multiple_image",
          answers: [{ sku: null, value: null, photos: 2 }],
        },
        { id: 5, name: "Owner signature", type: "e_signature", answers: [] },
      ],
    },
    {
      id: 3,
      name: "Stock Check",
      questions: [
        {
          id: 6,
          name: "Facings",
          type: "number",
          answers: [
            { sku: "Cola 250 ml", value: "4", photos: 0 },
            { sku: "Salted chips 50 g", value: null, photos: 0 },
          ],
        },
      ],
    },
  ],
  decisions: [],
};

let asked: URL[];
beforeEach(() => {
  asked = [];
  writeStored(STORAGE_KEYS.userName, "auditor.9000000001");
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://localhost");
    asked.push(url);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url.pathname.endsWith("/my-track/outlets/summary/")) return json(200, SUMMARY);
    if (url.pathname.endsWith("/my-track/rank/"))
      return json(200, { rank: 3, of: 10, points: 120, accepted: 14 });
    if (url.pathname.endsWith("/my-track/outlets/")) return json(200, PAGE);
    if (url.pathname.endsWith("/my-track/outlets/RS000036/surveys/")) return json(200, SURVEYS);
    return json(404, { detail: "Not found." });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  renderRoutes(path, {
    "/eMyTrack/dashboard": Dashboard,
    "/eMyTrack/rejected-list": RejectedList,
    "/eMyTrack/outlet-detail/:slug": OutletDetail,
    "/eMyTrack/outlet-survey-listing/:slug": SurveyListing,
  });

/** The answer shown beside a question on the survey page. */
const answerOf = (question: string) =>
  screen.getByText(question, { selector: "dt" }).nextElementSibling?.textContent;

describe("the field auditor's area", () => {
  it("counts the auditor's outlets per list, each tile opening its list", async () => {
    const location = renderAt("/eMyTrack/dashboard");
    const tiles = await screen.findByRole("list", { name: "Your lists" });
    expect(screen.getByRole("heading", { name: "Your outlets: 1" })).toBeTruthy();
    const texts = [...tiles.querySelectorAll("a")].map((a) => a.textContent);
    expect(texts).toEqual(["0Pending", "1Rejected", "0Completed"]);
    const tile = [...tiles.querySelectorAll("a")][1]!;
    fireEvent.click(tile);
    await waitFor(() => expect(location.history.at(-1)).toBe("/eMyTrack/rejected-list"));
  });

  it("shows the auditor's own rank on the dashboard, and the way to add an outlet", async () => {
    renderAt("/eMyTrack/dashboard");
    const rank = await screen.findByRole("region", { name: "Your rank" });
    expect(rank.textContent).toBe("Your rank3 of 10 · 120 points · 14 surveys accepted by QC");
    expect(screen.getByRole("link", { name: "Add an outlet" }).getAttribute("href")).toBe(
      "/eMyTrack/outlet-add",
    );
  });

  it("asks for its own list, with the search typed, and links each outlet to its page", async () => {
    renderAt("/eMyTrack/rejected-list");
    const card = await screen.findByRole("link", { name: /Royal Traders/ });
    expect(card.getAttribute("href")).toBe("/eMyTrack/outlet-detail/RS000036");
    expect(card.textContent).toContain("RS000036 · QC Rejected");
    expect(asked.at(-1)?.searchParams.get("list")).toBe("rejected");
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "royal" } });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get("search")).toBe("royal"));
    expect(asked.at(-1)?.searchParams.get("page")).toBe("1");
  });

  it("shows Page not found for an outlet the server does not show this auditor", async () => {
    renderAt("/eMyTrack/outlet-detail/RS000099");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(asked.at(-1)?.pathname).toMatch(/\/my-track\/outlets\/RS000099\/$/);
  });

  it("shows the survey's questions with their answers, read-only", async () => {
    renderAt("/eMyTrack/outlet-survey-listing/RS000036");
    expect(await screen.findByRole("heading", { name: "Questions and answers" })).toBeTruthy();
    for (const group of ["Shop Details", "Photos", "Stock Check"])
      expect(screen.getByRole("heading", { level: 3, name: group })).toBeTruthy();
    expect(answerOf("Shop name")).toBe("Royal Traders");
    expect(answerOf("Categories sold")).toBe("Snacks, Dairy");
    expect(answerOf("Daily footfall")).toBe("N/A");
    expect(answerOf("Shelf photos")).toBe("2 photos");
    expect(answerOf("Owner signature")).toBe("Not Answered");
    expect(answerOf("Facings")).toBe("Cola 250 ml: 4Salted chips 50 g: N/A");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("sends a visitor who is not signed in to the eMyTrack login", async () => {
    localStorage.clear();
    const location = renderAt("/eMyTrack/dashboard");
    await waitFor(() => expect(location.history.at(-1)).toBe("/eMyTrack/login"));
    expect(asked).toEqual([]);
  });
});
