import appConfigRead from "virtual:declared-read/auth/appConfig";
import * as effect from "effect";
import { Exit, Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { declaredRead } from "../../scripts/answer-shapes-plugin";
import { appConfig, login, userInfo } from "../../src/domain/api/auth";
import { endpoint } from "../../src/domain/api/endpoint";
import { AnswerShapeError, decodeShape } from "../../src/infra/answerShape";
import { ReadRefused, readDeclared } from "../../src/infra/declaredRead";
import { configureHttp } from "../../src/infra/httpHooks";
import { fakeFetch, MemoryStorage } from "./fakes";

const CONFIG = {
  mode: "demo",
  sso_providers: [{ id: "google", label: "Google", start_url: "/api/sso/google/start/" }],
  dev_outbox: true,
  otp_public_key: "MIIB",
};

/** Answers the schema and the derived shape must agree on, accepted or refused. */
const ANSWERS: unknown[] = [
  CONFIG,
  { ...CONFIG, extra: 1 },
  { ...CONFIG, sso_providers: [{ ...CONFIG.sso_providers[0], extra: "x" }] },
  { ...CONFIG, mode: "staging" },
  { ...CONFIG, dev_outbox: "yes" },
  { ...CONFIG, sso_providers: [{ id: "google", label: "Google" }] },
  { ...CONFIG, sso_providers: "none" },
  { mode: "demo", sso_providers: [], dev_outbox: false },
  [],
  null,
  "text",
];

describe("the configuration's shape, derived from its declaration", () => {
  it("is the endpoint's own method and path", () => {
    expect(appConfigRead.method).toBe(appConfig.method);
    expect(`/${appConfigRead.path}`).toBe(appConfig.path);
  });

  it.each(
    ANSWERS.map((answer) => [JSON.stringify(answer), answer]),
  )("decodes %s as the response schema does", (_, answer) => {
    const exit = Schema.decodeUnknownExit(appConfig.response)(answer);
    const shaped = () => decodeShape(appConfigRead.shape, answer, "GET config/");
    if (Exit.isSuccess(exit)) expect(shaped()).toEqual(exit.value);
    else expect(shaped).toThrow(AnswerShapeError);
  });

  it("is refused at build time for an endpoint it cannot stand for", () => {
    expect(() => declaredRead(effect, login, "auth.login")).toThrow(/only a public GET/);
    expect(() => declaredRead(effect, userInfo, "auth.userInfo")).toThrow(/only a public GET/);
    expect(() => declaredRead(effect, undefined, "auth.nothing")).toThrow(/not an endpoint/);
    const read = (response: Schema.Top) =>
      declaredRead(
        effect,
        endpoint({ summary: "", method: "GET", path: "/x/", grant: "public", response }),
        "x",
      );
    expect(() => read(Schema.Struct({ n: Schema.NumberFromString }))).toThrow(/transforms/);
    expect(() => read(Schema.Struct({ n: Schema.String.check(Schema.isMinLength(2)) }))).toThrow(
      /does not know/,
    );
    expect(() => read(Schema.Record(Schema.String, Schema.String))).toThrow(/does not know/);
  });
});

describe("readDeclared", () => {
  const failed = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("localStorage", new MemoryStorage());
    failed.mockReset();
    configureHttp({ failed, currentPath: () => "/login" });
  });

  afterEach(() => vi.unstubAllGlobals());

  it("reads the declared path under the API base and gives the decoded answer", async () => {
    const { calls } = fakeFetch({ status: 200, body: { ...CONFIG, extra: 1 } });
    await expect(readDeclared(appConfigRead)).resolves.toEqual(CONFIG);
    expect(calls.map((c) => [c.url, c.init.method])).toEqual([["/api/config/", "GET"]]);
  });

  it("reports a refused read to the failure hook, as the HTTP module does", async () => {
    fakeFetch({ status: 503, body: { detail: "Down for maintenance" } });
    await expect(readDeclared(appConfigRead)).rejects.toBeInstanceOf(ReadRefused);
    expect(failed).toHaveBeenCalledWith({
      status: 503,
      body: { detail: "Down for maintenance" },
      detail: "Down for maintenance",
      startedOn: "/login",
    });
  });

  it("refuses an answer of another shape", async () => {
    fakeFetch({ status: 200, body: { ...CONFIG, mode: "staging" } });
    await expect(readDeclared(appConfigRead)).rejects.toBeInstanceOf(AnswerShapeError);
  });
});
