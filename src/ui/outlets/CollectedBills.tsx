/**
 * The Collected Bills group of Survey Details (spec 001 §2.2, §4.2, §4.4, §4.8, §5.3, §8, §9; 002
 * §8), run by the collectedBills machine and its two children: a tab per invoice in the spec's
 * colours, the active invoice's headers laid out by their column spans and shown by their
 * show-logic, each §5.3 message under its header, Verify beside a GST or PAN header (its message
 * and the names found under it), the Edit Invoice Header dialog behind the pencil,
 * and the image icon opening the invoice image viewer in a new tab.
 */
import { useSelector } from "@xstate/react";
import { type CSSProperties, useCallback, useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import {
  headerColumnSpan,
  headerValues,
  INVOICE_DATE_LABEL,
  INVOICE_NUMBER_LABEL,
  invoiceTabColour,
  isHeaderShown,
  isVerifiableHeader,
  NEW_SKU_DATA_TAB,
} from "../../domain/invoices/invoiceHeaders";
import { billImagesPath } from "../../domain/invoices/invoices";
import { PENDING_RETAILER_EDITS } from "../../domain/outlets/retailerRequests";
import { collectedBillsMachine, headerForm } from "../../machines/invoices/collectedBills";
import type { invoiceHeaderFormMachine } from "../../machines/invoices/invoiceHeaderForm";
import { invoiceNumberDialogMachine } from "../../machines/invoices/invoiceNumberDialog";
import { invoiceSliderMachine } from "../../machines/invoices/invoiceSlider";
import { skuExportMachine } from "../../machines/invoices/skuExport";
import { skuRowMachine } from "../../machines/invoices/skuRow";
import type { Notify } from "../../machines/shared/notification";
import { collectedBillsActors } from "./collectedBillsActors";
import InvoiceSkuSlider from "./InvoiceSkuSlider";

/**
 * The Collected Bills machine with the application's calls and notifications: Survey Details runs
 * it as its group's child; a view test provides its own calls.
 */
export const provideCollectedBills = (
  notify: Notify,
  actors: typeof collectedBillsActors = collectedBillsActors,
  /** An invoice changed on the server: whatever shows it (QC Edit History, the lists) reads it again. */
  changed: () => void = () => {},
) =>
  collectedBillsMachine.provide({
    actors: {
      loadInvoices: actors.loadInvoices,
      createInvoice: actors.createInvoice,
      headerForm: headerForm.provide({
        actors: { saveHeaders: actors.saveHeaders, verify: actors.verify },
        actions: { notifySaved: (_, { text }) => notify("success", text) },
      }),
      numberDialog: invoiceNumberDialogMachine.provide({
        actors: { saveNumberDate: actors.saveNumberDate },
        actions: { notifySaved: (_, { text }) => notify("success", text) },
      }),
      skuSlider: invoiceSliderMachine.provide({
        actors: {
          loadSlider: actors.loadSlider,
          loadInvoice: actors.loadInvoice,
          saveInvoice: actors.saveInvoice,
          skuRow: skuRowMachine.provide({ actors: { deleteRow: actors.deleteRow } }),
        },
        actions: { announceChanged: changed },
      }),
      skuExport: skuExportMachine.provide({
        actors: { startExport: actors.startExport, readJob: actors.readJob },
      }),
    },
    actions: { notifyAdded: (_, { text }) => notify("success", text) },
  });

type BillsActor = ActorRefFrom<typeof collectedBillsMachine>;
type FormActor = ActorRefFrom<typeof invoiceHeaderFormMachine>;
type DialogActor = ActorRefFrom<typeof invoiceNumberDialogMachine>;
type SliderActor = ActorRefFrom<typeof invoiceSliderMachine>;
type ExportActor = ActorRefFrom<typeof skuExportMachine>;

/**
 * The tab strip tells the machine how far it overflows, when it is laid out and whenever its size
 * changes (a window resized, a tab added): the browser's measure at the edge, not another actor.
 */
function useMeasuredStrip(bills: BillsActor, tabs: number) {
  const strip = useRef<HTMLDivElement | null>(null);
  // A tab added or removed: the strip is measured and watched again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is why it runs again
  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      strip.current = el;
      if (!el) return;
      const report = () => bills.send({ type: "tabs.measure", overflow: el.scrollWidth - el.clientWidth });
      report();
      if (typeof ResizeObserver === "undefined") return;
      const watch = new ResizeObserver(report);
      watch.observe(el);
      for (const tab of el.children) watch.observe(tab);
      return () => watch.disconnect();
    },
    [bills, tabs],
  );
  return { strip, measure };
}

