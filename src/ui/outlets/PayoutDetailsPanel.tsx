/**
 * Payout Details (spec 001 §2.3, §4.6, §9), the payout roles' main tab: the payout list with its
 * three filters, search, ordering and pages of 15; a plotted row's Update Status opens the Payment
 * Confirmation (the bulk status update of the row's outlet, titled 'Add transaction details below');
 * a paid row with an invoice offers Download Invoice; then the latest transaction details. What is
 * shown and offered is read from the payoutDetails machine.
 */
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import type { ActionsConfigResponse } from "../../domain/outlets/actionsConfig";
import { NOT_AVAILABLE, orNotAvailable } from "../../domain/outlets/outletReview";
import {
  PAYMENT_CONFIRMATION_TITLE,
  PAYOUT_FILTERS,
  type PayoutRow,
  TRANSACTION_COLUMNS,
} from "../../domain/payouts/payouts";
import { bulkStatusUpdateMachine } from "../../machines/outlets/bulkStatusUpdate";
import { payoutDetailsMachine } from "../../machines/payouts/payoutDetails";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import DataTable, { type Column } from "../widgets/DataTable";
import BulkStatusModal from "./BulkStatusModal";
import { bulkStatusActors } from "./bulkStatusActors";
import { payoutDetailsActors } from "./payoutActors";

type PayoutActor = ActorRefFrom<typeof payoutDetailsMachine>;

/** §2.3 columns; the list orders by the cycles, the amount and the payment date. */
const COLUMNS: readonly Column<PayoutRow>[] = [
  { key: "rs_payout_month", header: "RS Payout Cycle", sortable: true },
  { key: "program", header: "Program Name" },
  { key: "client_payout_month", header: "Client Payout Cycle", sortable: true },
  { key: "amount", header: "Amount", sortable: true },
  { key: "payment_remarks", header: "Payment Remarks", render: (r) => orNotAvailable(r.payment_remarks) },
  { key: "payment_status", header: "Payment Status" },
  {
    key: "payment_date",
    header: "Payment Date",
    sortable: true,
    render: (r) => orNotAvailable(r.payment_date),
  },
  { key: "utr_number", header: "UTR", render: (r) => orNotAvailable(r.utr_number) },
];

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
  const filters = useSelector(actor, (s) => s.context.filters);
  const options = useSelector(actor, (s) => s.context.options);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  return (
    <div className="payout-filters">
      {PAYOUT_FILTERS.map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`payout-filter-${f.key}`}>{f.label}</label>
          <select
            id={`payout-filter-${f.key}`}
            value={filters[f.key][0] ?? ""}
            disabled={busy}
            onChange={(e) =>
              actor.send({ type: "filter.set", key: f.key, values: e.target.value ? [e.target.value] : [] })
            }
          >
            <option value="">All</option>
            {(options?.[f.object] ?? []).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

/** The list in the shared data table, whose page, order and search the machine reads; a row's actions are the machine's. */
function PayoutTable({ actor }: { actor: PayoutActor }) {
  const table = useSelector(actor, (s) => s.children.table);
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const loading = useSelector(actor, (s) => s.matches("loading"));
  const snapshot = useSelector(actor, (s) => s);
  if (!table) return null;
  return (
    <DataTable
      actor={table}
      caption="Payouts"
      columns={COLUMNS}
      rows={rows}
      total={count}
      loading={loading}
      rowId={(r) => String(r.id)}
      showRecordCount
      rowActions={(r) => (
        <>
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
        </>
      )}
    />
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
      <PayoutTable actor={actor} />
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
