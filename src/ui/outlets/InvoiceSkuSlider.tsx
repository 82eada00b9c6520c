/**
 * The invoice and SKU data editing slider (spec 002 §2.10, §5, §8; 001 §4.8, §5.4, §9), opened by
 * the Collected Bills group's New SKU Data tab and run by the invoiceSlider machine: one invoice at
 * a time with its number and date, header answers, SKU rows, add-on rows and image lists; Save
 * moves to the next invoice; a pending retailer request blocks it with the banner.
 */
import { useSelector } from "@xstate/react";
import type { ActorRefFrom, AnyActorRef } from "xstate";
import {
  headersOfInvoice,
  headerValues,
  INVOICE_DATE_LABEL,
  INVOICE_NUMBER_LABEL,
  isHeaderShown,
} from "../../domain/invoices/invoiceHeaders";
import {
  type AssignedSkuTemplateField,
  DELETE_ROW_QUESTION,
  type DraftRow,
  NO_SKU_ENTRIES,
  numberCellInput,
  pastedNumber,
  SKU_ROW_LISTS,
  type SkuRowList,
} from "../../domain/invoices/invoiceSkus";
import { IMAGE_SECTIONS, imageCaption } from "../../domain/invoices/invoices";
import { PENDING_RETAILER_EDITS } from "../../domain/outlets/retailerRequests";
import { splitChoices } from "../../domain/shared/choices";
import {
  type invoiceSliderMachine,
  ROW_TEXT_FIELDS,
  type RowTextField,
} from "../../machines/invoices/invoiceSlider";
import type { skuExportMachine } from "../../machines/invoices/skuExport";

type SliderActor = ActorRefFrom<typeof invoiceSliderMachine>;
type ExportActor = ActorRefFrom<typeof skuExportMachine>;

const ROW_LIST_TITLES: Record<SkuRowList, string> = {
  simplifiedinvoiceskudata: "SKU rows",
  simplifiedinvoiceaddonsku: "Add-on SKU rows",
};

const TEXT_LABELS: Record<RowTextField, string> = {
  add_on_sku: "Add-on name",
  manufacturer: "Manufacturer",
  brand: "Brand",
  variant: "Variant",
  sub_category: "Sub-category",
};

