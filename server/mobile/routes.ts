/**
 * The retailer's mobile pages (spec 002 §2.3-§2.7, §4, §7) and the staff's pp views of the same data.
 *
 * The link's slug names the outlet; the access check binds the link to the device that first opens
 * it (docs/retailer-portal.md) and every later call of the link carries the same token in the
 * `X-Mobile-Access` header, so a forwarded link reads nothing. Staff read the same answers under
 * /api/pp/{rsid}/ when they may see the outlet.
 */
import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import { financialYearFromLabel } from "../../src/domain/form16";
import {
  type AccessAnswer,
  isAccessGranted,
  mobileAccessVerdict,
  tokenMinute,
} from "../../src/domain/mobile";
import { mayResetMobileLink, readMobileLinkReset } from "../../src/domain/mobileLinks";
import { decodeText, MAX_QUERY_TEXT_LENGTH } from "../../src/domain/requestInput";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { decryptOtp, otpKeys } from "../auth/otpKeys";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { jsonBody, Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";
import { seesOutlet } from "../outlets/review";
import { contentDisposition } from "../uploads/files";
import {
  earnings,
  invoices,
  mobileProfile,
  outletByMobileSlug,
  outletByRsid,
  type PortalOutlet,
  retailerOutlet,
  retailerOutletInformation,
  retailerOutlets,
  targetStatements,
} from "./data";
import { form16, outletForm16Pdf } from "./form16";
import { mobileLinkBoundAt, resetMobileLink } from "./linkReset";
import { outletPdf, type PdfKind } from "./pdf";
import { retailerNotifications, retailerOffers, retailerProfile } from "./retailerAccount";

const NOT_FOUND = { detail: "Not found." };
/** Refusal of a call whose token is not the one the link is bound to (never a notification). */
const REFUSED = { code: "mobile_access_refused" };
export const MOBILE_ACCESS_HEADER = "X-Mobile-Access";

const tokenHash = (viewId: string) => createHash("sha256").update(viewId).digest("hex");

function pathText(raw: string): string {
  const text = decodeText(raw, MAX_QUERY_TEXT_LENGTH);
  if (!text.ok || text.value === "") throw new Problem(404, { ...NOT_FOUND });
  return text.value;
}

function idParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(id)) throw new Problem(404, { ...NOT_FOUND });
  return id;
}

