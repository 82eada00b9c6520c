/**
 * Retailer edits' calls (spec 001 §7, 000 §7.2): a workflow object's retailer master requests, the
 * pending check, one request, the decision, the outlet edit (PATCH by RSID) and the common file and
 * image uploads. Every call checks the session and the caller's organisation; writes also check the
 * caller's role against the outlet's current state and run in one transaction.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as api from "../../src/domain/api/retailerRequests";
import { isProofKind, TEXT_FIELDS } from "../../src/domain/outlets/outletEdit";
import { decodeText, MAX_QUERY_TEXT_LENGTH } from "../../src/domain/shared/requestInput";
import { FORBIDDEN, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { fieldProblem, Problem } from "../http/problem";
import { serve, serveFound } from "../http/serve";
import { retailerOutlet } from "../mobile/data";
import { saveFile } from "../uploads/files";
import { lockEditableOutlet, raiseEditRequests, submitOutletEdit } from "./edit";
import { blockedOutlets } from "./gate";
import { decideRequest, listRequests, pendingCheck, requestDetail } from "./requests";
import { FIELD_HOME, lockOutlet, snapshot } from "./snapshot";
import {
  FILE_TOO_LARGE,
  IMAGE_TOO_LARGE,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  NO_FILE,
  NOT_A_DOCUMENT,
  saveProofImage,
  sniffDocument,
} from "./uploads";

/** The upload calls read their own multipart bodies, under their own limits. */
export const isCommonUpload = (method: string, path: string) =>
  method === "POST" &&
  (/^\/api\/common\/(files|images)\/?$/.test(path) ||
    /^\/api\/retailer\/outlets\/[^/]+\/images\/?$/.test(path));

const limit = (maxSize: number, message: string, field: string) =>
  bodyLimit({
    // Some room for the form's other fields and boundaries.
    maxSize: maxSize + 64 * 1024,
    onError: () => {
      throw fieldProblem(field, message);
    },
  });

