/**
 * Every machine the product runs, by the name its chart and coverage use. The chart generator
 * reads this list; the graph tests require a fixture (tests/machines/fixtures) for each entry.
 */
import type { AnyStateMachine } from "xstate";
import { SUB_PROJECT_TYPES } from "../domain/outlets/outletStates";
import { resourceFormMachine } from "./admin/resourceForm";
import { resourceListMachine } from "./admin/resourceList";
import { allocationEditMachine } from "./allocation/allocationEdit";
import { allocationRuleFormMachine } from "./allocation/allocationRuleForm";
import { applicationMachine } from "./application";
import { appStartMachine } from "./auth/appStart";
import { forgotPasswordMachine } from "./auth/forgotPassword";
import { passwordExpiryMachine } from "./auth/passwordExpiry";
import { signInMachine } from "./auth/signIn";
import { eKycLoginMachine } from "./ekyc/eKycLogin";
import { outletDraftMachine } from "./ekyc/outletDraft";
import { rsaFormMachine } from "./ekyc/rsaForm";
import { dumpUploadMachine } from "./fieldTools/dumpUpload";
import { recoveryFormMachine } from "./fieldTools/recoveryForm";
import { recoveryRequestMachine } from "./fieldTools/recoveryRequest";
import { collectedBillsMachine } from "./invoices/collectedBills";
import { invoiceAssignmentMachine } from "./invoices/invoiceAssignment";
import { invoiceHeaderFormMachine } from "./invoices/invoiceHeaderForm";
import { invoiceNumberDialogMachine } from "./invoices/invoiceNumberDialog";
import { invoiceSliderMachine } from "./invoices/invoiceSlider";
import { skuExportMachine } from "./invoices/skuExport";
import { skuRowMachine } from "./invoices/skuRow";
import { pathReplayMachine } from "./machinesArea/pathReplay";
import { mobileAccessMachine } from "./mobile/mobileAccess";
import { openWithMachine } from "./mobile/openWith";
import { pdfViewerMachine } from "./mobile/pdfViewer";
import { bulkStatusUpdateMachine } from "./outlets/bulkStatusUpdate";
import { callingTrackerMachine } from "./outlets/callingTracker";
import { outletEditMachine } from "./outlets/outletEdit";
import { outletListMachine } from "./outlets/outletList";
import { outletReviewMachine } from "./outlets/outletReview";
import { OUTLET_WORKFLOWS } from "./outlets/outletWorkflow";
import { retailerRequestsMachine } from "./outlets/retailerRequests";
import { updateStatusGateMachine } from "./outlets/updateStatusGate";
import { payoutDetailsMachine } from "./payouts/payoutDetails";
import { mobileLinkExportMachine } from "./projects/mobileLinkExport";
import { photoAuditMachine } from "./projects/photoAudit";
import { projectCardMachine } from "./projects/projectCard";
import { subProjectHubMachine } from "./projects/subProjectHub";
import { reportRunMachine } from "./reports/reportRun";
import { dataTableMachine } from "./shared/dataTable";
import { filterDrawerMachine } from "./shared/filterDrawer";
import { modalMachine } from "./shared/modal";
import { notificationMachine } from "./shared/notification";
import { scorePanelMachine } from "./survey/scorePanel";
import { surveyGroupsMachine } from "./survey/surveyGroups";
import { form16BatchMachine } from "./tax/form16Batch";
import { bulkUploadJobMachine } from "./uploads/bulkUploadJob";
import { bulkUploadScreenMachine } from "./uploads/bulkUploadScreen";
import { excelUploadMachine } from "./uploads/excelUpload";
import { fieldVerificationMachine } from "./verification/fieldVerification";
import { ifscMasterEditMachine } from "./verification/ifscMasterEdit";
import { verificationCheckMachine } from "./verification/verificationCheck";

export type MachineEntry = { id: string; machine: AnyStateMachine };

export const machineRegistry: readonly MachineEntry[] = [
  { id: "appStart", machine: appStartMachine },
  { id: "signIn", machine: signInMachine },
  { id: "eKycLogin", machine: eKycLoginMachine },
  { id: "forgotPassword", machine: forgotPasswordMachine },
  { id: "outletReview", machine: outletReviewMachine },
  { id: "scorePanel", machine: scorePanelMachine },
  { id: "reportRun", machine: reportRunMachine },
  { id: "surveyGroups", machine: surveyGroupsMachine },
  { id: "updateStatusGate", machine: updateStatusGateMachine },
  { id: "callingTracker", machine: callingTrackerMachine },
  { id: "retailerRequests", machine: retailerRequestsMachine },
  { id: "outletEdit", machine: outletEditMachine },
  { id: "passwordExpiry", machine: passwordExpiryMachine },
  { id: "notification", machine: notificationMachine },
  { id: "dataTable", machine: dataTableMachine },
  { id: "modal", machine: modalMachine },
  { id: "filterDrawer", machine: filterDrawerMachine },
  ...SUB_PROJECT_TYPES.map((type) => ({ id: `outletWorkflow_${type}`, machine: OUTLET_WORKFLOWS[type] })),
  { id: "bulkStatusUpdate", machine: bulkStatusUpdateMachine },
  { id: "outletList", machine: outletListMachine },
  { id: "bulkUploadJob", machine: bulkUploadJobMachine },
  { id: "bulkUploadScreen", machine: bulkUploadScreenMachine },
  { id: "excelUpload", machine: excelUploadMachine },
  { id: "resourceList", machine: resourceListMachine },
  { id: "resourceForm", machine: resourceFormMachine },
  { id: "recoveryForm", machine: recoveryFormMachine },
  { id: "recoveryRequest", machine: recoveryRequestMachine },
  { id: "dumpUpload", machine: dumpUploadMachine },
  { id: "projectCard", machine: projectCardMachine },
  { id: "subProjectHub", machine: subProjectHubMachine },
  { id: "mobileLinkExport", machine: mobileLinkExportMachine },
  { id: "mobileAccess", machine: mobileAccessMachine },
  { id: "openWith", machine: openWithMachine },
  { id: "pathReplay", machine: pathReplayMachine },
  { id: "pdfViewer", machine: pdfViewerMachine },
  { id: "payoutDetails", machine: payoutDetailsMachine },
  { id: "application", machine: applicationMachine },
  { id: "invoiceAssignment", machine: invoiceAssignmentMachine },
  { id: "fieldVerification", machine: fieldVerificationMachine },
  { id: "verificationCheck", machine: verificationCheckMachine },
  { id: "collectedBills", machine: collectedBillsMachine },
  { id: "invoiceHeaderForm", machine: invoiceHeaderFormMachine },
  { id: "invoiceNumberDialog", machine: invoiceNumberDialogMachine },
  { id: "invoiceSlider", machine: invoiceSliderMachine },
  { id: "skuExport", machine: skuExportMachine },
  { id: "skuRow", machine: skuRowMachine },
  { id: "ifscMasterEdit", machine: ifscMasterEditMachine },
  { id: "photoAudit", machine: photoAuditMachine },
  { id: "form16Batch", machine: form16BatchMachine },
  { id: "allocationEdit", machine: allocationEditMachine },
  { id: "allocationRuleForm", machine: allocationRuleFormMachine },
  { id: "outletDraft", machine: outletDraftMachine },
  { id: "rsaForm", machine: rsaFormMachine },
];
