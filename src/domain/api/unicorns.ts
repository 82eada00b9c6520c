/**
 * Image matching's endpoints (docs/verification.md, "Image matching"): the scans of a sub-project
 * (a queued job), the pairs of images found alike, one pair, and the reviewer's decision on it. For
 * the identity reviewers, over every organisation's outlets, as their other checks are.
 */
import { Schema } from "effect";
import {
  PAIR_DECISIONS,
  PAIR_STATUSES,
  UnicornPair,
  UnicornPairs,
  UnicornScan,
  UnicornScans,
} from "../verification/unicorns";
import { endpoint } from "./endpoint";
import { Choice, IdText } from "./fields";
import { SubProjectId, UnicornPairId } from "./ids";

export const unicornScans = endpoint({
  summary:
    "The sub-projects with their shop photos counted, and the latest scans (a sub-project's alone when one is named)",
  method: "GET",
  path: "/unicorns/scans/",
  grant: "verifyIdentity",
  query: Schema.Struct({ sub_project: Schema.optionalKey(IdText(SubProjectId)) }),
  response: UnicornScans,
  refusals: [400],
});

export const startUnicornScan = endpoint({
  summary:
    "Queues a scan of a sub-project's shop photos for pairs alike (201); a sub-project whose scan still waits answers that scan (200)",
  method: "POST",
  path: "/unicorns/scans/",
  grant: "verifyIdentity",
  body: Schema.Struct({ sub_project: SubProjectId }),
  response: UnicornScan,
  status: 201,
  refusals: [400, 404],
});

export const unicornPairs = endpoint({
  summary:
    "A page of the pairs of images found alike, by status (to review by default) and sub-project, newest first",
  method: "GET",
  path: "/unicorns/pairs/",
  grant: "verifyIdentity",
  query: Schema.Struct({
    status: Schema.optionalKey(Choice(PAIR_STATUSES)),
    sub_project: Schema.optionalKey(IdText(SubProjectId)),
  }),
  paged: true,
  response: UnicornPairs,
  refusals: [400],
});

export const unicornPair = endpoint({
  summary: "One pair of images found alike, with both outlets",
  method: "GET",
  path: "/unicorns/pairs/:id/",
  grant: "verifyIdentity",
  params: Schema.Struct({ id: IdText(UnicornPairId) }),
  response: UnicornPair,
  refusals: [404],
});

export const decideUnicornPair = endpoint({
  summary:
    "Marks a pair duplicate or not duplicate (a later decision replaces it); the version read must still be the pair's (409 otherwise)",
  method: "PUT",
  path: "/unicorns/pairs/:id/",
  grant: "verifyIdentity",
  params: Schema.Struct({ id: IdText(UnicornPairId) }),
  body: Schema.Struct({ status: Choice(PAIR_DECISIONS), version: Schema.Number }),
  response: UnicornPair,
  refusals: [400, 404, 409],
});
