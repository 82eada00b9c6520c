/** The Payout and tax area's pages (docs/tax.md) and the financial year each one shows. */
import { useLocation, useSearch } from "wouter";
import { financialYearFromLabel } from "../../domain/tax/form16";
import { financialYearChoices, lastEndedFinancialYear } from "../../domain/tax/tax";

export const TAX_PAGES = [
  { to: "/dashboard/tds", label: "TDS" },
  { to: "/dashboard/tds/tds-reports", label: "TDS reports" },
  { to: "/dashboard/form16", label: "Form 16" },
  { to: "/dashboard/form16/pan-list", label: "PAN list" },
  { to: "/dashboard/form-16-pdf", label: "Form 16 PDF" },
  { to: "/dashboard/form-16-csv", label: "Form 16 CSV" },
] as const;

export const STORE_DETAIL_PATH = "/dashboard/form16/pan-list/store-detail";
export const storeDetailPath = (pan: string, year: string) =>
  `${STORE_DETAIL_PATH}?pan=${encodeURIComponent(pan)}&financial_year=${encodeURIComponent(year)}`;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The financial year a page shows: `financial_year` in its address, else the last one ended (the
 * latest whose Form 16 can be issued); choosing another writes it to the address.
 */
export function useFinancialYear(): { year: string; years: string[]; choose: (year: string) => void } {
  const params = new URLSearchParams(useSearch());
  const [path, navigate] = useLocation();
  const given = params.get("financial_year");
  const year = given && financialYearFromLabel(given) !== null ? given : lastEndedFinancialYear(today());
  const years = financialYearChoices(today());
  return {
    year,
    years: years.includes(year) ? years : [...years, year],
    choose: (next) => {
      params.set("financial_year", next);
      params.delete("page");
      navigate(`${path}?${params.toString()}`, { replace: true });
    },
  };
}
