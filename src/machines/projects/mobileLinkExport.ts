/**
 * Starting the export of a sub-project's retailer mobile links (000 §2.1 mobile-link-download):
 * Export asks the server once; it answers started (or already being prepared), refused with its
 * reason (no links yet, not allowed, no such sub-project), or the call fails and Export tries again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { MOBILE_LINKS_FAILED, type MobileLinksOutcome } from "../../domain/mobile/mobileLinks";
import type { HubAddress } from "./subProjectHub";

export type MobileLinkExportContext = HubAddress & { exportId: number | null; detail: string | null };
export type MobileLinkExportEvent = { type: "export" };

const outcome = (event: unknown) => (event as DoneActorEvent<MobileLinksOutcome>).output;

export const mobileLinkExportMachine = setup({
  types: {} as { context: MobileLinkExportContext; events: MobileLinkExportEvent; input: HubAddress },
  actors: {
    startExport: fromPromise<MobileLinksOutcome, HubAddress>(async () => {
      throw new Error("startExport is provided by the application");
    }),
  },
  guards: {
    started: ({ event }) => outcome(event).type === "started",
  },
}).createMachine({
  id: "mobileLinkExport",
  description: "The mobile link download: Export starts the spreadsheet in My Downloads.",
  context: ({ input }) => ({
    projectSlug: input.projectSlug,
    slug: input.slug,
    exportId: null,
    detail: null,
  }),
  initial: "idle",
  states: {
    idle: {
      description: "Nothing asked yet: Export is offered.",
      on: { export: "starting" },
    },
    starting: {
      description: "The server is asked to start the export; Export waits.",
      tags: ["busy"],
      entry: assign({ exportId: null, detail: null }),
      invoke: {
        id: "startExport",
        src: "startExport",
        input: ({ context }) => ({ projectSlug: context.projectSlug, slug: context.slug }),
        onDone: [
          {
            guard: "started",
            target: "started",
            actions: assign(({ event }) => {
              const out = outcome(event);
              return out.type === "started" ? { exportId: out.id, detail: out.detail } : {};
            }),
          },
          { target: "refused", actions: assign(({ event }) => ({ detail: outcome(event).detail })) },
        ],
        onError: { target: "failed", actions: assign({ detail: MOBILE_LINKS_FAILED }) },
      },
    },
    started: {
      description: "The export is being prepared: the answer and a link to My Downloads are shown.",
      on: { export: "starting" },
    },
    refused: {
      description: "The server refused with a reason, which is shown; Export may be asked again.",
      on: { export: "starting" },
    },
    failed: {
      description: "The call failed; Export tries again.",
      on: { export: "starting" },
    },
  },
});
