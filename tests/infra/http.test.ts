import { Cause, Effect, Exit, Option, Schema } from "effect";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG, REQUEST_TIMEOUT_MS } from "../../src/domain/shared/messages";
import {
  type ApiError,
  buildUrl,
  DecodeError,
  errorDetail,
  errorStatus,
  Forbidden,
  fieldLines,
  HttpError,
  isApiError,
  NoContent,
  request,
  runApi,
  SessionConflict,
  Unauthorized,
  ValidationError,
  validationLines,
} from "../../src/infra/http";
import { type AnswerFailure, configureHttp } from "../../src/infra/httpHooks";
import { STORAGE_KEYS } from "../../src/infra/storage";
import { fakeFetch, hangingFetch, headerOf, MemoryStorage } from "./fakes";

const Item = Schema.Struct({ id: Schema.Number, name: Schema.String });

let storage: MemoryStorage;
let here: string;
const failed = vi.fn<(failure: AnswerFailure) => void>();

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
  here = "/dashboard";
  failed.mockReset();
  configureHttp({ failed, currentPath: () => here });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const getItem = () => request({ path: "items/1/", schema: Item });

/** Runs once and returns the typed failure (a success or a defect fails the test). */
async function failureOf(effect: Effect.Effect<unknown, ApiError>): Promise<ApiError> {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) throw new Error("expected a failure");
  const error = Cause.findErrorOption(exit.cause);
  if (Option.isNone(error)) throw new Error(`expected a typed failure, got ${Cause.pretty(exit.cause)}`);
  return error.value;
}

describe("request basics (spec 000 §7.1)", () => {
  it("sends JSON with cookies to the configured base and decodes the answer", async () => {
    const { calls } = fakeFetch({ status: 200, body: { id: 1, name: "Chennai" } });
    const value = await Effect.runPromise(getItem());
    expect(value).toEqual({ id: 1, name: "Chennai" });
    expect(calls[0]?.url).toBe("/api/items/1/");
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.credentials).toBe("include");
    expect(headerOf(calls[0], "Accept")).toBe("application/json");
  });

  it("adds Authorization: sessionid {token} only when a session id is stored", async () => {
    const { calls } = fakeFetch({ status: 200, body: { id: 1, name: "a" } });
    await Effect.runPromise(getItem());
    expect(headerOf(calls[0], "Authorization")).toBeUndefined();
    storage.setItem(STORAGE_KEYS.sessionId, "tok123");
    await Effect.runPromise(getItem());
    expect(headerOf(calls[1], "Authorization")).toBe("sessionid tok123");
  });

  it("sends a plain body as JSON and FormData as multipart (no content type of its own)", async () => {
    const { calls } = fakeFetch({ status: 201, body: { id: 2, name: "b" } });
    await Effect.runPromise(request({ method: "POST", path: "items/", body: { name: "b" }, schema: Item }));
    expect(calls[0]?.init.body).toBe('{"name":"b"}');
    expect(headerOf(calls[0], "Content-Type")).toBe("application/json");

    const form = new FormData();
    form.append("file", new Blob(["x"]), "sheet.xlsx");
    await Effect.runPromise(request({ method: "POST", path: "common/files/", body: form, schema: Item }));
    expect(calls[1]?.init.body).toBe(form);
    expect(headerOf(calls[1], "Content-Type")).toBeUndefined();
  });

  it("builds query strings with page-size and page, repeated values, and no empty ones", async () => {
    const { calls } = fakeFetch({ status: 200, body: { id: 1, name: "a" } });
    await Effect.runPromise(
      request({
        path: "bulk/upload/",
        query: { objects_type: "cities", status: ["active", "inactive"], skip: undefined, none: null },
        page: { page: 2, pageSize: 15 },
        schema: Item,
      }),
    );
    expect(calls[0]?.url).toBe(
      "/api/bulk/upload/?objects_type=cities&status=active&status=inactive&page-size=15&page=2",
    );
    expect(buildUrl("/auth/info/")).toBe("/api/auth/info/");
  });

  it("counts 201 as success", async () => {
    fakeFetch({ status: 201, body: { id: 3, name: "c" } });
    expect(await Effect.runPromise(getItem())).toEqual({ id: 3, name: "c" });
  });

  it("counts 204 as success with no body", async () => {
    fakeFetch({ status: 204 });
    const value = await Effect.runPromise(request({ method: "DELETE", path: "items/1/", schema: NoContent }));
    expect(value).toBeNull();
  });

  it("fails with DecodeError when a success answer has the wrong shape", async () => {
    fakeFetch({ status: 200, body: { id: "one" } });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(DecodeError);
    expect(error._tag).toBe("DecodeError");
    expect(failed).not.toHaveBeenCalled();
  });

  it("fails with NetworkError when fetch itself rejects", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failureOf(getItem());
    expect(error._tag).toBe("NetworkError");
    expect(errorDetail(error)).toBe("Failed to fetch");
  });
});

