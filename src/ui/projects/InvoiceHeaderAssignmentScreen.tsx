/**
 * A sub-project's invoice headers (000 §2.1 assign-invoice-sku/invoice-header): the template its
 * invoices ask, or its own header list put in order with Up and Down. Loading, editing, saving and
 * a version conflict are the invoiceAssignment machine; buttons follow what it can take.
 */
import { useState } from "react";
import { Link, useParams } from "wouter";
import { ASSIGN_INVOICE_SKU, projectInvoiceHeaders } from "../../domain/admin/resources/invoiceSetup";
import { SkuTemplateId } from "../../domain/api/ids";
import { type HeaderOption, maySetUpInvoices } from "../../domain/invoices/invoiceSetup";
import { pathFor } from "../../domain/shared/routePatterns";
import { invoiceAssignmentMachine } from "../../machines/invoices/invoiceAssignment";
import { useLiveMachine } from "../live/liveActors";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { invoiceAssignmentActors } from "./projectActors";
import { hubPath } from "./projectPaths";
import "./projects.css";

const headerLabel = (h: HeaderOption) =>
  `${h.header} (${h.header_type.replace(/_/g, " ")})${h.is_mandatory ? " *" : ""}`;

export default function InvoiceHeaderAssignmentScreen({
  actors,
}: {
  actors?: Partial<typeof invoiceAssignmentActors>;
}) {
  const params = useParams<{ projectSlug: string; slug: string }>();
  const user = useCurrentUser();
  const allowed = maySetUpInvoices(user?.permissions ?? [], user?.organisation.kind === "internal");
  const [state, send] = useLiveMachine(
    invoiceAssignmentMachine.provide({ actors: { ...invoiceAssignmentActors, ...actors } }),
    { input: { projectSlug: params.projectSlug, slug: params.slug } },
  );
  const [adding, setAdding] = useState("");
  const { setup, mode, template, headers, problem, notice } = state.context;
  const place = { projectSlug: params.projectSlug, slug: params.slug };

  if (!allowed || state.matches("notFound"))
    return (
      <div className="page">
        <h1>Page not found</h1>
      </div>
    );
  if (state.matches("loading")) return <Loading />;
  if (state.matches("loadFailed") || !setup)
    return (
      <div className="page">
        <div className="form-messages form-messages-error" role="alert">
          <p>{problem}</p>
          <button type="button" className="button button-secondary" onClick={() => send({ type: "reload" })}>
            Try again
          </button>
        </div>
      </div>
    );

  const busy = state.hasTag("busy");
  const editing = state.matches("editing");
  const unused = setup.catalogue.filter((h) => !headers.some((c) => c.id === h.id));
  return (
    <div className="page" aria-busy={busy}>
      <div className="page-heading">
        <h1>Invoice headers of {setup.sub_project.name}</h1>
        <Link className="button button-secondary" href={pathFor(ASSIGN_INVOICE_SKU, place)}>
          Back to Assign invoice SKU
        </Link>
        <Link className="button button-secondary" href={hubPath(place.projectSlug, place.slug)}>
          Back to the sub-project
        </Link>
        {/* A header the catalogue lacks is made first, for a template or this list alike. */}
        <Link className="button button-secondary" href={pathFor(projectInvoiceHeaders.routes.create!, place)}>
          Create a new header
        </Link>
      </div>
      <p className="page-lead">
        An invoice of this sub-project asks the headers of one invoice template, or its own list of headers in
        the order set here.
      </p>
      <form
        className="card dashboard-section"
        aria-labelledby="invoice-headers-choice"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: "save" });
        }}
      >
        <h2 id="invoice-headers-choice">What the invoice asks</h2>
        <fieldset className="assignment-mode" disabled={!editing}>
          <legend>Headers from</legend>
          <label>
            <input
              type="radio"
              name="mode"
              checked={mode === "template"}
              onChange={() => send({ type: "useTemplate", template })}
            />{" "}
            An invoice template
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              checked={mode === "headers"}
              onChange={() => send({ type: "useHeaders" })}
            />{" "}
            This sub-project's own header list
          </label>
        </fieldset>
        {mode === "template" ? (
          <label className="field">
            <span>Invoice template</span>
            <select
              value={template ?? ""}
              disabled={!editing}
              onChange={(e) =>
                send({
                  type: "useTemplate",
                  template: e.target.value ? SkuTemplateId.make(Number(e.target.value)) : null,
                })
              }
            >
              <option value="">Choose a template</option>
              {setup.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <>
            {headers.length === 0 ? (
              <p>No header yet: add one below.</p>
            ) : (
              <ol className="header-order" aria-label="Header order">
                {headers.map((h, i) => (
                  <li key={h.id}>
                    <span>{headerLabel(h)}</span>
                    <span className="header-order-actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Move ${h.header} up`}
                        disabled={!editing || i === 0}
                        onClick={() => send({ type: "moveHeader", from: i, to: i - 1 })}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Move ${h.header} down`}
                        disabled={!editing || i === headers.length - 1}
                        onClick={() => send({ type: "moveHeader", from: i, to: i + 1 })}
                      >
                        Down
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Remove ${h.header}`}
                        disabled={!editing}
                        onClick={() => send({ type: "removeHeader", id: h.id })}
                      >
                        Remove
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <div className="header-add">
              <label className="field">
                <span>Add a header</span>
                <select value={adding} disabled={!editing} onChange={(e) => setAdding(e.target.value)}>
                  <option value="">Choose a header</option>
                  {unused.map((h) => (
                    <option key={h.id} value={h.id}>
                      {headerLabel(h)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="button button-secondary"
                disabled={!editing || adding === ""}
                onClick={() => {
                  send({ type: "addHeader", id: Number(adding) });
                  setAdding("");
                }}
              >
                Add
              </button>
            </div>
          </>
        )}
        {problem && (
          <div role="alert" className="form-messages form-messages-error">
            <p>{problem}</p>
            {state.matches("conflict") && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => send({ type: "reload" })}
              >
                Reload
              </button>
            )}
          </div>
        )}
        {notice && (
          <p role="status" className="form-messages form-messages-info">
            {notice}
          </p>
        )}
        <button type="submit" className="button" disabled={busy || !state.can({ type: "save" })}>
          {busy ? "Saving…" : "Save"}
        </button>
      </form>
    </div>
  );
}
