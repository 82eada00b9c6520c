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
import { type AnyEndpoint, addressOf } from "../../src/domain/api/endpoint";
import * as api from "../../src/domain/api/mobile";
import * as links from "../../src/domain/api/mobileLinks";
import * as pdfs from "../../src/domain/api/mobilePdfs";
import * as account from "../../src/domain/api/retailerAccount";
import {
  accessTokenOf,
  isAccessGranted,
  MOBILE_ACCESS_HEADER,
  mobileAccessVerdict,
  tokenMinute,
} from "../../src/domain/mobile/mobile";
import type { AccessAnswer } from "../../src/domain/mobile/mobileAnswers";
import { mayResetMobileLink } from "../../src/domain/mobile/mobileLinks";
import { FORBIDDEN } from "../auth/guard";
import { decryptOtp, otpKeys } from "../auth/otpKeys";
import type { AppDeps, AppEnv } from "../context";
import { inTransaction } from "../db/retry";
import { Problem } from "../http/problem";
import { serve } from "../http/serve";
import type { OutletViewer } from "../outlets/access";
import { seesOutlet } from "../outlets/review";
import { outletProjectLogo } from "../projects/files";
import { form16, outletForm16Pdf } from "../tax/form16";
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
import { mobileLinkBoundAt, resetMobileLink } from "./linkReset";
import { outletPdf, type PdfKind } from "./pdf";
import { retailerNotifications, retailerOffers, retailerProfile } from "./retailerAccount";

const NOT_FOUND = { detail: "Not found." };
/** Refusal of a call whose token is not the one the link is bound to (never a notification). */
const REFUSED = { code: "mobile_access_refused" };

const tokenHash = (viewId: string) => createHash("sha256").update(viewId).digest("hex");

/** Where an invoice's and a statement's PDFs and the logo are served, for the answer that links to them. */
const filesOf = (
  files: { invoice: AnyEndpoint; statement: AnyEndpoint; logo: AnyEndpoint },
  params: Record<string, string>,
) => ({
  invoice: (id: number) => addressOf(files.invoice, { ...params, id: String(id) }),
  statement: (id: number) => addressOf(files.statement, { ...params, id: String(id) }),
  logo: (id: number) => addressOf(files.logo, { ...params, id: String(id) }),
});
const LINK_FILES = { invoice: pdfs.linkInvoicePdf, statement: pdfs.linkStatementPdf, logo: pdfs.linkLogo };
const STAFF_FILES = {
  invoice: pdfs.staffInvoicePdf,
  statement: pdfs.staffStatementPdf,
  logo: pdfs.staffLogo,
};
const OWN_FILES = { invoice: pdfs.ownInvoicePdf, statement: pdfs.ownStatementPdf, logo: pdfs.ownLogo };

