import { describe, expect, it } from "vitest";
import {
  decodeReplayValue,
  encodeReplayValue,
  replayText,
  replayVerdict,
  stateKey,
  stepProblems,
} from "../../src/domain/machinesArea/replayPath";

describe("QA's stored paths", () => {
  it("encode files, errors and actors so JSON holds them, with keys in one order", () => {
    const file = new File(["abc"], "outlets.xlsx", { type: "application/vnd.ms-excel" });
    expect(encodeReplayValue({ b: 1, a: [file, new Error("boom")], gone: undefined })).toEqual({
      a: [{ $file: { name: "outlets.xlsx", type: "application/vnd.ms-excel", size: 3 } }, { $error: "boom" }],
      b: 1,
    });
    expect(replayText({ b: 1, a: 2 })).toBe(replayText({ a: 2, b: 1 }));
    expect(encodeReplayValue({ child: { id: "table", sessionId: "x:1", send: () => {} } })).toEqual({
      child: { $actor: "table" },
    });
  });

  it("decode a file and an error back as the machine takes them", () => {
    const [file, error] = decodeReplayValue([
      { $file: { name: "a.xlsx", type: "text/plain", size: 4 } },
      { $error: "unexpected" },
    ]) as [File, Error];
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.size]).toEqual(["a.xlsx", "text/plain", 4]);
    expect(error).toEqual(new Error("unexpected"));
  });

  it("keep a chosen file's bytes as bytes, so its rule reads the same content again", () => {
    const chosen = { name: "logo.png", bytes: Uint8Array.of(0x89, 0x50, 0x4e, 0x47) };
    const encoded = JSON.parse(JSON.stringify(encodeReplayValue(chosen)));
    expect(encoded).toEqual({ bytes: { $bytes: [0x89, 0x50, 0x4e, 0x47] }, name: "logo.png" });
    expect(decodeReplayValue(encoded)).toEqual(chosen);
    expect((decodeReplayValue(encoded) as typeof chosen).bytes).toBeInstanceOf(Uint8Array);
  });

  it("name each difference between a step's expectation and what the live actor did", () => {
    const texts = ['"admin"', '{"login_username":"admin"}', '{"path":"/"}'];
    const expected = {
      to: "submitting",
      context: { username: 0 },
      invoked: { login: 1 },
      emitted: [{ type: "navigate", params: 2 }],
    };
    const same = {
      state: "submitting",
      context: { username: "admin", other: 1 },
      invoked: { login: { login_username: "admin" } },
      emitted: [{ type: "navigate", params: { path: "/" } }],
    };
    expect(stepProblems(texts, expected, same)).toEqual([]);
    expect(
      stepProblems(texts, expected, {
        state: "editing",
        context: { username: "qc" },
        invoked: { logout: {} },
        emitted: [],
      }),
    ).toEqual([
      "reached editing, expected submitting",
      'context.username is "qc", expected "admin"',
      "actor login was not started",
      "actor logout started without an expectation",
      'ran nothing, expected navigate {"path":"/"}',
    ]);
  });

  it("a replayed step stops on a difference, finishes on the last step, else waits", () => {
    expect(replayVerdict(1, 2, ["reached a, expected b"])).toBe("mismatch");
    expect(replayVerdict(2, 2, [])).toBe("finished");
    expect(replayVerdict(0, 2, [])).toBe("matched");
    expect(stateKey({ open: "loading" })).toBe("open.loading");
  });
});
