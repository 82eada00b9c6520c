/**
 * Allocation of work (000 §2.1 the qc, calling and iftu allocation-management routes; 001 §3 the
 * workflow object's assigned_* people; docs/allocation.md): which outlets are a team's open work,
 * who holds them, how a selection or a rule is spread over executives within a capacity, and what
 * the outlet log and the screens say about a move. The spec names the pages without content: these
 * rules are the product's design.
 */
import { Schema } from "effect";
import { NamedList } from "../api/fields";
import { OutletId, RegionId, SubProjectId, TerritoryId, UserId } from "../api/ids";
import { SUB_PROJECT_KEYS, type SubProjectType, stateLabel } from "../outlets/outletStates";
import { ALLOCATION_TEAMS, type AllocationTeam } from "../shared/permissions";

export { ALLOCATION_TEAMS, type AllocationTeam } from "../shared/permissions";

export type TeamSpec = {
  /** How the team is named on its pages and in the outlet log. */
  readonly label: string;
  /** The role a user holds to be one of the team's executives. */
  readonly executiveRole: string;
  /** The workflow object's field naming the outlet's executive of this team (001 §3). */
  readonly executiveField: "assigned_qc_executive" | "assigned_calling_executive" | "assigned_iftu_executive";
  /** The states in which an outlet waits for the team. */
  readonly openStates: readonly string[];
  /** The sub-project types whose outlets the team works on (null: every type). */
  readonly types: readonly SubProjectType[] | null;
};

/**
 * Each team's open work: QC reviews outlets waiting for QC; calling calls those QC accepted and
 * the calling rejections it calls again; the payout team (IFTU) plots payouts of calling-accepted
 * payout outlets and records the payments of plotted ones (docs/workflow.md, "Who acts").
 */
export const TEAMS: Readonly<Record<AllocationTeam, TeamSpec>> = {
  qc: {
    label: "QC",
    executiveRole: "qc-executive",
    executiveField: "assigned_qc_executive",
    openStates: ["qc_pending"],
    types: null,
  },
  calling: {
    label: "Calling",
    executiveRole: "calling-executive",
    executiveField: "assigned_calling_executive",
    openStates: ["qc_accepted", "calling_rejected"],
    types: null,
  },
  iftu: {
    label: "IFTU",
    executiveRole: "iftu-executive",
    executiveField: "assigned_iftu_executive",
    openStates: ["calling_accepted", "payouts_plotted"],
    types: ["3p_payout", "off_take"],
  },
};

/** The sub-project type keys (each type and its cycle's) whose outlets are the team's; null: all. */
export const teamSubProjectKeys = (team: AllocationTeam): readonly string[] | null => {
  const types = TEAMS[team].types;
  return types === null ? null : types.flatMap((t) => SUB_PROJECT_KEYS[t]);
};

/** Whether an outlet of this sub-project type (main or cycle key) in this state is the team's open work. */
export function isOpenWork(team: AllocationTeam, subProjectKey: string, state: string): boolean {
  const keys = teamSubProjectKeys(team);
  return TEAMS[team].openStates.includes(state) && (keys === null || keys.includes(subProjectKey));
}

/** The pages of each team (000 §2.1): the overview and the edit page. */
export const allocationPath = (team: AllocationTeam): string => `/dashboard/${team}-allocation-management`;
export const allocationEditPath = (team: AllocationTeam): string => `${allocationPath(team)}/edit`;

/** The team a page's path belongs to. */
export const teamOfPath = (path: string): AllocationTeam | null =>
  ALLOCATION_TEAMS.find((team) => path.toLowerCase().startsWith(allocationPath(team))) ?? null;

/** The most outlets one preview or save moves, and the most one list shows. */
export const MAX_ALLOCATION_MOVES = 2000;
export const ALLOCATION_LIST_LIMIT = 500;
/** The most executives a rule spreads work over. */
export const MAX_ALLOCATION_TARGETS = 20;

