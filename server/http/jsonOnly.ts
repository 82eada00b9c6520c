/**
 * JSON endpoints take JSON only. A page of another site may send a form or text/plain body, or a
 * body with no type, without asking the browser's leave (a "simple" request); application/json it
 * may not. Refusing every other body is a CSRF barrier besides the SameSite session cookie.
 */
import type { MiddlewareHandler } from "hono";
import { Problem } from "./problem";

export const JSON_ONLY = "Send the request body as JSON, with Content-Type: application/json.";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const isJson = (contentType: string): boolean =>
  contentType.split(";", 1)[0]!.trim().toLowerCase() === "application/json";

/**
 * Refuses with 415 a write whose request carries a type other than JSON, or a body without a type.
 * `takesFiles` names the calls that read a multipart body of their own (the uploads).
 */
export function jsonOnly(takesFiles: (method: string, path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (WRITES.has(c.req.method) && !takesFiles(c.req.method, c.req.path)) {
      const type = c.req.header("content-type");
      const hasBody =
        Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
      if (type === undefined ? hasBody : !isJson(type)) throw new Problem(415, { detail: JSON_ONLY });
    }
    await next();
  };
}
