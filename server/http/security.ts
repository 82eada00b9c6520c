import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // A question's reference images may be another site's https addresses (docs/survey.md).
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  // The retailer's PDF view shows a PDF it fetched as a blob in a frame of its own.
  "frame-src blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Security headers on every response, errors and static files included. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  c.res.headers.set("X-Frame-Options", "DENY");
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // The field auditor's phone gives a new outlet its location (docs/field-user.md); only this site may ask.
  c.res.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
  c.res.headers.set("Cross-Origin-Opener-Policy", "same-origin");
};
