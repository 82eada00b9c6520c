/**
 * Reading an answer's body, shared by the HTTP module and the entry pages' declared reads
 * (./declaredRead), which load without it: JSON when it is JSON, and the `detail` a refusal names.
 */

export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's words for a refusal (`{ "detail": "..." }`), when it gave any. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body === "object" && body !== null && !Array.isArray(body) && "detail" in body) {
    const { detail } = body as { detail: unknown };
    if (typeof detail === "string" && detail) return detail;
  }
  return undefined;
}
