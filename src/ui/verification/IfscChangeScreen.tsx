/**
 * IFSC change verification (000 route list; the IFSC sample's Custom IFSC Update leads here): one
 * IFSC master row (`bank_codes`) looked up, added or changed with a reason, and the master's audit
 * trail. IFSC Validate reads bank and branch from this master, so a change shows on the next check.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ifscProblems } from "../../domain/surveyValidation";
import { canUseUploadType, UPLOAD_TYPES } from "../../domain/uploadTypes";
import { type IfscMasterChange as Change, normalisedValue } from "../../domain/verification";
import {
  ifscMasterChanges,
  ifscMasterRow,
  saveIfscMasterRow,
  verificationKeys,
} from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import { showDateTime } from "../uploads/dates";
import { LoadingButton, TextArea, TextInput } from "../widgets/Controls";
import HeldRowsTable, { type HeldColumn, textColumn } from "../widgets/HeldRowsTable";
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
function MasterRowEditor({ code }: { code: string }) {
  const notify = useNotify();
  const queries = useQueryClient();
  const key = [...verificationKeys.ifscMaster, code];
  const row = useQuery({ queryKey: key, queryFn: () => runApi(ifscMasterRow(code)) });
  const [bank, setBank] = useState<string | null>(null);
  const [branch, setBranch] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const save = useMutation({
    mutationFn: () =>
      runApi(
        saveIfscMasterRow(code, {
          bank: shownBank.trim(),
          branch: shownBranch.trim(),
          reason: reason.trim(),
        }),
      ),
    onSuccess: (answer) => {
      queries.setQueryData(key, answer);
      void queries.invalidateQueries({ queryKey: verificationKeys.ifscMaster });
      setReason("");
      notify("success", `IFSC ${code} saved: ${answer.row?.bank}, ${answer.row?.branch}.`);
    },
  });
  if (row.isPending) return <p>Reading the IFSC master…</p>;
  if (row.isError) return <p role="alert">The IFSC master could not be read.</p>;
  const current = row.data.row;
  const shownBank = bank ?? current?.bank ?? "";
  const shownBranch = branch ?? current?.branch ?? "";
  const unchanged =
    current !== null && shownBank.trim() === current.bank && shownBranch.trim() === current.branch;
  const ready = shownBank.trim() !== "" && shownBranch.trim() !== "" && reason.trim() !== "" && !unchanged;
  return (
    <>
      <div className="verification-result" role="status">
        <p>
          {current
            ? `The IFSC master holds ${code}: ${current.bank}, ${current.branch}.`
            : `The IFSC master does not hold ${code}.`}{" "}
          {row.data.issued ? "It is an issued IFSC code." : "It is not an issued IFSC code."}
        </p>
      </div>
      <form
        aria-label={`Change ${code}`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="verification-fields">
          <TextInput
            label="Bank"
            maxLength={200}
            value={shownBank}
            onChange={(e) => setBank(e.target.value)}
          />
          <TextInput
            label="Branch"
            maxLength={200}
            value={shownBranch}
            onChange={(e) => setBranch(e.target.value)}
          />
        </div>
        <TextArea
          label="Reason for the change"
          maxLength={500}
          value={reason}
          placeholder="Why the bank or branch changes"
          onChange={setReason}
        />
        <LoadingButton type="submit" loading={save.isPending} disabled={!ready}>
          {current ? "Save change" : "Add to the master"}
        </LoadingButton>
        {save.isError && (
          <p className="verification-refused" role="alert">
            The change could not be saved. Try again.
          </p>
        )}
      </form>
      <h3>Changes of {code}</h3>
      <Changes changes={row.data.changes} caption={`Changes of ${code}`} prefix="code-" />
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
