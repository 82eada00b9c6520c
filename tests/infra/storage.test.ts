import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetMobiles, rememberedMobiles, rememberMobile } from "../../src/infra/rememberedMobiles";
import { takeSessionConflict } from "../../src/infra/sessionConflict";
import {
  clearSession,
  readStored,
  removeStored,
  STORAGE_KEYS,
  storeSession,
  storeSessionConflict,
  writeStored,
} from "../../src/infra/storage";
import { MemoryStorage } from "./fakes";

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const conflict = {
  code: "session_conflict",
  detail: "You are already logged in on another device. Logout all sessions to continue.",
  login_username: "calling.manager",
  platform: "web",
  active_sessions: 2,
};

describe("storage keys", () => {
  it("are the spec's names", () => {
    expect(STORAGE_KEYS).toEqual({
      sessionId: "sessionid",
      userName: "userName",
      sessionConflict: "451",
      mobileToken: "mobileAccessToken",
      // Not named by the spec ("remembered locally", 000 §4.1): the export notices already shown.
      exportNotices: "exportNoticesShown",
      // Not named by the spec either: the numbers a retailer signed in with on this device.
      rememberedMobiles: "rememberedMobiles",
      // Nor this: whether live mode of the Machines area is on.
      liveMachines: "liveMachines",
      // Nor this: a field auditor's outlet drafts, kept on the phone until sent.
      outletDrafts: "outletDrafts",
    });
  });

  it("keep the retailer's numbers, and ignore anything stored there that is not one", () => {
    rememberMobile("9100000001");
    rememberMobile("9100000002");
    expect(rememberedMobiles()).toEqual(["9100000002", "9100000001"]);
    storage.setItem("rememberedMobiles", JSON.stringify(["9100000001", 7, "<b>", "123"]));
    expect(rememberedMobiles()).toEqual(["9100000001"]);
    storage.setItem("rememberedMobiles", "{not json");
    expect(rememberedMobiles()).toEqual([]);
    forgetMobiles();
    expect(storage.getItem("rememberedMobiles")).toBeNull();
  });

  it("write, read and remove values", () => {
    writeStored(STORAGE_KEYS.liveMachines, "on");
    expect(readStored(STORAGE_KEYS.liveMachines)).toBe("on");
    expect(storage.getItem("liveMachines")).toBe("on");
    removeStored(STORAGE_KEYS.liveMachines);
    expect(readStored(STORAGE_KEYS.liveMachines)).toBeNull();
  });

  it("store and clear the session id and user name together", () => {
    storeSession("abc", "qc.manager");
    expect(storage.getItem("sessionid")).toBe("abc");
    expect(storage.getItem("userName")).toBe("qc.manager");
    clearSession();
    expect(storage.getItem("sessionid")).toBeNull();
    expect(storage.getItem("userName")).toBeNull();
  });
});

describe("takeSessionConflict (key 451, cleared when read)", () => {
  it("returns the decoded body once and removes it", () => {
    storeSessionConflict(conflict);
    expect(takeSessionConflict()).toEqual(conflict);
    expect(storage.getItem("451")).toBeNull();
    expect(takeSessionConflict()).toBeNull();
  });

  it("gives null for content that is not JSON, and still removes it", () => {
    storage.setItem("451", "{not json");
    expect(takeSessionConflict()).toBeNull();
    expect(storage.getItem("451")).toBeNull();
  });

  it("gives null for JSON of the wrong shape, and still removes it", () => {
    storage.setItem("451", JSON.stringify({ ...conflict, active_sessions: "two" }));
    expect(takeSessionConflict()).toBeNull();
    expect(storage.getItem("451")).toBeNull();
  });

  it("gives null when nothing is stored", () => {
    expect(takeSessionConflict()).toBeNull();
  });
});

describe("when storage is unavailable", () => {
  it("reads null and writes nothing, without throwing", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    vi.stubGlobal("localStorage", broken);
    expect(() => storeSession("a", "b")).not.toThrow();
    expect(readStored(STORAGE_KEYS.sessionId)).toBeNull();
    expect(() => clearSession()).not.toThrow();
    expect(takeSessionConflict()).toBeNull();
  });

  it("works when there is no localStorage at all", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(readStored(STORAGE_KEYS.userName)).toBeNull();
    expect(() => writeStored(STORAGE_KEYS.userName, "x")).not.toThrow();
    expect(() => removeStored(STORAGE_KEYS.userName)).not.toThrow();
  });
});
