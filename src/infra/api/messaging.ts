/** The WhatsApp delivery logs' calls (src/domain/api/messaging.ts), decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import * as api from "../../domain/api/messaging";
import type { MessageQuery } from "../../domain/messaging/messaging";
import { call } from "../endpoint";
import { runApi } from "../http";

export const messagesQuery = (query: MessageQuery, page: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ["messages", "list", query, page.page, page.pageSize] as const,
    queryFn: ({ signal }) => runApi(call(api.messages, { query, page }), { signal }),
  });

export const messageSummaryQuery = (job: string | null) =>
  queryOptions({
    queryKey: ["messages", "summary", job] as const,
    queryFn: ({ signal }) => runApi(call(api.messageSummary, { query: job ? { job } : {} }), { signal }),
  });
