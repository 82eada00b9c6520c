/**
 * The field auditor's capture (eMyTrack, spec 002 §2.2: content not shown; docs/field-user.md):
 * a new outlet drafted on the phone and sent once, and the retailer service agreement (RSA) with
 * its photos. The rules are here once: the form, the machines' guards and the server check a draft
 * and an RSA with `draftProblems` and `rsaProblems`.
 */
import { Schema } from "effect";
import { isIsoDate } from "../shared/format";
import { isTenDigitPhone } from "../shared/phoneNumber";
import { isValidPin } from "../shared/validation";

/** The eMyTrack routes of the capture (spec 002 §2.2). */
export const OUTLET_ADD_PATH = "/eMyTrack/outlet-add";
export const ADD_NEW_PATH = "/eMyTrack/add-new";
export const RSA_FORM_PATH = "/eMyTrack/rsa-form";
export const RSA_DETAIL_PATH = "/eMyTrack/rsa-detail";
export const continueDraftPath = (key: string) => `${ADD_NEW_PATH}?draft=${encodeURIComponent(key)}`;
export const rsaFormPath = (rsid: string) => `${RSA_FORM_PATH}?outlet=${encodeURIComponent(rsid)}`;
export const rsaDetailPath = (rsid: string) => `${RSA_DETAIL_PATH}?outlet=${encodeURIComponent(rsid)}`;

/** Photos of a shop or an agreement: at most three, each at most 300 kB once shrunk on the phone. */
export const MAX_PHOTOS = 3;
export const MAX_PHOTO_BYTES = 300_000;
/** The phone shrinks each photo to this many pixels on its longer side before keeping it. */
export const PHOTO_MAX_SIDE = 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const MAX_NAME = 120;
export const MAX_ADDRESS = 300;

export const Photo = Schema.Struct({
  content_type: Schema.Literals(PHOTO_TYPES),
  /** The picture, base64 without a data: prefix. */
  data_base64: Schema.String,
});
export type Photo = typeof Photo.Type;

/** Where the phone was when the auditor pressed Use my location. */
export const Location = Schema.Struct({
  latitude: Schema.Number,
  longitude: Schema.Number,
  /** Metres, as the phone reports it. */
  accuracy: Schema.Number,
});
export type Location = typeof Location.Type;

/** What the auditor types and takes for a new outlet; the phone keeps it until it is sent. */
export type OutletDraftFields = {
  sub_project: string;
  place: string;
  name: string;
  owner_name: string;
  phone: string;
  phone2: string;
  address: string;
  pin: string;
  location: Location | null;
  photos: readonly Photo[];
};

export const BLANK_DRAFT: OutletDraftFields = {
  sub_project: "",
  place: "",
  name: "",
  owner_name: "",
  phone: "",
  phone2: "",
  address: "",
  pin: "",
  location: null,
  photos: [],
};

export const DRAFT_FIELD_LABELS: Record<Exclude<keyof OutletDraftFields, "photos" | "location">, string> = {
  sub_project: "Sub-project",
  place: "City and territory",
  name: "Outlet name",
  owner_name: "Owner name",
  phone: "Phone",
  phone2: "Second phone",
  address: "Address",
  pin: "PIN code",
};

export const REQUIRED = "This field is required.";
export const PHONE_FORMAT = "Enter a 10-digit phone number.";
export const PIN_FORMAT = "Enter a 6-digit PIN code that does not start with 0.";
export const LOCATION_NEEDED = "Use my location while standing at the outlet.";
export const PHOTO_NEEDED = "Take at least one photo of the shop.";
export const TOO_MANY_PHOTOS = `At most ${MAX_PHOTOS} photos.`;
export const PHOTO_TOO_LARGE = "A photo is too large; take it again.";
export const TOO_LONG = (max: number) => `Ensure this field has no more than ${max} characters.`;

export type DraftProblems = Partial<Record<keyof OutletDraftFields, string>>;

const base64Bytes = (b64: string) => Math.floor((b64.length * 3) / 4);

function photoProblem(photos: readonly Photo[], needed: string): string | undefined {
  if (photos.length === 0) return needed;
  if (photos.length > MAX_PHOTOS) return TOO_MANY_PHOTOS;
  if (photos.some((p) => base64Bytes(p.data_base64) > MAX_PHOTO_BYTES)) return PHOTO_TOO_LARGE;
  return undefined;
}

function textProblem(value: string, max: number, required: boolean): string | undefined {
  if (required && value.trim() === "") return REQUIRED;
  if (value.length > max) return TOO_LONG(max);
  return undefined;
}

/** What stops a draft from being sent, by field; empty when it may be sent. */
export function draftProblems(d: OutletDraftFields): DraftProblems {
  const problems: DraftProblems = {
    sub_project: d.sub_project === "" ? REQUIRED : undefined,
    place: d.place === "" ? REQUIRED : undefined,
    name: textProblem(d.name, MAX_NAME, true),
    owner_name: textProblem(d.owner_name, MAX_NAME, true),
    phone: d.phone.trim() === "" ? REQUIRED : isTenDigitPhone(d.phone) ? undefined : PHONE_FORMAT,
    phone2: d.phone2.trim() === "" || isTenDigitPhone(d.phone2) ? undefined : PHONE_FORMAT,
    address: textProblem(d.address, MAX_ADDRESS, true),
    pin: d.pin.trim() === "" ? REQUIRED : isValidPin(d.pin.trim()) ? undefined : PIN_FORMAT,
    location: d.location === null ? LOCATION_NEEDED : undefined,
    photos: photoProblem(d.photos, PHOTO_NEEDED),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v !== undefined)) as DraftProblems;
}

