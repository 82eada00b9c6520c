import { describe, expect, it } from "vitest";
import { locationVerdict, sameState, verdictsShown } from "../../src/domain/verification/locationChecks";

const found = (state: string, pin = "560001") => ({
  pin,
  place: "Place",
  district: "District",
  state,
  km: 1,
});

describe("the location verdict", () => {
  it("flags a state other than the entered one first, then a PIN code", () => {
    expect(locationVerdict({ pin: "380064", state: "Gujarat" }, true, found("Telangana", "500029"))).toBe(
      "state_differs",
    );
    expect(locationVerdict({ pin: "560039", state: "Karnataka" }, true, found("Karnataka", "562123"))).toBe(
      "pin_differs",
    );
    expect(locationVerdict({ pin: " 560001 ", state: "Karnataka" }, true, found("Karnataka"))).toBe(
      "matches",
    );
    expect(locationVerdict({ pin: "560001", state: "Karnataka" }, true, null)).toBe("not_placed");
    expect(locationVerdict({ pin: "560001", state: "Karnataka" }, false, null)).toBe("no_location");
  });

  it("reads state names as the dataset and people spell them", () => {
    expect(sameState("Jammu and Kashmir", "Jammu & Kashmir")).toBe(true);
    expect(sameState("Chhattisgarh", "Chattisgarh")).toBe(true);
    expect(sameState("Puducherry", "Pondicherry")).toBe(true);
    expect(sameState("tamil nadu", "Tamil Nadu")).toBe(true);
    expect(sameState("Uttar Pradesh", "Uttarakhand")).toBe(false);
  });

  it("shows the mismatches to review by default, or every verdict", () => {
    expect(verdictsShown("state")).toEqual(["state_differs"]);
    expect(verdictsShown("all")).toHaveLength(5);
  });
});
