/**
 * The pdfViewer machine's generated shortest paths, driven through the retailer area's PDF view:
 * the fetch answers through a faked device (the file, none, a failure), Try again, Download and
 * Open are pressed; after each step the screen must show what the state means and the device must
 * have been handed the file under its name. Also: the page's title and Back, the inline frame of a
 * browser that shows PDFs, and an address that names no document.
 */

import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import {
  documentFileName,
  PDF_VIEW_MSG,
  type PdfFile,
  type PdfLoad,
  type PdfViewRoute,
} from "../../src/domain/mobile/retailerDocuments";
import { type PdfDevice, PdfViewPage } from "../../src/ui/mobile/RetailerPdfView";
import { queryClient } from "../../src/ui/queryClient";
import { pdfViewerFixture } from "../machines/fixtures/pdfViewer";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: PdfLoad) => void; reject: (e: unknown) => void };
let pending: Deferred | null;
let loaded: string[];
let saved: { file: PdfFile; name: string }[];
let opened: PdfFile[];

const device = (inlinePdf: boolean): PdfDevice => ({
  load: (url) =>
    new Promise((resolve, reject) => {
      loaded.push(url);
      pending = { resolve, reject };
    }),
  save: (file, name) => saved.push({ file, name }),
  open: (file) => opened.push(file),
  inlinePdf,
});

beforeEach(() => {
  pending = null;
  loaded = [];
  saved = [];
  opened = [];
  vi.stubGlobal("fetch", async (input: string) => {
    const path = new URL(input, "http://localhost").pathname;
    if (path === "/api/retailer/outlets/RS000008/invoices/")
      return new Response(
        JSON.stringify({
          results: [
            {
              id: 12,
              amount_paid: "2125.00",
              program: "Visibility Drive",
              invoice_no: "RS/2026/12",
              created: "2026-11-07",
              sub_project_name: "Census",
              file: "/api/retailer/outlets/RS000008/invoices/12/pdf/",
            },
          ],
        }),
      );
    return new Response(JSON.stringify({ detail: "Not found." }), { status: 404 });
  });
  URL.createObjectURL = vi.fn(() => "blob:http://localhost/pdf-1");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderAt(route: PdfViewRoute, path: string, inlinePdf = false) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <PdfViewPage route={route} device={device(inlinePdf)} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const INVOICE = "/retailers/list-of-invoices/pdf-view?rsid=RS000008&invoice=12";
const URL_OF_INVOICE = "/api/retailer/outlets/RS000008/invoices/12/pdf/";
const paths = viewPaths(pdfViewerFixture);

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "xstate.done.actor.loadPdf":
      await act(async () => pending?.resolve(event.output as PdfLoad));
      return;
    case "xstate.error.actor.loadPdf":
      await act(async () => pending?.reject(new Error("offline")));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: PDF_VIEW_MSG.retry }));
      return;
    case "download":
      fireEvent.click(screen.getByRole("button", { name: PDF_VIEW_MSG.download }));
      return;
    case "open":
      fireEvent.click(screen.getByRole("button", { name: PDF_VIEW_MSG.open }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, context: { file: PdfFile | null; attempts: number }) {
  switch (state) {
    case "loading":
      await waitFor(() => expect(screen.getByRole("status").textContent).toBe(PDF_VIEW_MSG.loading));
      expect(loaded).toHaveLength(context.attempts);
      expect(loaded.every((u) => u === URL_OF_INVOICE)).toBe(true);
      return;
    case "shown":
      await waitFor(() => expect(screen.getByRole("button", { name: PDF_VIEW_MSG.download })).toBeTruthy());
      expect(screen.getByRole("button", { name: PDF_VIEW_MSG.open })).toBeTruthy();
      expect(screen.getByText(PDF_VIEW_MSG.noInlineViewer)).toBeTruthy();
      return;
    case "missing":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(PDF_VIEW_MSG.missing));
      expect(screen.queryByRole("button", { name: PDF_VIEW_MSG.retry })).toBeNull();
      return;
    case "failed":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toContain(PDF_VIEW_MSG.failed));
      expect(screen.getByRole("button", { name: PDF_VIEW_MSG.retry })).toBeTruthy();
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("the retailer's PDF view follows the pdfViewer machine", () => {
  it("the paths driven here reach every state", () => expectEveryStateReached(pdfViewerFixture, paths));

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    renderAt("invoices", INVOICE);
    const machine = model(pdfViewerFixture, input);
    await expectScreenFor(String(machine.initial.value), machine.initial.context);
    // Download and Open keep the page as it is, so shortest paths never take them: a path that ends
    // with the PDF shown presses both.
    const last = steps.at(-1)!.state.value;
    const extra = last === "shown" ? [{ event: { type: "download" } }, { event: { type: "open" } }] : [];
    for (const step of [...steps, ...extra]) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context);
      const file = snapshot.context.file;
      if (step.event.type === "download")
        expect(saved.at(-1)).toEqual({
          file,
          name: documentFileName("RS000008", { kind: "invoice", id: 12 }, file!.name),
        });
      if (step.event.type === "open") expect(opened.at(-1)).toBe(file);
    }
    expect(saved.length).toBe(extra.length / 2);
    expect(opened.length).toBe(extra.length / 2);
  });
});

describe("the PDF view's page", () => {
  it("titles the invoice by its number, shows the PDF inline where the browser can, and goes Back to the list", async () => {
    const location = renderAt("invoices", INVOICE, true);
    expect(await screen.findByRole("heading", { name: "Invoice RS/2026/12" })).toBeTruthy();
    await act(async () =>
      pending?.resolve({
        found: true,
        file: { blob: new Blob(["%PDF-1.7"]), name: "invoice-RS/2026/12.pdf" },
      }),
    );
    const frame = await screen.findByTitle("Invoice RS/2026/12");
    expect(frame.getAttribute("src")).toBe("blob:http://localhost/pdf-1");
    expect(screen.queryByRole("button", { name: PDF_VIEW_MSG.open })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: PDF_VIEW_MSG.download }));
    expect(saved[0]!.name).toBe("invoice-RS-2026-12.pdf");
    fireEvent.click(screen.getByRole("link", { name: "Back" }));
    expect(location.history?.at(-1)).toBe("/retailers/list-of-invoices?rsid=RS000008");
  });

  it("says the document is not available, without asking, when the address names none the route opens", async () => {
    renderAt("invoices", "/retailers/list-of-invoices/pdf-view?rsid=RS000008&statement=4");
    expect((await screen.findByRole("alert")).textContent).toBe(PDF_VIEW_MSG.missing);
    expect(loaded).toEqual([]);
  });

  it("opens a year's Form 16 from the dashboard's route and goes Back to Form 16", async () => {
    const location = renderAt("dashboard", "/retailers/pdf-view?rsid=RS000008&kind=form16&year=2025-26");
    expect(await screen.findByRole("heading", { name: "Form 16 2025-26" })).toBeTruthy();
    await waitFor(() => expect(loaded).toEqual(["/api/retailer/outlets/RS000008/form16/2025-26/pdf/"]));
    fireEvent.click(screen.getByRole("link", { name: "Back" }));
    expect(location.history?.at(-1)).toBe("/retailers/form16?rsid=RS000008");
  });
});
