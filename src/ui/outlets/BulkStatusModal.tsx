/**
 * The bulk status update modal (spec 000 §2.3): Update Status (or a supplied heading), the status
 * dropdown, the chosen action's extra fields, Save; Processing..., Done with Okay, the server's 400
 * lines on the form, or Error with Try Again. 520 px wide.
 */
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { needsChainConfirmation } from "../../domain/extraFields";
import { MSG } from "../../domain/messages";
import { allowsSeveralReasons } from "../../domain/workflowActions";
import type { bulkStatusUpdateMachine } from "../../machines/bulkStatusUpdate";
import { Checkbox, LoadingButton, Spinner, TextArea } from "../widgets/Controls";
import Modal, { type ModalActor } from "../widgets/Modal";
import ExtraField from "./ExtraField";

const STATUS_WIDTH_PX = 520;

export type BulkStatusActor = ActorRefFrom<typeof bulkStatusUpdateMachine>;

/** The dialog over a bulk status update actor started by the list for its selection. */
export default function BulkStatusModal({
  modal,
  actor,
  years,
}: {
  modal: ModalActor;
  actor: BulkStatusActor;
  /** The years the date pickers offer. */
  years: readonly number[];
}) {
  const state = useSelector(actor, (s) => s.value);
  const ctx = useSelector(actor, (s) => s.context);
  const canSave = useSelector(actor, (s) => s.can({ type: "status.save" }));
  const chosen = ctx.offered.find((a) => a.name === ctx.action) ?? null;
  const reasonText = Object.values(ctx.values).join(";");
  const takesReasons = chosen
    ? Object.keys(chosen.extra_data).some((k) => chosen.extra_data[k]!.choices.length > 0)
    : false;

  return (
    <Modal actor={modal} title={ctx.heading} width={STATUS_WIDTH_PX}>
      {state === "saving" && (
        <div className="bulk-status-progress" role="status">
          <Spinner label="Processing..." />
          <p className="bulk-status-title">Processing...</p>
          <p>Updating Outlet Details.</p>
        </div>
      )}
      {state === "done" && (
        <div className="bulk-status-result" role="status">
          <p className="bulk-status-title">Done</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "done.okay" })}>
            Okay
          </button>
        </div>
      )}
      {state === "failed" && (
        <div className="bulk-status-result" role="alert">
          <p className="bulk-status-title">Error</p>
          <p>{MSG.somethingWentWrong}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "error.retry" })}>
            Try Again
          </button>
        </div>
      )}
      {(state === "form" || state === "loadingChain") && (
        <form
          className="bulk-status-form"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: "status.save" });
          }}
        >
          <p className="page-lead">
            {ctx.outlets.length} outlet{ctx.outlets.length === 1 ? "" : "s"} selected
          </p>
          {ctx.lines.length > 0 && (
            <div role="alert" className="bulk-status-errors">
              <ul aria-label="The server did not accept the update">
                {ctx.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          {ctx.offered.length === 0 ? (
            <p className="notice">{MSG.noActionsAvailable}</p>
          ) : (
            <div className="field">
              <label htmlFor="bulk-status-action">Status</label>
              <select
                id="bulk-status-action"
                value={ctx.action ?? ""}
                onChange={(e) => actor.send({ type: "action.choose", action: e.target.value })}
              >
                <option value="">Select an option</option>
                {ctx.offered.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.display_name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {chosen &&
            Object.entries(chosen.extra_data).map(([key, field]) => (
              <ExtraField
                key={`${chosen.name}-${key}`}
                name={key}
                field={field}
                value={ctx.values[key] ?? ""}
                several={allowsSeveralReasons(chosen.name)}
                years={years}
                onChange={(value) => actor.send({ type: "field.change", key, value })}
                onToggleReason={(reason) => actor.send({ type: "reason.toggle", key, reason })}
              />
            ))}
          {chosen && takesReasons && (
            <TextArea
              label="Reason description"
              value={ctx.description}
              onChange={(value) => actor.send({ type: "description.change", value })}
            />
          )}
          {state === "loadingChain" && <Spinner label="Loading the chain RSIDs" />}
          {state === "form" && needsChainConfirmation(reasonText) && ctx.chain && (
            <fieldset className="field chain-list">
              <legend>Confirm the chain RSIDs</legend>
              {ctx.chainError && <p role="alert">{ctx.chainError}</p>}
              {ctx.chain.length === 0 && !ctx.chainError && <p>{MSG.noDataAvailable}</p>}
              {ctx.chain.map((c) => (
                <Checkbox
                  key={c.rsid}
                  label={`${c.rsid} ${c.name}`}
                  checked={ctx.chainChecked.includes(c.rsid)}
                  onChange={() => actor.send({ type: "chain.toggle", rsid: c.rsid })}
                />
              ))}
            </fieldset>
          )}
          {ctx.offered.length > 0 && (
            <div className="modal-actions">
              <LoadingButton type="submit" loading={false} disabled={!canSave}>
                Save
              </LoadingButton>
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
