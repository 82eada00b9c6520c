// @vitest-environment node
/**
 * Bad input as a hostile or careless client sends it: object-member keys, huge numbers, NUL bytes,
 * long text, unknown platforms, blank reasons, impossible payments and date pairs. Each is a named
 * 400 (or a 404 for an id no row can have) and changes nothing; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../server/db/db";
import { JSON_ONLY } from "../../server/http/jsonOnly";
import { demoModeBanner, startServer } from "../../server/main";
import { UPLOAD_TYPE_KEYS } from "../../src/domain/uploads/uploadTypes";
import { DAY, startTestServer, TEST_START, type TestServer } from "./support";
import { fixture, upload } from "./uploads-support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
const USERS = ["admin", "qc.manager", "client.manager", "iftu.manager", "project.manager"];

beforeAll(async () => {
  server = await startTestServer();
  for (const user of USERS) auth[user] = await server.signIn(user);
});
afterAll(async () => {
  await server.close();
});

const get = (user: string | null, path: string) =>
  server.call("GET", path, { headers: user ? auth[user] : {} });

/** Sends the body text as it is, so keys such as __proto__ arrive as JSON keys. */
const bulkText = (user: string, text: string) =>
  server.call("POST", "/api/outlets/bulk-action/", {
    headers: { ...auth[user], "content-type": "application/json" },
    body: text,
  });
const bulk = (user: string, body: Record<string, unknown>) => bulkText(user, JSON.stringify(body));

async function outletsIn(state: string, organisation: string | null, limit = 2) {
  return server.db.query<{ id: number; rsid: string; version: number }>(
    `SELECT o.id, o.rsid, o.version FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     JOIN projects p ON p.id = s.project_id JOIN organisations g ON g.id = p.organisation_id
     WHERE o.workflow_state = $1 AND ($2::text IS NULL OR g.name = $2) AND NOT o.is_temp
     ORDER BY o.rsid LIMIT $3`,
    [state, organisation, limit],
  );
}

const stateOf = async (id: number) =>
  (
    await server.db.query<{ workflow_state: string }>("SELECT workflow_state FROM outlets WHERE id = $1", [
      id,
    ])
  )[0]!.workflow_state;

const UPLOAD_LIST = "/api/bulk/upload/?objects_type=users";

describe("object-member names are not actions or fields (issue 21 item 1)", () => {
  it("refuses built-in member names as action types", async () => {
    const [outlet] = await outletsIn("qc_pending", null, 1);
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      const res = await bulk("qc.manager", { action_type: name, object_ids: [outlet!.id] });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ action_type: [`"${name}" is not a valid action.`] });
    }
  });

  it("refuses member names as extra fields, whatever their values", async () => {
    const [outlet] = await outletsIn("qc_pending", null, 1);
    const send = (extra: string) =>
      bulkText(
        "qc.manager",
        `{"action_type":"qc_accepted","object_ids":[${outlet!.id}],"extra_data":${extra}}`,
      );
    const both = await send('{"toString":"x","__proto__":{"a":[1,2]}}');
    expect(both.status).toBe(400);
    expect(both.text).toBe('{"__proto__":["Not a valid string."]}');
    for (const key of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      const res = await send(`{"${key}":"x"}`);
      expect(res.status, key).toBe(400);
      expect(res.text, key).toBe(`{"${key}":["This action does not take this field."]}`);
    }
    expect(await stateOf(outlet!.id)).toBe("qc_pending");
  });
});

describe("a rejection needs a real reason (issue 21 item 2)", () => {
  it("refuses a reason list of blanks and separators", async () => {
    const [outlet] = await outletsIn("qc_pending", null, 1);
    for (const reasons of [" ; ;", ";", "  "]) {
      const res = await bulk("qc.manager", {
        action_type: "qc_rejected",
        object_ids: [outlet!.id],
        extra_data: { related_workflow_reasons: reasons },
      });
      expect(res.status, reasons).toBe(400);
      expect(res.body.related_workflow_reasons, reasons).toEqual(["This field is required."]);
    }
    expect(await stateOf(outlet!.id)).toBe("qc_pending");
  });
});

