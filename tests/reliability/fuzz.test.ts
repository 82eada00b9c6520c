// @vitest-environment node
/**
 * Fuzzed decoders, validators and endpoints. fast-check drives every Effect Schema exported from
 * src/domain, the request decoders and rules the server shares with the client, every upload column
 * rule, and then every route of the Hono app (enumerated from the app, so a new route is fuzzed
 * without being listed) with hostile values: object-member keys, huge numbers, NUL bytes and long
 * strings, in path, query and body, as an admin, an internal user, a client user of each
 * organisation, anonymously and with forged credentials. Never a throw, always a
 * decoded value or a named error; never a 500. FUZZ_RUNS sets the count per decoder, FUZZ_ROUTE_RUNS
 * per route.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Cause, Exit, Schema } from "effect";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoRandomBytes } from "../../server/auth/passwords";
import { createSession } from "../../server/auth/sessions";
import { queryValues } from "../../src/domain/api/endpoint";
import { passwordProblems } from "../../src/domain/auth/password";
import { BulkUpdateRequest, MAX_BULK_OUTLETS } from "../../src/domain/outlets/bulkUpdate";
import {
  extraDataErrors,
  extraFieldKind,
  joinReasons,
  splitReasons,
} from "../../src/domain/outlets/extraFields";
import { listingFilter, OutletListingQuery } from "../../src/domain/outlets/outletListing";
import { stateLabel, workflowTypeOf } from "../../src/domain/outlets/outletStates";
import { actionSpec, SPECIAL_ACTIONS, WORKFLOW_ACTIONS } from "../../src/domain/outlets/workflowActions";
import { daysBetween, parseIsoDate, shiftIsoDate } from "../../src/domain/shared/format";
import {
  addFieldError,
  decodePage,
  decodeQueryTexts,
  decodeRowId,
  decodeText,
  escapeLike,
  type FieldErrors,
  isPlatform,
  MAX_ROW_ID,
} from "../../src/domain/shared/requestInput";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import * as validation from "../../src/domain/shared/validation";
import {
  checkHeader,
  checkValue,
  type FieldRule,
  isUploadTypeKey,
  type REF_KINDS,
  rowValidator,
  UPLOAD_TYPES,
} from "../../src/domain/uploads/uploadTypes";
import { startTestServer, type TestServer } from "../server/support";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/**
 * Each route's runs: every route goes through the same request decoding and grants, so a route's
 * 20 cases add what the other routes' do not; its time grows with the routes (60 took six of the
 * unit suite's minutes beside the browser tests at 367 routes). FUZZ_ROUTE_RUNS widens a run.
 */
const ROUTE_RUNS = Number(process.env.FUZZ_ROUTE_RUNS ?? 20);
/** One fixed seed: a failure names the same case on every machine; FUZZ_SEED tries others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const options = (numRuns = RUNS) => ({ numRuns, seed: SEED });

// --- Hostile values ---

const PROTO_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
];
const HUGE_NUMBERS = [
  1e21,
  1e20,
  1.5e21,
  2 ** 31,
  2 ** 31 - 1,
  3000000000,
  99999999999,
  99999999999999,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  0.1 + 0.2,
  -1,
];
const NUMBER_TEXTS = [
  "99999999999999999999",
  "1000000000000000000",
  "1.5e+21",
  "1e400",
  "-1",
  "0",
  "0x10",
  "NaN",
  "Infinity",
  " 7",
  "7 ",
  "٣",
  "3000000000",
  "2147483648",
];

const protoKey = fc.constantFrom(...PROTO_KEYS);
const hugeNumber = fc.oneof(fc.constantFrom(...HUGE_NUMBERS), fc.double(), fc.integer());
const nulText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const longText = fc
  .tuple(
    fc.constantFrom(151, 201, 257, 3000, 10_001, 100_000),
    fc.constantFrom("x", "9", "%", "_", "\u0000", "é"),
  )
  .map(([n, ch]) => ch.repeat(n));
const hostileText = fc.oneof(
  fc.string(),
  protoKey,
  nulText,
  longText,
  fc.constantFrom(...NUMBER_TEXTS),
  hugeNumber.map(String),
  fc.string({ unit: "binary", maxLength: 20 }),
);
/** Text short enough to travel in a URL. */
const urlText = hostileText.map((t) => t.slice(0, 3000));
const hostileKey = fc.oneof(protoKey, fc.string({ maxLength: 12 }), nulText);

