import { fetchPdf, type MobileSource } from "../../infra/api/mobile";

/** Saves a PDF the answer links to under its own name. */
export async function downloadPdf(url: string, name: string, source: MobileSource) {
  const blob = await fetchPdf(url, source);
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
