/**
 * The development outbox: what a mail or SMS gateway would have delivered, in demo mode only (a
 * production server answers 404). The page lies outside the API, at the site's root.
 */
import { OutboxResponse } from "../auth/auth";
import { Download, endpoint } from "./endpoint";

export const outboxMessages = endpoint({
  summary: "The latest messages a gateway would have delivered, newest first",
  method: "GET",
  path: "/dev/outbox/",
  grant: "devOutbox",
  response: OutboxResponse,
  refusals: [404],
});

export const outboxPage = endpoint({
  summary: "The same messages as a page for a browser",
  method: "GET",
  root: "",
  path: "/dev/outbox",
  grant: "devOutbox",
  response: Download,
  refusals: [404],
});
