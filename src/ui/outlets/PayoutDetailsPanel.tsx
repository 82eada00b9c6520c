/**
 * Payout Details (spec 001 §2.3, §4.6, §9), the payout roles' main tab: the payout list with its
 * three filters, search, ordering and pages of 15; a plotted row's Update Status opens the Payment
 * Confirmation (the bulk status update of the row's outlet, titled 'Add transaction details below');
 * a paid row with an invoice offers Download Invoice; then the latest transaction details. What is
 * shown and offered is read from the payoutDetails machine.
 */
import { useSelector } from "@xstate/react";
import { type FormEvent, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import type { ActionsConfigResponse } from "../../domain/actionsConfig";
import { NOT_AVAILABLE, orNotAvailable } from "../../domain/outletReview";
import {
  PAYMENT_CONFIRMATION_TITLE,
  PAYOUT_FILTERS,
  PAYOUT_ORDERINGS,
  PAYOUT_PAGE_SIZE,
  type PayoutOrdering,
  type PayoutRow,
  TRANSACTION_COLUMNS,
} from "../../domain/payouts";
import { bulkStatusUpdateMachine } from "../../machines/bulkStatusUpdate";
import { modalMachine } from "../../machines/modal";
import { payoutDetailsMachine } from "../../machines/payoutDetails";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import BulkStatusModal from "./BulkStatusModal";
import { bulkStatusActors } from "./bulkStatusActors";
import { payoutDetailsActors } from "./payoutActors";

type PayoutActor = ActorRefFrom<typeof payoutDetailsMachine>;

const COLUMNS = [
  "RS Payout Cycle",
  "Program Name",
  "Client Payout Cycle",
  "Amount",
  "Payment Remarks",
  "Payment Status",
  "Payment Date",
  "UTR",
  "Action",
] as const;

const ORDER_LABELS: Record<PayoutOrdering, string> = {
  rs_payout_month: "RS Payout Cycle, oldest first",
  "-rs_payout_month": "RS Payout Cycle, newest first",
  client_payout_month: "Client Payout Cycle, oldest first",
  "-client_payout_month": "Client Payout Cycle, newest first",
  amount: "Amount, lowest first",
  "-amount": "Amount, highest first",
  payment_date: "Payment Date, oldest first",
  "-payment_date": "Payment Date, newest first",
};

/** The Payment Confirmation: a bulk status update of the row's outlet, open while confirming. */
function PaymentConfirmation({
  row,
  config,
  actor,
  statusActors,
}: {
  row: PayoutRow;
  config: ActionsConfigResponse;
  actor: PayoutActor;
  statusActors: typeof bulkStatusActors;
}) {
  const modal = useLiveActorRef(modalMachine, { input: { open: true } }, (snapshot) => {
    if (snapshot.value === "closed") actor.send({ type: "payment.close" });
  });
  const outlets = useMemo(
    () => [
      {
        id: row.outlet_id,
        rsid: row.rsid,
        workflow_state: row.workflow_state,
        subProject: row.sub_project_type,
        version: row.version,
      },
    ],
    [row],
  );
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    return [now - 1, now];
  }, []);
  const status = useLiveActorRef(
    useProvided(bulkStatusUpdateMachine, {
      actors: statusActors,
      actions: { outletsChanged: () => actor.send({ type: "payment.recorded" }) },
    }),
    { input: { outlets, config, heading: PAYMENT_CONFIRMATION_TITLE } },
    (snapshot) => {
      if (snapshot.status === "done") modal.send({ type: "modal.close" });
    },
  );
  return <BulkStatusModal modal={modal} actor={status} years={years} />;
}

