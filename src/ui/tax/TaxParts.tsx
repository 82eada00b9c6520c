/** What the Payout and tax pages share: their navigation, the year choice and money cells. */
import { Link, useLocation } from "wouter";
import { formatRupees } from "../../domain/mobile/mobile";
import { FINANCIAL_QUARTER_MONTHS } from "../../domain/tax/form16";
import type { PanDetail } from "../../domain/tax/tax";
import { Select } from "../widgets/Controls";
import { TAX_PAGES } from "./taxPaths";
import "./tax.css";

/** Rupees as the retailer's pages write them too: ₹1,23,456.00. */
export const rupees = (amount: string) => formatRupees(amount);

export function TaxNav() {
  const [path] = useLocation();
  return (
    <nav aria-label="Payout and tax" className="tax-nav">
      {TAX_PAGES.map((p) => (
        <Link key={p.to} href={p.to} aria-current={path === p.to ? "page" : undefined}>
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

export function YearChoice({
  year,
  years,
  choose,
}: {
  year: string;
  years: readonly string[];
  choose: (year: string) => void;
}) {
  return (
    <Select
      label="Financial year"
      value={year}
      options={years.map((y) => ({ label: y, value: y }))}
      onChange={choose}
    />
  );
}

/** A year's figure: amount paid and tax deducted in all and per quarter. */
export function FigureTable({
  figure,
  caption,
}: {
  figure: NonNullable<PanDetail["figure"]>;
  caption: string;
}) {
  return (
    <table className="tax-figure">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Quarter</th>
          <th scope="col">Amount paid</th>
          <th scope="col">Tax deducted</th>
        </tr>
      </thead>
      <tbody>
        {figure.quarters.map((q) => (
          <tr key={q.quarter}>
            <th scope="row">
              Q{q.quarter} ({FINANCIAL_QUARTER_MONTHS[q.quarter - 1]})
            </th>
            <td>{rupees(q.amount_paid)}</td>
            <td>{rupees(q.tds_deducted)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{rupees(figure.amount_paid)}</td>
          <td data-testid="figure-tax">{rupees(figure.tds_deducted)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function Failed({ retry }: { retry: () => void }) {
  return (
    <div>
      <p role="alert" className="notice">
        The tax figures could not be loaded.
      </p>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}