export default function InvoiceSkuSlider({
  actor,
  exporter,
  onClose,
}: {
  actor: SliderActor;
  exporter: ExportActor;
  onClose: () => void;
}) {
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const close = (
    <button type="button" className="button button-secondary button-small" onClick={onClose}>
      Close
    </button>
  );
  const frame = (body: React.ReactNode) => (
    <section className="sku-slider" aria-label="Invoice and SKU data">
      <header className="sku-slider-top">
        <h3>Invoice and SKU data</h3>
        {close}
      </header>
      {body}
    </section>
  );
  if (state.matches("loading")) return frame(<p className="muted">Loading invoices…</p>);
  if (state.matches("opening")) return frame(<p className="muted">Loading the invoice…</p>);
  if (state.matches("failed"))
    return frame(
      <p role="alert">
        {ctx.message}{" "}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actor.send({ type: "retry" })}
        >
          Try again
        </button>
      </p>,
    );
  if (state.matches("blocked"))
    return frame(
      <p className="notice outlet-pending-banner" role="alert">
        {PENDING_RETAILER_EDITS}
      </p>,
    );
  if (state.matches("empty") || !ctx.data || !ctx.invoice || !ctx.draft)
    return frame(<p className="muted">No invoice details found.</p>);

  const invoice = ctx.invoice;
  const draft = ctx.draft;
  const busy = state.hasTag("busy");
  const edit = ctx.data.isEdit && !state.matches("complete");
  const headers = headersOfInvoice(invoice);
  const values = headerValues(draft.answers);
  const savedIds = (list: SkuRowList) => invoice[list].map((r) => r.id as number);
  return frame(
    <>
      <nav className="sku-slider-nav" aria-label="Invoices">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={!state.can({ type: "invoice.previous" })}
          onClick={() => actor.send({ type: "invoice.previous" })}
        >
          ‹ Previous
        </button>
        <span>
          Invoice {ctx.index + 1} of {ctx.data.invoices.length}: {INVOICE_NUMBER_LABEL}{" "}
          {invoice.invoice_no || "N/A"} · {INVOICE_DATE_LABEL} {invoice.invoice_date || "N/A"}
          {invoice.is_complete ? " · Saved" : " · Pending"}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={!state.can({ type: "invoice.next" })}
          onClick={() => actor.send({ type: "invoice.next" })}
        >
          Next ›
        </button>
      </nav>
      {ctx.message && (
        <p
          role={state.matches("complete") ? "status" : "alert"}
          className={state.matches("complete") ? "notice" : "field-error"}
        >
          {ctx.message}
        </p>
      )}
      <div className="invoice-header-grid">
        {headers
          .filter((h) => isHeaderShown(h, values) && h.invoice_header_type !== "multiple_image")
          .map((h) => {
            const answer = draft.answers.find((a) => a.invoice_header === h.invoice_header);
            const id = `sku-slider-header-${h.invoice_header}`;
            const problem = ctx.problems[h.invoice_header_name];
            return (
              <div key={h.invoice_header} className="invoice-header-field">
                <label htmlFor={id}>
                  {h.invoice_header_name}
                  {h.is_mandatory && " *"}
                </label>
                <input
                  id={id}
                  value={answer?.single_input ?? ""}
                  disabled={!edit || busy}
                  onChange={(e) =>
                    actor.send({ type: "header.change", header: h.invoice_header, value: e.target.value })
                  }
                />
                {problem && <span className="field-error">{problem}</span>}
              </div>
            );
          })}
      </div>
      {SKU_ROW_LISTS.map((list) => (
        <RowTable
          key={list}
          title={ROW_LIST_TITLES[list]}
          list={list}
          rows={draft[list]}
          fields={ctx.data!.fields}
          listed={ctx.data!.listed.map((s) => s.name)}
          problems={ctx.problems}
          edit={edit}
          busy={busy}
          actor={actor}
        />
      ))}
      {draft.simplifiedinvoiceskudata.length === 0 && draft.simplifiedinvoiceaddonsku.length === 0 && (
        <p className="muted">{NO_SKU_ENTRIES}</p>
      )}
      <div className="sku-slider-images">
        {IMAGE_SECTIONS.map((section) => (
          <section key={section.kind} aria-label={section.title}>
            <h4>{section.title}</h4>
            {invoice.images[section.kind].length === 0 ? (
              <p className="muted">{section.empty}</p>
            ) : (
              <ul className="sku-slider-thumbs">
                {invoice.images[section.kind].map((image) => (
                  <li key={image.id}>
                    <a href={image.url} target="_blank" rel="noreferrer">
                      <img src={image.url} alt={imageCaption(image)} loading="lazy" />
                    </a>
                    <span>{imageCaption(image)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      {state.matches({ ready: "removing" }) && state.children.skuRow && (
        <RowDeleteQuestion
          row={state.children.skuRow}
          onCancel={() => actor.send({ type: "remove.cancel" })}
          onDelete={() => actor.send({ type: "remove.confirm" })}
        />
      )}
      <footer className="sku-slider-actions">
        {edit && (
          <>
            <button
              type="button"
              className="button"
              disabled={!state.can({ type: "save" })}
              onClick={() => actor.send({ type: "save" })}
            >
              {state.matches({ ready: "saving" }) ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!state.can({ type: "reset" })}
              onClick={() => actor.send({ type: "reset" })}
            >
              Reset
            </button>
          </>
        )}
        <ExportButtons
          exporter={exporter}
          skuRows={savedIds("simplifiedinvoiceskudata")}
          addOnRows={savedIds("simplifiedinvoiceaddonsku")}
        />
      </footer>
    </>,
  );
}

/** 001 §4.8: the saved row's delete, asked first; Delete waits while the skuRow machine calls. */
function RowDeleteQuestion({
  row,
  onCancel,
  onDelete,
}: {
  row: AnyActorRef;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const deleting = useSelector(row, (s) => s.value === "deleting");
  return (
    <div className="invoice-number-dialog" role="dialog" aria-label="Delete row">
      <p>{DELETE_ROW_QUESTION}</p>
      <button type="button" className="button button-secondary" disabled={deleting} onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="button" disabled={deleting} onClick={onDelete}>
        {deleting ? "Deleting…" : "Delete"}
      </button>
    </div>
  );
}

function RowTable({
  title,
  list,
  rows,
  fields,
  listed,
  problems,
  edit,
  busy,
  actor,
}: {
  title: string;
  list: SkuRowList;
  rows: readonly DraftRow[];
  fields: readonly AssignedSkuTemplateField[];
  listed: readonly string[];
  problems: Readonly<Record<string, string>>;
  edit: boolean;
  busy: boolean;
  actor: SliderActor;
}) {
  const addOn = list === "simplifiedinvoiceaddonsku";
  const listId = `sku-names-${list}`;
  if (rows.length === 0 && !edit) return null;
  return (
    <section className="sku-slider-rows" aria-label={title}>
      <h4>{title}</h4>
      <datalist id={listId}>
        {listed.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="sku-table-scroll">
        <table className="sku-table">
          <thead>
            <tr>
              {addOn && ROW_TEXT_FIELDS.map((f) => <th key={f}>{TEXT_LABELS[f]}</th>)}
              <th>SKU Name</th>
              <th>SKU code</th>
              {fields.map((f) => (
                <th key={f.id}>
                  {f.name}
                  {f.is_mandatory && " *"}
                </th>
              ))}
              {edit && <th aria-label="Row actions" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const problem = (key: string | number) => problems[`${list}.${i}.${key}`];
              const label = (what: string) => `${title} ${i + 1} ${what}`;
              return (
                <tr key={row.key}>
                  {addOn &&
                    ROW_TEXT_FIELDS.map((f) => (
                      <td key={f}>
                        <input
                          aria-label={label(TEXT_LABELS[f])}
                          value={row[f] ?? ""}
                          disabled={!edit || busy}
                          onChange={(e) =>
                            actor.send({
                              type: "row.text",
                              list,
                              key: row.key,
                              field: f,
                              value: e.target.value,
                            })
                          }
                        />
                      </td>
                    ))}
                  <td>
                    <input
                      aria-label={label("SKU Name")}
                      list={listId}
                      value={row.sku_name}
                      disabled={!edit || busy}
                      onChange={(e) =>
                        actor.send({ type: "row.sku", list, key: row.key, sku: null, name: e.target.value })
                      }
                    />
                    {problem("sku") && <span className="field-error">{problem("sku")}</span>}
                  </td>
                  <td>{row.sku_code ?? "N/A"}</td>
                  {fields.map((f) => (
                    <td key={f.id}>
                      <Cell
                        field={f}
                        value={row.values[f.id] ?? ""}
                        label={label(f.name)}
                        disabled={!edit || busy}
                        onValue={(value) =>
                          actor.send({ type: "row.value", list, key: row.key, field: f.id, value })
                        }
                      />
                      {problem(f.id) && <span className="field-error">{problem(f.id)}</span>}
                    </td>
                  ))}
                  {edit && (
                    <td>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={label("delete")}
                        disabled={busy}
                        onClick={() => actor.send({ type: "row.remove", list, key: row.key })}
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {edit && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy}
          onClick={() => actor.send({ type: "row.add", list })}
        >
          {addOn ? "Add add-on row" : "Add New Sku"}
        </button>
      )}
    </section>
  );
}

/** One SKU grid cell by its field's type (§5, §5.4). */
function Cell({
  field,
  value,
  label,
  disabled,
  onValue,
}: {
  field: AssignedSkuTemplateField;
  value: string;
  label: string;
  disabled: boolean;
  onValue: (value: string) => void;
}) {
  switch (field.type) {
    case "dropdown":
      return (
        <select
          aria-label={label}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.target.value)}
        >
          <option value="">Select</option>
          {splitChoices(field.validations.choices).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      );
    case "number":
      return (
        <input
          aria-label={label}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(numberCellInput(e.target.value))}
          onPaste={(e) => {
            e.preventDefault();
            onValue(pastedNumber(e.clipboardData.getData("text")));
          }}
        />
      );
    case "date":
    case "time":
      return (
        <input
          aria-label={label}
          type={field.type}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.target.value)}
        />
      );
    default:
      return (
        <input
          aria-label={label}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.target.value)}
        />
      );
  }
}

function ExportButtons({
  exporter,
  skuRows,
  addOnRows,
}: {
  exporter: ExportActor;
  skuRows: readonly number[];
  addOnRows: readonly number[];
}) {
  const state = useSelector(exporter, (s) => s);
  const busy = state.hasTag("busy");
  return (
    <span className="sku-slider-export">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || skuRows.length === 0}
        onClick={() => exporter.send({ type: "export", rows: skuRows, addOn: false })}
      >
        Export SKU rows (CSV)
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || addOnRows.length === 0}
        onClick={() => exporter.send({ type: "export", rows: addOnRows, addOn: true })}
      >
        Export add-on rows (CSV)
      </button>
      {state.context.message && <span role="status">{state.context.message}</span>}
      {state.context.file && (
        <a href={state.context.file} target="_blank" rel="noreferrer">
          Open the CSV
        </a>
      )}
    </span>
  );
}
