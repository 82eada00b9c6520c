/** The project machines' effects, provided to them at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { SetupLoadOutcome, SetupSaveOutcome } from "../../domain/invoices/invoiceSetup";
import type { MobileLinksOutcome } from "../../domain/mobile/mobileLinks";
import type { PhotoDecisionOutcome, PhotoListOutcome } from "../../domain/projects/photoAudit";
import type { HubOutcome } from "../../domain/projects/projects";
import { loadInvoiceSetup, saveInvoiceSetup } from "../../infra/api/invoiceSetup";
import { decidePhoto, loadPhotos } from "../../infra/api/photoAudit";
import { markNotificationsRead, startMobileLinksExport, subProjectHub } from "../../infra/api/projects";
import { runApi } from "../../infra/http";
import type { SaveInput } from "../../machines/invoices/invoiceAssignment";
import type { PhotoDecisionRequest, PhotoListRequest } from "../../machines/projects/photoAudit";

export const projectCardActors = {
  markRead: fromPromise<{ marked: number }, { ids: number[] }>(({ input, signal }) =>
    runApi(markNotificationsRead(input.ids), { signal }),
  ),
};

export const subProjectHubActors = {
  loadHub: fromPromise<HubOutcome, { projectSlug: string; slug: string }>(({ input, signal }) =>
    runApi(subProjectHub(input.projectSlug, input.slug), { signal }),
  ),
};

export const mobileLinkExportActors = {
  startExport: fromPromise<MobileLinksOutcome, { projectSlug: string; slug: string }>(({ input, signal }) =>
    runApi(startMobileLinksExport(input.projectSlug, input.slug), { signal }),
  ),
};

export const invoiceAssignmentActors = {
  loadSetup: fromPromise<SetupLoadOutcome, { projectSlug: string; slug: string }>(({ input, signal }) =>
    runApi(loadInvoiceSetup(input.projectSlug, input.slug), { signal }),
  ),
  saveSetup: fromPromise<SetupSaveOutcome, SaveInput>(({ input, signal }) =>
    runApi(saveInvoiceSetup(input.projectSlug, input.slug, input.assignment), { signal }),
  ),
};

export const photoAuditActors = {
  loadPhotos: fromPromise<PhotoListOutcome, PhotoListRequest>(({ input, signal }) =>
    runApi(loadPhotos(input.projectSlug, input.slug, input.status, input.page), { signal }),
  ),
  decide: fromPromise<PhotoDecisionOutcome, PhotoDecisionRequest>(({ input, signal }) =>
    runApi(
      decidePhoto(input.projectSlug, input.slug, input.imageId, {
        decision: input.decision,
        reason: input.reason,
        version: input.version,
      }),
      { signal },
    ),
  ),
};
