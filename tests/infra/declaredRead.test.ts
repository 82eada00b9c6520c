/**
 * The declared reads: each shape, derived from its endpoint's declaration at build time, accepts
 * and refuses what the endpoint's Schema does (its answer decoded, its path parameters, query and
 * body encoded), over a valid value and every variant of it with a field dropped, added or of
 * another kind; the build refuses an endpoint a shape cannot stand for; and a declared read is sent
 * and fails exactly as the HTTP module's call of the same endpoint (the same request, the same
 * failure hook, the same errors, the timeout, the abort signal).
 */

import appConfigRead from "virtual:declared-read/auth/appConfig";
import accessCheckRead from "virtual:declared-read/mobile/accessCheck";
import linkEarningsRead from "virtual:declared-read/mobile/linkEarnings";
import linkInvoicesRead from "virtual:declared-read/mobile/linkInvoices";
import linkProfileRead from "virtual:declared-read/mobile/linkProfile";
import linkStatementsRead from "virtual:declared-read/mobile/linkStatements";
import * as effect from "effect";
import { Exit, Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { declaredRead } from "../../scripts/answer-shapes-plugin";
import { appConfig, login } from "../../src/domain/api/auth";
import { type AnyEndpoint, Download, endpoint, Multipart } from "../../src/domain/api/endpoint";
import {
  accessCheck,
  linkEarnings,
  linkInvoices,
  linkProfile,
  linkStatements,
} from "../../src/domain/api/mobile";
import { MOBILE_ACCESS_HEADER } from "../../src/domain/mobile/mobile";
import { MSG, REQUEST_TIMEOUT_MS } from "../../src/domain/shared/messages";
import { fitShape } from "../../src/infra/answerShape";
import { callDeclared, type DeclaredInput } from "../../src/infra/declaredCall";
import { type DeclaredRead, readDeclared } from "../../src/infra/declaredRead";
import { call } from "../../src/infra/endpoint";
import { runApi } from "../../src/infra/http";
import { type AnswerFailure, configureHttp } from "../../src/infra/httpHooks";
import { STORAGE_KEYS } from "../../src/infra/storage";
import { type Call, type FakeAnswer, fakeFetch, hangingFetch, MemoryStorage } from "./fakes";

/** Values of every kind, put in place of each field of a valid value. */
const OTHERS: unknown[] = [null, "", "x", "a\u0000b", "a".repeat(201), 0, -1, 1.5, 2147483648, true, [], {}];

/** A valid value and its variants: each field dropped, replaced by each other kind, or joined by an extra one. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value, ...OTHERS];
  if (Array.isArray(value))
    value.forEach((item, i) => {
      for (const v of variants(item).slice(1)) out.push(value.map((x, j) => (j === i ? v : x)));
    });
  else if (typeof value === "object" && value !== null) {
    out.push({ ...value, extra: 1 });
    for (const [key, item] of Object.entries(value)) {
      const { [key]: _, ...rest } = value as Record<string, unknown>;
      out.push(rest);
      for (const v of variants(item).slice(1)) out.push({ ...value, [key]: v });
    }
  }
  return out;
}

const CONFIG = {
  mode: "demo",
  sso_providers: [{ id: "google", label: "Google", start_url: "/api/sso/google/start/" }],
  dev_outbox: true,
  otp_public_key: "MIIB",
};
const NULLS = { payment_date: null, invoice_duration_start_date: null, invoice_duration_end_date: null };

/** Each declared read with its endpoint and a valid answer (the variants are made from it). */
const READS: [string, DeclaredRead, AnyEndpoint, unknown][] = [
  ["auth.appConfig", appConfigRead, appConfig, CONFIG],
  ["mobile.accessCheck", accessCheckRead, accessCheck, { results: { bound_at: "2026-11-23T10:00:00Z" } }],
  ["mobile.accessCheck, refused", accessCheckRead, accessCheck, { results: null, reason: "forwarded" }],
  [
    "mobile.linkProfile",
    linkProfileRead,
    linkProfile,
    {
      results: [
        {
          name: "Asha",
          program_name: "Shelf",
          project_organisation_logo_image: null,
          is_kyc_successful: true,
          organisation_name: "Acme",
        },
      ],
    },
  ],
  [
    "mobile.linkEarnings",
    linkEarningsRead,
    linkEarnings,
    {
      results: [
        {
          id: 7,
          amount: "120.50",
          outlet: { program_name: "Shelf" },
          workflow_object: { utr_number: "UTR1" },
          ...NULLS,
        },
      ],
    },
  ],
  [
    "mobile.linkInvoices",
    linkInvoicesRead,
    linkInvoices,
    {
      results: [
        {
          id: 3,
          amount_paid: "99.00",
          program: "Shelf",
          invoice_no: "INV/1",
          created: "2026-11-01",
          sub_project_name: "North",
          file: "/api/mobile/invoices/s/3/pdf/",
        },
      ],
    },
  ],
  [
    "mobile.linkStatements",
    linkStatementsRead,
    linkStatements,
    {
      results: [
        { id: 2, report_name: "Q3", rsid: "RS1", program: null, duration: "Q3", remark: null, url: null },
      ],
    },
  ],
];

/** The Schema's verdict and the shape's on one value: the same value, or both refuse. */
function agree(
  schema: Schema.Top,
  shape: DeclaredRead["response"] | undefined,
  value: unknown,
  encode = false,
) {
  const codec = schema as unknown as Schema.Codec<unknown, unknown>;
  const exit = encode ? Schema.encodeUnknownExit(codec)(value) : Schema.decodeUnknownExit(codec)(value);
  const fit = shape ? fitShape(shape, value) : null;
  if (Exit.isSuccess(exit)) expect(fit).toEqual({ value: exit.value });
  else expect(fit).toBeNull();
}

describe("the shapes, derived from their endpoints' declarations", () => {
  it.each(READS)("%s is its endpoint's method and path", (_, read, e) => {
    expect(read.method).toBe(e.method);
    expect(`/${read.path}`).toBe(e.path);
  });

  it.each(READS)("%s: the answer's shape decodes as the response schema does", (_, read, e, valid) => {
    for (const answer of variants(valid)) agree(e.response as Schema.Top, read.response, answer);
  });

  it.each([
    ["mobile.accessCheck", accessCheckRead, accessCheck],
    ["mobile.linkProfile", linkProfileRead, linkProfile],
  ] as const)("%s: the path parameters' shape encodes as their schema does", (_, read, e) => {
    for (const params of variants({ slug: "fc53ab61616735930159" }))
      agree(e.params, read.params, params, true);
    for (const slug of ["", "a".repeat(200), "a".repeat(201), "é\u{1F600}", "a\u0000"])
      agree(e.params, read.params, { slug }, true);
  });

  it("the link pages' query shape encodes as its schema does", () => {
    for (const e of [linkProfile, linkEarnings, linkInvoices, linkStatements])
      expect(declaredRead(effect, e, "read").query).toEqual(linkProfileRead.query);
    for (const query of variants({ "no-pagination": "" }))
      agree(linkProfile.query, linkProfileRead.query, query, true);
  });

  it("the access check's body shape encodes as its schema does", () => {
    for (const body of variants({ view_id: "token" }))
      agree(accessCheck.body, accessCheckRead.body, body, true);
  });

  it("the configuration has no parts to check and nothing to load for them", () => {
    expect(Object.keys(appConfigRead).sort()).toEqual(["method", "path", "response"]);
    expect(typeof accessCheckRead.declaration).toBe("function");
  });

  it("is refused at build time for an endpoint it cannot stand for", () => {
    const base = endpoint({
      summary: "",
      method: "POST",
      path: "/x/",
      grant: "public",
      response: Schema.Null,
    });
    const read = (declaration: Record<string, unknown>) =>
      declaredRead(effect, { ...base, ...declaration }, "x");
    const answering = (response: Schema.Top) => read({ response });
    expect(() => declaredRead(effect, undefined, "auth.nothing")).toThrow(/not an endpoint/);
    expect(() => declaredRead(effect, login, "auth.login")).toThrow(
      /login body: a shape cannot stand for a record/,
    );
    expect(() => read({ root: "" })).toThrow(/only a call of the API/);
    expect(() => read({ response: Download })).toThrow(/not JSON/);
    expect(() => read({ body: Multipart })).toThrow(/body is a form/);
    expect(() => read({ body: Schema.Struct({}), nested: true })).toThrow(
      /refuses fields it does not declare/,
    );
    expect(() => answering(Schema.Struct({ n: Schema.NumberFromString }))).toThrow(
      /response.n: .*transforms/,
    );
    expect(() => answering(Schema.Struct({ n: Schema.optional(Schema.String) }))).toThrow(/cannot stand for/);
    expect(() => answering(Schema.Struct({ d: Schema.Date }))).toThrow(
      /response.d: a shape cannot stand for/,
    );
    expect(() => answering(Schema.Tuple([Schema.String]))).toThrow(/cannot stand for/);
    expect(() => answering(Schema.Record(Schema.String, Schema.String))).toThrow(/a record/);
    expect(() => answering(Schema.String.check(Schema.isPattern(/^a$/)))).toThrow(/cannot check/);
    expect(() => answering(Schema.String.check(Schema.makeFilter((s: string) => s !== "a")))).toThrow(
      /cannot check/,
    );
    expect(() =>
      answering(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1, exclusiveMinimum: true }))),
    ).toThrow(/cannot check/);
    expect(() => read({ params: Schema.Struct({ id: Schema.NumberFromString }), path: "/x/:id/" })).toThrow(
      /params.id: .*transforms/,
    );
  });
});

