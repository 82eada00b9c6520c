/** The project card's rules: the 15-character name, notification titles, the request readers. */
import { describe, expect, it } from "vitest";
import { datesInOrder, END_BEFORE_START } from "../../src/domain/admin/resources/projects";
import {
  cardName,
  GIVE_NOTIFICATION_IDS,
  NotificationIds,
  notificationTitle,
  notificationWhen,
  ProjectCardQuery,
  projectCardFilter,
} from "../../src/domain/projects/projects";
import { decodeFields } from "../../src/domain/shared/schemaErrors";

describe("project cards", () => {
  it("cuts a name longer than 15 characters and keeps a shorter one whole", () => {
    expect(cardName("Acme Retail")).toBe("Acme Retail");
    expect(cardName("Fifteen chars!!")).toBe("Fifteen chars!!");
    expect(cardName("Acme Monsoon Census Drive")).toBe("Acme Monsoon Ce…");
    expect(cardName("Acme 3P Payout 2026-27")).toBe("Acme 3P Payout…");
  });

  it("turns dashes and underscores into spaces and capitalises the words of a title", () => {
    expect(notificationTitle("route_plan_client_confirmed")).toBe("Route Plan Client Confirmed");
    expect(notificationTitle("client-confirmation-rejected")).toBe("Client Confirmation Rejected");
    expect(notificationTitle("payouts_plotted")).toBe("Payouts Plotted");
  });

  it("shows a notification's date and 12-hour time", () => {
    expect(notificationWhen("2026-11-23T15:05:00.000Z")).toEqual({ date: "Nov 23, 2026", time: "3:05 PM" });
  });

  it("reads the cards query and names each bad parameter", () => {
    const read = decodeFields(ProjectCardQuery, { search: " acme ", type: "census", organisation: "3" });
    expect(read).toEqual({ ok: true, value: { search: " acme ", type: "census", organisation: "3" } });
    expect(read.ok && projectCardFilter(read.value)).toEqual({
      search: "acme",
      type: "census",
      organisation: 3,
    });
    expect(decodeFields(ProjectCardQuery, { type: "", organisation: "" })).toEqual({
      ok: true,
      value: { type: "", organisation: "" },
    });
    expect(decodeFields(ProjectCardQuery, { type: "payroll", organisation: "x" })).toEqual({
      ok: false,
      errors: { type: ['"payroll" is not a valid choice.'], organisation: ['"x" is not a valid choice.'] },
    });
  });

  it("reads 1 to 100 notification ids", () => {
    expect(decodeFields(NotificationIds, { ids: [4, 4, 5] })).toEqual({
      ok: true,
      value: { ids: [4, 4, 5] },
    });
    for (const ids of [
      [],
      ["x"],
      ["4"],
      [4, 0],
      "4",
      null,
      Array.from({ length: 101 }, (_, i) => i + 1),
      undefined,
    ])
      expect(decodeFields(NotificationIds, { ids })).toEqual({
        ok: false,
        errors: { ids: [GIVE_NOTIFICATION_IDS] },
      });
  });

  it("refuses a project ending before it starts", () => {
    expect(datesInOrder({ start_date: "2026-07-01", end_date: "2026-06-30" })).toEqual({
      end_date: [END_BEFORE_START],
    });
    expect(datesInOrder({ start_date: "2026-07-01", end_date: "2026-07-01" })).toEqual({});
  });
});
