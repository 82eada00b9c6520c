/**
 * The outlet rows of the demo data: a pure function of the outlet count, the places and sub-projects
 * already in the database and the clock, driven by a seeded generator, so the same call gives the
 * same outlets on every machine.
 */
import {
  OUTLET_STATES_BY_TYPE,
  type OutletState,
  type SubProjectType,
} from "../../src/domain/outlets/outletStates";
import { gstCheckDigit } from "../../src/domain/shared/validation";
import { BANKS, FIRST_NAMES, LAST_NAMES, SHOP_PREFIXES, SHOP_WORDS, STREETS } from "./places";
import { type Rng, seededRng } from "./random";

const DAY = 24 * 60 * 60 * 1000;
export const OUTLET_SEED = 20260101;

export type SeedPlace = { regionId: number; zoneId: number; territoryId: number };

/** A city with everything an outlet there needs: its state and, per client organisation, its territory. */
export type SeedCity = {
  id: number;
  name: string;
  pinPrefix: string;
  stateId: number;
  stateCode: string;
  /** Keyed by organisation name. */
  places: Map<string, SeedPlace>;
};

export type SeedSubProject = { id: number; type: SubProjectType; org: string };

export type OutletRow = {
  rsid: string;
  name: string;
  owner_name: string;
  address: string;
  pin: string;
  city_id: number;
  state_id: number;
  region_id: number;
  zone_id: number;
  territory_id: number;
  phone: string;
  pan: string;
  gst: string;
  ifsc: string;
  account_number: string;
  sub_project_id: number;
  auditor_id: number | null;
  workflow_state: OutletState;
  interim_status: string | null;
  created: Date;
  modified: Date;
};

export const OUTLET_COLUMNS: readonly (keyof OutletRow)[] = [
  "rsid",
  "name",
  "owner_name",
  "address",
  "pin",
  "city_id",
  "state_id",
  "region_id",
  "zone_id",
  "territory_id",
  "phone",
  "pan",
  "gst",
  "ifsc",
  "account_number",
  "sub_project_id",
  "auditor_id",
  "workflow_state",
  "interim_status",
  "created",
  "modified",
];

/** Scenario spacing, documented in docs/demo-data.md. */
export const SHARED_PAN_EVERY = 97;
export const SHARED_ACCOUNT_EVERY = 101;
export const INTERIM_EVERY = 50;
export const INTERIM_STATUS = "revisit_required";

export const rsidOf = (index: number): string => `RS${String(index + 1).padStart(6, "0")}`;

function letters(rng: Rng, n: number): string {
  return Array.from({ length: n }, () => String.fromCharCode(65 + rng.int(0, 25))).join("");
}
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join("");

/** A PAN of an individual: fourth letter P, fifth letter the surname's initial. */
export function individualPan(rng: Rng, surname: string): string {
  return `${letters(rng, 3)}P${surname[0]!.toUpperCase()}${digits(rng, 4)}${letters(rng, 1)}`;
}

/** A GSTIN: state code, PAN, entity number 1, the fixed Z, and the check character. */
export function gstFor(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstCheckDigit(first14)}`;
}

/**
 * Outlets go to the sub-projects in turn and, within a sub-project, to the states of its type in
 * turn, so with at least 3 x (states of the type) outlets per sub-project every state of every
 * sub-project type holds at least three outlets.
 */
export function generateOutlets(
  count: number,
  context: {
    now: number;
    cities: readonly SeedCity[];
    subProjects: readonly SeedSubProject[];
    auditorIds: readonly number[];
  },
): OutletRow[] {
  const rng = seededRng(OUTLET_SEED);
  const { now, cities, subProjects, auditorIds } = context;
  const perSub = new Map<number, number>();
  const rows: OutletRow[] = [];
  for (let i = 0; i < count; i++) {
    const sub = subProjects[i % subProjects.length]!;
    const seen = perSub.get(sub.id) ?? 0;
    perSub.set(sub.id, seen + 1);
    const states = OUTLET_STATES_BY_TYPE[sub.type];
    const city = cities[rng.int(0, cities.length - 1)]!;
    const place = city.places.get(sub.org)!;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const previous = rows[i - 1];
    const pan = previous && i % SHARED_PAN_EVERY === 1 ? previous.pan : individualPan(rng, last);
    const bank = rng.pick(BANKS);
    const ifsc = `${bank.code}0${digits(rng, 6)}`;
    const account = `${rng.int(1, 9)}${digits(rng, rng.int(10, 15))}`;
    const sharesAccount = previous !== undefined && i % SHARED_ACCOUNT_EVERY === 3;
    const created = new Date(now - rng.int(1, 60) * DAY - rng.int(0, DAY - 1));
    const shopName =
      rng.int(0, 2) === 0
        ? `${rng.pick(SHOP_PREFIXES)} ${rng.pick(SHOP_WORDS)}`
        : `${last} ${rng.pick(SHOP_WORDS)}`;
    rows.push({
      rsid: rsidOf(i),
      name: shopName,
      owner_name: `${first} ${last}`,
      address: `${rng.int(1, 250)}, ${rng.pick(STREETS)}, ${city.name}`,
      pin: `${city.pinPrefix}${String(rng.int(1, 99)).padStart(3, "0")}`,
      city_id: city.id,
      state_id: city.stateId,
      region_id: place.regionId,
      zone_id: place.zoneId,
      territory_id: place.territoryId,
      phone: `${rng.pick(["9", "8", "7", "6"])}${digits(rng, 9)}`,
      pan,
      gst: gstFor(city.stateCode, pan),
      ifsc: sharesAccount ? previous.ifsc : ifsc,
      account_number: sharesAccount ? previous.account_number : account,
      sub_project_id: sub.id,
      auditor_id: auditorIds.length > 0 ? auditorIds[i % auditorIds.length]! : null,
      workflow_state: states[seen % states.length]!,
      interim_status: i % INTERIM_EVERY === 7 ? INTERIM_STATUS : null,
      created,
      modified: created,
    });
  }
  return rows;
}
