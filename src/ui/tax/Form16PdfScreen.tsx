/**
 * `/dashboard/form-16-pdf` (docs/tax.md): the year's Form 16 PDFs. A payout manager generates them
 * all (the form16Batch machine follows the batch) or uploads one PAN's in place of the made one; the
 * PAN table links each PAN's file, the same one its retailer downloads.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { Link } from "wouter";
import { mayIssueForm16 } from "../../domain/shared/permissions";
import { batchOutcome, type Form16Batch, type PanRow, TAX_MSG } from "../../domain/tax/tax";
import { batchesQuery, taxKeys, tdsQuery, uploadForm16 } from "../../infra/api/tax";
import { errorDetail, isApiError, validationLines } from "../../infra/http";
import { form16BatchMachine } from "../../machines/tax/form16Batch";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import { showDateTime } from "../uploads/dates";
import DataTable, { type Column } from "../widgets/DataTable";
import { TaxNav, YearChoice } from "./TaxParts";
import { panColumns, usePanPage } from "./TaxScreens";
import { form16BatchActors } from "./taxActors";
import { useFinancialYear } from "./taxPaths";

/** Upload a PAN's Form 16 PDF in place of the made one. */
function UploadCell({ row, year }: { row: PanRow; year: string }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const upload = useMutation({
    mutationFn: (file: File) => uploadForm16(row.pan, year, file),
    onSuccess: () => {
      notify("success", TAX_MSG.uploaded);
      return queryClient.invalidateQueries({ queryKey: taxKeys.all });
    },
    onError: (e) =>
      notify(
        "failed",
        (isApiError(e) && (validationLines(e).map((l) => l.replace(/^file: /, ""))[0] ?? errorDetail(e))) ||
          TAX_MSG.uploadFailed,
      ),
  });
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) upload.mutate(file);
    e.target.value = "";
  };
  return (
    <label className="tax-upload">
      <span className="visually-hidden">Upload Form 16 of {row.pan}</span>
      <input type="file" accept="application/pdf,.pdf" disabled={upload.isPending} onChange={chosen} />
    </label>
  );
}

const BATCH_STATUS: Readonly<Record<Form16Batch["status"], string>> = {
  processing: "Making",
  completed: "Ready",
  failed: "Failed",
};

const BATCH_COLUMNS: Column<Form16Batch>[] = [
  { key: "id", header: "Batch" },
  { key: "financial_year", header: "Financial year" },
  { key: "created", header: "Started", render: (b) => showDateTime(b.created) },
  { key: "created_by", header: "By", render: (b) => b.created_by.name },
  { key: "status", header: "Status", render: (b) => BATCH_STATUS[b.status] },
  { key: "made", header: "Made", render: (b) => `${b.made} of ${b.total}` },
];

export default function Form16PdfScreen({
  actors: given,
}: {
  actors?: Partial<ReturnType<typeof form16BatchActors>>;
}) {
  const { year, years, choose } = useFinancialYear();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const issuer = mayIssueForm16(user?.permissions ?? [], user?.organisation.kind ?? "client");
  const [actors] = useState(() => ({ ...form16BatchActors(queryClient), ...given }));
  const [state, send] = useLiveMachine(
    useProvided(form16BatchMachine, {
      actors,
      actions: { historyChanged: () => void queryClient.invalidateQueries({ queryKey: taxKeys.all }) },
    }),
    { input: { financialYear: year } },
  );
  const tds = useQuery(tdsQuery(year, null));
  // While a batch is followed the list is read again too, so both show the same progress.
  const batches = useQuery({ ...batchesQuery(), refetchInterval: state.hasTag("following") ? 3000 : false });
  const { table, list } = usePanPage(year);
  const { job, error } = state.context;
  const following = state.hasTag("following") || state.hasTag("busy");
  const columns = issuer
    ? [
        ...panColumns(year),
        { key: "upload", header: "Upload PDF", render: (r: PanRow) => <UploadCell row={r} year={year} /> },
      ]
    : panColumns(year);
  return (
    <div className="page tax-page">
      <TaxNav />
      <h1>{TAX_MSG.pdfTitle}</h1>
      <p className="page-lead">
        Each PAN with tax deducted in an ended financial year gets one Form 16 PDF, made from the paid payouts
        of every outlet holding it. An uploaded PDF replaces the made one and is kept when the PDFs are made
        again.
      </p>
      <YearChoice
        year={year}
        years={years}
        choose={(next) => {
          choose(next);
          send({ type: "year.change", financialYear: next });
        }}
      />
      <section className="card tax-batch" aria-labelledby="form16-batch">
        <h2 id="form16-batch">Generate</h2>
        {tds.data && !tds.data.ended && <p role="note">{TAX_MSG.notEnded}</p>}
        {issuer ? (
          <button
            type="button"
            className="button"
            disabled={following || !state.can({ type: "generate" })}
            onClick={() => send({ type: "generate" })}
          >
            {following ? TAX_MSG.generating : TAX_MSG.generate}
          </button>
        ) : (
          <p role="note">Form 16 PDFs are made and uploaded by the payout team's managers.</p>
        )}
        {job && state.hasTag("following") && (
          <p role="status">
            <progress value={job.progress} max={100} aria-label="Form 16 batch progress" />{" "}
            {batchOutcome(job)}
          </p>
        )}
        {state.matches("ready") && job && (
          <p role="status" className="form-messages form-messages-info">
            {TAX_MSG.batchReady} {batchOutcome(job)}
          </p>
        )}
        {(state.matches("failed") || state.matches("refused") || state.matches("pollFailed")) && (
          <p role="alert" className="form-messages form-messages-error">
            {error}
          </p>
        )}
        {state.matches("pollFailed") && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => send({ type: "poll.retry" })}
          >
            Try again
          </button>
        )}
      </section>
      <h2>PANs of {year}</h2>
      <DataTable
        actor={table}
        caption={`Form 16 PDFs of ${year}`}
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(r) => r.pan}
        showRecordCount
      />
      <h2>Recent batches</h2>
      {(batches.data?.results.length ?? 0) === 0 ? (
        <p>No batch has been run yet.</p>
      ) : (
        <table className="tax-figure">
          <caption className="visually-hidden">Recent Form 16 batches</caption>
          <thead>
            <tr>
              {BATCH_COLUMNS.map((c) => (
                <th key={c.key} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {batches.data?.results.map((b) => (
              <tr key={b.id}>
                {BATCH_COLUMNS.map((c) => (
                  <td key={c.key}>{c.render ? c.render(b) : String(b[c.key as keyof Form16Batch])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link href={`/dashboard/form-16-csv?financial_year=${year}`}>Form 16 CSV summary</Link>
      </p>
    </div>
  );
}
