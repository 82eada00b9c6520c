import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rememberedList, rememberList } from "../../src/infra/listMemory";
import { peekSignInReturn, rememberSignInReturn } from "../../src/infra/signInReturn";
import { clearSession, forgetLists } from "../../src/infra/storage";
import { MemoryStorage } from "./fakes";

const outlet = {
  id: 7,
  rsid: "RS000007",
  workflow_state: "qc_pending",
  subProject: "retail_audit",
  version: 3,
};

let sessionStorage: MemoryStorage;
beforeEach(() => {
  sessionStorage = new MemoryStorage();
  vi.stubGlobal("sessionStorage", sessionStorage);
});
afterEach(() => vi.unstubAllGlobals());

describe("what a list remembers in the tab", () => {
  it("keeps each list's address and selection apart, and forgets them with the session", () => {
    rememberList("/dashboard/list-of-outlets", { search: "?page=2&status=qc_pending", selection: [outlet] });
    rememberList("/dashboard/projects/client-portal-view/acme/list-of-outlets", {
      search: "",
      selection: [],
    });
    expect(rememberedList("/dashboard/list-of-outlets")).toEqual({
      search: "?page=2&status=qc_pending",
      selection: [outlet],
    });
    expect(rememberedList("/elsewhere")).toEqual({ search: "", selection: [] });
    clearSession();
    expect(rememberedList("/dashboard/list-of-outlets")).toEqual({ search: "", selection: [] });
    rememberList("/a", { search: "?page=3", selection: [] });
    forgetLists();
    expect(rememberedList("/a").search).toBe("");
  });

  it("reads anything it did not write as nothing remembered", () => {
    sessionStorage.setItem("outletLists", "{not json");
    expect(rememberedList("/a")).toEqual({ search: "", selection: [] });
    sessionStorage.setItem("outletLists", JSON.stringify({ "/a": { search: 3, selection: "x" } }));
    expect(rememberedList("/a")).toEqual({ search: "", selection: [] });
  });
});

describe("the page to return to after signing in", () => {
  it("keeps saying the session ended on the same page until another page is asked for", () => {
    expect(peekSignInReturn()).toEqual({ path: null, userName: null, sessionEnded: false });
    rememberSignInReturn("/dashboard/list-of-outlets?page=3", "qc.executive", true);
    // The start rules redirect the same page to the login page afterwards.
    rememberSignInReturn("/dashboard/list-of-outlets?page=3", "qc.executive", false);
    expect(peekSignInReturn()).toEqual({
      path: "/dashboard/list-of-outlets?page=3",
      userName: "qc.executive",
      sessionEnded: true,
    });
    rememberSignInReturn("/dashboard/my-downloads", null, false);
    expect(peekSignInReturn()).toEqual({
      path: "/dashboard/my-downloads",
      userName: null,
      sessionEnded: false,
    });
  });
});