export function mobileRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  async function linkOutlet(raw: string): Promise<PortalOutlet> {
    const outlet = await outletByMobileSlug(db, pathText(raw));
    if (!outlet) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  }

  /** The outlet of a link whose call carries the token the link is bound to; 403 otherwise. */
  async function boundOutlet(c: Context<AppEnv>): Promise<PortalOutlet> {
    const outlet = await linkOutlet(c.req.param("slug") ?? "");
    const viewId = c.req.header(MOBILE_ACCESS_HEADER) ?? "";
    const [binding] = await db.query<{ token_hash: string }>(
      "SELECT token_hash FROM mobile_link_bindings WHERE outlet_id = $1",
      [outlet.id],
    );
    if (!binding || viewId === "" || binding.token_hash !== tokenHash(viewId))
      throw new Problem(403, { ...REFUSED });
    return outlet;
  }

  /** 002 §4: the access check. The first fresh token binds the link; the answer says why it is refused. */
  app.post("/mobile/access-check/:slug/", async (c) => {
    const outlet = await linkOutlet(c.req.param("slug"));
    const body = await jsonBody(c.req);
    const viewId = typeof body.view_id === "string" ? body.view_id : "";
    const digits = viewId ? decryptOtp(await otpKeys(db, deps.clock), viewId) : null;
    const minute = digits === null ? null : tokenMinute(digits);
    const hash = tokenHash(viewId);
    const now = deps.clock();
    const answer = await inTransaction(deps, async (tx): Promise<AccessAnswer> => {
      // Locked, so two first openings at once bind the link once: the second sees the first's binding.
      await tx.query("SELECT id FROM outlets WHERE id = $1 FOR UPDATE", [outlet.id]);
      const [bound] = await tx.query<{ token_hash: string; bound_at: Date }>(
        "SELECT token_hash, bound_at FROM mobile_link_bindings WHERE outlet_id = $1",
        [outlet.id],
      );
      const verdict = mobileAccessVerdict({
        minute,
        now,
        tokenHash: hash,
        boundHash: bound?.token_hash ?? null,
      });
      if (verdict === "bound") {
        await tx.query(
          "INSERT INTO mobile_link_bindings (outlet_id, token_hash, token_minute, bound_at) VALUES ($1, $2, $3, $4)",
          [outlet.id, hash, new Date(minute!), new Date(now)],
        );
        return { results: { bound_at: new Date(now).toISOString() } };
      }
      if (isAccessGranted(verdict)) return { results: { bound_at: bound!.bound_at.toISOString() } };
      return { results: null, reason: verdict as "forwarded" | "expired" | "malformed" };
    });
    return c.json(answer);
  });

  const linkBase = (slug: string) => `/api/mobile/${encodeURIComponent(slug)}/`;

  app.get("/mobile/profile/:slug/", async (c) => {
    const outlet = await boundOutlet(c);
    return c.json({ results: await mobileProfile(db, outlet.id) });
  });
  app.get("/mobile/earnings/:slug/", async (c) => {
    const outlet = await boundOutlet(c);
    return c.json({ results: await earnings(db, outlet.id) });
  });
  app.get("/mobile/invoices/:slug/", async (c) => {
    const outlet = await boundOutlet(c);
    return c.json({ results: await invoices(db, outlet.id, linkBase(c.req.param("slug"))) });
  });
  app.get("/mobile/target-statements/:slug/", async (c) => {
    const outlet = await boundOutlet(c);
    return c.json({ results: await targetStatements(db, outlet.id, linkBase(c.req.param("slug"))) });
  });

  async function servePdf(c: Context<AppEnv>, kind: PdfKind, outlet: PortalOutlet) {
    const id = idParam(c.req.param("id") ?? "");
    const file = await inTransaction(deps, (tx) => outletPdf(tx, kind, id, outlet.id, deps.clock()));
    return sendPdf(c, file);
  }

  function sendPdf(c: Context<AppEnv>, file: { name: string; content: Uint8Array } | null) {
    if (!file) throw new Problem(404, { ...NOT_FOUND });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": "private, no-store",
    });
  }

  app.get("/mobile/:slug/invoices/:id/pdf/", async (c) => servePdf(c, "invoice", await boundOutlet(c)));
  app.get("/mobile/:slug/target-statements/:id/pdf/", async (c) =>
    servePdf(c, "statement", await boundOutlet(c)),
  );

  /** Staff who may see the outlet read the same answers by its RSID (the pp views). */
  async function staffOutlet(c: Context<AppEnv>, viewer?: OutletViewer): Promise<PortalOutlet> {
    viewer ??= await requireOutletViewer(c, deps);
    const outlet = await outletByRsid(db, pathText(c.req.param("rsid") ?? ""));
    if (!outlet || !(await seesOutlet(db, viewer, outlet.id))) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  }
  const ppBase = (rsid: string) => `/api/pp/${encodeURIComponent(rsid)}/`;

  app.get("/pp/:rsid/profile/", async (c) => {
    const outlet = await staffOutlet(c);
    return c.json({ results: await mobileProfile(db, outlet.id) });
  });
  app.get("/pp/:rsid/earnings/", async (c) => {
    const outlet = await staffOutlet(c);
    return c.json({ results: await earnings(db, outlet.id) });
  });
  app.get("/pp/:rsid/invoices/", async (c) => {
    const outlet = await staffOutlet(c);
    return c.json({ results: await invoices(db, outlet.id, ppBase(outlet.rsid)) });
  });
  app.get("/pp/:rsid/target-statements/", async (c) => {
    const outlet = await staffOutlet(c);
    return c.json({ results: await targetStatements(db, outlet.id, ppBase(outlet.rsid)) });
  });
  app.get("/pp/:rsid/invoices/:id/pdf/", async (c) => servePdf(c, "invoice", await staffOutlet(c)));
  app.get("/pp/:rsid/target-statements/:id/pdf/", async (c) =>
    servePdf(c, "statement", await staffOutlet(c)),
  );

  /** When the link was bound to a phone: whoever sees the outlet. */
  app.get("/pp/:rsid/mobile-link/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    const outlet = await staffOutlet(c, viewer);
    return c.json({
      bound_at: await mobileLinkBoundAt(db, outlet.id),
      may_reset: mayResetMobileLink(viewer.details.permissions),
    });
  });
  /** Moving the link to a new phone: staff who may reset it, on an outlet they see. */
  app.post("/pp/:rsid/mobile-link/reset/", async (c) => {
    const viewer = await requireOutletViewer(c, deps);
    if (!mayResetMobileLink(viewer.details.permissions)) throw new Problem(403, { ...FORBIDDEN });
    const read = readMobileLinkReset(await jsonBody(c.req));
    if (!read.ok) throw new Problem(400, read.errors);
    const outlet = await staffOutlet(c, viewer);
    const now = new Date(deps.clock());
    return c.json(
      await inTransaction(deps, (tx) => resetMobileLink(tx, outlet.id, read.boundAt, viewer.user, now)),
    );
  });

  /** The signed-in retailer reads their own outlets; anyone else is refused, another's outlet is 404. */
  async function ownOutlet(c: Context<AppEnv>): Promise<PortalOutlet> {
    const { user } = requireUser(c);
    const outlet = await retailerOutlet(db, user.id, pathText(c.req.param("rsid") ?? ""));
    if (outlet) return outlet;
    if ((await retailerOutlets(db, user.id)).length === 0) throw new Problem(403, { ...FORBIDDEN });
    throw new Problem(404, { ...NOT_FOUND });
  }
  const ownBase = (rsid: string) => `/api/retailer/outlets/${encodeURIComponent(rsid)}/`;

  app.get("/retailer/outlets/", async (c) => {
    const { user } = requireUser(c);
    const outlets = await retailerOutlets(db, user.id);
    if (outlets.length === 0) throw new Problem(403, { ...FORBIDDEN });
    return c.json({ results: outlets });
  });
  app.get("/retailer/outlets/:rsid/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json(await retailerOutletInformation(db, outlet.id));
  });
  app.get("/retailer/outlets/:rsid/profile/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json({ results: await mobileProfile(db, outlet.id) });
  });
  app.get("/retailer/outlets/:rsid/earnings/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json({ results: await earnings(db, outlet.id) });
  });
  app.get("/retailer/outlets/:rsid/invoices/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json({ results: await invoices(db, outlet.id, ownBase(outlet.rsid)) });
  });
  app.get("/retailer/outlets/:rsid/target-statements/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json({ results: await targetStatements(db, outlet.id, ownBase(outlet.rsid)) });
  });
  app.get("/retailer/outlets/:rsid/invoices/:id/pdf/", async (c) =>
    servePdf(c, "invoice", await ownOutlet(c)),
  );
  app.get("/retailer/outlets/:rsid/target-statements/:id/pdf/", async (c) =>
    servePdf(c, "statement", await ownOutlet(c)),
  );

  /** Form 16: the years with tax deducted; an issued year's PDF (a year not ended, or none: 404). */
  app.get("/retailer/outlets/:rsid/form16/", async (c) => {
    const outlet = await ownOutlet(c);
    return c.json({ results: await form16(db, outlet.id, ownBase(outlet.rsid), deps.clock()) });
  });
  app.get("/retailer/outlets/:rsid/form16/:year/pdf/", async (c) => {
    const outlet = await ownOutlet(c);
    const start = financialYearFromLabel(c.req.param("year"));
    if (start === null) throw new Problem(404, { ...NOT_FOUND });
    return sendPdf(c, await inTransaction(deps, (tx) => outletForm16Pdf(tx, outlet.id, start, deps.clock())));
  });

  /** The retailer's own account: refused to anyone who is not a retailer with an outlet. */
  async function ownAccount(c: Context<AppEnv>) {
    const { user } = requireUser(c);
    const profile = await retailerProfile(db, user.id);
    if (!profile) throw new Problem(403, { ...FORBIDDEN });
    return { user, profile };
  }
  app.get("/retailer/notifications/", async (c) => {
    const { user } = await ownAccount(c);
    return c.json({ results: await retailerNotifications(db, user.id) });
  });
  const today = () => new Date(deps.clock()).toISOString().slice(0, 10);
  app.get("/retailer/offers/", async (c) => {
    const { user } = await ownAccount(c);
    return c.json({ results: await retailerOffers(db, user.id, today()) });
  });
  /** An offer the retailer cannot take up (another organisation's, ended or inactive) is not found. */
  app.get("/retailer/offers/:slug/", async (c) => {
    const { user } = await ownAccount(c);
    const [offer] = await retailerOffers(db, user.id, today(), pathText(c.req.param("slug")));
    if (!offer) throw new Problem(404, { ...NOT_FOUND });
    return c.json(offer);
  });
  /** Another user's name in the address is not found: a retailer reads only their own profile. */
  app.get("/retailer/profile/:user_name/", async (c) => {
    const { profile } = await ownAccount(c);
    if (profile.user_name !== c.req.param("user_name")) throw new Problem(404, { ...NOT_FOUND });
    return c.json(profile);
  });

  return app;
}
