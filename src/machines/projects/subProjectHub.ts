/**
 * The sub-project hub's loading (000 §2.1): its counts and cycles load once; a sub-project another
 * organisation owns, or none, is not found; a failed load offers Try again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { HUB_LOAD_FAILED, type HubOutcome, type SubProjectHub } from "../../domain/projects/projects";

export type HubAddress = { projectSlug: string; slug: string };

export type SubProjectHubContext = HubAddress & { hub: SubProjectHub | null; detail: string | null };
export type SubProjectHubEvent = { type: "retry" };

const outcome = (event: unknown) => (event as DoneActorEvent<HubOutcome>).output;

export const subProjectHubMachine = setup({
  types: {} as { context: SubProjectHubContext; events: SubProjectHubEvent; input: HubAddress },
  actors: {
    loadHub: fromPromise<HubOutcome, HubAddress>(async () => {
      throw new Error("loadHub is provided by the application");
    }),
  },
  guards: {
    found: ({ event }) => outcome(event).type === "found",
  },
}).createMachine({
  id: "subProjectHub",
  description: "The sub-project hub: its counts by state and its links, once it has loaded.",
  context: ({ input }) => ({ projectSlug: input.projectSlug, slug: input.slug, hub: null, detail: null }),
  initial: "loading",
  states: {
    loading: {
      description: "The sub-project, its counts by state and its cycles are being read.",
      tags: ["busy"],
      invoke: {
        id: "loadHub",
        src: "loadHub",
        input: ({ context }) => ({ projectSlug: context.projectSlug, slug: context.slug }),
        onDone: [
          {
            guard: "found",
            target: "ready",
            actions: assign(({ event }) => {
              const out = outcome(event);
              return { hub: out.type === "found" ? out.hub : null };
            }),
          },
          { target: "notFound" },
        ],
        onError: { target: "failed", actions: assign({ detail: HUB_LOAD_FAILED }) },
      },
    },
    ready: {
      description: "The counts and the links to everything the sub-project holds are shown.",
    },
    notFound: {
      description: "No such sub-project for this user: Page not found's message, nothing else.",
      type: "final",
    },
    failed: {
      description: "The load failed; Try again reads it again.",
      on: { retry: { target: "loading", actions: assign({ detail: null }) } },
    },
  },
});
