/**
 * Staff's calls about a retailer link's binding (docs/retailer-portal.md, "The link's binding and
 * its reset"), apart from the link's own calls so a phone opening the link does not load their
 * Schemas.
 */
import { queryOptions } from "@tanstack/react-query";
import { MobileLinkResetAnswer, MobileLinkStatus } from "../../domain/mobileLinks";
import { request, runApi } from "../http";

/** When the outlet's link was bound to a phone (staff, by RSID). */
export const mobileLinkStatusQuery = (rsid: string) =>
  queryOptions({
    queryKey: ["staff", rsid, "mobile-link"] as const,
    queryFn: ({ signal }) =>
      runApi(request({ path: `pp/${encodeURIComponent(rsid)}/mobile-link/`, schema: MobileLinkStatus }), {
        signal,
      }),
  });

/** Removes the binding this page saw, so the next phone that opens the link binds it. */
export const resetMobileLink = (rsid: string, boundAt: string) =>
  request({
    method: "POST",
    path: `pp/${encodeURIComponent(rsid)}/mobile-link/reset/`,
    body: { bound_at: boundAt },
    schema: MobileLinkResetAnswer,
  });