// What a 401, a 451 or a `detail` does to the page is the application's (tests/ui/composition.test.ts):
// the HTTP module maps the status to a value, reports it, and writes nothing and goes nowhere.
describe("the error catalogue (spec 000 §8)", () => {
  it("401 is Unauthorized, reported with the page it was sent from", async () => {
    fakeFetch({ status: 401, body: { detail: "Authentication credentials were not provided." } });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(Unauthorized);
    expect(failed.mock.calls).toEqual([
      [
        {
          status: 401,
          body: { detail: "Authentication credentials were not provided." },
          detail: "Authentication credentials were not provided.",
          startedOn: "/dashboard",
        },
      ],
    ]);
  });

  it("a 401 answered after the page moved is reported with the page the request left from", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        here = "/login";
        return new Response(JSON.stringify({}), { status: 401 });
      }),
    );
    await failureOf(getItem());
    expect(failed.mock.calls).toEqual([[{ status: 401, body: {}, detail: null, startedOn: "/dashboard" }]]);
  });

  it("403 is rejected with the body", async () => {
    fakeFetch({ status: 403, body: { reason: "role" } });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(Forbidden);
    expect(error._tag === "Forbidden" && error.body).toEqual({ reason: "role" });
  });

  const conflict = {
    code: "session_conflict",
    detail: "You are already logged in on another device. Logout all sessions to continue.",
    login_username: "calling.manager",
    platform: "web",
    active_sessions: 1,
  };

  it("451 is a SessionConflict with the body, reported and stored nowhere", async () => {
    fakeFetch({ status: 451, body: conflict });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(SessionConflict);
    expect(error._tag === "SessionConflict" && error.body).toEqual(conflict);
    expect(storage.getItem("451")).toBeNull();
    expect(failed.mock.calls).toEqual([
      [{ status: 451, body: conflict, detail: conflict.detail, startedOn: "/dashboard" }],
    ]);
  });

  it("451 with an unexpected body fails as HttpError 451", async () => {
    fakeFetch({ status: 451, body: { something: "else" } });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(HttpError);
    expect(errorStatus(error)).toBe(451);
  });

  it("400 is a ValidationError with the body; its detail is reported", async () => {
    fakeFetch({
      status: 400,
      body: { detail: "Invalid username or password.", code: "invalid_credentials" },
    });
    const error = await failureOf(getItem());
    expect(error).toBeInstanceOf(ValidationError);
    expect(failed.mock.calls[0]?.[0].detail).toBe("Invalid username or password.");
    expect(errorDetail(error)).toBe("Invalid username or password.");
  });

  it("a status the call shows inline fails the same but is not reported; any other still is", async () => {
    const inline = () => request({ path: "items/1/", schema: Item, shownInline: [400, 409] });
    fakeFetch({ status: 400, body: { detail: "Invalid GST format." } });
    const refused = await failureOf(inline());
    expect(refused).toBeInstanceOf(ValidationError);
    expect(errorDetail(refused)).toBe("Invalid GST format.");
    expect(failed).not.toHaveBeenCalled();
    fakeFetch({ status: 500, body: { detail: "Server error." } });
    await failureOf(inline());
    fakeFetch({ status: 401, body: {} });
    await failureOf(inline());
    expect(failed.mock.calls.map(([f]) => f.status)).toEqual([500, 401]);
  });

  it("an error without detail reports none", async () => {
    fakeFetch({ status: 400, body: { new_password: ["Password must be at least 8 characters."] } });
    const error = await failureOf(getItem());
    expect(error._tag).toBe("ValidationError");
    expect(failed.mock.calls[0]?.[0].detail).toBeNull();
    expect(errorDetail(error)).toBeUndefined();
  });

  it("any other status is an HttpError with status and body", async () => {
    fakeFetch({ status: 429, body: { code: "locked", detail: "Too many attempts." } });
    const error = await failureOf(getItem());
    expect(error).toEqual(
      new HttpError({ status: 429, body: { code: "locked", detail: "Too many attempts." } }),
    );
    expect(failed.mock.calls[0]?.[0].detail).toBe("Too many attempts.");
  });

  it("a non-JSON error body is kept as text", async () => {
    fakeFetch({ status: 502, text: "Bad gateway" });
    const error = await failureOf(getItem());
    expect(error._tag === "HttpError" && error.body).toBe("Bad gateway");
    expect(failed.mock.calls[0]?.[0].detail).toBeNull();
  });

  it("a success reports nothing", async () => {
    fakeFetch({ status: 200, body: { id: 1, name: "a" } });
    await Effect.runPromise(getItem());
    expect(failed).not.toHaveBeenCalled();
  });
});

