/**
 * A project card's notification menu (002 §2.12): closed; opening it shows the newest entries and
 * marks the unread ones read for this user; choosing an entry closes it and opens the outlet.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { MARK_READ_FAILED, type ProjectNotification, unreadIds } from "../../domain/projects/projects";

export type ProjectCardInput = { notifications: readonly ProjectNotification[]; count: number };

export type ProjectCardContext = {
  notifications: readonly ProjectNotification[];
  /** Unread notifications of the project, all of them (the menu lists only the newest). */
  count: number;
  detail: string | null;
};

export type ProjectCardEvent =
  | { type: "menu.open" }
  | { type: "menu.close" }
  | { type: "entry.choose"; project: string; outlet: string };

const marked = (event: unknown) => (event as DoneActorEvent<{ marked: number }>).output.marked;

export const projectCardMachine = setup({
  types: {} as { context: ProjectCardContext; events: ProjectCardEvent; input: ProjectCardInput },
  actors: {
    markRead: fromPromise<{ marked: number }, { ids: number[] }>(async () => {
      throw new Error("markRead is provided by the application");
    }),
  },
  guards: {
    hasUnread: ({ context }) => unreadIds(context.notifications).length > 0,
  },
  actions: {
    openOutlet: (_, _params: { project: string; outlet: string }) => {},
  },
}).createMachine({
  id: "projectCard",
  description: "A project card's notification menu: its count, its newest entries, marking them read.",
  context: ({ input }) => ({ notifications: input.notifications, count: input.count, detail: null }),
  initial: "closed",
  on: {
    "entry.choose": {
      target: ".closed",
      actions: {
        type: "openOutlet",
        params: ({ event }) => ({ project: event.project, outlet: event.outlet }),
      },
    },
  },
  states: {
    closed: {
      description: "The card shows the unread count on its bell; the menu is not shown.",
      on: {
        "menu.open": [
          { guard: "hasUnread", target: "markingRead", actions: assign({ detail: null }) },
          // Only a failed marking sets detail, and it leaves the entries unread: nothing to clear here.
          { target: "open" },
        ],
      },
    },
    markingRead: {
      description: "The menu is shown while its unread entries are marked read for this user.",
      tags: ["open"],
      invoke: {
        id: "markRead",
        src: "markRead",
        input: ({ context }) => ({ ids: unreadIds(context.notifications) }),
        onDone: {
          target: "open",
          actions: assign(({ context, event }) => ({
            notifications: context.notifications.map((n) => ({ ...n, read: true })),
            count: Math.max(0, context.count - marked(event)),
          })),
        },
        onError: { target: "open", actions: assign({ detail: MARK_READ_FAILED }) },
      },
      on: { "menu.close": { target: "closed" } },
    },
    open: {
      description: "The menu lists the newest entries and View All; the count says what is still unread.",
      tags: ["open"],
      on: { "menu.close": { target: "closed" } },
    },
  },
});
