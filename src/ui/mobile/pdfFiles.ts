import { fetchFile, type MobileSource } from "../../infra/api/mobileLink";

/** Saves a PDF the answer links to under its own name. */
export async function downloadPdf(url: string, name: string, source: MobileSource, signal?: AbortSignal) {
  saveBlob(await fetchFile(url, source, signal), name);
}

/** Hands a file to the device's downloads under the given name. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
