/**
 * Projects and their cards (spec 002 §2.12, §3, §9; 000 §3, §9): the card's shape, the name cut
 * at 15 characters, the notification menu's width, and the notifications derived from the outlet
 * log for the four notified event types.
 */
import { Schema } from "effect";
import { saying, Text } from "../api/fields";
import { NotificationId, ProjectId } from "../api/ids";
import { paginated } from "../api/paginated";
import { CYCLE_TYPE, SUB_PROJECT_TYPES, type SubProjectType } from "../outlets/outletStates";
import { formatDate, formatTime12 } from "../shared/format";
import { decodeRowId, MAX_QUERY_TEXT_LENGTH, notAChoice } from "../shared/requestInput";

/** 002 §9: a card shows at most this many characters of the name; the whole name is its tooltip. */
export const PROJECT_NAME_LIMIT = 15;
/** 000 §9, 002 §9: the notification menu is 250 px wide. */
export const NOTIFICATION_MENU_WIDTH = 250;
/** A card's menu lists the newest few; "View All" leads to the rest. */
export const CARD_NOTIFICATION_LIMIT = 5;
export const VIEW_ALL = "View All";
export const OUTLETS_LABEL = "No.of Outlets";
export const ID_LABEL = "ID";

/** 000 §9, 002 §2.12: the outlet log's event types that notify a project's users. */
export const NOTIFICATION_EVENT_TYPES = [
  "route_plan_client_confirmed",
  "client_confirmation_rejected",
  "payouts_plotted",
  "payment_successful",
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** The name as a card shows it: its first 15 characters (a cut-off space dropped), with an ellipsis when cut. */
export function cardName(name: string): string {
  const chars = [...name];
  return chars.length > PROJECT_NAME_LIMIT
    ? `${chars.slice(0, PROJECT_NAME_LIMIT).join("").trimEnd()}…`
    : name;
}

/**
 * 000 §3: a notification's title has its dashes turned into spaces and its words capitalised. The
 * event types are written with underscores, which are turned into spaces the same way.
 */
export function notificationTitle(eventType: string): string {
  return eventType
    .split(/[-_\s]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** A notification's date and time as the list shows them, from its ISO timestamp (UTC). */
export function notificationWhen(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: formatDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()),
    time: formatTime12(at.getUTCHours(), at.getUTCMinutes()),
  };
}

/** Project types: the sub-project types of 000 §1 that a project can have. */
export const PROJECT_TYPES = SUB_PROJECT_TYPES;
/** Sub-project types: the project types and their cycle types (000 §1). */
export const SUB_PROJECT_KINDS: readonly string[] = [
  ...new Set(SUB_PROJECT_TYPES.flatMap((t) => [t, CYCLE_TYPE[t]])),
];

export const PROJECT_TYPE_LABEL: Record<SubProjectType, string> = {
  retail_audit: "Retail Audit",
  "3p_payout": "3P Payout",
  off_take: "Off Take",
  census: "Census",
  mi: "MI",
  kyc: "KYC",
  empanelment: "Empanelment",
};

export const projectTypeLabel = (type: string): string =>
  PROJECT_TYPE_LABEL[type as SubProjectType] ?? notificationTitle(type);

/** One entry of a notification list (000 §3: title, subText, date, time), with what opens it. */
export const ProjectNotification = Schema.Struct({
  id: NotificationId,
  title: Schema.String,
  subText: Schema.String,
  date: Schema.String,
  time: Schema.String,
  read: Schema.Boolean,
  project: Schema.String,
  outlet: Schema.String,
});
export type ProjectNotification = typeof ProjectNotification.Type;

/** 002 §3 project card. */
export const DOWNLOAD_DECK = "Download deck";

export const ProjectCard = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  type: Schema.String,
  projectId: ProjectId,
  organisation: Schema.String,
  outlets_count: Schema.Number,
  createdDate: Schema.String,
  endDate: Schema.String,
  notificationCount: Schema.Number,
  notificationList: Schema.Array(ProjectNotification),
  /** Where the project's logo is served; null when it has none. */
  logo: Schema.NullOr(Schema.String),
  /** Whether the project has payout sub-projects (the client portal's payout pages show them). */
  has_payouts: Schema.Boolean,
  /**
   * 002 §3 `pro`: whether the caller may edit this project, which offers the card's Edit action
   * (`mayEditProject`; docs/projects.md says why this reading).
   */
  pro: Schema.Boolean,
  /** 002 §3 `deckPath`: where the project's deck is downloaded (as its file's name); null when it has none. */
  deckPath: Schema.NullOr(Schema.String),
});
export type ProjectCard = typeof ProjectCard.Type;

