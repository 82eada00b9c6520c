/**
 * The retailer area's PDF view (docs/retailer-portal.md): the document is fetched with the
 * retailer's session and shown, or the page says it is not available (the server has no such
 * document for this retailer), or that it could not be opened, with Try again. Download and Open
 * hand the fetched file to the device.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { PdfFile, PdfLoad } from "../../domain/mobile/retailerDocuments";

export type PdfViewerInput = { url: string };
export type PdfViewerContext = { url: string; file: PdfFile | null; attempts: number };
export type PdfViewerEvent = { type: "retry" } | { type: "download" } | { type: "open" };

const loadOf = (event: unknown) => (event as DoneActorEvent<PdfLoad>).output;

export const pdfViewerMachine = setup({
  types: {} as { context: PdfViewerContext; events: PdfViewerEvent; input: PdfViewerInput },
  actors: {
    loadPdf: fromPromise<PdfLoad, { url: string }>(async () => {
      throw new Error("loadPdf is provided by the application");
    }),
  },
  actions: {
    savePdf: (_, _params: { file: PdfFile }) => {},
    openPdf: (_, _params: { file: PdfFile }) => {},
  },
  guards: {
    found: ({ event }) => loadOf(event).found,
  },
}).createMachine({
  id: "pdfViewer",
  description: "One of the retailer's PDFs, fetched with their session and shown inside the retailer area.",
  context: ({ input }) => ({ url: input.url, file: null, attempts: 1 }),
  initial: "loading",
  states: {
    // The outcomes come first: a target swapped to the first state is then never a no-op.
    shown: {
      description:
        "The PDF is on the page (or, where the phone cannot show it inline, Open); Download saves it.",
      on: {
        download: {
          actions: { type: "savePdf", params: ({ context }) => ({ file: context.file! }) },
        },
        open: {
          actions: { type: "openPdf", params: ({ context }) => ({ file: context.file! }) },
        },
      },
    },
    missing: {
      description: "The server has no such document for this retailer: 'The document is not available.'",
    },
    failed: {
      description:
        "The document could not be fetched (no connection, server error); Try again fetches it again.",
      on: {
        retry: { target: "loading", actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
    },
    loading: {
      tags: ["busy"],
      description: "Fetching the PDF with the retailer's session.",
      invoke: {
        id: "loadPdf",
        src: "loadPdf",
        input: ({ context }) => ({ url: context.url }),
        onDone: [
          {
            guard: "found",
            target: "shown",
            actions: assign({ file: ({ event }) => (event.output as { file: PdfFile }).file }),
          },
          { target: "missing" },
        ],
        onError: { target: "failed" },
      },
    },
  },
});
