/**
 * Every machine the product runs, by the name its chart and coverage use. The chart generator
 * reads this list; the graph tests require a fixture (tests/machines/fixtures) for each entry.
 */
import type { AnyStateMachine } from "xstate";
import { SUB_PROJECT_TYPES } from "../domain/outletStates";
import { allocationEditMachine } from "./allocationEdit";
import { allocationRuleFormMachine } from "./allocationRuleForm";
import { applicationMachine } from "./application";
import { appStartMachine } from "./appStart";
import { bulkStatusUpdateMachine } from "./bulkStatusUpdate";
import { bulkUploadJobMachine } from "./bulkUploadJob";
import { bulkUploadScreenMachine } from "./bulkUploadScreen";
import { callingTrackerMachine } from "./callingTracker";
import { collectedBillsMachine } from "./collectedBills";
import { dataTableMachine } from "./dataTable";
import { dumpUploadMachine } from "./dumpUpload";
import { eKycLoginMachine } from "./eKycLogin";
import { excelUploadMachine } from "./excelUpload";
import { fieldVerificationMachine } from "./fieldVerification";
import { filterDrawerMachine } from "./filterDrawer";
import { forgotPasswordMachine } from "./forgotPassword";
import { form16BatchMachine } from "./form16Batch";
import { ifscMasterEditMachine } from "./ifscMasterEdit";
import { invoiceAssignmentMachine } from "./invoiceAssignment";
import { invoiceHeaderFormMachine } from "./invoiceHeaderForm";
import { invoiceNumberDialogMachine } from "./invoiceNumberDialog";
import { invoiceSliderMachine } from "./invoiceSlider";
import { mobileAccessMachine } from "./mobileAccess";
import { mobileLinkExportMachine } from "./mobileLinkExport";
import { modalMachine } from "./modal";
import { notificationMachine } from "./notification";
import { openWithMachine } from "./openWith";
import { outletDraftMachine } from "./outletDraft";
import { outletEditMachine } from "./outletEdit";
import { outletListMachine } from "./outletList";
import { outletReviewMachine } from "./outletReview";
import { OUTLET_WORKFLOWS } from "./outletWorkflow";
import { passwordExpiryMachine } from "./passwordExpiry";
import { pathReplayMachine } from "./pathReplay";
import { payoutDetailsMachine } from "./payoutDetails";
import { pdfViewerMachine } from "./pdfViewer";
import { photoAuditMachine } from "./photoAudit";
import { projectCardMachine } from "./projectCard";
import { recoveryFormMachine } from "./recoveryForm";
import { recoveryRequestMachine } from "./recoveryRequest";
import { reportRunMachine } from "./reportRun";
import { resourceFormMachine } from "./resourceForm";
import { resourceListMachine } from "./resourceList";
import { retailerRequestsMachine } from "./retailerRequests";
import { rsaFormMachine } from "./rsaForm";
import { scorePanelMachine } from "./scorePanel";
import { signInMachine } from "./signIn";
import { skuExportMachine } from "./skuExport";
import { skuRowMachine } from "./skuRow";
import { subProjectHubMachine } from "./subProjectHub";
import { surveyGroupsMachine } from "./surveyGroups";
import { updateStatusGateMachine } from "./updateStatusGate";
import { verificationCheckMachine } from "./verificationCheck";

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