/** JSON as a request delivers it: parsed from text, so __proto__ is an own key like any other. */
const jsonOf = (entries: [string, unknown][]): Record<string, unknown> =>
  JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`);

const { json: hostileJson, object: hostileObject } = fc.letrec<{
  json: unknown;
  object: Record<string, unknown>;
}>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileText,
    hugeNumber.filter(Number.isFinite),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 4 }),
    tie("object"),
  ),
  object: fc.array(fc.tuple(hostileKey, tie("json")), { maxLength: 5 }).map(jsonOf),
}));

/** Anything a decoder could be handed, well beyond JSON: bigints, dates, maps, null prototypes. */
const anything = fc.oneof(
  hostileJson,
  fc.anything({
    key: hostileKey,
    maxDepth: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
);

/** A field-error map: every field names a non-empty list of non-empty lines, and it survives JSON. */
function expectNamedErrors(errors: FieldErrors): void {
  const keys = Object.keys(errors);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const lines = errors[key];
    expect(Array.isArray(lines), key).toBe(true);
    expect(lines!.length, key).toBeGreaterThan(0);
    for (const line of lines!) expect(typeof line === "string" && line.length > 0, key).toBe(true);
  }
  expect(Object.keys(JSON.parse(JSON.stringify(errors)))).toEqual(keys);
}

// --- Every Schema of the domain ---

const DOMAIN = join(import.meta.dirname, "..", "..", "src", "domain");
/** The rule modules of the feature folders; the contract (api/) and the admin resources are fuzzed through their routes. */
const ruleModules = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" }).filter(
  (f) => f.endsWith(".ts") && !/^(api|admin[\\/]resources)[\\/]/.test(f),
);
const schemas: [string, Schema.Top][] = [];
for (const file of ruleModules) {
  const module = (await import(join(DOMAIN, file))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (Schema.isSchema(value)) schemas.push([`${basename(file, ".ts")}.${name}`, value]);
  }
}

describe("every Schema decoder in src/domain", () => {
  it("is found by scanning the domain's modules", () => {
    expect(schemas.length).toBeGreaterThan(30);
    expect(schemas.map(([name]) => name)).toContain("bulkUpdate.BulkUpdateRequest");
  });

  it.each(schemas)("%s decodes or names the error, never throws", (_name, schema) => {
    const decode = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>);
    fc.assert(
      fc.property(anything, (input) => {
        const exit = decode(input);
        if (Exit.isFailure(exit)) {
          const error = Cause.squash(exit.cause);
          expect(Schema.isSchemaError(error)).toBe(true);
          expect(String((error as Error).message).length).toBeGreaterThan(0);
        }
      }),
      options(Math.max(20, Math.round(RUNS / 2))),
    );
  });
});

// --- Request decoders and rules shared by server and client ---

describe("request decoders", () => {
  it("decode pages to safe offsets or name the field", () => {
    const raw = fc.option(urlText, { nil: undefined });
    fc.assert(
      fc.property(raw, raw, (page, size) => {
        const read = decodePage(page, size);
        if (read.ok) {
          expect(Number.isSafeInteger(read.page.offset) && read.page.offset >= 0).toBe(true);
          expect(read.page.size).toBeLessThanOrEqual(1000);
        } else expectNamedErrors(read.errors);
      }),
      options(),
    );
  });

  it("decode row ids into the integer column's range or nothing", () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const id = decodeRowId(raw);
        if (id !== null) expect(Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID).toBe(true);
      }),
      options(),
    );
  });

  it("decode text without NUL and within its length, and read query texts by field", () => {
    fc.assert(
      fc.property(anything, fc.integer({ min: 0, max: 20_000 }), (raw, max) => {
        const read = decodeText(raw, max);
        if (read.ok) expect(read.value.includes("\u0000") || read.value.length > max).toBe(false);
        else expect(read.error.length).toBeGreaterThan(0);
      }),
      options(),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(hostileKey, urlText), { maxLength: 6 }), (entries) => {
        const params = new URLSearchParams(entries);
        const read = decodeQueryTexts((k) => params.get(k) ?? undefined, [...params.keys()]);
        if (read.ok) for (const v of Object.values(read.values)) expect(v).not.toContain("\u0000");
        else expectNamedErrors(read.errors);
      }),
      options(),
    );
  });

  it("keep field errors under object-member names as own lines", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileKey, fc.string({ minLength: 1 })), { minLength: 1, maxLength: 8 }),
        (lines) => {
          const errors: FieldErrors = {};
          for (const [key, line] of lines) addFieldError(errors, key, line);
          expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
          expectNamedErrors(errors);
        },
      ),
      options(),
    );
  });

  it("accept only the closed set of platforms and escape every LIKE character", () => {
    fc.assert(
      fc.property(anything, hostileText, (raw, text) => {
        expect(isPlatform(raw)).toBe(raw === "web" || raw === "my_track");
        expect(escapeLike(text).replace(/\\[\\%_]/g, "")).not.toMatch(/[\\%_]/);
      }),
      options(),
    );
  });

  it("read bulk updates into bounded, unique row ids and NUL-free texts, or name every problem", () => {
    const body = fc.oneof(
      hostileObject,
      fc
        .record(
          {
            action_type: hostileJson,
            object_ids: fc.oneof(
              fc.array(fc.oneof(hugeNumber, hostileText, fc.nat(2000)), { maxLength: 20 }),
              hostileJson,
            ),
            extra_data: fc.oneof(hostileObject, hostileJson),
            select_all: hostileJson,
            chain_rsids: fc.oneof(fc.array(hostileText, { maxLength: 5 }), hostileJson),
            object_versions: fc.oneof(hostileObject, hostileJson),
          },
          { requiredKeys: [] },
        )
        .map((r) => jsonOf(Object.entries(r))),
    );
    fc.assert(
      fc.property(body, (input) => {
        const read = decodeFields(BulkUpdateRequest, input);
        if (!read.ok) return expectNamedErrors(read.errors);
        const { object_ids, extra_data, chain_rsids } = read.value;
        expect(new Set(object_ids).size).toBe(object_ids.length);
        expect(object_ids.length).toBeLessThanOrEqual(MAX_BULK_OUTLETS);
        for (const id of object_ids) expect(decodeRowId(id)).toBe(id);
        for (const v of [...Object.values(extra_data), ...chain_rsids]) expect(v).not.toContain("\u0000");
      }),
      options(),
    );
  });

  it("read the outlet listing query or name every problem", () => {
    const keys = fc.oneof(
      hostileKey,
      fc.constantFrom(
        "status",
        "include_temp",
        "region",
        "city",
        "auditor",
        "program",
        "search",
        "ordering",
        "project",
        "sub_project",
        "cycle_of",
        "created_from",
        "invoice_date_to",
        "workflow_object__outlet__rsid",
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, urlText), { maxLength: 8 }), (entries) => {
        const read = decodeFields(OutletListingQuery, queryValues(new URLSearchParams(entries)));
        if (!read.ok) return expectNamedErrors(read.errors);
        const filter = listingFilter(read.value);
        for (const ids of Object.values(filter.ids)) for (const id of ids) expect(decodeRowId(id)).toBe(id);
        expect(filter.search).not.toContain("\u0000");
      }),
      options(),
    );
  });

  it("check every action's extra fields, answering lines under the field names", () => {
    const actions = [...Object.entries(WORKFLOW_ACTIONS), ...Object.entries(SPECIAL_ACTIONS)];
    const fieldKeys = [...new Set(actions.flatMap(([, spec]) => Object.keys(spec.extra_data)))];
    const extra = fc
      .array(
        fc.tuple(
          fc.oneof(hostileKey, fc.constantFrom(...fieldKeys)),
          fc.oneof(hostileText, fc.constantFrom("2026-11-20", "123456789012", "10.50", "images_not_clear;")),
        ),
        { maxLength: 6 },
      )
      .map((entries) => Object.fromEntries(entries.map(([k, v]) => [k, v.slice(0, 10_000)])));
    fc.assert(
      fc.property(
        fc.constantFrom(...actions),
        extra,
        fc.array(hostileText, { maxLength: 3 }),
        ([action, spec], data, chain) => {
          const errors = extraDataErrors(
            action,
            spec,
            action,
            jsonOf(Object.entries(data)),
            chain,
            "2026-11-20",
          );
          if (Object.keys(errors).length > 0) expectNamedErrors(errors);
        },
      ),
      options(),
    );
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(["text", "number", "date", "reason"]).toContain(extraFieldKind(text));
        expect(splitReasons(joinReasons(splitReasons(text)))).toEqual(splitReasons(text));
        const spec = actionSpec(text);
        expect(spec === undefined || Object.hasOwn({ ...WORKFLOW_ACTIONS, ...SPECIAL_ACTIONS }, text)).toBe(
          true,
        );
        expect(typeof stateLabel(text)).toBe("string");
        expect(workflowTypeOf(text) === null || typeof workflowTypeOf(text) === "string").toBe(true);
      }),
      options(),
    );
  });

  it("validate formats, money, dates and passwords with a yes, a no or a named problem", () => {
    const predicates = Object.entries(validation).filter(
      ([name, f]) => typeof f === "function" && /^is[A-Z]/.test(name),
    ) as [string, (s: string) => boolean][];
    expect(predicates.map(([n]) => n)).toContain("isValidUtr");
    fc.assert(
      fc.property(hostileText, hostileText, fc.integer({ min: -100_000, max: 100_000 }), (a, b, offset) => {
        for (const [name, test] of predicates) expect(typeof test(a), name).toBe("boolean");
        const money = validation.moneyProblem(a, "Amount");
        expect(money === null || money.length > 0).toBe(true);
        if (money === null) expect(Number(a.trim())).toBeGreaterThan(0);
        expect(parseIsoDate(a) === null || typeof parseIsoDate(a) === "object").toBe(true);
        expect(daysBetween(a, b) === null || Number.isFinite(daysBetween(a, b))).toBe(true);
        expect(shiftIsoDate(a, offset) === null || typeof shiftIsoDate(a, offset) === "string").toBe(true);
        for (const line of passwordProblems(a, b)) expect(line.length).toBeGreaterThan(0);
      }),
      options(),
    );
  });
});

// --- Upload column rules ---

describe("every upload column rule", () => {
  const rules = new Map<string, FieldRule>();
  for (const type of Object.values(UPLOAD_TYPES))
    for (const column of type.columns) rules.set(JSON.stringify(column.rule), column.rule);
  const known = new Set(["ABC", "admin", "RS000001"]);
  const refs = (_kind: (typeof REF_KINDS)[number], value: string) => (known.has(value) ? [value] : []);
  const context = { refs, recordExists: () => false, mayGrant: () => true };

  it("covers every rule kind in use", () => {
    expect(new Set([...rules.values()].map((r) => r.kind)).size).toBeGreaterThan(10);
  });

  it("checks any cell text with a yes or a named problem", () => {
    fc.assert(
      fc.property(fc.constantFrom(...rules.values()), hostileText, (rule, value) => {
        const problem = checkValue(rule, value, refs);
        expect(problem === null || (typeof problem === "string" && problem.length > 0)).toBe(true);
      }),
      options(RUNS * 4),
    );
  });

  it("validates whole rows and headers of every type, whatever the keys and cells", () => {
    const types = Object.values(UPLOAD_TYPES);
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.array(fc.tuple(hostileKey, hostileText), { maxLength: 6 }),
        fc.array(hostileText, { maxLength: 8 }),
        (type, cells, header) => {
          const row = jsonOf([
            ...cells,
            ...type.columns.map((c, i): [string, string] => [c.name, cells[i]?.[1] ?? ""]),
          ]);
          for (const problem of rowValidator(type, context)(row as Record<string, string>, 2).problems) {
            expect(problem.message.length).toBeGreaterThan(0);
            expect(type.columns.some((c) => c.name === problem.field)).toBe(true);
          }
          const checked = checkHeader(type, header);
          if (!checked.ok) expect(checked.message.length).toBeGreaterThan(0);
        },
      ),
      options(),
    );
    fc.assert(
      fc.property(hostileText, (key) => {
        expect(isUploadTypeKey(key)).toBe(Object.keys(UPLOAD_TYPES).includes(key));
      }),
      options(),
    );
  });
});

// --- Every route of the app ---

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ outlets: 60 });
});
afterAll(async () => {
  await server?.close();
});

/** A session made directly for a demo user, so a fuzzed logout cannot end the next run's. */
async function sessionOf(username: string) {
  const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [
    username,
  ]);
  const token = await createSession(server.db, user!.id, "web", server.clock.now, cryptoRandomBytes);
  return { authorization: `sessionid ${token}` };
}

/** Query keys the endpoints read, beside arbitrary and object-member ones. */
const QUERY_KEYS = [
  "page",
  "page-size",
  "search",
  "list",
  "ids",
  "region",
  "city",
  "auditor",
  "program",
  "status",
  "ordering",
  "include_temp",
  "project",
  "sub_project",
  "sub_project_id",
  "sub_project_slug",
  "cycle_of",
  "object",
  "objects_type",
  "question_group",
  "organisation",
  "config__name",
  "config__value",
  "created_from",
  "invoice_date_to",
  "workflow_object__outlet__rsid",
];
/** Body fields the endpoints read. */
const BODY_KEYS = [
  "action_type",
  "object_ids",
  "extra_data",
  "select_all",
  "chain_rsids",
  "object_versions",
  "login_username",
  "password",
  "method_of_login",
  "platform",
  "code",
  "reset_token",
  "old_password",
  "new_password",
  "confirm_password",
];
const GOOD_VALUES: Record<string, string[]> = {
  object: ["users", "regions", "payout_plotting", "icici_upi_account_payment_tracker"],
  organisation: ["acme-beverages", "zenith-foods"],
  objects_type: ["users", "payout_plotting"],
  sub_project: ["4", "99999999999"],
  status: ["qc_pending", "active"],
};

const queryEntry = fc.oneof(
  fc.tuple(fc.constantFrom(...QUERY_KEYS), urlText),
  fc
    .constantFrom(...Object.entries(GOOD_VALUES))
    .chain(([k, vs]) => fc.tuple(fc.constant(k), fc.constantFrom(...vs))),
  fc.tuple(hostileKey, urlText),
);
const pathValue = fc.oneof(
  urlText,
  fc.constantFrom("1", "4", "RS000001", "x.xlsx", "99999999999", "2147483648", "%00"),
);
const body = fc.oneof(
  hostileObject.map((o) => JSON.stringify(o)),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...BODY_KEYS), hostileKey), hostileJson), { maxLength: 7 })
    .map((entries) => JSON.stringify(jsonOf(entries))),
  hostileJson.map((v) => JSON.stringify(v)),
  fc.constantFrom(
    "",
    "{",
    "[]",
    "null",
    '{"__proto__":{"admin":true}}',
    '{"object_ids":[1,1,1],"action_type":"toString"}',
  ),
);

/** A multipart body: a file (real workbook or random bytes) under a hostile name, and hostile fields. */
const REAL_WORKBOOK = new Uint8Array(
  readFileSync(join(import.meta.dirname, "..", "fixtures", "uploads", "regions_acme.xlsx")),
);
const multipart = fc
  .record({
    name: hostileText.map((t) => t.slice(0, 500)),
    bytes: fc.oneof(fc.constant(REAL_WORKBOOK), fc.uint8Array({ maxLength: 64 })),
    fields: fc.array(
      fc.tuple(
        hostileKey,
        hostileText.map((t) => t.slice(0, 500)),
      ),
      { maxLength: 3 },
    ),
  })
  .map(({ name, bytes, fields }) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name));
    for (const [k, v] of fields) form.append(k, v);
    return form;
  });

/** Forged credentials: session header, cookie or request id made of any characters a header may carry. */
const headerText = hostileText.map((t) => t.replace(/[^\x20-\x7e]/g, "").slice(0, 2000));
const forgedCredentials = fc.oneof(
  headerText.map((t) => ({ authorization: `sessionid ${t}` })),
  headerText.map((t) => ({ authorization: t })),
  headerText.map((t) => ({ cookie: `sessionid=${t}; session_conflict=${t}` })),
  headerText.map((t) => ({ "x-request-id": t, "x-forwarded-for": t })),
);

type AppRoute = { method: string; path: string };

/** Sends a multipart body as a browser's upload does, read back like server.call's answers. */
async function sendForm(url: string, headers: Record<string, string>, form: FormData) {
  const res = await server.app.request(url, { method: "POST", headers, body: form });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

describe("every route of the app", () => {
  const routes = (): AppRoute[] => {
    const seen = new Map<string, AppRoute>();
    for (const r of server.app.routes) {
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method)) continue;
      if (!r.path.startsWith("/api/") && !r.path.startsWith("/dev/")) continue;
      seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
    }
    return [...seen.values()];
  };

  it("lists the routes from the app itself", () => {
    const names = routes().map((r) => `${r.method} ${r.path}`);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toContain("POST /api/outlets/bulk-action/");
    expect(names).toContain("GET /api/bulk/upload/:id/");
  });

  it("answers hostile path, query and body values with a named error or a result, never a 500", async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      // An admin, an internal user with few permissions, a client user of each organisation and a
      // field auditor (whose own area reads the list, search and page).
      const users = {
        admin: await sessionOf("admin"),
        internal: await sessionOf("qc.executive"),
        client: await sessionOf("client.manager"),
        otherClient: await sessionOf("zenith.manager"),
        auditor: await sessionOf("auditor.9000000001"),
      };
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constantFrom<keyof typeof users | "anonymous">(
              "admin",
              "internal",
              "client",
              "otherClient",
              "auditor",
              "anonymous",
            ),
            forgedCredentials,
          ),
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          fc.array(queryEntry, { maxLength: 5 }),
          body,
          fc.option(multipart, { freq: 4 }),
          async (who, params, query, text, form) => {
            let i = 0;
            const path = route.path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(params[i++]!));
            const search = new URLSearchParams(query).toString();
            const headers: Record<string, string> =
              typeof who === "object" ? who : who === "anonymous" ? {} : { ...users[who] };
            const url = `${path}${search ? `?${search}` : ""}`;
            const res =
              form && route.method === "POST"
                ? await sendForm(url, headers, form)
                : await server.call(route.method, url, {
                    headers:
                      route.method === "GET" ? headers : { ...headers, "content-type": "application/json" },
                    body: route.method === "GET" ? undefined : text,
                  });
            const as = typeof who === "object" ? JSON.stringify(who).slice(0, 120) : who;
            const what = `${route.method} ${path.slice(0, 120)}?${search.slice(0, 200)} as ${as}: ${res.status}`;
            if (res.status >= 500) failures.push(what);
            expect(res.status, what).toBeLessThan(500);
            if (res.status === 400) {
              expect(typeof res.body, what).toBe("object");
              for (const value of Object.values(res.body)) {
                const ok =
                  typeof value === "string" ||
                  (Array.isArray(value) && value.every((v) => typeof v === "string"));
                expect(ok, what).toBe(true);
              }
            } else if (res.status >= 401 && res.status !== 451) {
              // Every other refusal names itself in a detail line.
              expect(typeof res.body?.detail, what).toBe("string");
            }
          },
        ),
        options(ROUTE_RUNS),
      );
    }
    expect(failures).toEqual([]);
    // Its time grows with the routes (each gets the same runs): the project's two minutes are a
    // hang guard for one request's test, not for every route's.
  }, 600_000);
});
