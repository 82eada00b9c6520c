/**
 * The one route table of the whole catalogue (spec 000 §2.1, 002 §2.2): exact matches, most
 * specific first, each screen's code loaded lazily so a page loads only its own code. A catalogue
 * route whose screen is not built yet, and any unknown address, shows the honest Page not found.
 */
import { type ComponentType, lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { type AppRoute, ROUTES_BY_SPECIFICITY, retailerPortalHome } from "../../domain/shell/routes";
import { QUESTION_SCREEN } from "../../domain/survey/questionScreen";
import { useCurrentUser } from "../session/SessionGate";
import Loading from "../shell/Loading";
import { type BuiltPattern, isHandBuilt, UPLOAD_BUILT_PATTERNS } from "./built";
import { useTitle } from "./useTitle";

const DashboardShell = lazy(() => import("../shell/DashboardShell"));
/** Not a catalogue route: the developers' and product owners' view of the shared widgets. */
const WidgetCatalogue = lazy(() => import("../widgets/WidgetCatalogue"));
export const WIDGET_CATALOGUE_PATH = "/dev/widgets";
/** Not catalogue routes either: the Machines area (docs/machines.md), loaded only on its pages. */
const machinesArea = (name: "DashboardMachines" | "DevMachines") =>
  lazy(() => import("../machines/MachinesArea").then((m) => ({ default: m[name] })));
const DashboardMachines = machinesArea("DashboardMachines");
const DevMachines = machinesArea("DevMachines");
/** Not a catalogue route: a question's own screen, opened from the question lists (docs/survey.md). */
const QuestionScreen = lazy(() => import("../projects/QuestionScreen"));
/** Each team's allocation pages are one screen each, reading the team from the path. */
const AllocationOverview = lazy(() => import("../allocation/AllocationOverviewScreen"));
const AllocationEdit = lazy(() => import("../allocation/AllocationEditScreen"));
/** Only pages that are missing need it, so the sign-in pages do not carry it. */
const NotFound = lazy(() => import("../errors/NotFound"));

/** "/": the dashboard for a signed-in user, otherwise the login page. */
function Home() {
  const user = useCurrentUser();
  return <Redirect to={user ? "/dashboard" : "/login"} replace />;
}

/** "/retailers": a signed-in retailer's outlets, otherwise the retailer sign-in. */
function RetailerPortal() {
  return <Redirect to={retailerPortalHome(useCurrentUser())} replace />;
}

const outletList = (name: keyof typeof import("../outlets/OutletListScreens")) =>
  lazy(() => import("../outlets/OutletListScreens").then((m) => ({ default: m[name] })));
const OutletView = lazy(() => import("../outlets/OutletView"));
const OutletGallery = lazy(() => import("../outlets/OutletGalleryScreen"));
/** The reports (docs/reports.md), the charts' code with them. */
const reportScreen = <M extends Record<string, ComponentType>>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
const reportsPage = (name: keyof typeof import("../reports/ReportsScreen")) =>
  reportScreen(() => import("../reports/ReportsScreen"), name);
const auditImages = (name: keyof typeof import("../reports/RetailAuditImagesScreen")) =>
  reportScreen(() => import("../reports/RetailAuditImagesScreen"), name);
const outletReport = (name: keyof typeof import("../reports/OutletReportScreen")) =>
  reportScreen(() => import("../reports/OutletReportScreen"), name);
const performance = (name: keyof typeof import("../reports/PerformanceReportScreen")) =>
  reportScreen(() => import("../reports/PerformanceReportScreen"), name);
const unicorns = (name: keyof typeof import("../verification/UnicornScreens")) =>
  lazy(() => import("../verification/UnicornScreens").then((m) => ({ default: m[name] })));
const gamification = (name: keyof typeof import("../gamification/GamificationScreens")) =>
  lazy(() => import("../gamification/GamificationScreens").then((m) => ({ default: m[name] })));
const SUB_PROJECT = "/dashboard/projects/view-list/:projectSlug/view/:slug";
const CLIENT_PORTAL = "/dashboard/projects/client-portal-view";
const OUTLET_SCREENS = {
  "/dashboard/list-of-outlets": outletList("DashboardOutlets"),
  "/dashboard/list-of-outlets/view/:outlet": OutletView,
  "/dashboard/view/:outlet": OutletView,
  "/dashboard/view/:outletSlug/:outletID/:viewType": lazy(() => import("../outlets/OutletViewByType")),
  "/dashboard/survey": lazy(() => import("../outlets/SurveyOverviewScreen")),
  [`${SUB_PROJECT}/list-of-outlets`]: outletList("SubProjectOutlets"),
  [`${SUB_PROJECT}/list-of-outlets/view/:outlet`]: OutletView,
  [`${SUB_PROJECT}/panel-management/list-of-outlets`]: outletList("PanelOutlets"),
  [`${SUB_PROJECT}/panel-management/view/:outlet`]: OutletView,
  [`${SUB_PROJECT}/cycle/list-of-outlets`]: outletList("CycleOutlets"),
  [`${SUB_PROJECT}/cycle/view/:outlet`]: OutletView,
  [`${CLIENT_PORTAL}/:projectSlug/list-of-outlets`]: outletList("ClientPortalOutlets"),
  [`${CLIENT_PORTAL}/:projectSlug/list-of-outlets/view/:outlet`]: OutletView,
  [`${CLIENT_PORTAL}/:slug/manage-kyc/list-of-outlets`]: outletList("ManageKycOutlets"),
  [`${CLIENT_PORTAL}/:slug/manage-kyc/view/:outlet`]: OutletView,
} as const;

const payoutScreen = (name: keyof typeof import("../projects/PayoutCycleScreens")) =>
  lazy(() => import("../projects/PayoutCycleScreens").then((m) => ({ default: m[name] })));
/** The money path's summary pages (docs/payouts.md). */
const PAYOUT_SCREENS = {
  [`${SUB_PROJECT}/cycle`]: payoutScreen("SubProjectCycle"),
  [`${CLIENT_PORTAL}/:projectSlug/payout`]: payoutScreen("ClientPayout"),
  [`${CLIENT_PORTAL}/:projectSlug/payout/cycle`]: payoutScreen("ClientPayoutCycle"),
} as const;

const BulkUploadScreen = lazy(() => import("../uploads/BulkUploadScreen"));
const UPLOAD_SCREENS = Object.fromEntries(UPLOAD_BUILT_PATTERNS.map((p) => [p, BulkUploadScreen])) as Record<
  (typeof UPLOAD_BUILT_PATTERNS)[number],
  typeof BulkUploadScreen
>;

/** The staff two-step sign-in's pages (docs/auth.md). */
const twoStep = (name: keyof typeof import("../auth/TwoStepScreens")) =>
  lazy(() => import("../auth/TwoStepScreens").then((m) => ({ default: m[name] })));
const codeSignIn = (name: keyof typeof import("../ekyc/screens")) =>
  lazy(() => import("../ekyc/screens").then((m) => ({ default: m[name] })));
const fieldArea = (name: keyof typeof import("../ekyc/fieldScreens")) =>
  lazy(() => import("../ekyc/fieldScreens").then((m) => ({ default: m[name] })));
const CODE_SIGN_IN_SCREENS = {
  "/eMyTrack/login": codeSignIn("EMyTrackLogin"),
  "/eMyTrack/verify-otp": codeSignIn("EMyTrackVerifyOtp"),
  "/eMyTrack/dashboard": fieldArea("Dashboard"),
  "/eMyTrack/pending-list": fieldArea("PendingList"),
  "/eMyTrack/rejected-list": fieldArea("RejectedList"),
  "/eMyTrack/completed-list": fieldArea("CompletedList"),
  "/eMyTrack/outlet-detail/:slug": fieldArea("OutletDetail"),
  "/eMyTrack/outlet-survey-listing/:slug": fieldArea("SurveyListing"),
  "/eMyTrack/outlet-add": fieldArea("OutletAdd"),
  "/eMyTrack/add-new": fieldArea("AddNew"),
  "/eMyTrack/rsa-form": fieldArea("RsaForm"),
  "/eMyTrack/rsa-detail": fieldArea("RsaDetail"),
  "/retailers/login": codeSignIn("RetailerLogin"),
  "/retailers/choose-mobile-number": codeSignIn("RetailerChooseMobile"),
  "/retailers/enter-mobile-number": codeSignIn("RetailerEnterMobile"),
  "/retailers/otp": codeSignIn("RetailerOtp"),
  "/retailers/success": codeSignIn("RetailerSignedIn"),
  "/retailers": RetailerPortal,
} as const;

const linkPage = (name: keyof typeof import("../mobile/MobileLinkPages")) =>
  lazy(() => import("../mobile/MobileLinkPages").then((m) => ({ default: m[name] })));
const mobilePage = (name: keyof typeof import("../mobile/SignedInMobilePages")) =>
  lazy(() => import("../mobile/SignedInMobilePages").then((m) => ({ default: m[name] })));
const retailerAccount = (name: keyof typeof import("../mobile/RetailerAccount")) =>
  lazy(() => import("../mobile/RetailerAccount").then((m) => ({ default: m[name] })));
const pdfView = (name: keyof typeof import("../mobile/RetailerPdfView")) =>
  lazy(() => import("../mobile/RetailerPdfView").then((m) => ({ default: m[name] })));
/** The retailer's link (slug after the word slug, and the alternate) and the staff's pp views. */
const MOBILE_SCREENS = {
  "/mobile-view/home/slug/:slug": linkPage("MobileHome"),
  "/mobile-view/home/:slug": linkPage("MobileHome"),
  "/mobile-view/earnings/slug/:slug": linkPage("MobileEarnings"),
  "/mobile-view/earnings/:slug": linkPage("MobileEarnings"),
  "/mobile-view/invoices/slug/:slug": linkPage("MobileInvoices"),
  "/mobile-view/invoices/:slug": linkPage("MobileInvoices"),
  "/mobile-view/target-vs-achievement/slug/:slug": linkPage("MobileStatements"),
  "/mobile-view/target-vs-achievement/:slug": linkPage("MobileStatements"),
  "/dashboard/pp-outlet-details/:slug/:master_id?": mobilePage("PpOutletDetails"),
  "/dashboard/earnings/pp-outlet-earning/:slug/:master_id?": mobilePage("PpOutletEarning"),
  "/dashboard/pp-outlet-invoice/:slug/:master_id?": mobilePage("PpOutletInvoice"),
  "/dashboard/pp-performance-statement-project-view/:slug/:master_id?": mobilePage("PpPerformanceStatement"),
  "/retailers/earnings": mobilePage("RetailerEarnings"),
  "/retailers/list-of-invoices": mobilePage("RetailerInvoices"),
  "/retailers/earnings/earnings-details": mobilePage("RetailerStatements"),
  "/retailers/outlets-list": lazy(() =>
    import("../mobile/RetailerArea").then((m) => ({ default: m.RetailerOutletsList })),
  ),
  "/retailers/outlets-list/edit": lazy(() =>
    import("../mobile/RetailerEdit").then((m) => ({ default: m.RetailerEdit })),
  ),
  "/retailers/outlets-list/outlet-information": lazy(() =>
    import("../mobile/RetailerArea").then((m) => ({ default: m.RetailerOutletInformation })),
  ),
  "/retailers/form16": retailerAccount("RetailerForm16"),
  "/retailers/notifications": retailerAccount("RetailerNotifications"),
  "/retailers/offers": retailerAccount("RetailerOffers"),
  "/retailers/offers/view/:offerSlug": retailerAccount("RetailerOfferView"),
  "/retailers/profile/:user_name": retailerAccount("RetailerProfile"),
  "/retailers/pdf-view": pdfView("DashboardPdfView"),
  "/retailers/list-of-invoices/pdf-view": pdfView("InvoicePdfView"),
  "/retailers/earnings/earnings-details/pdf-view": pdfView("StatementPdfView"),
} as const;

const taxScreen = (
  name:
    | "TdsScreen"
    | "TdsReportsScreen"
    | "Form16Screen"
    | "PanListScreen"
    | "StoreDetailScreen"
    | "Form16CsvScreen",
) => lazy(() => import("../tax/TaxScreens").then((m) => ({ default: m[name] })));
const TAX_SCREENS = {
  "/dashboard/tds": taxScreen("TdsScreen"),
  "/dashboard/tds/tds-reports": taxScreen("TdsReportsScreen"),
  "/dashboard/form16": taxScreen("Form16Screen"),
  "/dashboard/form16/pan-list": taxScreen("PanListScreen"),
  "/dashboard/form16/pan-list/store-detail": taxScreen("StoreDetailScreen"),
  "/dashboard/form-16-pdf": lazy(() => import("../tax/Form16PdfScreen")),
  "/dashboard/form-16-csv": taxScreen("Form16CsvScreen"),
} as const;

const messageScreen = (name: "MessageDetailsScreen" | "MessageSummaryScreen") =>
  lazy(() => import("../messaging/MessageScreens").then((m) => ({ default: m[name] })));
const MESSAGE_SCREENS = {
  "/dashboard/message/details": messageScreen("MessageDetailsScreen"),
  "/dashboard/message/summary": messageScreen("MessageSummaryScreen"),
} as const;

/** Any other dashboard route: an administration screen or the honest Page not found (./AdminRoute). */
const AdminRoute = lazy(() => import("./AdminRoute"));

const SCREENS = {
  "/": Home,
  "/login": lazy(() => import("../auth/LoginScreen")),
  "/mfa-password": twoStep("MfaPasswordScreen"),
  "/verify-otp": twoStep("VerifyOtpScreen"),
  "/forgot-password": lazy(() => import("../auth/ForgotPasswordScreen")),
  "/reset-password": lazy(() => import("../auth/ResetPasswordScreen")),
  "/change-password-expiry": lazy(() => import("../auth/PasswordExpiryScreen")),
  ...CODE_SIGN_IN_SCREENS,
  "/dashboard": lazy(() => import("../dashboard/DashboardHome")),
  ...UPLOAD_SCREENS,
  "/dashboard/my-downloads": lazy(() => import("../downloads/MyDownloadsScreen")),
  "/dashboard/collected-bills-list": lazy(() => import("../invoices/CollectedBillsListScreen")),
  "/dashboard/invoices": lazy(() => import("../invoices/InvoiceListScreen")),
  "/dashboard/pan-verification": lazy(() => import("../verification/PanVerificationScreen")),
  "/dashboard/account-verification": lazy(() => import("../verification/AccountVerificationScreen")),
  "/dashboard/secure-account-verification": lazy(() =>
    import("../verification/AccountVerificationScreen").then((m) => ({
      default: m.SecureAccountVerificationScreen,
    })),
  ),
  "/dashboard/ifsc-change-verification": lazy(() => import("../verification/IfscChangeScreen")),
  "/dashboard/reverse-geo-coding": lazy(() => import("../verification/LocationChecksScreen")),
  "/dashboard/unicorn-image-matching": unicorns("default"),
  "/dashboard/list-of-unicorns": unicorns("UnicornListScreen"),
  "/dashboard/list-of-unicorns/view/:slug": unicorns("UnicornViewScreen"),
  "/dashboard/qc-allocation-management": AllocationOverview,
  "/dashboard/qc-allocation-management/edit": AllocationEdit,
  "/dashboard/calling-allocation-management": AllocationOverview,
  "/dashboard/calling-allocation-management/edit": AllocationEdit,
  "/dashboard/iftu-allocation-management": AllocationOverview,
  "/dashboard/iftu-allocation-management/edit": AllocationEdit,
  "/dashboard/profile/:user_name": lazy(() => import("../profile/ProfileScreen")),
  "/dashboard/field-outlet-recovery": lazy(() => import("../fieldTools/FieldOutletRecoveryScreen")),
  "/dashboard/field-app-dump": lazy(() => import("../fieldTools/FieldAppDumpScreen")),
  "/dashboard/projects": lazy(() => import("../projects/ProjectCardsScreen")),
  "/dashboard/projects/notifications": lazy(() => import("../projects/ProjectNotificationsScreen")),
  [SUB_PROJECT]: lazy(() => import("../projects/SubProjectHubScreen")),
  [`${SUB_PROJECT}/mobile-link-download`]: lazy(() => import("../projects/MobileLinkDownloadScreen")),
  [`${SUB_PROJECT}/photo-audit`]: lazy(() => import("../projects/PhotoAuditScreen")),
  "/dashboard/view-all": lazy(() => import("../projects/ViewAllScreen")),
  [`${SUB_PROJECT}/outlet-management`]: lazy(() => import("../projects/OutletManagementScreen")),
  [`${SUB_PROJECT}/outlet-management/outlets/:objectType`]: outletList("OutletObjectList"),
  [`${SUB_PROJECT}/assign-invoice-sku/invoice-header`]: lazy(
    () => import("../projects/InvoiceHeaderAssignmentScreen"),
  ),
  ...OUTLET_SCREENS,
  "/dashboard/:reportTitle/:outletID/images": OutletGallery,
  "/dashboard/reports": reportsPage("default"),
  "/gamification/dashboard": gamification("default"),
  "/gamification/view-list/:slug": gamification("ProgramListScreen"),
  "/gamification/view-list-all/:slug": gamification("ProgramLedgerScreen"),
  "/gamification/report/:slug": gamification("AuditorReportScreen"),
  "/dashboard/retail-audit-report": lazy(() => import("../reports/RetailAuditReportScreen")),
  "/dashboard/retail-audit-report/images": auditImages("default"),
  "/dashboard/retail-audit-report/view/:outlet": outletReport("default"),
  "/dashboard/performance-report": performance("default"),
  "/dashboard/performance-report-pdf": performance("PerformanceReportPdfScreen"),
  "/dashboard/performance-report-csv": performance("PerformanceReportCsvScreen"),
  "/dashboard/mis-report": reportScreen(() => import("../reports/MisReportScreen"), "default"),
  "/dashboard/client-reports/:outletID/:outletSlug": outletReport("ClientReportScreen"),
  "/dashboard/client-reports/:outletID/images": OutletGallery,
  "/dashboard/client-image-reports/:id": auditImages("ClientImageReportScreen"),
  [`${CLIENT_PORTAL}/:projectSlug/reports`]: reportsPage("ClientPortalReportsScreen"),
  [`${CLIENT_PORTAL}/:projectSlug/reports/:outletId`]: outletReport("ClientPortalOutletReportScreen"),
  [`${CLIENT_PORTAL}/:projectSlug/reports/:id/images`]: OutletGallery,
  "/dashboard/collected-bill-image-viewer/:workflow_object_id": lazy(
    () => import("../outlets/CollectedBillImageViewer"),
  ),
  ...MOBILE_SCREENS,
  ...PAYOUT_SCREENS,
  ...TAX_SCREENS,
  ...MESSAGE_SCREENS,
} satisfies Record<BuiltPattern, ComponentType>;

/**
 * Dashboard pages render inside the shell, and so do gamification's staff pages; the mobile
 * performance views under /dashboard do not.
 */
export function inDashboardShell(route: AppRoute): boolean {
  return /^\/(dashboard|gamification)(\/|$)/.test(route.pattern) && route.area !== "mobile";
}

function RouteScreen({ route }: { route: AppRoute }) {
  if (isHandBuilt(route.pattern)) return <BuiltScreen route={route} Screen={SCREENS[route.pattern]} />;
  if (inDashboardShell(route)) return <AdminRoute route={route} />;
  return <PlannedPage />;
}

function BuiltScreen({ route, Screen }: { route: AppRoute; Screen: ComponentType }) {
  useTitle(route.title);
  return <Screen />;
}

function PlannedPage() {
  useTitle("Page not found");
  return (
    <main className="page-center">
      <NotFound planned />
    </main>
  );
}

function UnknownPage({ framed }: { framed: boolean }) {
  useTitle("Page not found");
  const notFound = <NotFound />;
  return framed ? notFound : <main className="page-center">{notFound}</main>;
}

const shellRoutes = ROUTES_BY_SPECIFICITY.filter(inDashboardShell);
const standaloneRoutes = ROUTES_BY_SPECIFICITY.filter((r) => !inDashboardShell(r));

/** Every path under /dashboard (or /gamification) that no standalone route (the mobile views) took. */
const DASHBOARD_AREA = /^\/(?:dashboard|gamification)(?:\/.*)?$/i;

export default function RouteTable() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {standaloneRoutes.map((route) => (
          <Route key={route.pattern} path={route.pattern}>
            <RouteScreen route={route} />
          </Route>
        ))}
        {/* One element for the whole dashboard area, so the shell stays mounted between its pages. */}
        <Route key="dashboard-area" path={DASHBOARD_AREA}>
          <DashboardShell>
            <Switch>
              {shellRoutes.map((route) => (
                <Route key={route.pattern} path={route.pattern}>
                  <RouteScreen route={route} />
                </Route>
              ))}
              <Route key="machines" path="/dashboard/machines">
                <DashboardMachines detail={false} />
              </Route>
              <Route key="machine" path="/dashboard/machines/:id">
                <DashboardMachines detail />
              </Route>
              <Route key="question" path={QUESTION_SCREEN}>
                <QuestionScreen />
              </Route>
              <Route key="unknown">
                <UnknownPage framed />
              </Route>
            </Switch>
          </DashboardShell>
        </Route>
        <Route key="widgets" path={WIDGET_CATALOGUE_PATH}>
          <WidgetCatalogue />
        </Route>
        <Route key="dev-machines" path="/dev/machines">
          <DevMachines detail={false} />
        </Route>
        <Route key="dev-machine" path="/dev/machines/:id">
          <DevMachines detail />
        </Route>
        <Route key="unknown">
          <UnknownPage framed={false} />
        </Route>
      </Switch>
    </Suspense>
  );
}
