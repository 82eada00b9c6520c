/**
 * IFSC change verification (000 route list; the IFSC sample's Custom IFSC Update leads here): one
 * IFSC master row (`bank_codes`) looked up, added or changed with a reason, and the master's audit
 * trail. IFSC Validate reads bank and branch from this master, so a change shows on the next check.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { ifscProblems } from "../../domain/survey/surveyValidation";
import { canUseUploadType, UPLOAD_TYPES } from "../../domain/uploads/uploadTypes";
import { type IfscMasterChange as Change, normalisedValue } from "../../domain/verification/verification";
import { ifscMasterChanges, verificationKeys } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { ifscMasterEditMachine } from "../../machines/verification/ifscMasterEdit";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import { showDateTime } from "../uploads/dates";
import { LoadingButton, TextArea, TextInput } from "../widgets/Controls";
import HeldRowsTable, { type HeldColumn, textColumn } from "../widgets/HeldRowsTable";
import { ifscMasterActors } from "./ifscMasterActors";
import { NotForYou } from "./VerifierOnly";

type IfscMasterChange = typeof Change.Type;

const TITLE = "IFSC change verification";

const CHANGE_COLUMNS: readonly HeldColumn<IfscMasterChange>[] = [
  {
    ...textColumn<IfscMasterChange>("created", "When", (c) => showDateTime(c.created)),
    value: (c) => c.created,
  },
  textColumn<IfscMasterChange>("ifsc_code", "IFSC", (c) => c.ifsc_code),
  textColumn<IfscMasterChange>("before", "Before", (c) =>
    c.before ? `${c.before.bank}, ${c.before.branch}` : "Not in the master",
  ),
  textColumn<IfscMasterChange>("after", "After", (c) => `${c.after.bank}, ${c.after.branch}`),
  textColumn<IfscMasterChange>("reason", "Reason", (c) => c.reason),
  textColumn<IfscMasterChange>("changed_by", "By", (c) => c.changed_by),
];

/** A list of master changes; the looked-up code's own list is the page's second table. */
function Changes({
  changes,
  caption,
  loading = false,
  prefix,
}: {
  changes: readonly IfscMasterChange[];
  caption: string;
  loading?: boolean;
  prefix?: string;
}) {
  return (
    <HeldRowsTable
      caption={caption}
      columns={CHANGE_COLUMNS}
      rows={changes}
      rowId={(c) => String(c.id)}
      loading={loading}
      prefix={prefix}
    />
  );
}

/** The row of one looked-up code: what the master holds, and the form that changes it. */
export function MasterRowEditor({
  code,
  actors = ifscMasterActors,
}: {
  code: string;
  /** The master's calls; a view test passes its own. */
  actors?: typeof ifscMasterActors;
}) {
  const notify = useNotify();
  const queries = useQueryClient();
  const editor = useLiveActorRef(
    useProvided(ifscMasterEditMachine, {
      actors,
      actions: {
        notifySaved: (_, { text }) => {
          // The page's latest changes show the new line.
          void queries.invalidateQueries({ queryKey: verificationKeys.ifscMaster });
          notify("success", text);
        },
      },
    }),
    { input: { code } },
  );
  const state = useSelector(editor, (s) => s);
  const ctx = state.context;
  if (state.matches("loading")) return <p>Reading the IFSC master…</p>;
  if (state.matches("failed") || !ctx.answer)
    return (
      <p role="alert">
        The IFSC master could not be read.{" "}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => editor.send({ type: "retry" })}
        >
          Try again
        </button>
      </p>
    );
  const current = ctx.answer.row;
  return (
    <>
      <div className="verification-result" role="status">
        <p>
          {current
            ? `The IFSC master holds ${code}: ${current.bank}, ${current.branch}.`
            : `The IFSC master does not hold ${code}.`}{" "}
          {ctx.answer.issued ? "It is an issued IFSC code." : "It is not an issued IFSC code."}
        </p>
      </div>
      <form
        aria-label={`Change ${code}`}
        onSubmit={(e) => {
          e.preventDefault();
          editor.send({ type: "save" });
        }}
      >
        <div className="verification-fields">
          <TextInput
            label="Bank"
            maxLength={200}
            value={ctx.bank}
            onChange={(e) => editor.send({ type: "bank.change", value: e.target.value })}
          />
          <TextInput
            label="Branch"
            maxLength={200}
            value={ctx.branch}
            onChange={(e) => editor.send({ type: "branch.change", value: e.target.value })}
          />
        </div>
        <TextArea
          label="Reason for the change"
          maxLength={500}
          value={ctx.reason}
          placeholder="Why the bank or branch changes"
          onChange={(value) => editor.send({ type: "reason.change", value })}
        />
        <LoadingButton type="submit" loading={state.hasTag("busy")} disabled={!state.can({ type: "save" })}>
          {current ? "Save change" : "Add to the master"}
        </LoadingButton>
        {ctx.message && (
          <p className="verification-refused" role="alert">
            {ctx.message}
          </p>
        )}
      </form>
      <h3>Changes of {code}</h3>
      <Changes changes={ctx.answer.changes} caption={`Changes of ${code}`} prefix="code-" />
    </>
  );
}

export default function IfscChangeScreen() {
  const user = useCurrentUser();
  const [typed, setTyped] = useState("");
  const [code, setCode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const allowed = user !== null && canUseUploadType(UPLOAD_TYPES.bank_code, user);
  const latest = useQuery({
    queryKey: [...verificationKeys.ifscMaster, "changes"],
    queryFn: () => runApi(ifscMasterChanges()),
    enabled: allowed,
  });
  if (!user) return null;
  if (!allowed)
    return <NotForYou title={TITLE} who="The IFSC master is changed by those who upload IFSC bank codes." />;
  return (
    <div className="page">
      <h1>{TITLE}</h1>
      <section className="card verification-form" aria-labelledby="ifsc-row-title">
        <h2 id="ifsc-row-title">Add or change an IFSC</h2>
        <form
          className="verification-lookup"
          onSubmit={(e) => {
            e.preventDefault();
            const wanted = normalisedValue(typed);
            const [first = null] = ifscProblems("IFSC Code", wanted);
            setProblem(first);
            setCode(first ? null : wanted);
          }}
        >
          <TextInput
            label="IFSC code"
            maxLength={11}
            placeholder="SBIN0001234"
            value={typed}
            errors={problem ? [problem] : []}
            onChange={(e) => setTyped(e.target.value.toUpperCase())}
          />
          <button type="submit" className="button">
            Look up
          </button>
        </form>
        {code && <MasterRowEditor key={code} code={code} />}
      </section>
      <section className="card" aria-labelledby="ifsc-changes-title">
        <h2 id="ifsc-changes-title">Latest changes to the IFSC master</h2>
        {latest.isError && <p role="alert">The changes could not be loaded.</p>}
        <Changes
          changes={latest.data?.results ?? []}
          caption="Latest changes to the IFSC master"
          loading={latest.isPending}
        />
      </section>
    </div>
  );
}