export function mobileRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  async function linkOutlet(slug: string): Promise<PortalOutlet> {
    const outlet = await outletByMobileSlug(db, slug);
    if (!outlet) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  }

  /** The outlet of a link whose call carries the token the link is bound to; 403 otherwise. */
  async function boundOutlet(c: Context<AppEnv>, slug: string): Promise<PortalOutlet> {
    const outlet = await linkOutlet(slug);
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
  serve(app, deps, api.accessCheck, async ({ params, body }) => {
    const outlet = await linkOutlet(params.slug);
    const viewId = accessTokenOf(body.view_id);
    const digits = viewId ? decryptOtp(await otpKeys(db, deps.clock), viewId) : null;
    const minute = digits === null ? null : tokenMinute(digits);
    const hash = tokenHash(viewId);
    const now = deps.clock();
    return inTransaction(deps, async (tx): Promise<AccessAnswer> => {
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
  });

  async function servePdf(c: Context<AppEnv>, kind: PdfKind, id: number, outlet: PortalOutlet) {
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

  async function serveLogo(c: Context<AppEnv>, fileId: number, outlet: PortalOutlet) {
    const served = await outletProjectLogo(db, outlet.id, fileId);
    if (!served) throw new Problem(404, { ...NOT_FOUND });
    return c.body(new Uint8Array(served.file.content as Uint8Array), 200, {
      "Content-Type": served.contentType,
      "Content-Disposition": contentDisposition(served.file.name, served.inline),
      "Cache-Control": "private, max-age=86400",
    });
  }

  // The link's reads, each with the token the link is bound to.
  const linkPdfs = (slug: string) => filesOf(LINK_FILES, { slug });
  serve(app, deps, api.linkProfile, async ({ c, params }) => {
    const outlet = await boundOutlet(c, params.slug);
    return { results: await mobileProfile(db, outlet.id, linkPdfs(params.slug).logo) };
  });
  serve(app, deps, api.linkEarnings, async ({ c, params }) => {
    const outlet = await boundOutlet(c, params.slug);
    return { results: await earnings(db, outlet.id) };
  });
  serve(app, deps, api.linkInvoices, async ({ c, params }) => {
    const outlet = await boundOutlet(c, params.slug);
    return { results: await invoices(db, outlet.id, linkPdfs(params.slug).invoice) };
  });
  serve(app, deps, api.linkStatements, async ({ c, params }) => {
    const outlet = await boundOutlet(c, params.slug);
    return { results: await targetStatements(db, outlet.id, linkPdfs(params.slug).statement) };
  });
  serve(app, deps, pdfs.linkInvoicePdf, async ({ c, params }) =>
    servePdf(c, "invoice", params.id, await boundOutlet(c, params.slug)),
  );
  serve(app, deps, pdfs.linkStatementPdf, async ({ c, params }) =>
    servePdf(c, "statement", params.id, await boundOutlet(c, params.slug)),
  );
  serve(app, deps, pdfs.linkLogo, async ({ c, params }) =>
    serveLogo(c, params.id, await boundOutlet(c, params.slug)),
  );

  /** Staff who may see the outlet read the same answers by its RSID (the pp views). */
  async function staffOutlet(viewer: OutletViewer, rsid: string): Promise<PortalOutlet> {
    const outlet = await outletByRsid(db, rsid);
    if (!outlet || !(await seesOutlet(db, viewer, outlet.id))) throw new Problem(404, { ...NOT_FOUND });
    return outlet;
  }
  const staffPdfs = (rsid: string) => filesOf(STAFF_FILES, { rsid });

  serve(app, deps, api.staffProfile, async ({ caller, params }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    return { results: await mobileProfile(db, outlet.id, staffPdfs(outlet.rsid).logo) };
  });
  serve(app, deps, api.staffEarnings, async ({ caller, params }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    return { results: await earnings(db, outlet.id) };
  });
  serve(app, deps, api.staffInvoices, async ({ caller, params }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    return { results: await invoices(db, outlet.id, staffPdfs(outlet.rsid).invoice) };
  });
  serve(app, deps, api.staffStatements, async ({ caller, params }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    return { results: await targetStatements(db, outlet.id, staffPdfs(outlet.rsid).statement) };
  });
  serve(app, deps, pdfs.staffInvoicePdf, async ({ c, caller, params }) =>
    servePdf(c, "invoice", params.id, await staffOutlet(caller, params.rsid)),
  );
  serve(app, deps, pdfs.staffStatementPdf, async ({ c, caller, params }) =>
    servePdf(c, "statement", params.id, await staffOutlet(caller, params.rsid)),
  );
  serve(app, deps, pdfs.staffLogo, async ({ c, caller, params }) =>
    serveLogo(c, params.id, await staffOutlet(caller, params.rsid)),
  );

  /** When the link was bound to a phone: whoever sees the outlet. */
  serve(app, deps, links.mobileLinkStatus, async ({ caller, params }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    return {
      bound_at: await mobileLinkBoundAt(db, outlet.id),
      may_reset: mayResetMobileLink(caller.details.permissions),
    };
  });
  /** Moving the link to a new phone: staff who may reset it (the grant), on an outlet they see. */
  serve(app, deps, links.resetMobileLink, async ({ caller, params, body }) => {
    const outlet = await staffOutlet(caller, params.rsid);
    const now = new Date(deps.clock());
    return inTransaction(deps, (tx) => resetMobileLink(tx, outlet.id, body.bound_at, caller.user, now));
  });

  /** The signed-in retailer reads their own outlets; anyone else is refused, another's outlet is 404. */
  async function ownOutlet(userId: number, rsid: string): Promise<PortalOutlet> {
    const outlet = await retailerOutlet(db, userId, rsid);
    if (outlet) return outlet;
    if ((await retailerOutlets(db, userId)).length === 0) throw new Problem(403, { ...FORBIDDEN });
    throw new Problem(404, { ...NOT_FOUND });
  }
  const ownPdfs = (rsid: string) => filesOf(OWN_FILES, { rsid });

  serve(app, deps, api.retailerOutlets, async ({ caller }) => {
    const outlets = await retailerOutlets(db, caller.user.id);
    if (outlets.length === 0) throw new Problem(403, { ...FORBIDDEN });
    return { results: outlets };
  });
  serve(app, deps, api.retailerOutlet, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return retailerOutletInformation(db, outlet.id);
  });
  serve(app, deps, api.ownProfile, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return { results: await mobileProfile(db, outlet.id, ownPdfs(outlet.rsid).logo) };
  });
  serve(app, deps, api.ownEarnings, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return { results: await earnings(db, outlet.id) };
  });
  serve(app, deps, api.ownInvoices, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return { results: await invoices(db, outlet.id, ownPdfs(outlet.rsid).invoice) };
  });
  serve(app, deps, api.ownStatements, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return { results: await targetStatements(db, outlet.id, ownPdfs(outlet.rsid).statement) };
  });
  serve(app, deps, pdfs.ownInvoicePdf, async ({ c, caller, params }) =>
    servePdf(c, "invoice", params.id, await ownOutlet(caller.user.id, params.rsid)),
  );
  serve(app, deps, pdfs.ownStatementPdf, async ({ c, caller, params }) =>
    servePdf(c, "statement", params.id, await ownOutlet(caller.user.id, params.rsid)),
  );
  serve(app, deps, pdfs.ownLogo, async ({ c, caller, params }) =>
    serveLogo(c, params.id, await ownOutlet(caller.user.id, params.rsid)),
  );

  /** Form 16: the years with tax deducted; an issued year's PDF (a year not ended, or none: 404). */
  serve(app, deps, account.ownForm16, async ({ caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    const fileOf = (year: string) => addressOf(pdfs.ownForm16Pdf, { rsid: outlet.rsid, year });
    return { results: await form16(db, outlet.id, fileOf, deps.clock()) };
  });
  serve(app, deps, pdfs.ownForm16Pdf, async ({ c, caller, params }) => {
    const outlet = await ownOutlet(caller.user.id, params.rsid);
    return sendPdf(
      c,
      await inTransaction(deps, (tx) => outletForm16Pdf(tx, outlet.id, params.year, deps.clock())),
    );
  });

  /** The retailer's own account: refused to anyone who is not a retailer with an outlet. */
  async function ownAccount(userId: number) {
    const profile = await retailerProfile(db, userId);
    if (!profile) throw new Problem(403, { ...FORBIDDEN });
    return profile;
  }
  serve(app, deps, account.retailerNotifications, async ({ caller }) => {
    await ownAccount(caller.user.id);
    return { results: await retailerNotifications(db, caller.user.id) };
  });
  const today = () => new Date(deps.clock()).toISOString().slice(0, 10);
  serve(app, deps, account.retailerOffers, async ({ caller }) => {
    await ownAccount(caller.user.id);
    return { results: await retailerOffers(db, caller.user.id, today()) };
  });
  /** An offer the retailer cannot take up (another organisation's, ended or inactive) is not found. */
  serve(app, deps, account.retailerOffer, async ({ caller, params }) => {
    await ownAccount(caller.user.id);
    const [offer] = await retailerOffers(db, caller.user.id, today(), params.slug);
    if (!offer) throw new Problem(404, { ...NOT_FOUND });
    return offer;
  });
  /** Another user's name in the address is not found: a retailer reads only their own profile. */
  serve(app, deps, account.retailerProfile, async ({ caller, params }) => {
    const profile = await ownAccount(caller.user.id);
    if (profile.user_name !== params.user_name) throw new Problem(404, { ...NOT_FOUND });
    return profile;
  });

  return app;
}
