/** A server timestamp in the spec's display form, in the viewer's time zone: "Nov 22, 2026 3:05 PM". */
import { formatDate, formatTime12 } from "../../domain/shared/format";

export function showDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${formatDate(d.getFullYear(), d.getMonth() + 1, d.getDate())} ${formatTime12(d.getHours(), d.getMinutes())}`;
}
