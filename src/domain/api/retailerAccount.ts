/**
 * The signed-in retailer's own account (docs/retailer-portal.md): Form 16 of their outlets, their
 * notifications, offers and profile. Anyone who is not a retailer with an outlet is refused (403).
 */
import { Schema } from "effect";
import {
  RetailerNotificationsAnswer,
  RetailerOffer,
  RetailerOffersAnswer,
  RetailerProfile,
} from "../mobile/retailerAccount";
import { endpoint } from "./endpoint";
import { PathText } from "./fields";
import { OutletParams } from "./mobile";

/** Form 16 per financial year (../tax/form16 form16Years), with the year's PDF once it is issued. */
const Money = Schema.String;
export const Form16Answer = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      financial_year: Schema.String,
      amount_paid: Money,
      tds_deducted: Money,
      quarters: Schema.Array(
        Schema.Struct({
          quarter: Schema.Literals([1, 2, 3, 4]),
          amount_paid: Money,
          tds_deducted: Money,
        }),
      ),
      issued: Schema.Boolean,
      file: Schema.NullOr(Schema.String),
    }),
  ),
});

export const ownForm16 = endpoint({
  summary: "Form 16 of the retailer's outlet: the tax deducted per financial year and quarter",
  method: "GET",
  path: "/retailer/outlets/:rsid/form16/",
  grant: "signedIn",
  params: OutletParams,
  response: Form16Answer,
  refusals: [404],
});

export const retailerNotifications = endpoint({
  summary: "The latest events of the retailer's outlets, newest first",
  method: "GET",
  path: "/retailer/notifications/",
  grant: "signedIn",
  response: RetailerNotificationsAnswer,
});

export const retailerOffers = endpoint({
  summary: "The offers the retailer can still take up, soonest ending first",
  method: "GET",
  path: "/retailer/offers/",
  grant: "signedIn",
  response: RetailerOffersAnswer,
});

export const retailerOffer = endpoint({
  summary: "One offer the retailer can take up (another organisation's, ended or inactive: 404)",
  method: "GET",
  path: "/retailer/offers/:slug/",
  grant: "signedIn",
  params: Schema.Struct({ slug: PathText }),
  response: RetailerOffer,
  refusals: [404],
});

export const retailerProfile = endpoint({
  summary: "The retailer's own profile (another user's name: 404)",
  method: "GET",
  path: "/retailer/profile/:user_name/",
  grant: "signedIn",
  params: Schema.Struct({ user_name: PathText }),
  response: RetailerProfile,
  refusals: [404],
});
