/** The reference API server: Hono routes under /api/, the built client everywhere else. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as authApi from "../src/domain/api/auth";
import type { SsoProvider } from "../src/domain/auth/auth";
import { adminResourceRoutes, isResourceFileWrite } from "./admin/routes";
import { allocationRoutes } from "./allocation/routes";
import { adminRoutes } from "./auth/admin";
import { authenticate } from "./auth/guard";
import { otpKeys } from "./auth/otpKeys";
import { otpLoginRoutes } from "./auth/otpLogin";
import { profileRoutes } from "./auth/profile";
import { authRoutes } from "./auth/routes";
import { callingRoutes } from "./calling/routes";
import type { AppDeps, AppEnv } from "./context";
import { busyProblem, isRetryable } from "./db/retry";
import { outboxPage, outboxRoutes } from "./dev/outbox";
import { fieldToolRoutes, isDumpUpload } from "./fieldTools/routes";
import { fieldUserRoutes } from "./fieldUsers/routes";
import { gamificationRoutes } from "./gamification/routes";
import { compressAnswers } from "./http/compress";
import { jsonOnly } from "./http/jsonOnly";
import { NOT_FOUND, Problem } from "./http/problem";
import { requestActivity } from "./http/requestActivity";
import { securityHeaders } from "./http/security";
import { serve } from "./http/serve";
import { serveClient } from "./http/static";
import { invoiceSetupRoutes } from "./invoiceSetup/routes";
import { invoiceRoutes } from "./invoices/routes";
import { lookupRoutes } from "./lookups/routes";
import { messagingRoutes } from "./messaging/routes";
import { mobileRoutes } from "./mobile/routes";
import { outletRoutes } from "./outlets/routes";
import { payoutRoutes } from "./payouts/routes";
import { photoAuditRoutes } from "./photoAudit/routes";
import { projectRoutes } from "./projects/routes";
import { reportRoutes } from "./reports/routes";
import { isCommonUpload, retailerRequestRoutes } from "./retailerRequests/routes";
import { scoringRoutes } from "./scoring/routes";
import { surveyRoutes } from "./survey/routes";
import { isForm16Upload, taxRoutes } from "./tax/routes";
import { unicornRoutes } from "./unicorns/routes";
import { isUploadPost, uploadsApi } from "./uploads/routes";
import { locationCheckRoutes } from "./verification/locationRoutes";
import { verificationRoutes } from "./verification/routes";

export type { AppDeps } from "./context";

/** The calls that read a multipart body of their own (uploads), under their own limits. */
const takesFiles = (method: string, path: string): boolean =>
  isUploadPost(method, path) ||
  isCommonUpload(method, path) ||
  isDumpUpload(method, path) ||
  isResourceFileWrite(method, path) ||
  isForm16Upload(method, path);

/** JSON bodies of this API are small; anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function ssoProviders(deps: AppDeps): SsoProvider[] {
  const list: SsoProvider[] = [];
  if (deps.sso.microsoftUrl)
    list.push({ id: "microsoft", label: "Sign in with Microsoft", start_url: deps.sso.microsoftUrl });
  if (deps.sso.googleUrl)
    list.push({ id: "google", label: "Sign in with Google", start_url: deps.sso.googleUrl });
  return list;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // One structured log line per request. A caller's X-Request-Id is kept when it is a plain token.
  // The requests in flight are counted so the job runner vacuums only while none is (PGlite).
  const activity = requestActivity(deps);
  app.use(async (c, next) => {
    const started = performance.now();
    const given = c.req.header("x-request-id");
    const requestId =
      given && REQUEST_ID.test(given) ? given : Buffer.from(deps.randomBytes(12)).toString("base64url");
    c.set("requestId", requestId);
    c.set("auth", null);
    activity.begin();
    try {
      await next();
    } finally {
      activity.end();
    }
    c.res.headers.set("X-Request-Id", requestId);
    deps.logger({
      time: new Date(deps.clock()).toISOString(),
      level: c.res.status >= 500 ? "error" : "info",
      request_id: requestId,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      user_id: c.get("auth")?.user.id ?? null,
    });
  });
  app.use(securityHeaders);
  // Lists and exports go compressed; built files come compressed already (server/http/static.ts).
  app.use("/api/*", compressAnswers);
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new Problem(413, { detail: "Request body is too large." });
    },
  });
  // Excel uploads have their own, larger limit (server/uploads/routes.ts), as have writes of records
  // holding files (server/admin/routes.ts).
  app.use("/api/*", (c, next) => (takesFiles(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use("/api/*", jsonOnly(takesFiles));
  app.use("/api/*", authenticate(deps));

  const settings = new Hono<AppEnv>();
  serve(settings, deps, authApi.health, async () => ({ status: "ok" as const }));
  serve(settings, deps, authApi.appConfig, async () => ({
    mode: deps.mode,
    sso_providers: ssoProviders(deps),
    dev_outbox: deps.mode === "demo",
    otp_public_key: (await otpKeys(deps.db, deps.clock)).publicKeySpki,
  }));
  app.route("/api", settings);
  app.route("/api", authRoutes(deps));
  app.route("/api", otpLoginRoutes(deps));
  app.route("/api", fieldUserRoutes(deps));
  app.route("/api", mobileRoutes(deps));
  app.route("/api", adminRoutes(deps));
  app.route("/api", profileRoutes(deps));
  app.route("/api", adminResourceRoutes(deps));
  app.route("/api", outletRoutes(deps));
  app.route("/api", payoutRoutes(deps));
  app.route("/api", projectRoutes(deps));
  app.route("/api", invoiceSetupRoutes(deps));
  app.route("/api", photoAuditRoutes(deps));
  app.route("/api", invoiceRoutes(deps));
  app.route("/api", surveyRoutes(deps));
  app.route("/api", scoringRoutes(deps));
  app.route("/api", reportRoutes(deps));
  app.route("/api", gamificationRoutes(deps));
  app.route("/api", locationCheckRoutes(deps));
  app.route("/api", unicornRoutes(deps));
  app.route("/api", callingRoutes(deps));
  app.route("/api", retailerRequestRoutes(deps));
  app.route("/api", fieldToolRoutes(deps));
  app.route("/api", lookupRoutes(deps));
  app.route("/api", outboxRoutes(deps));
  app.route("/", outboxPage(deps));
  app.route("/api", uploadsApi(deps));
  app.route("/api", verificationRoutes(deps));
  app.route("/api", taxRoutes(deps));
  app.route("/api", messagingRoutes(deps));
  app.route("/api", allocationRoutes(deps));

  app.all("/api/*", () => {
    throw new Problem(404, { ...NOT_FOUND });
  });
  app.get("*", serveClient(deps.clientDir));

  app.onError((error, c) => {
    if (error instanceof Problem) return c.json(error.body, error.status as never);
    // A lost race in a statement outside inTransaction: the caller may simply try again.
    if (isRetryable(error)) return c.json(busyProblem().body, 503);
    deps.logger({
      time: new Date(deps.clock()).toISOString(),
      level: "error",
      request_id: c.get("requestId"),
      message: String(error),
      stack: error.stack,
    });
    return c.json({ detail: "Something went wrong on the server." }, 500);
  });
  app.notFound((c) => c.json({ ...NOT_FOUND }, 404));
  return app;
}