// ---- Spreading work over executives -------------------------------------------------------------

export type Candidate = { readonly id: number; readonly assignee: number | null };
export type Load = { readonly executive: number; readonly open: number };
export type Plan = {
  /** Each outlet moved and its new executive, in the candidates' order. */
  readonly moves: readonly { readonly id: number; readonly to: number }[];
  /** Candidates already with one of the chosen executives: left where they are. */
  readonly unchanged: number;
  /** Candidates no chosen executive had room for. */
  readonly left: number;
  /** Each chosen executive's open outlets after the moves, in the order given. */
  readonly loads: readonly Load[];
};

/**
 * Spreads the candidates over the chosen executives: each outlet not already with one of them
 * goes to the one holding the fewest open outlets (the first chosen on a tie), never past the
 * capacity (the most open outlets an executive may hold; null: no limit). An outlet moved away
 * from a chosen executive frees a place in that executive's count.
 */
export function planAllocation(
  candidates: readonly Candidate[],
  targets: readonly Load[],
  capacity: number | null,
): Plan {
  const loads = new Map(targets.map((t) => [t.executive, t.open]));
  const moves: { id: number; to: number }[] = [];
  let unchanged = 0;
  let left = 0;
  for (const c of candidates) {
    if (c.assignee !== null && loads.has(c.assignee)) {
      unchanged++;
      continue;
    }
    let best: number | null = null;
    for (const [executive, open] of loads) {
      if (capacity !== null && open >= capacity) continue;
      if (best === null || open < (loads.get(best) ?? 0)) best = executive;
    }
    if (best === null) {
      left++;
      continue;
    }
    loads.set(best, (loads.get(best) ?? 0) + 1);
    moves.push({ id: c.id, to: best });
  }
  return {
    moves,
    unchanged,
    left,
    loads: targets.map((t) => ({ executive: t.executive, open: loads.get(t.executive) ?? 0 })),
  };
}

// ---- What is said -------------------------------------------------------------------------------

const outlets = (n: number) => `${n} outlet${n === 1 ? "" : "s"}`;

/** The outlet log's line for one move (from_state and to_state stay the outlet's state). */
export const allocationLogMessage = (
  by: string,
  team: AllocationTeam,
  from: string | null,
  to: string,
): string => `${by} reassigned the ${TEAMS[team].label} executive from ${from ?? "no one"} to ${to}.`;

/** The outlet log's action of a team's reassignment. */
export const allocationAction = (team: AllocationTeam): string => `${team}_allocation`;

export const allocationSaved = (n: number): string => `Moved ${outlets(n)}.`;

export const ALLOCATION_CONFLICT =
  "Some outlets changed since you loaded them, so nothing was saved. Reload and preview again.";

export const allocationChangedLine = (rsid: string, by: string | null, holder: string | null): string =>
  `${rsid}: reassigned${by ? ` by ${by}` : ""} since it was loaded (now with ${holder ?? "no one"}).`;

export const allocationLeftLine = (rsid: string, team: AllocationTeam, state: string): string =>
  `${rsid}: now ${stateLabel(state)}, no longer ${TEAMS[team].label} work.`;

export const notTeamExecutive = (team: AllocationTeam): string =>
  `Choose executives of the ${TEAMS[team].label} team.`;

export const NOTHING_TO_MOVE = "Nothing to move: every outlet is already with a chosen executive.";

/** What a preview says beside its moves. */
export function previewSummary(plan: { moves: readonly unknown[]; unchanged: number; left: number }): string {
  const parts = [`${outlets(plan.moves.length)} to move.`];
  if (plan.unchanged) parts.push(`${outlets(plan.unchanged)} already with a chosen executive.`);
  if (plan.left) parts.push(`${outlets(plan.left)} left: every chosen executive is at capacity.`);
  return parts.join(" ");
}

// ---- The API's shapes (src/domain/api/allocation.ts) ---------------------------------------------

