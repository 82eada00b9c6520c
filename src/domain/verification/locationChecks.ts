/**
 * Location checks (reverse geocoding; spec 000 §2.1 reverse-geo-coding, content not shown;
 * docs/verification.md): the place an outlet's survey location falls in, found offline, compared
 * with the address entered. The comparison rule lives here; the server finds the place.
 */
import { Schema } from "effect";
import { OutletId, SubProjectId } from "../api/ids";

/**
 * What a check says: the location falls in another state than the one entered (to review), in the
 * entered state at another PIN code than the one entered, in the entered state and PIN, a location
 * the dataset places nowhere in India, or no survey location at all.
 */
export const LOCATION_VERDICTS = [
  "state_differs",
  "pin_differs",
  "matches",
  "not_placed",
  "no_location",
] as const;
export type LocationVerdict = (typeof LOCATION_VERDICTS)[number];
export const LOCATION_VERDICT_LABELS: Readonly<Record<LocationVerdict, string>> = {
  state_differs: "Outside the entered state",
  pin_differs: "Another PIN code",
  matches: "Matches",
  not_placed: "No place found",
  no_location: "No survey location",
};

/** Which checks a list shows: the mismatches to review by default. */
export const LOCATION_SHOWS = ["state", "pin", "all"] as const;
export type LocationShow = (typeof LOCATION_SHOWS)[number];
export const LOCATION_SHOW_LABELS: Readonly<Record<LocationShow, string>> = {
  state: "Outside the entered state",
  pin: "Another PIN code",
  all: "Every located outlet",
};
export const verdictsShown = (show: LocationShow): readonly LocationVerdict[] =>
  show === "state" ? ["state_differs"] : show === "pin" ? ["pin_differs"] : LOCATION_VERDICTS;

/**
 * State names as people and datasets spell them: case, "&" for "and", punctuation and the known
 * variants (Pondicherry, Chattisgarh, Orissa) do not make two names differ.
 */
const STATE_VARIANTS: Readonly<Record<string, string>> = {
  pondicherry: "puducherry",
  chattisgarh: "chhattisgarh",
  orissa: "odisha",
  nctofdelhi: "delhi",
  uttaranchal: "uttarakhand",
};
export function stateKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z]/g, "");
  return STATE_VARIANTS[key] ?? key;
}
export const sameState = (a: string, b: string): boolean => stateKey(a) === stateKey(b);

/** The place found for a location: its nearest PIN code's, the state the PINs around it agree on. */
export type FoundPlace = { pin: string; place: string; district: string; state: string; km: number };

/** The verdict on an outlet: what it entered against what its location falls in. */
export function locationVerdict(
  entered: { pin: string; state: string },
  located: boolean,
  found: FoundPlace | null,
): LocationVerdict {
  if (!located) return "no_location";
  if (!found) return "not_placed";
  if (!sameState(entered.state, found.state)) return "state_differs";
  return entered.pin.trim() === found.pin ? "matches" : "pin_differs";
}

// --- Answers ---

export const LocationCheck = Schema.Struct({
  id: OutletId,
  rsid: Schema.String,
  name: Schema.String,
  entered: Schema.Struct({
    address: Schema.String,
    city: Schema.String,
    state: Schema.String,
    pin: Schema.String,
  }),
  latitude: Schema.NullOr(Schema.Number),
  longitude: Schema.NullOr(Schema.Number),
  found: Schema.NullOr(
    Schema.Struct({
      pin: Schema.String,
      place: Schema.String,
      district: Schema.String,
      state: Schema.String,
      km: Schema.Number,
    }),
  ),
  verdict: Schema.Literals(LOCATION_VERDICTS),
});
export type LocationCheck = typeof LocationCheck.Type;

export const CheckedSubProject = Schema.Struct({
  id: SubProjectId,
  name: Schema.String,
  project: Schema.String,
  organisation: Schema.String,
});
export type CheckedSubProject = typeof CheckedSubProject.Type;

export const LocationChecks = Schema.Struct({
  results: Schema.Array(LocationCheck),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
  sub_projects: Schema.Array(CheckedSubProject),
  /** The sub-project checked (the first when none is named); null when there is none. */
  sub_project: Schema.NullOr(CheckedSubProject),
  /** Outlets of the sub-project by verdict, every verdict listed. */
  summary: Schema.Array(Schema.Struct({ verdict: Schema.Literals(LOCATION_VERDICTS), count: Schema.Number })),
});
export type LocationChecks = typeof LocationChecks.Type;

export const LOCATION_CHECKS_PATH = "/dashboard/reverse-geo-coding";
/** How far (km) the nearest PIN code may be for a location to be placed at all (at sea, abroad). */
export const MAX_PLACE_KM = 50;
