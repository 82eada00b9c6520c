/**
 * Staff's calls about a retailer link's binding (docs/retailer-portal.md, "The link's binding and
 * its reset"), apart from the link's own calls so a phone opening the link does not load their
 * Schemas.
 */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/mobileLinks";
import { call } from "../endpoint";
import { runApi } from "../http";

/** When the outlet's link was bound to a phone (staff, by RSID). */
export const mobileLinkStatusQuery = (rsid: string) =>
  queryOptions({
    queryKey: ["staff", rsid, "mobile-link"] as const,
    queryFn: ({ signal }) => runApi(call(api.mobileLinkStatus, { params: { rsid } }), { signal }),
  });

/** Removes the binding this page saw (its bound_at as read), so the next phone that opens the link binds it. */
export const resetMobileLink = (rsid: string, boundAt: string) =>
  call(api.resetMobileLink, { params: { rsid }, body: { bound_at: Date.parse(boundAt) } });
