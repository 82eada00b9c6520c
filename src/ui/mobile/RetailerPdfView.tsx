/**
 * The retailer area's PDF views (docs/retailer-portal.md): the document the address names, fetched
 * with the retailer's session and shown inside the area's phone column, with Back to the list it was
 * opened from and Download; the `pdfViewer` machine runs the page's lifecycle.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { fromPromise } from "xstate";
import {
  documentFileName,
  documentTitle,
  PDF_VIEW_MSG,
  type PdfFile,
  type PdfLoad,
  type PdfViewRoute,
  pdfViewBack,
  type RetailerDocument,
  readPdfView,
  retailerDocumentUrl,
} from "../../domain/mobile/retailerDocuments";
import { fetchRetailerPdf, invoicesQuery, statementsQuery } from "../../infra/api/mobile";
import { pdfViewerMachine } from "../../machines/mobile/pdfViewer";
import { useLiveMachine } from "../live/liveActors";
import { queryClient } from "../queryClient";
import { Spinner } from "../widgets/Controls";
import { MobileFrame } from "./MobilePages";
import { saveBlob } from "./pdfFiles";
import "./mobile.css";

/** What the page hands to the device; tests provide fakes. */
export type PdfDevice = {
  load: (url: string, rsid: string, signal: AbortSignal) => Promise<PdfLoad>;
  save: (file: PdfFile, name: string) => void;
  open: (file: PdfFile) => void;
  /** Whether the browser shows a PDF inside the page (phones often do not). */
  inlinePdf: boolean;
};

const browserDevice = (): PdfDevice => ({
  load: fetchRetailerPdf,
  save: (file, name) => saveBlob(file.blob, name),
  open: (file) => {
    const href = URL.createObjectURL(file.blob);
    if (!window.open(href, "_blank")) window.location.assign(href);
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  },
  inlinePdf: globalThis.navigator?.pdfViewerEnabled !== false,
});

/** The invoice number or report name, when the list the document belongs to names it. */
function useListedName(rsid: string, doc: RetailerDocument | null): string | null {
  const source = { kind: "retailer", rsid } as const;
  const invoices = useQuery({ ...invoicesQuery(source), enabled: doc?.kind === "invoice" });
  const statements = useQuery({ ...statementsQuery(source), enabled: doc?.kind === "statement" });
  if (doc?.kind === "invoice") return invoices.data?.results.find((i) => i.id === doc.id)?.invoice_no ?? null;
  if (doc?.kind === "statement")
    return statements.data?.results.find((s) => s.id === doc.id)?.report_name ?? null;
  return null;
}

/** The machine with the device's fetch, save and open. */
const viewerFor = (device: PdfDevice, rsid: string, doc: RetailerDocument) =>
  pdfViewerMachine.provide({
    actors: {
      loadPdf: fromPromise<PdfLoad, { url: string }>(({ input, signal }) =>
        device.load(input.url, rsid, signal),
      ),
    },
    actions: {
      savePdf: (_, { file }) => device.save(file, documentFileName(rsid, doc, file.name)),
      openPdf: (_, { file }) => device.open(file),
    },
  });

/** A blob URL for the shown file, let go when the file changes or the page closes. */
function useObjectUrl(file: PdfFile | null): string | null {
  const href = useMemo(() => (file ? URL.createObjectURL(file.blob) : null), [file]);
  useEffect(() => () => (href ? URL.revokeObjectURL(href) : undefined), [href]);
  return href;
}

function Viewer({
  rsid,
  document: doc,
  title,
  device,
}: {
  rsid: string;
  document: RetailerDocument;
  title: string;
  device: PdfDevice;
}) {
  // The page is keyed by the document, so the machine is made once for it.
  const [machine] = useState(() => viewerFor(device, rsid, doc));
  const [state, send] = useLiveMachine(machine, {
    input: { url: retailerDocumentUrl(rsid, doc) },
  });
  const href = useObjectUrl(state.matches("shown") ? state.context.file : null);
  if (state.matches("loading")) return <Spinner label={PDF_VIEW_MSG.loading} />;
  if (state.matches("missing"))
    return (
      <p className="mobile-empty" role="alert">
        {PDF_VIEW_MSG.missing}
      </p>
    );
  if (state.matches("failed"))
    return (
      <div className="mobile-empty" role="alert">
        <p>{PDF_VIEW_MSG.failed}</p>
        <button type="button" className="button button-primary" onClick={() => send({ type: "retry" })}>
          {PDF_VIEW_MSG.retry}
        </button>
      </div>
    );
  return (
    <section className="pdf-view" aria-label={title}>
      <p className="pdf-view-actions">
        <button type="button" className="button button-primary" onClick={() => send({ type: "download" })}>
          {PDF_VIEW_MSG.download}
        </button>
        {device.inlinePdf ? null : (
          <button type="button" className="button button-secondary" onClick={() => send({ type: "open" })}>
            {PDF_VIEW_MSG.open}
          </button>
        )}
      </p>
      {device.inlinePdf && href ? (
        <iframe className="pdf-view-frame" src={href} title={title} />
      ) : (
        <p className="mobile-sub">{PDF_VIEW_MSG.noInlineViewer}</p>
      )}
    </section>
  );
}

export function PdfViewPage({ route, device }: { route: PdfViewRoute; device?: PdfDevice }) {
  const { rsid, document: doc } = readPdfView(route, useSearch());
  const title = documentTitle(doc, useListedName(rsid, doc));
  const shown = useMemo(() => device ?? browserDevice(), [device]);
  return (
    <MobileFrame title={title} back={pdfViewBack(route, rsid, doc)}>
      {doc ? (
        <Viewer
          key={retailerDocumentUrl(rsid, doc)}
          rsid={rsid}
          document={doc}
          title={title}
          device={shown}
        />
      ) : (
        <p className="mobile-empty" role="alert">
          {PDF_VIEW_MSG.missing}
        </p>
      )}
    </MobileFrame>
  );
}

const page = (route: PdfViewRoute) =>
  function RetailerPdfView() {
    return (
      <QueryClientProvider client={queryClient}>
        <PdfViewPage route={route} />
      </QueryClientProvider>
    );
  };

export const InvoicePdfView = page("invoices");
export const StatementPdfView = page("statements");
export const DashboardPdfView = page("dashboard");
