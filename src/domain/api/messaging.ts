/**
 * WhatsApp delivery logs (docs/messaging.md; spec 000 §7.6 WhatsApp logs, paths not shown): the
 * messages Bulk WhatsApp Message uploads queued, with their status, error and history, and their
 * counts per upload, template and day.
 */
import { MessagePage, MessageQuery, SummaryAnswer, SummaryQuery } from "../messaging/messaging";
import { endpoint } from "./endpoint";

export const messages = endpoint({
  summary: "The WhatsApp messages, newest first, by upload, status, template or phone number",
  method: "GET",
  path: "/messages/",
  grant: "messageLogs",
  query: MessageQuery,
  paged: true,
  response: MessagePage,
  refusals: [400],
});

export const messageSummary = endpoint({
  summary: "The WhatsApp messages counted by status per upload, template and day",
  method: "GET",
  path: "/messages/summary/",
  grant: "messageLogs",
  query: SummaryQuery,
  response: SummaryAnswer,
  refusals: [400],
});
