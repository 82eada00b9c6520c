/**
 * Routes the app serves that are not yet declared in the API contract (src/domain/api). Each
 * family's routes leave this list as they are declared; the matrix test fails on a route served
 * without a declaration that is not listed here, and on a listed route that is declared.
 */
export const NOT_YET_DECLARED: readonly string[] = [
  "GET /api/bulk/upload/help/",
  "GET /api/bulk/upload/sample/",
  "GET /api/bulk/upload/sub-projects/",
  "GET /api/bulk/upload/:id/",
  "GET /api/bulk/upload/",
  "POST /api/bulk/upload/",
  "POST /api/bulk/upload/:id/activate/",
  "POST /api/bulk/upload/:id/cancel/",
  "GET /api/bulk/upload/:id/get-icici-upi-activation-info/",
  "GET /api/files/:id/:name",
  "GET /api/exports/",
];