export default function CollectedBills({ actor: bills }: { actor: BillsActor }) {
  const state = useSelector(bills, (s) => s);
  const ctx = state.context;
  const { strip, measure } = useMeasuredStrip(bills, ctx.invoices.length);
  useEffect(() => strip.current?.scrollTo({ left: ctx.scroll, behavior: "smooth" }), [strip, ctx.scroll]);

  if (state.matches("loading")) return <p className="muted">Loading invoices…</p>;
  if (state.matches("failed"))
    return (
      <p role="alert">
        The invoices could not be loaded.{" "}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => bills.send({ type: "retry" })}
        >
          Retry
        </button>
      </p>
    );
  const slider = state.children.skuSlider as SliderActor | undefined;
  const exporter = state.children.skuExport as ExportActor | undefined;
  if (state.matches("sliding") && slider && exporter)
    return (
      <section className="collected-bills" aria-label="Collected Bills">
        <InvoiceSkuSlider
          actor={slider}
          exporter={exporter}
          onClose={() => bills.send({ type: "slider.close" })}
        />
      </section>
    );
  if (state.matches("noInvoices"))
    return (
      <section className="collected-bills" aria-label="Collected Bills">
        <p className="muted">No invoice details found.</p>
        {state.can({ type: "add.open" }) && <AddInvoiceButton bills={bills} />}
        {state.matches({ noInvoices: "adding" }) && <AddInvoiceDialog bills={bills} />}
      </section>
    );

  const invoice = ctx.invoices[ctx.active]!;
  const form = state.children.headerForm as FormActor | undefined;
  const dialog = state.children.numberDialog as DialogActor | undefined;
  return (
    <section className="collected-bills" aria-label="Collected Bills">
      <div className="collected-bills-tabs">
        <button
          type="button"
          className="button button-small"
          aria-label="Scroll tabs left"
          onClick={() => bills.send({ type: "tabs.scroll", direction: "left" })}
        >
          ‹
        </button>
        <div className="collected-bills-strip" ref={measure} role="tablist">
          {ctx.invoices.map((inv, i) => (
            <button
              key={inv.id}
              type="button"
              role="tab"
              aria-selected={i === ctx.active}
              className={`invoice-tab invoice-tab-${invoiceTabColour(i, ctx.active, ctx.lastSaved)}`}
              onClick={() => bills.send({ type: "tab.select", index: i })}
            >
              {inv.invoice_no || `Invoice ${i + 1}`}
            </button>
          ))}
          {/* §2.2: the New SKU Data tab opens the invoice and SKU data editing slider (002 §2.10). */}
          <button
            type="button"
            role="tab"
            aria-selected={false}
            className="invoice-tab invoice-tab-grey"
            onClick={() => bills.send({ type: "slider.open" })}
          >
            {NEW_SKU_DATA_TAB}
          </button>
        </div>
        <button
          type="button"
          className="button button-small"
          aria-label="Scroll tabs right"
          onClick={() => bills.send({ type: "tabs.scroll", direction: "right" })}
        >
          ›
        </button>
      </div>
      <header className="collected-bills-invoice">
        <span>
          {INVOICE_NUMBER_LABEL}: {invoice.invoice_no || "N/A"} · {INVOICE_DATE_LABEL}:{" "}
          {invoice.invoice_date || "N/A"}
        </span>
        {state.can({ type: "number.edit" }) && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label="Edit invoice number and date"
            onClick={() => bills.send({ type: "number.edit" })}
          >
            ✎
          </button>
        )}
        <a href={billImagesPath(ctx.workflowObject)} target="_blank" rel="noreferrer">
          Invoice images
        </a>
        {state.can({ type: "add.open" }) && <AddInvoiceButton bills={bills} />}
      </header>
      {state.matches({ invoice: "adding" }) && <AddInvoiceDialog bills={bills} />}
      {dialog && <NumberDialog actor={dialog} />}
      {slider && exporter ? (
        <InvoiceSkuSlider
          actor={slider}
          exporter={exporter}
          onClose={() => bills.send({ type: "slider.close" })}
        />
      ) : (
        form && <HeaderForm key={invoice.id} actor={form} />
      )}
    </section>
  );
}

