/** The project machines' effects, provided to them at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { SetupLoadOutcome, SetupSaveOutcome } from "../../domain/invoiceSetup";
import type { MobileLinksOutcome } from "../../domain/mobileLinks";
import type { HubOutcome } from "../../domain/projects";
import { loadInvoiceSetup, saveInvoiceSetup } from "../../infra/api/invoiceSetup";
import { markNotificationsRead, startMobileLinksExport, subProjectHub } from "../../infra/api/projects";
import { runApi } from "../../infra/http";
import type { SaveInput } from "../../machines/invoiceAssignment";

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