const failed = vi.fn<(failure: AnswerFailure) => void>();

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  failed.mockReset();
  configureHttp({ failed, currentPath: () => "/mobile-view/home/slug/s1" });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that cannot be reached: fetch rejects as a browser's does. */
const OFFLINE = "offline";

/** What a call came to: its value or its rejection, the requests it sent and the failures it reported. */
async function outcome(send: () => Promise<unknown>, answer: FakeAnswer | typeof OFFLINE) {
  failed.mockReset();
  let calls: Call[] = [];
  if (answer === OFFLINE) vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
  else calls = fakeFetch(answer).calls;
  const result = await send().then(
    (value) => ({ value }),
    (error: unknown) => ({
      error,
      tag: (error as { _tag?: string })._tag,
      type: (error as object).constructor,
    }),
  );
  const sent = calls.map(({ url, init }) => ({
    url,
    method: init.method,
    headers: init.headers,
    body: init.body,
  }));
  return { result, sent, reported: [...failed.mock.calls] };
}

const PROFILE = READS[3]![3];
const LINK: DeclaredInput = {
  params: { slug: "s1" },
  query: { "no-pagination": "" },
  headers: { [MOBILE_ACCESS_HEADER]: "token" },
};

/** The answers a server may give, each tried by both ways of calling. */
const ANSWERS: [string, FakeAnswer | typeof OFFLINE][] = [
  ["an answer of the shape", { status: 200, body: PROFILE }],
  ["an answer with extra fields", { status: 200, body: { results: [], more: 1 } }],
  ["an answer of another shape", { status: 200, body: { results: "none" } }],
  ["no content", { status: 204 }],
  ["a refusal with detail (400)", { status: 400, body: { slug: ["bad"], detail: "No." } }],
  ["401", { status: 401, body: { detail: "Sign in." } }],
  ["403", { status: 403, body: { detail: "Seems like you have opened the forwarded link." } }],
  ["404", { status: 404, body: { detail: "Not found." } }],
  [
    "a session conflict (451)",
    {
      status: 451,
      body: {
        code: "session_conflict",
        detail: "d",
        login_username: "u",
        platform: "web",
        active_sessions: 1,
      },
    },
  ],
  ["451 with another body", { status: 451, body: { detail: "d" } }],
  ["a server error (503) as text", { status: 503, text: "Service Unavailable" }],
  ["no connection", OFFLINE],
];

