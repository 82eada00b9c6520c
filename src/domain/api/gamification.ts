/**
 * Gamification's endpoints (docs/gamification.md): the dashboard with the leaderboard, a programme's
 * ranking, its scoring events and an auditor's report, each for a period (all time or a month).
 * Granted to the field-tools staff, who manage the auditors; auditors are Retail Scan's own, so no
 * organisation narrows what they read.
 */
import { Schema } from "effect";
import {
  AuditorReport,
  GamificationDashboard,
  isPeriod,
  PERIOD_MESSAGE,
  ProgramLedger,
  ProgramRanking,
} from "../gamification/gamification";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { PathText, Text } from "./fields";

const Period = Text(MAX_QUERY_TEXT_LENGTH).check(
  Schema.makeFilter((s: string) => isPeriod(s) || PERIOD_MESSAGE),
);
const PeriodQuery = Schema.Struct({ period: Schema.optionalKey(Period) });

export const gamificationDashboard = endpoint({
  summary:
    "The leaderboard of field auditors by points over every programme, and each programme's figures, for a period",
  method: "GET",
  path: "/gamification/dashboard/",
  grant: "fieldTools",
  query: PeriodQuery,
  response: GamificationDashboard,
  refusals: [400],
});

export const programRanking = endpoint({
  summary: "A programme's auditors ranked by points for a period",
  method: "GET",
  path: "/gamification/programs/:slug/",
  grant: "fieldTools",
  params: Schema.Struct({ slug: PathText }),
  query: PeriodQuery,
  response: ProgramRanking,
  refusals: [400, 404],
});

export const programLedger = endpoint({
  summary:
    "A page of a programme's scoring events (outlet, auditor, event, points), newest first, for a period",
  method: "GET",
  path: "/gamification/programs/:slug/events/",
  grant: "fieldTools",
  params: Schema.Struct({ slug: PathText }),
  query: PeriodQuery,
  paged: true,
  response: ProgramLedger,
  refusals: [400, 404],
});

export const auditorReport = endpoint({
  summary: "One auditor's points, rank, points by programme and latest scoring events, for a period",
  method: "GET",
  path: "/gamification/auditors/:slug/",
  grant: "fieldTools",
  params: Schema.Struct({ slug: PathText }),
  query: PeriodQuery,
  response: AuditorReport,
  refusals: [400, 404],
});
