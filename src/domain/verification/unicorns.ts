/**
 * Image matching ("unicorns"; spec 000 §2.1 names unicorn-image-matching, list-of-unicorns and
 * list-of-unicorns/view/{slug}, content not shown; docs/verification.md): the same shop photo
 * submitted for two outlets, found by a perceptual hash. The hash, the distance and the threshold are
 * here, used by the server's scan; the server only decodes the images to grey pixels.
 */
import { Schema } from "effect";
import { OutletId, OutletImageId, SubProjectId, UnicornPairId, UnicornScanId } from "../api/ids";

/** The grey picture the hash reads: HASH_SIZE + 1 columns by HASH_SIZE rows. */
export const HASH_SIZE = 8;
export const HASH_WIDTH = HASH_SIZE + 1;

/**
 * The difference hash (dHash) of a picture shrunk to 9 x 8 grey pixels (row by row): one bit per
 * pair of neighbours in a row, set when the left one is darker, as 16 hex digits. A photo saved
 * again, resized or slightly recoloured keeps nearly all its bits; another scene does not.
 */
export function differenceHash(grey: ArrayLike<number>): string {
  if (grey.length !== HASH_WIDTH * HASH_SIZE)
    throw new Error(`Expected ${HASH_WIDTH * HASH_SIZE} grey pixels`);
  let hex = "";
  for (let y = 0; y < HASH_SIZE; y++) {
    let byte = 0;
    for (let x = 0; x < HASH_SIZE; x++) {
      const i = y * HASH_WIDTH + x;
      byte = (byte << 1) | (grey[i]! < grey[i + 1]! ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i += 2) {
    let x = Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}

/** Two images at most this many bits apart are suspected to be one photo (of 64). */
export const MAX_MATCH_DISTANCE = 8;
export const isSuspectedMatch = (distance: number): boolean => distance <= MAX_MATCH_DISTANCE;

/** The images a scan compares: each outlet's shop photo (its dealer board picture). */
export const SCANNED_IMAGE_KINDS = ["banner"] as const;

export const PAIR_STATUSES = ["suspected", "duplicate", "not_duplicate"] as const;
export type PairStatus = (typeof PAIR_STATUSES)[number];
export const PAIR_STATUS_LABELS: Readonly<Record<PairStatus, string>> = {
  suspected: "To review",
  duplicate: "Duplicate",
  not_duplicate: "Not duplicate",
};
export const PAIR_DECISIONS = ["duplicate", "not_duplicate"] as const;
export type PairDecision = (typeof PAIR_DECISIONS)[number];

export const UNICORN_MSG = {
  scanQueued: "The scan is queued; its pairs appear in the list when it completes.",
  scanWaiting: "This sub-project already has a scan waiting.",
  changed: "Someone else has marked this pair since you opened it. It is shown as it is now.",
  marked: (decision: PairDecision) =>
    decision === "duplicate" ? "Marked as a duplicate." : "Marked as not a duplicate.",
} as const;

export const UNICORN_MATCHING_PATH = "/dashboard/unicorn-image-matching";
export const UNICORN_LIST_PATH = "/dashboard/list-of-unicorns";
export const unicornPath = (id: number) => `${UNICORN_LIST_PATH}/view/${id}`;

// --- Answers ---

export const ScanSubProject = Schema.Struct({
  id: SubProjectId,
  name: Schema.String,
  project: Schema.String,
  organisation: Schema.String,
  images: Schema.Number,
});
export type ScanSubProject = typeof ScanSubProject.Type;

export const UnicornScan = Schema.Struct({
  id: UnicornScanId,
  sub_project: Schema.String,
  requested_by: Schema.NullOr(Schema.String),
  status: Schema.Literals(["queued", "completed", "failed"]),
  images: Schema.Number,
  undecodable: Schema.Number,
  pairs_found: Schema.Number,
  message: Schema.NullOr(Schema.String),
  created: Schema.String,
  finished: Schema.NullOr(Schema.String),
});
export type UnicornScan = typeof UnicornScan.Type;

export const UnicornScans = Schema.Struct({
  sub_projects: Schema.Array(ScanSubProject),
  results: Schema.Array(UnicornScan),
});
export type UnicornScans = typeof UnicornScans.Type;

const PairSide = Schema.Struct({
  image: OutletImageId,
  outlet: OutletId,
  rsid: Schema.String,
  name: Schema.String,
  owner: Schema.String,
  address: Schema.String,
  city: Schema.String,
  workflow_state: Schema.String,
  /** Where the image is served to whoever sees the outlet. */
  url: Schema.String,
});

export const UnicornPair = Schema.Struct({
  id: UnicornPairId,
  sub_project: Schema.String,
  distance: Schema.Number,
  status: Schema.Literals(PAIR_STATUSES),
  decided_by: Schema.NullOr(Schema.String),
  decided_at: Schema.NullOr(Schema.String),
  version: Schema.Number,
  created: Schema.String,
  a: PairSide,
  b: PairSide,
});
export type UnicornPair = typeof UnicornPair.Type;

export const UnicornPairs = Schema.Struct({
  results: Schema.Array(UnicornPair),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
});
export type UnicornPairs = typeof UnicornPairs.Type;
