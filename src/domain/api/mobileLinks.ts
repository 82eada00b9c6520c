/** Moving a retailer's link to a new phone (docs/retailer-portal.md): the binding and its reset. */
import { MobileLinkResetAnswer, MobileLinkResetBody, MobileLinkStatus } from "../mobile/mobileLinks";
import { endpoint } from "./endpoint";
import { OutletParams } from "./mobile";

export const mobileLinkStatus = endpoint({
  summary: "When the outlet's link was bound to a phone, and whether the caller may reset it",
  method: "GET",
  path: "/pp/:rsid/mobile-link/",
  grant: "outletsRead",
  params: OutletParams,
  response: MobileLinkStatus,
  refusals: [404],
});

export const resetMobileLink = endpoint({
  summary: "Removes the binding the caller saw, so the next phone that opens the link binds it",
  method: "POST",
  path: "/pp/:rsid/mobile-link/reset/",
  grant: "resetMobileLink",
  params: OutletParams,
  body: MobileLinkResetBody,
  response: MobileLinkResetAnswer,
  refusals: [400, 404, 409],
});
