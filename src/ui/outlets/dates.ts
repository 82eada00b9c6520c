/** A timestamp as the product shows dates (spec 000 §9): abbreviated month, day, full year. */
import { formatDate } from "../../domain/shared/format";

export function displayDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d.getFullYear(), d.getMonth() + 1, d.getDate());
}