describe("the 90 s timeout", () => {
  it("fails with 'Request timed out!' at 90 s, not before, and aborts the fetch", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { aborted } = hangingFetch();
    let settled: ApiError | "pending" = "pending";
    const run = runApi(getItem()).catch((e: ApiError) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(REQUEST_TIMEOUT_MS).toBe(90_000);
    expect(settled).toMatchObject({ _tag: "Timeout", message: MSG.requestTimedOut });
    expect(MSG.requestTimedOut).toBe("Request timed out!");
    expect(aborted).toEqual([true]);
  });
});

describe("runApi and helpers", () => {
  it("resolves with the value", async () => {
    fakeFetch({ status: 200, body: { id: 9, name: "z" } });
    await expect(runApi(getItem())).resolves.toEqual({ id: 9, name: "z" });
  });

  it("rejects with the ApiError instance", async () => {
    fakeFetch({ status: 403, body: { detail: "No." } });
    const rejection = await runApi(getItem()).catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(Forbidden);
    expect(isApiError(rejection)).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
  });

  it("turns a 400 body into field lines", () => {
    expect(
      fieldLines({
        detail: "ignored",
        code: "ignored",
        pan: ["Invalid PAN."],
        bank: { ifsc_code: ["Unknown IFSC."] },
        amount: 0,
      }),
    ).toEqual(["pan: Invalid PAN.", "bank.ifsc_code: Unknown IFSC.", "amount: 0"]);
    expect(fieldLines(["one", "two"])).toEqual(["one", "two"]);
    expect(fieldLines("plain")).toEqual(["plain"]);
    expect(fieldLines(null)).toEqual([]);
  });

  it("gives field lines only for a 400", () => {
    const body = { login_username: ["This field may not be blank."] };
    expect(validationLines(new ValidationError({ status: 400, body }))).toEqual([
      "login_username: This field may not be blank.",
    ]);
    expect(validationLines(new HttpError({ status: 500, body }))).toEqual([]);
  });
});

describe("property: any answer gives a typed Exit, never a throw", () => {
  it("holds for any JSON body with any status", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), fc.jsonValue(), async (status, body) => {
        fakeFetch({ status, body });
        const exit = await Effect.runPromiseExit(getItem());
        if (Exit.isSuccess(exit)) {
          expect(status).toBeGreaterThanOrEqual(200);
          expect(status).toBeLessThan(300);
          expect(Schema.is(Item)(exit.value)).toBe(true);
          return;
        }
        const error = Cause.findErrorOption(exit.cause);
        expect(Option.isSome(error) && isApiError(error.value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