describe("platforms are a closed set (issue 21 item 3)", () => {
  it("refuses any platform but web and my_track", async () => {
    for (const platform of ["webx", "zz9", "WEB", "toString"]) {
      const res = await server.login("qc.executive", "Demo@12345", platform);
      expect(res.status, platform).toBe(400);
      expect(res.body, platform).toEqual({ platform: [`"${platform}" is not a valid choice.`] });
    }
    const live = await server.login("zenith.manager");
    expect(live.status).toBe(200);
    expect((await server.login("zenith.manager", "Demo@12345", "webx")).status).toBe(400);
    expect((await server.login("zenith.manager")).status).toBe(451);
  });
});

describe("pages and ids beyond their columns (issue 21 items 4 and 5)", () => {
  it("answers huge or malformed page numbers with field lines on every list", async () => {
    const lists = [
      "/api/outlets/",
      "/api/auth/users/",
      "/api/auth/roles/",
      "/api/auth/permissions/",
      "/api/exports/",
      UPLOAD_LIST,
    ];
    for (const path of lists) {
      const sep = path.includes("?") ? "&" : "?";
      for (const page of ["99999999999999999999", "1000000000000000000", "-3", "abc"]) {
        const res = await get("admin", `${path}${sep}page=${page}`);
        expect(res.status, `${path} ${page}`).toBe(400);
        expect(res.body, `${path} ${page}`).toEqual({ page: ["Enter a whole number from 1 to 1000000."] });
      }
      const size = await get("admin", `${path}${sep}page-size=1e9`);
      expect(size.body, path).toEqual({ "page-size": ["Enter a whole number from 1 to 1000."] });
    }
  });

  it("answers ids outside the integer column as not valid or not found", async () => {
    for (const query of ["region=99999999999999", "program=3000000000", "city=1.5", "auditor=-2"]) {
      const res = await get("admin", `/api/outlets/?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await get("admin", "/api/outlets/chain/?ids=99999999999")).status).toBe(400);
    for (const path of [
      "/api/bulk/upload/99999999999/?object=users",
      "/api/files/99999999999/x.xlsx",
      "/api/bulk/upload/2147483648/get-icici-upi-activation-info/?object=icici_upi_account_payment_tracker",
    ]) {
      expect((await get("admin", path)).status, path).toBe(404);
    }
    for (const action of ["cancel", "activate"]) {
      const res = await server.call("POST", `/api/bulk/upload/99999999999/${action}/?object=users`, {
        headers: auth.admin,
      });
      expect(res.status, action).toBe(404);
    }
    const ids = await bulk("qc.manager", { action_type: "qc_accepted", object_ids: [99999999999] });
    expect(ids.status).toBe(400);
    expect(ids.body.object_ids).toEqual(["99999999999 is not a valid outlet id."]);
    const sub = await get("admin", "/api/bulk/upload/?objects_type=payout_plotting&sub_project=99999999999");
    expect(sub.status).toBe(400);
  });
});

describe("NUL bytes and long text (issue 21 items 6 and 7)", () => {
  it("refuses NUL bytes in query texts and answers a NUL slug as not found", async () => {
    const nul = "Null characters are not allowed.";
    expect((await get("admin", "/api/outlets/?search=%00")).body).toEqual({ search: [nul] });
    expect((await get("admin", "/api/outlets/RS%00/")).status).toBe(404);
    expect((await get("admin", `${UPLOAD_LIST}&search=a%00`)).body).toEqual({ search: [nul] });
    expect(
      (await get("admin", "/api/bulk/upload/?objects_type=payout_plotting&sub_project_slug=%00")).body,
    ).toEqual({ sub_project_slug: [nul] });
    expect(
      (await get("admin", "/api/bulk/upload/sub-projects/?object=payout_plotting&project=%00")).body,
    ).toEqual({ project: [nul] });
    const upload = await server.call("POST", "/api/bulk/upload/?object=users&question_group=%00", {
      headers: auth.admin,
    });
    expect(upload.body).toEqual({ question_group: [nul] });
  });

  it("refuses NUL bytes in sign-in and code requests", async () => {
    const login = await server.login("a\u0000b");
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ login_username: ["Null characters are not allowed."] });
    const send = await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "a\u0000b" },
    });
    expect(send.body).toEqual({ login_username: ["Null characters are not allowed."] });
    const verify = await server.call("POST", "/api/auth/forgot/verify-code/", {
      body: { login_username: "admin", code: "1\u00002" },
    });
    expect(verify.body).toEqual({ code: ["Null characters are not allowed."] });
  });

  it("bounds the user name's length", async () => {
    for (const length of [3000, 1_000_000]) {
      const res = await server.login("u".repeat(length));
      expect(res.status, String(length)).toBe(400);
      expect(res.body, String(length)).toEqual({
        login_username: ["Ensure this field has no more than 150 characters."],
      });
    }
    const send = await server.call("POST", "/api/auth/forgot/send-code/", {
      body: { login_username: "u".repeat(3000) },
    });
    expect(send.status).toBe(400);
  });
});

describe("upload history search (issue 21 item 9)", () => {
  it("matches % and _ literally", async () => {
    const plotting = "/api/bulk/upload/?objects_type=payout_plotting&sub_project=4";
    expect((await get("admin", plotting)).body.count).toBe(1);
    expect((await get("admin", `${plotting}&search=%25`)).body.count).toBe(0);
    expect((await get("admin", `${plotting}&search=s%25`)).body.count).toBe(0);
    expect((await get("admin", `${plotting}&search=november_`)).body.count).toBe(1);
    expect((await get("admin", `${plotting}&search=november__`)).body.count).toBe(0);
  });
});

describe("bulk action field types and limits (issue 21 items 10 and 11)", () => {
  it("calls a number action type a type error", async () => {
    const res = await bulk("qc.manager", { action_type: 123, object_ids: [1] });
    expect(res.body.action_type).toEqual(["Not a valid string."]);
  });

  it("counts an outlet sent many times once", async () => {
    const [outlet] = await outletsIn("qc_pending", null, 1);
    const res = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: Array.from({ length: 5000 }, () => outlet!.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ detail: "Updated 1 outlet.", updated: 1 });
  });

  it("refuses a body of many distinct or long ids with short lines", async () => {
    const many = await bulk("qc.manager", {
      action_type: "qc_accepted",
      object_ids: Array.from({ length: 150_000 }, (_, i) => i + 1),
    });
    expect(many.status).toBe(400);
    expect(many.body.object_ids).toEqual(["At most 1000 outlets can be updated at a time."]);
    const long = await bulk("qc.manager", { action_type: "qc_accepted", object_ids: ["9".repeat(100_000)] });
    expect(long.status).toBe(400);
    expect(long.body.object_ids).toEqual([`"${"9".repeat(39)}… is not a valid outlet id.`]);
  });
});

describe("Payment Successful and date pairs are checked on the server (issue 22 items 3 and 4)", () => {
  it("refuses non-positive amounts, more than 2 decimals, a UTR not in a bank format and future dates", async () => {
    const outlets = await outletsIn("payouts_plotted", null, 2);
    expect(outlets.length).toBe(2);
    const ids = outlets.map((o) => o.id);
    const pay = (extra: Record<string, string>) =>
      bulk("iftu.manager", { action_type: "payment_successful", object_ids: ids, extra_data: extra });
    const future = new Date(TEST_START + 2 * DAY).toISOString().slice(0, 10);
    const bad = await pay({ amount: "-500", utr_number: "x", payment_date: future });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      amount: ["Amount must be greater than zero."],
      utr_number: [
        "Enter the bank's UTR: 12 digits (IMPS, UPI), or 16 (NEFT) or 22 (RTGS) letters and digits starting with the bank's 4-letter code.",
      ],
      payment_date: ["Payment date cannot be in the future."],
    });
    const decimals = await pay({ amount: "10.505", utr_number: "123456789012", payment_date: "2026-11-19" });
    expect(decimals.body).toEqual({ amount: ["Ensure that there are no more than 2 decimal places."] });
    for (const id of ids) expect(await stateOf(id)).toBe("payouts_plotted");
    const good = await pay({ amount: "1500.50", utr_number: "HDFCN52026112012", payment_date: "2026-11-20" });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    for (const id of ids) expect(await stateOf(id)).toBe("payment_successful");
  });

  it("refuses a route plan that ends before it starts", async () => {
    const [outlet] = await outletsIn("wip_client_accepted", "Acme Beverages", 1);
    const plan = (start: string, end: string) =>
      bulk("client.manager", {
        action_type: "route_plan_client_confirmed",
        object_ids: [outlet!.id],
        extra_data: { route_plan_start_date: start, route_plan_end_date: end },
      });
    const backwards = await plan("2026-12-10", "2026-12-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      route_plan_end_date: ["Route plan end date must be on or after the route plan start date."],
    });
    expect(await stateOf(outlet!.id)).toBe("wip_client_accepted");
    const sameDay = await plan("2026-12-10", "2026-12-10");
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
  });
});