function Filters({ actor }: { actor: PayoutActor }) {
  const ctx = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get("search");
    actor.send({ type: "search.set", value: typeof value === "string" ? value : "" });
  };
  return (
    <div className="payout-filters">
      {PAYOUT_FILTERS.map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`payout-filter-${f.key}`}>{f.label}</label>
          <select
            id={`payout-filter-${f.key}`}
            value={ctx.filters[f.key][0] ?? ""}
            disabled={busy}
            onChange={(e) =>
              actor.send({ type: "filter.set", key: f.key, values: e.target.value ? [e.target.value] : [] })
            }
          >
            <option value="">All</option>
            {(ctx.options?.[f.object] ?? []).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="field">
        <label htmlFor="payout-ordering">Order by</label>
        <select
          id="payout-ordering"
          value={ctx.ordering ?? ""}
          disabled={busy}
          onChange={(e) =>
            actor.send({
              type: "order.set",
              ordering: (PAYOUT_ORDERINGS as readonly string[]).includes(e.target.value)
                ? (e.target.value as PayoutOrdering)
                : null,
            })
          }
        >
          <option value="">RS Payout Cycle, newest first</option>
          {PAYOUT_ORDERINGS.filter((o) => o !== "-rs_payout_month").map((o) => (
            <option key={o} value={o}>
              {ORDER_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <form className="payout-search" aria-label="Search payouts" onSubmit={search}>
        <label htmlFor="payout-search">Search</label>
        <input
          id="payout-search"
          name="search"
          type="search"
          defaultValue={ctx.search}
          placeholder="Program or UTR"
        />
        <button type="submit" className="button button-secondary" disabled={busy}>
          Search
        </button>
      </form>
    </div>
  );
}

function PayoutTable({ actor }: { actor: PayoutActor }) {
  const ctx = useSelector(actor, (s) => s.context);
  const snapshot = useSelector(actor, (s) => s);
  if (ctx.rows.length === 0) return <p>No Data Available</p>;
  const pages = Math.max(1, Math.ceil(ctx.count / PAYOUT_PAGE_SIZE));
  return (
    <>
      <section
        className="data-table data-table-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
        tabIndex={0}
        aria-label="Payouts rows"
      >
        <table className="payout-table" aria-label="Payouts">
          <thead>
            <tr>
              {COLUMNS.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ctx.rows.map((r) => (
              <tr key={r.id}>
                <td>{r.rs_payout_month}</td>
                <td>{r.program}</td>
                <td>{r.client_payout_month}</td>
                <td>{r.amount}</td>
                <td>{orNotAvailable(r.payment_remarks)}</td>
                <td>{r.payment_status}</td>
                <td>{orNotAvailable(r.payment_date)}</td>
                <td>{orNotAvailable(r.utr_number)}</td>
                <td>
                  {snapshot.can({ type: "payment.open", id: r.id }) && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => actor.send({ type: "payment.open", id: r.id })}
                    >
                      Update Status
                    </button>
                  )}
                  {snapshot.can({ type: "invoice.download", id: r.id }) && (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => actor.send({ type: "invoice.download", id: r.id })}
                    >
                      Download Invoice
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav className="payout-pages" aria-label="Payout pages">
        <button
          type="button"
          className="button button-secondary"
          disabled={!snapshot.can({ type: "page.go", page: ctx.page - 1 })}
          onClick={() => actor.send({ type: "page.go", page: ctx.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {ctx.page} of {pages} ({ctx.count} payout{ctx.count === 1 ? "" : "s"})
        </span>
        <button
          type="button"
          className="button button-secondary"
          disabled={!snapshot.can({ type: "page.go", page: ctx.page + 1 })}
          onClick={() => actor.send({ type: "page.go", page: ctx.page + 1 })}
        >
          Next
        </button>
      </nav>
    </>
  );
}

function LatestTransaction({ actor }: { actor: PayoutActor }) {
  const transaction = useSelector(actor, (s) => s.context.transaction);
  return (
    <section aria-labelledby="latest-transaction-title">
      <h3 id="latest-transaction-title">Latest transaction details</h3>
      <section
        className="data-table data-table-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
        tabIndex={0}
        aria-label="Latest transaction details rows"
      >
        <table aria-label="Latest transaction details">
          <thead>
            <tr>
              {TRANSACTION_COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {transaction ? (
              <tr>
                {TRANSACTION_COLUMNS.map((c) => (
                  <td key={c}>{orNotAvailable(transaction[c])}</td>
                ))}
              </tr>
            ) : (
              <tr>
                <td colSpan={TRANSACTION_COLUMNS.length}>{NOT_AVAILABLE}</td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </section>
  );
}

export default function PayoutDetailsPanel({
  slug,
  onOutletChanged,
  actors = payoutDetailsActors,
  statusActors = bulkStatusActors,
}: {
  slug: string;
  /** A payment moved the outlet: the review screen reads it again. */
  onOutletChanged: () => void;
  actors?: typeof payoutDetailsActors;
  statusActors?: typeof bulkStatusActors;
}) {
  const notify = useNotify();
  const actor = useLiveActorRef(
    useProvided(payoutDetailsMachine, {
      actors,
      actions: {
        outletChanged: onOutletChanged,
        notifyError: (_, { text }) => notify("failed", text),
      },
    }),
    { input: { slug } },
  );
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  if (state.matches("failed"))
    return (
      <div>
        <p role="alert" className="notice">
          The payouts could not be loaded.
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: "retry" })}>
          Retry
        </button>
      </div>
    );
  return (
    <div className="payout-details" aria-busy={state.hasTag("busy")}>
      <Filters actor={actor} />
      {state.matches("loading") && ctx.options === null ? <p>Loading…</p> : <PayoutTable actor={actor} />}
      <LatestTransaction actor={actor} />
      {state.matches("confirming") && ctx.confirming && ctx.config && (
        <PaymentConfirmation
          row={ctx.confirming}
          config={ctx.config}
          actor={actor}
          statusActors={statusActors}
        />
      )}
    </div>
  );
}