async function formFile(
  form: Record<string, unknown>,
  field: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const file = form[field];
  if (!(file instanceof File) || file.size === 0) throw fieldProblem(field, NO_FILE);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export function retailerRequestRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  serve(app, deps, api.listRequests, async ({ caller, query }) =>
    listRequests(db, caller, query.workflow_object),
  );

  serve(app, deps, api.pendingRequests, async ({ caller, query }) =>
    pendingCheck(db, caller, query.workflow_object),
  );

  serve(app, deps, api.decideRequest, async ({ caller, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => decideRequest(tx, caller, body, now));
  });

  serve(app, deps, api.requestDetail, async ({ caller, params, query }) =>
    requestDetail(db, caller, params.id, query.workflow_object),
  );

  serve(app, deps, api.editOutlet, async ({ caller, params, body }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => submitOutletEdit(tx, caller, params.slug, body, now));
  });

  serve(
    app,
    deps,
    api.uploadProofImage,
    async ({ caller, body: form }) => {
      const name = typeof form.name === "string" ? form.name : "";
      if (!isProofKind(name)) throw fieldProblem("name", `"${name}" is not a proof kind.`);
      const rsid = decodeText(form.outlet ?? "", MAX_QUERY_TEXT_LENGTH);
      if (!rsid.ok || rsid.value === "") throw fieldProblem("outlet", "Give the outlet's RSID.");
      const { bytes } = await formFile(form, "image");
      const now = new Date(deps.clock());
      return inTransaction(deps, async (tx) => {
        const outlet = await lockEditableOutlet(tx, caller, rsid.value);
        return saveProofImage(tx, outlet, caller.user.id, name, bytes, now);
      });
    },
    limit(MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, "image"),
  );

  serve(
    app,
    deps,
    api.uploadFile,
    async ({ caller, body: form }) => {
      const { name: fileName, bytes } = await formFile(form, "file");
      if (bytes.byteLength > MAX_FILE_BYTES) throw fieldProblem("file", FILE_TOO_LARGE);
      const type = sniffDocument(bytes);
      if (!type) throw fieldProblem("file", NOT_A_DOCUMENT);
      const name = decodeText(form.name ?? fileName, 200);
      // One transaction: a file larger than a chunk is stored in several statements.
      const id = await db.transaction((tx) =>
        saveFile(tx, {
          name: name.ok && name.value.trim() !== "" ? name.value.trim() : fileName,
          contentType: type,
          content: bytes,
          organisationId: caller.user.organisation_id,
          ownerId: caller.user.id,
          created: new Date(deps.clock()),
        }),
      );
      return { id, image: null };
    },
    limit(MAX_FILE_BYTES, FILE_TOO_LARGE, "file"),
  );

  /**
   * The signed-in retailer edits their own outlet (docs/retailer-portal.md): the same requests and
   * proof images as staff send, decided by QC in the outlet review. No interim status is needed:
   * the retailer is the one the details belong to. Their outlet is found before a body is read.
   */
  async function ownOutletId(c: Context<AppEnv>, rsid: string): Promise<number> {
    const { user } = requireUser(c);
    const outlet = await retailerOutlet(db, user.id, rsid);
    if (outlet) return outlet.id;
    // Staff and field auditors are refused; a retailer asking for another's outlet finds nothing.
    const [own] = await db.query("SELECT 1 FROM retailers WHERE user_id = $1", [user.id]);
    if (!own) throw new Problem(403, { ...FORBIDDEN });
    throw new Problem(404, { detail: "Not found." });
  }
  const ownOutlet = ({ c, params }: { c: Context<AppEnv>; params: { readonly rsid: string } }) =>
    ownOutletId(c, params.rsid);

  serveFound(app, deps, api.ownEditStart, ownOutlet, async ({ found: id }) => {
    const old = await snapshot(db, id);
    const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, old[FIELD_HOME[f].part][f] ?? ""]));
    return { values, pending: (await blockedOutlets(db, [id])).has(id) };
  });

  serveFound(app, deps, api.editOwnOutlet, ownOutlet, async ({ caller, body, found: id }) => {
    const now = new Date(deps.clock());
    return inTransaction(deps, async (tx) =>
      raiseEditRequests(tx, await lockOutlet(tx, id), caller.user.id, body, now),
    );
  });

  serveFound(
    app,
    deps,
    api.uploadOwnProofImage,
    ownOutlet,
    async ({ caller, params, body: form, found: id }) => {
      const name = typeof form.name === "string" ? form.name : "";
      if (!isProofKind(name)) throw fieldProblem("name", `"${name}" is not a proof kind.`);
      const { bytes } = await formFile(form, "image");
      const now = new Date(deps.clock());
      const saved = await inTransaction(deps, async (tx) =>
        saveProofImage(tx, await lockOutlet(tx, id), caller.user.id, name, bytes, now),
      );
      // Served back to the retailer by their own call: the outlet's image call is for staff.
      const rsid = encodeURIComponent(params.rsid);
      return { id: saved.id, image: `/api/retailer/outlets/${rsid}/images/${saved.id}/` };
    },
    limit(MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, "image"),
  );

  /** A proof image the retailer uploaded for their own outlet. */
  serveFound(app, deps, api.ownProofImage, ownOutlet, async ({ c, caller, params, found: outletId }) => {
    const [row] = await db.query<{ content_type: string; content: string }>(
      `SELECT content_type, encode(content, 'base64') AS content FROM outlet_images
       WHERE id = $1 AND outlet_id = $2 AND owner_id = $3`,
      [params.id, outletId, caller.user.id],
    );
    if (!row) throw new Problem(404, { detail: "Not found." });
    return c.body(new Uint8Array(Buffer.from(row.content, "base64")), 200, {
      "Content-Type": row.content_type,
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}
