/**
 * The retailer link's calls as the build derives them from the contract (src/domain/api/mobile.ts,
 * scripts/answer-shapes-plugin.ts), made with the link's own parts (src/infra/api/mobileLink.ts):
 * the access check and the four pages' answers, none of which loads Effect.
 */
import accessCheckRead from "virtual:declared-read/mobile/accessCheck";
import linkEarningsRead from "virtual:declared-read/mobile/linkEarnings";
import linkInvoicesRead from "virtual:declared-read/mobile/linkInvoices";
import linkProfileRead from "virtual:declared-read/mobile/linkProfile";
import linkStatementsRead from "virtual:declared-read/mobile/linkStatements";
import type {
  EarningsAnswer,
  InvoicesAnswer,
  MobileProfileAnswer,
  StatementsAnswer,
} from "../../domain/mobile/mobileAnswers";
import { checkAccess, linkPageRead } from "../../infra/api/mobileLink";

export const checkLinkAccess = (slug: string, token: string, signal?: AbortSignal) =>
  checkAccess(accessCheckRead, slug, token, signal);

export const readLinkProfile = linkPageRead<MobileProfileAnswer>(linkProfileRead);
export const readLinkEarnings = linkPageRead<EarningsAnswer>(linkEarningsRead);
export const readLinkInvoices = linkPageRead<InvoicesAnswer>(linkInvoicesRead);
export const readLinkStatements = linkPageRead<StatementsAnswer>(linkStatementsRead);
