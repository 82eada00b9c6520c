/**
 * Every endpoint of the API contract, by family. The role x endpoint matrix reads the routes it
 * must cover from here, and the server serves exactly these.
 */
import { ADMIN_RESOURCE_ENDPOINTS } from "./adminResources";
import * as allocation from "./allocation";
import * as auth from "./auth";
import * as calling from "./calling";
import type { AnyEndpoint } from "./endpoint";
import * as fieldTools from "./fieldTools";
import * as fieldUsers from "./fieldUsers";
import * as gamification from "./gamification";
import * as invoiceSetup from "./invoiceSetup";
import * as invoiceSkus from "./invoiceSkus";
import * as invoices from "./invoices";
import * as locationChecks from "./locationChecks";
import * as lookups from "./lookups";
import * as messaging from "./messaging";
import * as mobile from "./mobile";
import * as mobileLinks from "./mobileLinks";
import * as mobilePdfs from "./mobilePdfs";
import * as outbox from "./outbox";
import * as outlets from "./outlets";
import * as payouts from "./payouts";
import * as photoAudit from "./photoAudit";
import * as projects from "./projects";
import * as questions from "./questions";
import * as reports from "./reports";
import * as retailerAccount from "./retailerAccount";
import * as retailerRequests from "./retailerRequests";
import * as scoring from "./scoring";
import * as survey from "./survey";
import * as tax from "./tax";
import * as unicorns from "./unicorns";
import * as uploads from "./uploads";
import * as verification from "./verification";

const families: readonly Readonly<Record<string, unknown>>[] = [
  retailerRequests,
  outlets,
  projects,
  photoAudit,
  survey,
  questions,
  calling,
  mobile,
  mobilePdfs,
  mobileLinks,
  retailerAccount,
  fieldUsers,
  outbox,
  auth,
  fieldTools,
  lookups,
  payouts,
  invoiceSetup,
  invoices,
  invoiceSkus,
  verification,
  uploads,
  scoring,
  tax,
  messaging,
  allocation,
  reports,
  gamification,
  locationChecks,
  unicorns,
];

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "grant" in value;

export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...families.flatMap((family) => Object.values(family).filter(isEndpoint)),
  ...ADMIN_RESOURCE_ENDPOINTS,
];

/** How the server's route table and the matrix name an endpoint: "GET /api/retailer-requests/". */
export const routeOf = (e: Pick<AnyEndpoint, "method" | "root" | "path">): string =>
  `${e.method} ${e.root}${e.path}`;