export const ProjectCardPage = paginated(ProjectCard);
export type ProjectCardPage = typeof ProjectCardPage.Type;

/** A page of notifications, and how many of all of them the caller has not read. */
export const ProjectNotificationPage = Schema.Struct({
  ...paginated(ProjectNotification).fields,
  unread: Schema.Number,
});
export type ProjectNotificationPage = typeof ProjectNotificationPage.Type;

/** The answer to marking notifications read: how many were newly read. */
export const MarkedRead = Schema.Struct({ marked: Schema.Number });

/** One sub-project of a project, as the project's page lists it. */
export const SubProjectSummary = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  type: Schema.String,
  outlets_count: Schema.Number,
});

/** The sub-project hub (000 §2.1): where it belongs, its kind, and its active outlets by state. */
export const SubProjectHub = Schema.Struct({
  project: Schema.Struct({ slug: Schema.String, name: Schema.String, type: Schema.String }),
  sub_project: Schema.Struct({
    slug: Schema.String,
    name: Schema.String,
    type: Schema.String,
    add_data_on_fly: Schema.Boolean,
    parent: Schema.NullOr(Schema.Struct({ slug: Schema.String, name: Schema.String })),
  }),
  by_state: Schema.Record(Schema.String, Schema.Number),
  total: Schema.Number,
  cycles: Schema.Array(SubProjectSummary),
});
export type SubProjectHub = typeof SubProjectHub.Type;

/** What loading a hub came to: the hub, or not found (a 404: absent, or another organisation's). */
export type HubOutcome = { type: "found"; hub: SubProjectHub } | { type: "notFound" };

const QueryText = Text(MAX_QUERY_TEXT_LENGTH);

/** A query value that is empty (not given) or passes the check; else `"value" is not a valid choice.` */
const emptyOr = (valid: (text: string) => boolean) =>
  QueryText.check(Schema.makeFilter((text: string) => text === "" || valid(text) || notAChoice(text)));

/**
 * The cards page's query: search over names, a project type, a client organisation's row id. Each
 * may be left empty.
 */
export const ProjectCardQuery = Schema.Struct({
  search: Schema.optionalKey(QueryText),
  type: Schema.optionalKey(emptyOr((type) => (PROJECT_TYPES as readonly string[]).includes(type))),
  organisation: Schema.optionalKey(emptyOr((id) => decodeRowId(id) !== null)),
});
export type ProjectCardQuery = typeof ProjectCardQuery.Type;

/** What the cards are filtered by: a search (trimmed), a type, an organisation; null for none. */
export const projectCardFilter = (query: ProjectCardQuery) => ({
  search: query.search?.trim() || null,
  type: query.type || null,
  organisation: query.organisation ? decodeRowId(query.organisation) : null,
});

/** The notifications page's query: one project's (slug), and the table's search. */
export const ProjectNotificationQuery = Schema.Struct({
  project: Schema.optionalKey(QueryText),
  search: Schema.optionalKey(QueryText),
});

export const MAX_MARKED_AT_ONCE = 100;
export const GIVE_NOTIFICATION_IDS = `Give from 1 to ${MAX_MARKED_AT_ONCE} notification ids.`;

const areNotificationIds = (ids: readonly unknown[]): ids is readonly number[] =>
  ids.length >= 1 &&
  ids.length <= MAX_MARKED_AT_ONCE &&
  ids.every((id) => typeof id === "number" && decodeRowId(id) !== null);

/** The body of marking notifications read: `{ ids: [...] }`, 1 to 100 row ids; anything else is one line. */
export const NotificationIds = Schema.Struct({
  ids: saying(GIVE_NOTIFICATION_IDS)(
    saying(GIVE_NOTIFICATION_IDS)(Schema.Array(Schema.Unknown)).pipe(Schema.refine(areNotificationIds)),
  ),
});

export const MARK_READ_FAILED =
  "The notifications could not be marked as read. Check your connection and try again.";
export const HUB_LOAD_FAILED = "This sub-project could not be loaded. Check your connection and try again.";
export const HUB_NOT_FOUND = "This sub-project could not be found.";

/** The ids of the entries not yet read: what opening a card's menu marks read. */
export const unreadIds = (entries: readonly ProjectNotification[]): number[] =>
  entries.filter((n) => !n.read).map((n) => n.id);
