/**
 * The bulk status update modal (spec 000 §2.3): Update Status (or a supplied heading), the status
 * dropdown, the chosen action's extra fields, Save; Processing..., Done with Okay, the server's 400
 * lines on the form in words a user reads (each also at its field), or Error with Try Again. Done
 * shows the server's own words ("Updated 2 outlets."). 520 px wide.
 */
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { fieldLabel, messagesByField, readableLine, readFieldLine } from "../../domain/outlets/fieldLines";
import { allowsSeveralReasons, REASON_DESCRIPTION_FIELD } from "../../domain/outlets/workflowActions";
import { MSG } from "../../domain/shared/messages";
import type { bulkStatusUpdateMachine } from "../../machines/outlets/bulkStatusUpdate";
import { Checkbox, FieldErrorList, LoadingButton, Spinner, TextArea } from "../widgets/Controls";
import Modal, { type ModalActor } from "../widgets/Modal";
import ExtraField from "./ExtraField";

const STATUS_WIDTH_PX = 520;
const STATUS_FIELD = "action_type";
const CHAIN_FIELD = "chain_rsids";
const NO_MESSAGES: readonly string[] = [];

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
  const ctx = useSelector(actor, (s) => s.context);
  const editing = useSelector(actor, (s) => s.hasTag("editing"));
  const saving = useSelector(actor, (s) => s.matches("saving"));
  const done = useSelector(actor, (s) => s.matches("done"));
  const failed = useSelector(actor, (s) => s.matches("failed"));
  const loadingChain = useSelector(actor, (s) => s.matches("loadingChain"));
  const canSave = useSelector(actor, (s) => s.can({ type: "status.save" }));
  // What the machine accepts decides what the form shows: no rule is worked out again here.
  const asksChain = useSelector(actor, (s) => s.can({ type: "chain.toggle", rsid: "" }));
  const asksDescription = useSelector(actor, (s) => s.can({ type: "description.change", value: "" }));
  const chosen = ctx.offered.find((a) => a.name === ctx.action) ?? null;

  // The server's lines in words: each field's label, with its messages also shown at the field.
  const { readable, byField } = useMemo(() => {
    const labels: Record<string, string> = {};
    for (const [key, field] of Object.entries(chosen?.extra_data ?? {})) labels[key] = field.display_name;
    const lines = ctx.lines.map(readFieldLine);
    return { readable: lines.map((l) => readableLine(l, labels)), byField: messagesByField(lines) };
  }, [ctx.lines, chosen]);
  const errorsOf = (field: string) => byField[field] ?? NO_MESSAGES;

  return (
    <Modal actor={modal} title={ctx.heading} width={STATUS_WIDTH_PX}>
      {saving && (
        <div className="bulk-status-progress" role="status">
          <Spinner label="Processing..." />
          <p className="bulk-status-title">Processing...</p>
          <p>Updating Outlet Details.</p>
        </div>
      )}
      {done && (
        <div className="bulk-status-result" role="status">
          <p className="bulk-status-title">Done</p>
          {ctx.doneDetail && <p>{ctx.doneDetail}</p>}
          <button type="button" className="button" onClick={() => actor.send({ type: "done.okay" })}>
            Okay
          </button>
        </div>
      )}
      {failed && (
        <div className="bulk-status-result" role="alert">
          <p className="bulk-status-title">Error</p>
          <p>{MSG.somethingWentWrong}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "error.retry" })}>
            Try Again
          </button>
        </div>
      )}
      {editing && (
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
          {readable.length > 0 && (
            <div role="alert" className="bulk-status-errors">
              <ul aria-label="The server did not accept the update">
                {readable.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          {ctx.offered.length === 0 ? (
            <p className="notice">{MSG.noActionsAvailable}</p>
          ) : (
            <div className="field">
              <label htmlFor="bulk-status-action">{fieldLabel(STATUS_FIELD, {})}</label>
              <select
                id="bulk-status-action"
                value={ctx.action ?? ""}
                aria-invalid={errorsOf(STATUS_FIELD).length > 0 || undefined}
                aria-describedby={errorsOf(STATUS_FIELD).length > 0 ? "bulk-status-action-errors" : undefined}
                onChange={(e) => actor.send({ type: "action.choose", action: e.target.value })}
              >
                <option value="">Select an option</option>
                {ctx.offered.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.display_name}
                  </option>
                ))}
              </select>
              <FieldErrorList id="bulk-status-action-errors" errors={errorsOf(STATUS_FIELD)} />
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
                errors={errorsOf(key)}
                onChange={(value) => actor.send({ type: "field.change", key, value })}
                onToggleReason={(reason) => actor.send({ type: "reason.toggle", key, reason })}
              />
            ))}
          {asksDescription && (
            <TextArea
              label={fieldLabel(REASON_DESCRIPTION_FIELD, {})}
              value={ctx.description}
              errors={errorsOf(REASON_DESCRIPTION_FIELD)}
              onChange={(value) => actor.send({ type: "description.change", value })}
            />
          )}
          {loadingChain && <Spinner label="Loading the chain RSIDs" />}
          {asksChain && ctx.chain && (
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
              <FieldErrorList id="bulk-status-chain-errors" errors={errorsOf(CHAIN_FIELD)} />
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
