/**
 * The payout team's tax pages (docs/tax.md): TDS per quarter and programme, the quarterly TDS
 * reports, the Form 16 overview, the PAN list with each PAN's figure, one PAN's stores, and the
 * Form 16 CSV summary. Every figure of a PAN is the one the retailer's Form 16 shows.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link, useLocation, useSearch } from "wouter";
import {
  FORM16_CSV_COLUMNS,
  type PanRow,
  type PanStore,
  quarterLabel,
  TAX_MSG,
  type TdsAnswer,
} from "../../domain/tax/tax";
import { MY_DOWNLOADS_PATH } from "../../domain/uploads/uploadRoutes";
import { panListQuery, panStoresQuery, startForm16Csv, startTdsReport, tdsQuery } from "../../infra/api/tax";
import { errorDetail, errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import { useNotify } from "../notifications/useNotify";
import Loading from "../shell/Loading";
import { Select } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import { StatCard } from "../widgets/Display";
import HeldRowsTable, { type HeldColumn } from "../widgets/HeldRowsTable";
import { useDataTable } from "../widgets/useDataTable";
import { Failed, FigureTable, rupees, TaxNav, YearChoice } from "./TaxParts";
import { storeDetailPath, useFinancialYear } from "./taxPaths";

const money = <Row,>(key: string, header: string, of: (row: Row) => string): HeldColumn<Row> => ({
  key,
  header,
  sortable: true,
  value: (r) => Number(of(r)),
  render: (r) => rupees(of(r)),
});
const count = <Row,>(key: string, header: string, of: (row: Row) => number): HeldColumn<Row> => ({
  key,
  header,
  sortable: true,
  value: of,
  render: (r) => String(of(r)),
});

type Quarter = TdsAnswer["quarters"][number];
const QUARTER_COLUMNS = (year: string): HeldColumn<Quarter>[] => [
  {
    key: "quarter",
    header: "Quarter",
    sortable: true,
    value: (q) => q.quarter,
    render: (q) => quarterLabel(q.quarter, year),
  },
  count("payouts", "Paid payouts", (q: Quarter) => q.payouts),
  count("deductees", "Deductees (PANs)", (q: Quarter) => q.deductees),
  money("amount_paid", "Amount paid", (q: Quarter) => q.amount_paid),
  money("tds_deducted", "Tax deducted", (q: Quarter) => q.tds_deducted),
];
type Row = TdsAnswer["rows"][number];
const ROW_COLUMNS: HeldColumn<Row>[] = [
  {
    key: "quarter",
    header: "Quarter",
    sortable: true,
    value: (r) => r.quarter,
    render: (r) => `Q${r.quarter}`,
  },
  { key: "program", header: "Programme", sortable: true, value: (r) => r.program },
  count("payouts", "Paid payouts", (r: Row) => r.payouts),
  count("deductees", "Deductees (PANs)", (r: Row) => r.deductees),
  money("amount_paid", "Amount paid", (r: Row) => r.amount_paid),
  money("tds_deducted", "Tax deducted", (r: Row) => r.tds_deducted),
];

function Heading({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <TaxNav />
      <h1>{title}</h1>
      <p className="page-lead">{lead}</p>
    </>
  );
}

/** `/dashboard/tds`: the year's tax per quarter, and per quarter and programme. */
export function TdsScreen() {
  const { year, years, choose } = useFinancialYear();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const program = params.get("program");
  const tds = useQuery(tdsQuery(year, program));
  const chooseProgram = (next: string) => {
    if (next) params.set("program", next);
    else params.delete("program");
    navigate(`${path}?${params.toString()}`, { replace: true });
  };
  return (
    <div className="page tax-page">
      <Heading
        title={TAX_MSG.tdsTitle}
        lead="Tax deducted at source from the paid payouts, per quarter of the financial year and per programme. The deductee is the PAN of the outlet paid."
      />
      <div className="list-filters">
        <YearChoice year={year} years={years} choose={choose} />
        <Select
          label="Programme"
          value={program ?? ""}
          options={[
            { label: "All programmes", value: "" },
            ...(tds.data?.programs ?? []).map((p) => ({ label: p, value: p })),
          ]}
          onChange={chooseProgram}
        />
      </div>
      {tds.isError ? (
        <Failed retry={() => tds.refetch()} />
      ) : !tds.data ? (
        <Loading />
      ) : (
        <>
          <HeldRowsTable
            caption={`Quarters of ${tds.data.financial_year}${program ? `: ${program}` : ""}`}
            columns={QUARTER_COLUMNS(tds.data.financial_year)}
            rows={tds.data.quarters}
            rowId={(q) => String(q.quarter)}
          />
          <h2>Per quarter and programme</h2>
          {tds.data.rows.length === 0 ? (
            <p>{TAX_MSG.noTax}</p>
          ) : (
            <HeldRowsTable
              caption="Per quarter and programme"
              columns={ROW_COLUMNS}
              rows={tds.data.rows}
              rowId={(r) => `${r.quarter} ${r.program}`}
            />
          )}
          <p className="page-actions">
            <Link className="button" href={`/dashboard/tds/tds-reports?financial_year=${year}`}>
              Quarterly TDS reports
            </Link>
            <Link
              className="button button-secondary"
              href={`/dashboard/form16/pan-list?financial_year=${year}`}
            >
              PAN list
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** `/dashboard/tds/tds-reports`: each quarter's report, one row per taxed payout, to My Downloads. */
export function TdsReportsScreen() {
  const { year, years, choose } = useFinancialYear();
  const tds = useQuery(tdsQuery(year, null));
  const notify = useNotify();
  const report = useMutation({
    mutationFn: (quarter: 1 | 2 | 3 | 4) => startTdsReport(year, quarter),
    onError: (e) => notify("failed", (isApiError(e) && errorDetail(e)) || TAX_MSG.exportFailed),
  });
  return (
    <div className="page tax-page">
      <Heading
        title={TAX_MSG.reportsTitle}
        lead="A quarter's report lists every paid payout with tax deducted: the deductee's PAN and name, the outlet, programme, payment date, UTR, amount paid and tax. It is prepared in My Downloads."
      />
      <YearChoice year={year} years={years} choose={choose} />
      {tds.isError ? (
        <Failed retry={() => tds.refetch()} />
      ) : !tds.data ? (
        <Loading />
      ) : (
        <ul className="tax-quarters">
          {tds.data.quarters.map((q) => (
            <li key={q.quarter} className="card">
              <h2>{quarterLabel(q.quarter, tds.data.financial_year)}</h2>
              <p>
                {q.payouts} paid payouts to {q.deductees} PANs; tax deducted {rupees(q.tds_deducted)}
              </p>
              <button
                type="button"
                className="button"
                disabled={report.isPending || q.payouts === 0}
                onClick={() => report.mutate(q.quarter)}
              >
                Export Q{q.quarter} report
              </button>
            </li>
          ))}
        </ul>
      )}
      {report.isSuccess && (
        <p role="status" className="form-messages form-messages-info">
          {TAX_MSG.exportStarted} <Link href={MY_DOWNLOADS_PATH}>Open My Downloads</Link>
        </p>
      )}
    </div>
  );
}

/** `/dashboard/form16`: the year's Form 16 standing, and where each part of it is done. */
export function Form16Screen() {
  const { year, years, choose } = useFinancialYear();
  const tds = useQuery(tdsQuery(year, null));
  const total = tds.data?.quarters.reduce((s, q) => s + Number(q.tds_deducted), 0) ?? 0;
  return (
    <div className="page tax-page">
      <Heading
        title={TAX_MSG.form16Title}
        lead="Form 16 is issued per PAN and financial year once the year has ended: made from the paid payouts of every outlet holding the PAN, or uploaded in its place. The retailer's Form 16 page serves the same file."
      />
      <YearChoice year={year} years={years} choose={choose} />
      {tds.isError ? (
        <Failed retry={() => tds.refetch()} />
      ) : !tds.data ? (
        <Loading />
      ) : (
        <>
          <div className="tax-stats">
            <StatCard value={tds.data.form16.pans} label="PANs with tax deducted" />
            <StatCard value={tds.data.form16.generated} label="Form 16 made" />
            <StatCard value={tds.data.form16.uploaded} label="Form 16 uploaded" />
          </div>
          <p>
            Tax deducted in {tds.data.financial_year}: <strong>{rupees(total.toFixed(2))}</strong>.{" "}
            {tds.data.ended ? "The year has ended: its Form 16 can be issued." : TAX_MSG.notEnded}
          </p>
          <p className="page-actions">
            <Link className="button" href={`/dashboard/form16/pan-list?financial_year=${year}`}>
              PAN list
            </Link>
            <Link className="button button-secondary" href={`/dashboard/form-16-pdf?financial_year=${year}`}>
              Form 16 PDFs
            </Link>
            <Link className="button button-secondary" href={`/dashboard/form-16-csv?financial_year=${year}`}>
              Form 16 CSV
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** The PAN list's columns; `extra` adds the Form 16 PDF page's own. */
export const panColumns = (year: string): Column<PanRow>[] => [
  { key: "pan", header: "PAN", render: (r) => <Link href={storeDetailPath(r.pan, year)}>{r.pan}</Link> },
  { key: "deductee", header: "Deductee" },
  { key: "outlets", header: "Outlets" },
  { key: "amount_paid", header: "Amount paid", render: (r) => rupees(r.figure.amount_paid) },
  { key: "tds_deducted", header: "Tax deducted", render: (r) => rupees(r.figure.tds_deducted) },
  {
    key: "form16",
    header: "Form 16",
    render: (r) =>
      r.form16 ? (
        <a href={r.form16.file}>{r.form16.source === "uploaded" ? "Uploaded PDF" : "PDF"}</a>
      ) : (
        "Not made yet"
      ),
  },
];

/** A page of the year's PANs with tax deducted, searched in the table. */
export function usePanPage(year: string) {
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const list = useQuery(panListQuery(year, search, { page, pageSize }));
  return { table, list };
}

/** `/dashboard/form16/pan-list`: the PANs with tax deducted in the year, with their figures. */
export function PanListScreen() {
  const { year, years, choose } = useFinancialYear();
  const { table, list } = usePanPage(year);
  return (
    <div className="page tax-page">
      <Heading
        title={TAX_MSG.panListTitle}
        lead="Every PAN with tax deducted in the year: the deductee, how many outlets hold the PAN, the amount paid and the tax deducted. Open a PAN for its stores."
      />
      <YearChoice year={year} years={years} choose={choose} />
      {list.isError && <Failed retry={() => list.refetch()} />}
      <DataTable
        actor={table}
        caption={`PANs with tax deducted in ${year}`}
        columns={panColumns(year)}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(r) => r.pan}
        showRecordCount
      />
    </div>
  );
}

type Store = PanStore;
const STORE_COLUMNS: HeldColumn<Store>[] = [
  {
    key: "rsid",
    header: "RSID",
    sortable: true,
    value: (s) => s.rsid,
    render: (s) => (
      <Link href={`/dashboard/list-of-outlets/view/${encodeURIComponent(s.rsid)}`}>{s.rsid}</Link>
    ),
  },
  { key: "name", header: "Outlet", sortable: true, value: (s) => s.name },
  { key: "owner_name", header: "Owner", sortable: true, value: (s) => s.owner_name },
  { key: "organisation", header: "Organisation", sortable: true, value: (s) => s.organisation },
  { key: "programs", header: "Programmes", sortable: true, value: (s) => s.programs.join(", ") },
  count("payouts", "Paid payouts", (s: Store) => s.payouts),
  money("amount_paid", "Amount paid", (s: Store) => s.amount_paid),
  money("tds_deducted", "Tax deducted", (s: Store) => s.tds_deducted),
];

/** `/dashboard/form16/pan-list/store-detail?pan=`: one PAN's figure and its stores. */
export function StoreDetailScreen() {
  const { year, years, choose } = useFinancialYear();
  const pan = new URLSearchParams(useSearch()).get("pan") ?? "";
  const detail = useQuery({ ...panStoresQuery(pan, year), enabled: pan !== "" });
  if (pan === "" || (detail.isError && isApiError(detail.error) && errorStatus(detail.error) === 404))
    return <NotFound />;
  return (
    <div className="page tax-page">
      <TaxNav />
      <p className="outlet-back">
        <Link href={`/dashboard/form16/pan-list?financial_year=${year}`}>← Back to the PAN list</Link>
      </p>
      <h1>
        {TAX_MSG.storesTitle}: {pan}
      </h1>
      <YearChoice year={year} years={years} choose={choose} />
      {detail.isError ? (
        <Failed retry={() => detail.refetch()} />
      ) : !detail.data ? (
        <Loading />
      ) : (
        <>
          <p className="page-lead">
            Deductee <strong>{detail.data.deductee}</strong>, {detail.data.stores.length} outlets hold this
            PAN.
            {detail.data.form16 && (
              <>
                {" "}
                <a href={detail.data.form16.file}>Download Form 16 {detail.data.financial_year}</a>
              </>
            )}
          </p>
          {detail.data.figure ? (
            <FigureTable
              figure={detail.data.figure}
              caption={`Form 16 figure of ${detail.data.financial_year}`}
            />
          ) : (
            <p>{TAX_MSG.noPanTax}</p>
          )}
          <HeldRowsTable
            caption="Stores"
            columns={STORE_COLUMNS}
            rows={detail.data.stores}
            rowId={(s) => s.rsid}
          />
        </>
      )}
    </div>
  );
}

/** `/dashboard/form-16-csv`: the year's Form 16 summary, one row per PAN, as a CSV in My Downloads. */
export function Form16CsvScreen() {
  const { year, years, choose } = useFinancialYear();
  const tds = useQuery(tdsQuery(year, null));
  const notify = useNotify();
  const csv = useMutation({
    mutationFn: () => startForm16Csv(year),
    onError: (e) => notify("failed", (isApiError(e) && errorDetail(e)) || TAX_MSG.exportFailed),
  });
  return (
    <div className="page tax-page">
      <Heading
        title={TAX_MSG.csvTitle}
        lead="The year's Form 16 summary as a CSV file: one row per PAN with tax deducted, with the same figures as the PAN list and the retailers' Form 16."
      />
      <YearChoice year={year} years={years} choose={choose} />
      <section className="card">
        <h2>Columns</h2>
        <p>{FORM16_CSV_COLUMNS.join(", ")}</p>
        {tds.data && (
          <p>
            {tds.data.form16.pans} PANs with tax deducted in {tds.data.financial_year}.
          </p>
        )}
        <button type="button" className="button" disabled={csv.isPending} onClick={() => csv.mutate()}>
          Export CSV
        </button>
        {csv.isSuccess && (
          <p role="status" className="form-messages form-messages-info">
            {TAX_MSG.exportStarted} <Link href={MY_DOWNLOADS_PATH}>Open My Downloads</Link>
          </p>
        )}
      </section>
    </div>
  );
}
