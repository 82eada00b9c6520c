/**
 * The latest recorded checks (`verification_checks`), newest first, filtered by kind, status and
 * input: each verification screen lists its own kinds' checks, a new check appears at once.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  CHECK_LABELS,
  CHECK_STATUSES,
  type CheckKind,
  type CheckStatus,
  type VerificationCheck,
} from "../../domain/verification/verification";
import { recentChecks, verificationKeys } from "../../infra/api/verification";
import { runApi } from "../../infra/http";
import { showDateTime } from "../uploads/dates";
import { Select, TextInput } from "../widgets/Controls";
import HeldRowsTable, { type HeldColumn, textColumn } from "../widgets/HeldRowsTable";

const STATUS_LABELS: Readonly<Record<CheckStatus, string>> = {
  verified: "Verified",
  failed: "Failed",
  error: "No answer",
};

/** What a check found, in a line: the names and flags of its result. */
const resultText = (check: VerificationCheck): string =>
  Object.entries(check.result)
    .filter(([, v]) => typeof v === "string" || typeof v === "boolean")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ");

const CHECK_COLUMNS: readonly HeldColumn<VerificationCheck>[] = [
  {
    ...textColumn<VerificationCheck>("created", "When", (c) => showDateTime(c.created)),
    value: (c) => c.created,
  },
  textColumn<VerificationCheck>("kind", "Type", (c) => CHECK_LABELS[c.kind]),
  textColumn<VerificationCheck>("input", "Input", (c) => c.masked_input),
  textColumn<VerificationCheck>("outlet", "Outlet", (c) => c.outlet_rsid ?? ""),
  textColumn<VerificationCheck>("status", "Status", (c) => STATUS_LABELS[c.status]),
  textColumn<VerificationCheck>("result", "Result", (c) => c.error ?? resultText(c)),
  textColumn<VerificationCheck>("by", "By", (c) => c.checked_by),
];

export default function RecentChecks({ kinds }: { kinds: readonly CheckKind[] }) {
  const [kind, setKind] = useState<CheckKind>(kinds[0]!);
  const [status, setStatus] = useState<CheckStatus | "">("");
  const [search, setSearch] = useState("");
  const query = { kind, ...(status ? { status } : {}), ...(search.trim() ? { search: search.trim() } : {}) };
  const checks = useQuery({
    queryKey: [...verificationKeys.checks, query],
    queryFn: () => runApi(recentChecks(query)),
  });
  return (
    <section className="card" aria-labelledby="recent-checks-title">
      <h2 id="recent-checks-title">Recent checks</h2>
      <div className="verification-filters">
        {kinds.length > 1 && (
          <Select
            label="Check"
            options={kinds.map((k) => ({ label: CHECK_LABELS[k], value: k }))}
            value={kind}
            onChange={(v) => setKind(v as CheckKind)}
          />
        )}
        <Select
          label="Status"
          options={[
            { label: "All", value: "" },
            ...CHECK_STATUSES.map((s) => ({ label: STATUS_LABELS[s], value: s })),
          ]}
          value={status}
          onChange={(v) => setStatus(v as CheckStatus | "")}
        />
        <TextInput
          label="Input or outlet"
          placeholder="Last characters or RSID"
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {checks.isError && <p role="alert">The recent checks could not be loaded.</p>}
      <HeldRowsTable
        caption="Recent checks"
        columns={CHECK_COLUMNS}
        rows={checks.data?.results ?? []}
        rowId={(c) => String(c.id)}
        loading={checks.isPending}
      />
    </section>
  );
}
