/**
 * The signed-in retailer's Form 16, notifications and profile: kept apart from the link's calls so
 * the phone pages' code does not carry them.
 */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/retailerAccount";
import { call } from "../endpoint";
import { runApi } from "../http";

/** Form 16 of the signed-in retailer's outlet: the financial years with tax deducted. */
export const retailerForm16Query = (rsid: string) =>
  queryOptions({
    queryKey: ["retailer", rsid, "form16"] as const,
    queryFn: ({ signal }) => runApi(call(api.ownForm16, { params: { rsid } }), { signal }),
  });

export const retailerNotificationsQuery = () =>
  queryOptions({
    queryKey: ["retailer", "notifications"] as const,
    queryFn: ({ signal }) => runApi(call(api.retailerNotifications, {}), { signal }),
  });

export const retailerProfileQuery = (userName: string) =>
  queryOptions({
    queryKey: ["retailer", "profile", userName] as const,
    queryFn: ({ signal }) =>
      runApi(call(api.retailerProfile, { params: { user_name: userName } }), { signal }),
  });

export const retailerOffersQuery = () =>
  queryOptions({
    queryKey: ["retailer", "offers"] as const,
    queryFn: ({ signal }) => runApi(call(api.retailerOffers, {}), { signal }),
  });

export const retailerOfferQuery = (slug: string) =>
  queryOptions({
    queryKey: ["retailer", "offers", slug] as const,
    queryFn: ({ signal }) => runApi(call(api.retailerOffer, { params: { slug } }), { signal }),
  });
