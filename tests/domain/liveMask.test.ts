// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSecretField, MASKED, maskEvent, maskSecrets } from "../../src/domain/machinesArea/liveMask";

describe("live mode's masking of secrets", () => {
  it("masks passwords, tokens, one-time codes and session ids at any depth", () => {
    expect(
      maskSecrets({
        username: "admin",
        password: "Demo@12345",
        request: { login_username: "admin", password: "x", new_password: "y", confirm_password: "z" },
        reset_token: "abc",
        response: { sessionid: "s3cr3t", user: { name: "Asha" } },
        otp: "123456",
        code: "654321",
        verification_code: "999",
        list: [{ mobileAccessToken: "t" }],
      }),
    ).toEqual({
      username: "admin",
      password: MASKED,
      request: { login_username: "admin", password: MASKED, new_password: MASKED, confirm_password: MASKED },
      reset_token: MASKED,
      response: { sessionid: MASKED, user: { name: "Asha" } },
      otp: MASKED,
      code: MASKED,
      verification_code: MASKED,
      list: [{ mobileAccessToken: MASKED }],
    });
  });

  it("keeps public codes, empty values and ordinary fields readable", () => {
    expect(
      maskSecrets({ ifsc: "SBIN0000001", pincode: "560001", password: "", status_code: 400, name: "x" }),
    ).toEqual({
      ifsc: "SBIN0000001",
      pincode: "560001",
      password: "",
      status_code: 400,
      name: "x",
    });
    expect(isSecretField("fieldErrors")).toBe(false);
    expect(isSecretField("detail")).toBe(false);
  });

  it("masks what a secret field's change event carries, and only that", () => {
    expect(maskEvent({ type: "password.change", value: "Wrong@12345" })).toEqual({
      type: "password.change",
      value: MASKED,
    });
    expect(maskEvent({ type: "newPassword.change", value: "x" })).toEqual({
      type: "newPassword.change",
      value: MASKED,
    });
    expect(maskEvent({ type: "otp.change", value: "" })).toEqual({ type: "otp.change", value: "" });
    expect(maskEvent({ type: "username.change", value: "admin" })).toEqual({
      type: "username.change",
      value: "admin",
    });
    expect(maskEvent({ type: "login.submit", request: { password: "x" } })).toEqual({
      type: "login.submit",
      request: { password: MASKED },
    });
  });

  it("masks an Authorization value wherever it appears", () => {
    expect(maskSecrets(["sessionid abc123", "Bearer xyz", "plain text"])).toEqual([
      MASKED,
      MASKED,
      "plain text",
    ]);
  });

  it("names functions and held actors instead of walking into them, and bounds depth", () => {
    const actor = { id: "table", sessionId: "x:1", send: () => {}, secret: "never read" };
    expect(maskSecrets({ fn: () => 1, child: actor })).toEqual({ fn: "(function)", child: "(actor table)" });
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(JSON.stringify(maskSecrets(deep))).toContain("…");
  });

  it("shows a chosen file's content by its size, not byte by byte", () => {
    const logo = { name: "logo.png", bytes: new Uint8Array(2 * 1024 * 1024) };
    expect(maskSecrets({ values: { logo } })).toEqual({
      values: { logo: { name: "logo.png", bytes: "(2097152 bytes)" } },
    });
  });

  it("never shows a secret field's value, whatever it holds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("password", "token", "otp", "sessionid", "reset_token", "apiKey"),
        fc.jsonValue(),
        (key, v) => {
          const shown = maskSecrets({ [key]: v }) as Record<string, unknown>;
          if (v !== null && v !== "") expect(shown[key]).toBe(MASKED);
        },
      ),
    );
  });
});
