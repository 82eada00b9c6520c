// @vitest-environment node
/** The change scope of the planted-mistake check: which machines a changed file touches. */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureModule, importClosure, mutationScope } from "./scope";

const at = (file: string) => resolve(process.cwd(), file);

describe("the planted-mistake check's scope", () => {
  it("finds a machine's fixture by its id, one module for a machine's variants", () => {
    expect(fixtureModule("surveyGroups")).toBe("tests/machines/fixtures/surveyGroups.ts");
    expect(fixtureModule("outletWorkflow_kyc")).toBe("tests/machines/fixtures/outletWorkflow.ts");
  });

  it("reaches, from a fixture, its machine and the domain rules the machine uses", () => {
    const closure = importClosure(at("tests/machines/fixtures/surveyGroups.ts"));
    expect(closure.has(at("src/machines/survey/surveyGroups.ts"))).toBe(true);
    expect(closure.has(at("src/domain/outlets/retailerRequests.ts"))).toBe(true);
    expect(closure.has(at("src/machines/auth/signIn.ts"))).toBe(false);
  });

  it("covers every machine when asked to", () => {
    const scope = mutationScope({ MACHINE_MUTATIONS: "all" });
    expect(scope.covers("signIn")).toBe(true);
    expect(scope.reason).toBe("MACHINE_MUTATIONS=all");
  });
});
