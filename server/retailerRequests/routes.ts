/**
 * Retailer edits' calls (spec 001 §7, 000 §7.2): a workflow object's retailer master requests, the
 * pending check, one request, the decision, the outlet edit (PATCH by RSID) and the common file and
 * image uploads. Every call checks the session and the caller's organisation; writes also check the
 * caller's role against the outlet's current state and run in one transaction.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as api from "../../src/domain/api/retailerRequests";
import { isProofKind, readOutletEdit, TEXT_FIELDS } from "../../src/domain/outletEdit";
import { decodeRowId, decodeText, MAX_QUERY_TEXT_LENGTH } from "../../src/domain/requestInput";
import { FORBIDDEN, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { fieldProblem, jsonBody, Problem } from "../http/problem";
import { serve } from "../http/serve";
import { retailerOutlet } from "../mobile/data";
import { requireOutletViewer } from "../outlets/access";
import { requireOutletWriter } from "../outlets/editPermission";
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

async function readForm(c: { req: { parseBody(): Promise<Record<string, unknown>> } }, field: string) {
  try {
    return await c.req.parseBody();
  } catch {
    throw fieldProblem(field, NO_FILE);
  }
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

  app.patch("/outlets/:slug/", async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const slug = decodeText(c.req.param("slug"), MAX_QUERY_TEXT_LENGTH);
    if (!slug.ok) throw new Problem(404, { detail: "Not found." });
    const read = readOutletEdit(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const now = new Date(deps.clock());
    return c.json(
      await inTransaction(deps, (tx) => submitOutletEdit(tx, viewer, slug.value, read.data, now)),
    );
  });

  app.post("/common/images/", limit(MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, "image"), async (c) => {
    const viewer = await requireOutletWriter(c, deps);
    const form = await readForm(c, "image");
    const name = typeof form.name === "string" ? form.name : "";
    if (!isProofKind(name)) throw fieldProblem("name", `"${name}" is not a proof kind.`);
    const rsid = decodeText(form.outlet ?? "", MAX_QUERY_TEXT_LENGTH);
    if (!rsid.ok || rsid.value === "") throw fieldProblem("outlet", "Give the outlet's RSID.");
    const { bytes } = await formFile(form, "image");
    const now = new Date(deps.clock());
    const saved = await inTransaction(deps, async (tx) => {
      const outlet = await lockEditableOutlet(tx, viewer, rsid.value);
      return saveProofImage(tx, outlet, viewer.user.id, name, bytes, now);
    });
    return c.json(saved, 201);
  });

  app.post("/common/files/", limit(MAX_FILE_BYTES, FILE_TOO_LARGE, "file"), async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const form = await readForm(c, "file");
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
        organisationId: viewer.user.organisation_id,
        ownerId: viewer.user.id,
        created: new Date(deps.clock()),
      }),
    );
    return c.json({ id, image: null }, 201);
  });

  /**
   * The signed-in retailer edits their own outlet (docs/retailer-portal.md): the same requests and
   * proof images as staff send, decided by QC in the outlet review. No interim status is needed:
   * the retailer is the one the details belong to.
   */
  async function ownOutletId(c: Context<AppEnv>): Promise<number> {
    const { user } = requireUser(c);
    const rsid = decodeText(c.req.param("rsid") ?? "", MAX_QUERY_TEXT_LENGTH);
    const outlet = rsid.ok ? await retailerOutlet(db, user.id, rsid.value) : undefined;
    if (outlet) return outlet.id;
    // Staff and field auditors are refused; a retailer asking for another's outlet finds nothing.
    const [own] = await db.query("SELECT 1 FROM retailers WHERE user_id = $1", [user.id]);
    if (!own) throw new Problem(403, { ...FORBIDDEN });
    throw new Problem(404, { detail: "Not found." });
  }

  app.get("/retailer/outlets/:rsid/edit/", async (c) => {
    const id = await ownOutletId(c);
    const old = await snapshot(db, id);
    const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, old[FIELD_HOME[f].part][f] ?? ""]));
    return c.json({ values, pending: (await blockedOutlets(db, [id])).has(id) });
  });

  app.patch("/retailer/outlets/:rsid/", async (c) => {
    const id = await ownOutletId(c);
    const read = readOutletEdit(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const userId = requireUser(c).user.id;
    const now = new Date(deps.clock());
    return c.json(
      await inTransaction(deps, async (tx) =>
        raiseEditRequests(tx, await lockOutlet(tx, id), userId, read.data, now),
      ),
    );
  });

  app.post("/retailer/outlets/:rsid/images/", limit(MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, "image"), async (c) => {
    const id = await ownOutletId(c);
    const form = await readForm(c, "image");
    const name = typeof form.name === "string" ? form.name : "";
    if (!isProofKind(name)) throw fieldProblem("name", `"${name}" is not a proof kind.`);
    const { bytes } = await formFile(form, "image");
    const userId = requireUser(c).user.id;
    const now = new Date(deps.clock());
    const saved = await inTransaction(deps, async (tx) =>
      saveProofImage(tx, await lockOutlet(tx, id), userId, name, bytes, now),
    );
    // Served back to the retailer by their own call: the outlet's image call is for staff.
    const rsid = encodeURIComponent(c.req.param("rsid") ?? "");
    return c.json({ id: saved.id, image: `/api/retailer/outlets/${rsid}/images/${saved.id}/` }, 201);
  });

  /** A proof image the retailer uploaded for their own outlet. */
  app.get("/retailer/outlets/:rsid/images/:id/", async (c) => {
    const outletId = await ownOutletId(c);
    const imageId = decodeRowId(c.req.param("id"));
    const [row] = await db.query<{ content_type: string; content: string }>(
      `SELECT content_type, encode(content, 'base64') AS content FROM outlet_images
       WHERE id = $1 AND outlet_id = $2 AND owner_id = $3`,
      [imageId ?? 0, outletId, requireUser(c).user.id],
    );
    if (!row) throw new Problem(404, { detail: "Not found." });
    return c.body(new Uint8Array(Buffer.from(row.content, "base64")), 200, {
      "Content-Type": row.content_type,
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}
