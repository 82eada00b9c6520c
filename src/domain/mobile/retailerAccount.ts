/**
 * The signed-in retailer's notifications and profile (spec 000 route catalogue; content not shown,
 * designed in docs/retailer-portal.md): the shapes of their answers and the words a card shows.
 */
import { Schema } from "effect";
import { resultsOf } from "../api/paginated";
import { fieldLabel, QC_REJECTION_STATUS } from "../outlets/retailerRequests";
import { notificationTitle } from "../projects/projects";
import { formatRupees } from "./mobile";

export const RETAILER_ACCOUNT_MSG = {
  noNotifications: "No notifications yet.",
  notificationsFailed: "Notifications could not be loaded.",
  profileFailed: "Your profile could not be loaded.",
  noOffers: "No offers right now.",
  offersFailed: "Offers could not be loaded.",
  offerNotFound: "This offer has ended or is not open to your outlets.",
} as const;

const Maybe = Schema.NullOr(Schema.String);
export const RetailerNotification = Schema.Struct({
  event_type: Schema.Literals(["payment_successful", "retailer_edit_accepted", "retailer_edit_rejected"]),
  rsid: Schema.String,
  at: Schema.String,
  amount: Maybe,
  program: Maybe,
  request_type: Maybe,
  rejection_reason: Maybe,
});
export type RetailerNotification = typeof RetailerNotification.Type;
export const RetailerNotificationsAnswer = resultsOf(RetailerNotification);

export const RetailerProfile = Schema.Struct({
  user_name: Schema.String,
  name: Schema.String,
  phone_number: Maybe,
  outlets: Schema.Number,
});
export type RetailerProfile = typeof RetailerProfile.Type;

/** A notification's title (000 §3: the event type's words capitalised) and the line under it. */
export function retailerNotificationText(n: RetailerNotification): { title: string; subText: string } {
  const title = notificationTitle(n.event_type);
  if (n.event_type === "payment_successful")
    return { title, subText: `${formatRupees(n.amount ?? "")} for ${n.program ?? n.rsid} (${n.rsid})` };
  const what = `${fieldLabel(n.request_type ?? "")} of ${n.rsid}`;
  if (n.event_type === "retailer_edit_accepted") return { title, subText: `${what} accepted` };
  const reason = n.rejection_reason ? (QC_REJECTION_STATUS[n.rejection_reason] ?? n.rejection_reason) : null;
  return { title, subText: reason ? `${what} rejected: ${reason}` : `${what} rejected` };
}

export const RetailerOffer = Schema.Struct({
  slug: Schema.String,
  title: Schema.String,
  description: Schema.String,
  starts_on: Schema.String,
  ends_on: Schema.String,
  organisation_name: Schema.String,
});
export type RetailerOffer = typeof RetailerOffer.Type;
export const RetailerOffersAnswer = resultsOf(RetailerOffer);