describe("the development outbox (issue 21 item 13)", () => {
  it("is shown to a signed-in admin only when not reached from this machine", async () => {
    expect((await get(null, "/api/dev/outbox/")).status).toBe(401);
    expect((await get("qc.manager", "/api/dev/outbox/")).status).toBe(403);
    expect((await get("qc.manager", "/dev/outbox")).status).toBe(403);
    const admin = await get("admin", "/api/dev/outbox/");
    expect(admin.status).toBe(200);
    expect(Array.isArray(admin.body.results)).toBe(true);
  });
});

describe("starting the server (issue 21 item 13)", () => {
  it("shows the outbox to this machine's own browser, not through a proxy", async () => {
    await server.db.query("DELETE FROM outbox");
    const started = await startServer({ port: 0, host: "127.0.0.1", env: {}, quiet: true, db: server.db });
    try {
      const direct = await fetch(`${started.url}/api/dev/outbox/`);
      expect(direct.status).toBe(200);
      expect(await direct.json()).toEqual({ results: [] });
      expect((await fetch(`${started.url}/dev/outbox`)).status).toBe(200);
      const proxied = await fetch(`${started.url}/api/dev/outbox/`, {
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      expect(proxied.status).toBe(401);
    } finally {
      await started.close();
    }
  });

  it("says loudly that demo mode is on", () => {
    const banner = demoModeBanner("http://localhost:8080");
    expect(banner).toContain("DEMO MODE");
    expect(banner).toContain("http://localhost:8080/dev/outbox");
    expect(banner).toContain("APP_MODE=production");
  });

  it("refuses production while demo accounts open with the demo password", async () => {
    const start = () =>
      startServer({
        port: 0,
        host: "127.0.0.1",
        env: { APP_MODE: "production" },
        quiet: true,
        db: server.db,
      });
    await expect(start()).rejects.toThrow(/Refusing to start in production mode: .*\badmin\b/);
    const empty = await openPglite();
    try {
      const started = await startServer({
        port: 0,
        host: "127.0.0.1",
        env: { APP_MODE: "production" },
        quiet: true,
        db: empty,
      });
      expect(started.mode).toBe("production");
      await started.close();
      // Production never loads the demo data.
      expect(await empty.query("SELECT count(*)::int AS n FROM users")).toEqual([{ n: 0 }]);
    } finally {
      await empty.close();
    }
  });
});

describe("upload samples (found by the endpoint fuzz)", () => {
  it("downloads the sample of every upload type, even one whose name is longer than a sheet name", async () => {
    for (const key of UPLOAD_TYPE_KEYS) {
      const res = await get("admin", `/api/bulk/upload/sample/?object=${key}`);
      expect(res.status, key).toBe(200);
    }
  });
});

describe("upload file names (issue 21 item 6)", () => {
  it("keeps a file name free of NUL and control characters", async () => {
    const res = await upload(
      server,
      auth.admin!,
      "object=regions&organisation=acme-beverages",
      fixture("regions_acme.xlsx"),
      "reg\u0000ions\u0007_acme.xlsx",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.file_name).toBe("regions_acme.xlsx");
    const [stored] = await server.db.query<{ name: string }>(
      "SELECT f.name FROM stored_files f JOIN bulk_upload_jobs j ON j.file_id = f.id WHERE j.id = $1",
      [res.body.id],
    );
    expect(stored?.name).toBe("regions_acme.xlsx");
  });
});

describe("JSON endpoints take JSON only (issue 28 item 13)", () => {
  const login = {
    login_username: "admin",
    password: "Demo@12345",
    method_of_login: "password",
    platform: "web",
  };
  const send = (path: string, headers: Record<string, string>, body?: BodyInit) =>
    server.app.request(path, { method: "POST", headers, body });

  it("refuses a body of any other type with 415 and a named detail, before reading it", async () => {
    const text = JSON.stringify(login);
    const form = new FormData();
    form.append("login_username", "admin");
    for (const [headers, body] of [
      [{ "content-type": "text/plain" }, text],
      [{ "content-type": "text/plain;charset=UTF-8" }, text],
      [{ "content-type": "application/x-www-form-urlencoded" }, "login_username=admin"],
      [{ "content-type": "application/jsonx" }, text],
      // A body without a type: what a page may send with a Blob of no type.
      [{ "content-length": String(text.length) }, new TextEncoder().encode(text)],
      [{}, form],
    ] as const) {
      const res = await send("/api/auth/login/", { ...headers }, body);
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(await res.json()).toEqual({ detail: JSON_ONLY });
    }
    // A form posted by another site to a call that reads no body is refused too.
    const res = await send("/api/auth/logout/", {
      ...auth["qc.manager"],
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(415);
    expect((await get("qc.manager", "/api/auth/info/")).status).toBe(200);
  });

  it("takes JSON with or without a charset, and bodiless calls without a type", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      const body = JSON.stringify({ ...login, login_username: "calling.executive" });
      const res = await send("/api/auth/login/", { "content-type": type }, body);
      expect(res.status, type).toBe(200);
      const { sessionid } = (await res.json()) as { sessionid: string };
      const out = await send("/api/auth/logout/", { authorization: `sessionid ${sessionid}` });
      expect(out.status, type).toBeLessThan(300);
    }
  });

  it("still takes file uploads as multipart", async () => {
    const res = await upload(
      server,
      auth.admin!,
      "object=regions&organisation=acme-beverages",
      fixture("regions_acme.xlsx"),
      "regions_acme.xlsx",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe("file names as stored and served (issue 28 item 16)", () => {
  /** The name a download's Content-Disposition gives, in its UTF-8 form, and its plain form. */
  const served = (disposition: string | null) => ({
    utf8: decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition ?? "")?.[1] ?? ""),
    plain: /filename="([^"]*)"/.exec(disposition ?? "")?.[1] ?? null,
  });

  it("stores and serves names without folders, leading dots or direction overrides", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n%...\n");
    for (const [given, kept] of [
      ["../../etc/passwd.pdf", "_.._etc_passwd.pdf"],
      ["invoice\u202Efdp.exe", "invoicefdp.exe"],
      ["..\\..\\boot.ini\u200B.pdf", "_.._boot.ini.pdf"],
    ] as const) {
      const form = new FormData();
      form.set("file", new File([pdf], "deed.pdf"));
      form.set("name", given);
      const res = await server.app.request("/api/common/files/", {
        method: "POST",
        headers: auth.admin,
        body: form,
      });
      expect(res.status, given).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const [stored] = await server.db.query<{ name: string }>(
        "SELECT name FROM stored_files WHERE id = $1",
        [id],
      );
      expect(stored?.name, given).toBe(kept);
      const file = await server.app.request(`/api/files/${id}/x`, { headers: auth.admin });
      expect(served(file.headers.get("content-disposition")), given).toEqual({ utf8: kept, plain: kept });
    }
  });

  it("serves a PDF whose invoice number holds slashes under a name without them", async () => {
    const [invoice] = await server.db.query<{ id: number; rsid: string }>(
      `SELECT i.id, o.rsid FROM retailer_invoices i JOIN outlets o ON o.id = i.outlet_id
       WHERE i.file_id IS NULL ORDER BY i.id LIMIT 1`,
    );
    await server.db.query("UPDATE retailer_invoices SET invoice_no = 'INV/2026/../7' WHERE id = $1", [
      invoice!.id,
    ]);
    for (const time of ["made", "stored"]) {
      const res = await server.app.request(`/api/pp/${invoice!.rsid}/invoices/${invoice!.id}/pdf/`, {
        headers: auth.admin,
      });
      expect(res.status, time).toBe(200);
      expect(served(res.headers.get("content-disposition")), time).toEqual({
        utf8: "invoice-INV_2026_.._7.pdf",
        plain: "invoice-INV_2026_.._7.pdf",
      });
    }
  });
});