describe("a declared call, beside the HTTP module's call of the same endpoint", () => {
  it.each(ANSWERS)("%s: the same request, value or error, and report", async (_, answer) => {
    localStorage.setItem(STORAGE_KEYS.sessionId, "sess");
    const viaHttp = await outcome(() => runApi(call(linkProfile, LINK as never)), answer);
    const declared = await outcome(() => callDeclared(linkProfileRead, LINK), answer);
    expect(declared).toEqual(viaHttp);
  });

  it("sends the access check's body as the HTTP module does, and reads its answer", async () => {
    const answer = { status: 200, body: { results: null, reason: "expired" } };
    const input = { params: { slug: "s1" }, body: { view_id: "tok" } };
    const viaHttp = await outcome(() => runApi(call(accessCheck, input)), answer);
    const declared = await outcome(() => callDeclared(accessCheckRead, input), answer);
    expect(declared).toEqual(viaHttp);
    expect(declared.sent).toEqual([
      {
        url: "/api/mobile/access-check/s1/",
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ view_id: "tok" }),
      },
    ]);
  });

  it.each([
    ["a slug over 200 characters", { ...LINK, params: { slug: "a".repeat(201) } }],
    ["a slug with a NUL character", { ...LINK, params: { slug: "a\u0000" } }],
    ["no slug", { ...LINK, params: {} }],
    ["a query of another kind", { ...LINK, query: { "no-pagination": 1 } }],
  ])("%s is refused in the schema's words, sent nowhere and reported to no one", async (_, input) => {
    const answer = { status: 200, body: PROFILE };
    const viaHttp = await outcome(() => runApi(call(linkProfile, input as never)), answer);
    const declared = await outcome(() => callDeclared(linkProfileRead, input), answer);
    expect(declared).toEqual(viaHttp);
    expect(declared.sent).toEqual([]);
    expect(declared.result).toMatchObject({ tag: "ValidationError" });
  });

  it("fails with 'Request timed out!' at 90 s, not before, and aborts the fetch", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { aborted } = hangingFetch();
    let settled: unknown = "pending";
    const run = callDeclared(linkProfileRead, LINK).catch((e: unknown) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(settled).toMatchObject({ _tag: "Timeout", message: MSG.requestTimedOut });
    expect(aborted).toEqual([true]);
    expect(failed).not.toHaveBeenCalled();
  });

  it("gives up the request when its signal aborts, reporting nothing", async () => {
    const { aborted } = hangingFetch();
    const controller = new AbortController();
    const run = callDeclared(linkProfileRead, { ...LINK, signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(aborted).toEqual([true]);
    expect(failed).not.toHaveBeenCalled();
  });

  it("reads the configuration under the API base with no parts", async () => {
    const declared = await outcome(() => readDeclared(appConfigRead), {
      status: 200,
      body: { ...CONFIG, extra: 1 },
    });
    expect(declared.result).toEqual({ value: CONFIG });
    expect(declared.sent.map((s) => [s.url, s.method])).toEqual([["/api/config/", "GET"]]);
  });
});
