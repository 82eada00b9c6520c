/**
 * The signed-in retailer's Form 16, notifications and profile: kept apart from the link's calls so
 * the phone pages' code does not carry them.
 */
import { queryOptions } from "@tanstack/react-query";
import { Form16Answer } from "../../domain/form16";
import {
  RetailerNotificationsAnswer,
  RetailerOffer,
  RetailerOffersAnswer,
  RetailerProfile,
} from "../../domain/retailerAccount";
import { request, runApi } from "../http";

/** Form 16 of the signed-in retailer's outlet: the financial years with tax deducted. */
export const retailerForm16Query = (rsid: string) =>
  queryOptions({
    queryKey: ["retailer", rsid, "form16"] as const,
    queryFn: ({ signal }) =>
      runApi(
        request({ path: `retailer/outlets/${encodeURIComponent(rsid)}/form16/`, schema: Form16Answer }),
        {
          signal,
        },
      ),
  });

export const retailerNotificationsQuery = () =>
  queryOptions({
    queryKey: ["retailer", "notifications"] as const,
    queryFn: ({ signal }) =>
      runApi(request({ path: "retailer/notifications/", schema: RetailerNotificationsAnswer }), { signal }),
  });

export const retailerProfileQuery = (userName: string) =>
  queryOptions({
    queryKey: ["retailer", "profile", userName] as const,
    queryFn: ({ signal }) =>
      runApi(
        request({ path: `retailer/profile/${encodeURIComponent(userName)}/`, schema: RetailerProfile }),
        {
          signal,
        },
      ),
  });

export const retailerOffersQuery = () =>
  queryOptions({
    queryKey: ["retailer", "offers"] as const,
    queryFn: ({ signal }) =>
      runApi(request({ path: "retailer/offers/", schema: RetailerOffersAnswer }), { signal }),
  });

export const retailerOfferQuery = (slug: string) =>
  queryOptions({
    queryKey: ["retailer", "offers", slug] as const,
    queryFn: ({ signal }) =>
      runApi(request({ path: `retailer/offers/${encodeURIComponent(slug)}/`, schema: RetailerOffer }), {
        signal,
      }),
  });