function HeaderForm({ actor }: { actor: FormActor }) {
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const values = headerValues(ctx.answers);
  const busy = state.hasTag("busy");
  return (
    <form
      className="invoice-header-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: "save" });
      }}
    >
      {state.matches({ form: "refused" }) && (
        <p className="banner banner-warning" role="alert">
          {PENDING_RETAILER_EDITS}
        </p>
      )}
      <div className="invoice-header-grid">
        {ctx.headers
          .filter((h) => isHeaderShown(h, values))
          .map((h) => {
            const answer = ctx.answers.find((a) => a.invoice_header === h.invoice_header);
            const messages = ctx.errors.filter((e) => e.invoice_header === h.invoice_header);
            const id = `invoice-header-${h.invoice_header}`;
            return (
              <div
                key={h.invoice_header}
                className="invoice-header-field"
                style={{ "--header-span": headerColumnSpan(h.invoice_header_type) } as CSSProperties}
              >
                <label htmlFor={id}>
                  {h.invoice_header_name}
                  {h.is_mandatory && " *"}
                </label>
                {h.invoice_header_type === "multiple_image" ? (
                  <span id={id}>{answer?.image_count ?? 0} images</span>
                ) : (
                  <input
                    id={id}
                    value={answer?.single_input ?? ""}
                    disabled={!ctx.mayEdit || busy}
                    onChange={(e) =>
                      actor.send({ type: "header.change", header: h.invoice_header, value: e.target.value })
                    }
                  />
                )}
                {isVerifiableHeader(h.invoice_header_type) && answer && (
                  <span
                    className={`verification-badge verification-${answer.verified ? "verified" : "not-verified"}`}
                  >
                    {answer.verified ? "Verified" : "Not verified"}
                  </span>
                )}
                {isVerifiableHeader(h.invoice_header_type) && ctx.mayEdit && (
                  <button
                    type="button"
                    className="button button-secondary button-small invoice-header-verify"
                    aria-label={`Verify ${h.invoice_header_name}`}
                    disabled={!state.can({ type: "header.lookup", header: h.invoice_header })}
                    onClick={() => actor.send({ type: "header.lookup", header: h.invoice_header })}
                  >
                    {state.matches("lookingUp") && ctx.lookupHeader === h.invoice_header
                      ? "Verifying…"
                      : "Verify"}
                  </button>
                )}
                {ctx.lookupHeader === h.invoice_header && ctx.lookupMessage && (
                  <span role="status" className={answer?.verified ? "muted" : "field-error"}>
                    {ctx.lookupMessage}
                  </span>
                )}
                {answer?.gst_legal_name && <small>Legal name: {answer.gst_legal_name}</small>}
                {answer?.gst_trade_name && <small>Trade name: {answer.gst_trade_name}</small>}
                {answer?.gst_registration_status && (
                  <small>Registration status: {answer.gst_registration_status}</small>
                )}
                {answer?.pan_holder_name && <small>PAN holder: {answer.pan_holder_name}</small>}
                {messages.map((m) => (
                  <span key={m.message} className="field-error">
                    {m.message}
                  </span>
                ))}
              </div>
            );
          })}
      </div>
      {ctx.mayEdit && (
        <button type="submit" className="button" disabled={busy}>
          {state.matches("saving") ? "Saving…" : "Save"}
        </button>
      )}
    </form>
  );
}

function NumberDialog({ actor }: { actor: DialogActor }) {
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const busy = state.hasTag("busy");
  return (
    <div className="invoice-number-dialog" role="dialog" aria-label="Edit Invoice Header">
      <h3>Edit Invoice Header</h3>
      <label htmlFor="invoice-no">{INVOICE_NUMBER_LABEL}</label>
      <input
        id="invoice-no"
        value={ctx.invoice_no}
        disabled={busy}
        onChange={(e) => actor.send({ type: "number.change", value: e.target.value })}
      />
      {ctx.errors.invoice_no && <span className="field-error">{ctx.errors.invoice_no}</span>}
      <label htmlFor="invoice-date">{INVOICE_DATE_LABEL}</label>
      <input
        id="invoice-date"
        type="date"
        max={ctx.maxDate}
        value={ctx.invoice_date}
        disabled={busy}
        onChange={(e) => actor.send({ type: "date.change", value: e.target.value })}
      />
      {ctx.errors.invoice_date && <span className="field-error">{ctx.errors.invoice_date}</span>}
      {ctx.serverError && (
        <p className="field-error" role="alert">
          {ctx.serverError}
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: "save" })}>
        {busy ? "Saving…" : "Save"}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => actor.send({ type: "cancel" })}
      >
        Cancel
      </button>
    </div>
  );
}

function AddInvoiceButton({ bills }: { bills: BillsActor }) {
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => bills.send({ type: "add.open" })}
    >
      Add Invoice
    </button>
  );
}

/** Add Invoice: the number and date with the dialog's own rule; busy while it is sent. */
function AddInvoiceDialog({ bills }: { bills: BillsActor }) {
  const state = useSelector(bills, (s) => s);
  const ctx = state.context;
  const busy = state.hasTag("busy");
  return (
    <div className="invoice-number-dialog" role="dialog" aria-label="Add Invoice">
      <h3>Add Invoice</h3>
      <label htmlFor="new-invoice-no">{INVOICE_NUMBER_LABEL}</label>
      <input
        id="new-invoice-no"
        value={ctx.adding.invoice_no}
        disabled={busy}
        onChange={(e) => bills.send({ type: "add.number", value: e.target.value })}
      />
      {ctx.addErrors.invoice_no && <span className="field-error">{ctx.addErrors.invoice_no}</span>}
      <label htmlFor="new-invoice-date">{INVOICE_DATE_LABEL}</label>
      <input
        id="new-invoice-date"
        type="date"
        max={ctx.maxDate}
        value={ctx.adding.invoice_date}
        disabled={busy}
        onChange={(e) => bills.send({ type: "add.date", value: e.target.value })}
      />
      {ctx.addErrors.invoice_date && <span className="field-error">{ctx.addErrors.invoice_date}</span>}
      {ctx.addError && (
        <p className="field-error" role="alert">
          {ctx.addError}
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => bills.send({ type: "add.save" })}
      >
        {busy ? "Adding…" : "Add"}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => bills.send({ type: "add.cancel" })}
      >
        Cancel
      </button>
    </div>
  );
}