export const AllocationPerson = Schema.Struct({ id: UserId, name: Schema.String });
export type AllocationPerson = typeof AllocationPerson.Type;

export const TeamExecutive = Schema.Struct({
  id: UserId,
  name: Schema.String,
  username: Schema.String,
  /** The team's open outlets the executive holds. */
  open: Schema.Number,
});
export type TeamExecutive = typeof TeamExecutive.Type;

/** A team's open work: per executive (null: no one), sub-project and state. */
export const AllocationOverview = Schema.Struct({
  team: Schema.Literals(ALLOCATION_TEAMS),
  executives: Schema.Array(TeamExecutive),
  unassigned: Schema.Number,
  counts: Schema.Array(
    Schema.Struct({
      executive: Schema.NullOr(UserId),
      sub_project: Schema.String,
      state: Schema.String,
      count: Schema.Number,
    }),
  ),
  sub_projects: NamedList(SubProjectId),
  regions: NamedList(RegionId),
  territories: NamedList(TerritoryId),
});
export type AllocationOverview = typeof AllocationOverview.Type;

export const AllocationOutlet = Schema.Struct({
  id: OutletId,
  rsid: Schema.String,
  name: Schema.String,
  sub_project: Schema.String,
  state: Schema.String,
  region: Schema.String,
  territory: Schema.String,
  assignee: Schema.NullOr(AllocationPerson),
  /** The allocation version read: a save at another version is refused. */
  version: Schema.Number,
});
export type AllocationOutlet = typeof AllocationOutlet.Type;

export const AllocationOutlets = Schema.Struct({
  total: Schema.Number,
  outlets: Schema.Array(AllocationOutlet),
});
export type AllocationOutlets = typeof AllocationOutlets.Type;

export const AllocationMove = Schema.Struct({
  ...AllocationOutlet.fields,
  to: AllocationPerson,
});
export type AllocationMove = typeof AllocationMove.Type;

export const AllocationPreview = Schema.Struct({
  moves: Schema.Array(AllocationMove),
  unchanged: Schema.Number,
  left: Schema.Number,
  loads: Schema.Array(
    Schema.Struct({ executive: AllocationPerson, before: Schema.Number, after: Schema.Number }),
  ),
});
export type AllocationPreview = typeof AllocationPreview.Type;

export const AllocationSaved = Schema.Struct({ detail: Schema.String, moved: Schema.Number });
export type AllocationSaved = typeof AllocationSaved.Type;

/** A 409's body: what changed, outlet by outlet. */
export type AllocationConflict = { readonly detail: string; readonly lines: readonly string[] };

// ---- The edit page's rules ------------------------------------------------------------------------

export const CAPACITY_HINT = "Most open outlets an executive may hold; empty for no limit.";
export const PREVIEW_FAILED = "The preview could not be made. Try again.";
export const SAVE_FAILED = "The moves could not be saved. Try again.";

/** The capacity as typed: empty is no limit, a whole number from 1 to 100000 a limit, else not valid. */
export function capacityOf(text: string): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  if (!/^\d{1,6}$/.test(t)) return { ok: false };
  const n = Number(t);
  return n >= 1 && n <= 100000 ? { ok: true, value: n } : { ok: false };
}

export type AllocationMode = "selection" | "rule";

/**
 * A preview can be asked for once at least one executive is chosen, the capacity is valid, and in
 * the selection mode at least one outlet is chosen (a rule with no filter takes all the team's open work).
 */
export const allocationReady = (c: {
  mode: AllocationMode;
  selected: readonly number[];
  to: readonly number[];
  capacity: string;
}): boolean =>
  c.to.length > 0 &&
  c.to.length <= MAX_ALLOCATION_TARGETS &&
  capacityOf(c.capacity).ok &&
  (c.mode === "rule" || (c.selected.length > 0 && c.selected.length <= MAX_ALLOCATION_MOVES));