export const mayBeSent = (d: OutletDraftFields): boolean => Object.keys(draftProblems(d)).length === 0;

/** What the auditor is told when the phone could not reach the server; the draft stays. */
export const DRAFT_KEPT_OFFLINE =
  "No connection: the outlet is kept on this phone. Send it again when you are back online.";

// --- Calls ---

const Place = Schema.Struct({
  id: Schema.String,
  city: Schema.String,
  state: Schema.String,
  territory: Schema.String,
});

/**
 * The sub-projects the auditor may add outlets to, each with the places (city with territory) of
 * the auditor's outlets there: a new outlet goes where its auditor already works.
 */
export const CaptureOptions = Schema.Struct({
  sub_projects: Schema.Array(
    Schema.Struct({
      slug: Schema.String,
      name: Schema.String,
      project: Schema.String,
      places: Schema.Array(Place),
    }),
  ),
});
export type CaptureOptions = typeof CaptureOptions.Type;

/** A place's id: its city and territory, so one choice gives both. */
export const placeId = (cityId: number, territoryId: number) => `${cityId}-${territoryId}`;
export function placeParts(id: string): { city: number; territory: number } | null {
  const m = /^(\d{1,9})-(\d{1,9})$/.exec(id);
  return m ? { city: Number(m[1]), territory: Number(m[2]) } : null;
}

export const SentOutlet = Schema.Struct({
  rsid: Schema.String,
  workflow_state: Schema.String,
  /** False when the key had been sent before: the outlet made then is answered again. */
  created: Schema.Boolean,
});
export type SentOutlet = typeof SentOutlet.Type;

/** The sending's outcome as the draft machine reads it. */
export type DraftSendOutcome = { type: "sent"; outlet: SentOutlet } | { type: "refused"; detail: string };

export const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// --- The retailer service agreement ---

/** 001 §3 `rsa_verification_status`: the auditor's form sets pending; staff verify or reject it. */
export const RSA_STATUSES = ["pending", "verified", "rejected"] as const;
export type RsaStatus = (typeof RSA_STATUSES)[number];
export const RSA_STATUS_LABELS: Record<RsaStatus, string> = {
  pending: "Pending verification",
  verified: "Verified",
  rejected: "Rejected",
};
export const rsaStatusLabel = (status: string | null): string =>
  status === null ? "Not filled" : (RSA_STATUS_LABELS[status as RsaStatus] ?? status);

/** A verified agreement is final: the auditor may fill it again only until staff verify it. */
export const mayFillRsa = (status: string | null): boolean => status !== "verified";
export const RSA_ALREADY_VERIFIED = "This outlet's agreement is already verified.";

export type RsaFields = {
  signatory_name: string;
  signatory_phone: string;
  signed_on: string;
  agreed: boolean;
  photos: readonly Photo[];
};
export const BLANK_RSA: RsaFields = {
  signatory_name: "",
  signatory_phone: "",
  signed_on: "",
  agreed: false,
  photos: [],
};

export const RSA_AGREED = "The retailer has read and signed the agreement";
export const RSA_AGREEMENT_NEEDED = "Confirm that the retailer signed the agreement.";
export const RSA_PHOTO_NEEDED = "Take a photo of each signed page.";
export const SIGNED_ON_FORMAT = "Enter the date the agreement was signed.";
export const SIGNED_IN_FUTURE = "The signing date cannot be in the future.";

export type RsaProblems = Partial<Record<keyof RsaFields, string>>;

/** What stops an RSA from being sent; `today` is YYYY-MM-DD in the auditor's day. */
export function rsaProblems(r: RsaFields, today: string): RsaProblems {
  const problems: RsaProblems = {
    signatory_name: textProblem(r.signatory_name, MAX_NAME, true),
    signatory_phone:
      r.signatory_phone.trim() === ""
        ? REQUIRED
        : isTenDigitPhone(r.signatory_phone)
          ? undefined
          : PHONE_FORMAT,
    signed_on: !isIsoDate(r.signed_on)
      ? SIGNED_ON_FORMAT
      : r.signed_on > today
        ? SIGNED_IN_FUTURE
        : undefined,
    agreed: r.agreed ? undefined : RSA_AGREEMENT_NEEDED,
    photos: photoProblem(r.photos, RSA_PHOTO_NEEDED),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v !== undefined)) as RsaProblems;
}

export const RsaDetail = Schema.Struct({
  rsid: Schema.String,
  outlet: Schema.String,
  status: Schema.NullOr(Schema.String),
  signatory_name: Schema.NullOr(Schema.String),
  signatory_phone: Schema.NullOr(Schema.String),
  signed_on: Schema.NullOr(Schema.String),
  submitted: Schema.NullOr(Schema.String),
  photos: Schema.Number,
});
export type RsaDetail = typeof RsaDetail.Type;

export type RsaSendOutcome = { type: "sent"; detail: RsaDetail } | { type: "refused"; detail: string };

export const RSA_SENT = "Agreement sent for verification.";

/** The auditor's own standing in the gamification points (src/domain/gamification/gamification.ts). */
export const OwnRank = Schema.Struct({
  rank: Schema.NullOr(Schema.Number),
  of: Schema.Number,
  points: Schema.Number,
  accepted: Schema.Number,
});
export type OwnRank = typeof OwnRank.Type;
