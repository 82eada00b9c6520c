// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileProfile } from "../../server/mobile/data";
import {
  answersUpdate,
  answerValueOf,
  type Question,
  type QuestionGroup,
  slotKey,
} from "../../src/domain/survey/survey";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["qc.manager", "qc.executive", "client.manager"]) auth[user] = await server.signIn(user);
});
afterAll(async () => {
  await server.close();
});

const get = (user: string, path: string) => server.call("GET", path, { headers: auth[user] });
const post = (user: string, path: string, body: unknown) =>
  server.call("POST", path, { headers: auth[user], body });

type Statuses = {
  pan: string;
  pan_status: string;
  ifsc_status: string;
  account_status: string;
  id: number;
  wo: number;
};
async function statuses(rsid: string): Promise<Statuses> {
  const [row] = await server.db.query<Statuses>(
    `SELECT o.id, w.id AS wo, o.pan, o.pan_number_verification_status AS pan_status,
       w.ifsc_code_verification_status AS ifsc_status, w.account_number_verification_status AS account_status
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id WHERE o.rsid = $1`,
    [rsid],
  );
  return row!;
}
async function kycQuestions(user: string, wo: number): Promise<Question[]> {
  const groups = (await get(user, `/api/survey/question-groups/?workflow_object=${wo}`)).body as unknown as {
    results: QuestionGroup[];
  };
  const kyc = groups.results.find((g) => g.name === "Owner and KYC")!;
  const res = await get(
    user,
    `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${wo}&question_group=${kyc.id}&no-pagination`,
  );
  return (res.body as unknown as { results: Question[] }).results;
}
const edit = (questions: readonly Question[], name: string, single_input: string) => {
  const q = questions.find((x) => x.name === name)!;
  return { [slotKey(q.id)]: { ...answerValueOf(q.related_answers[0]), single_input } };
};

describe("§4.3 statuses follow the value (RS000006)", () => {
  it("a changed PAN answer is no longer verified, and Refresh QC data keeps it so", async () => {
    const before = await statuses("RS000006");
    await server.db.query(`UPDATE outlets SET pan_number_verification_status = 'verified' WHERE id = $1;`, [
      before.id,
    ]);
    await server.db.query(
      `UPDATE workflow_objects SET ifsc_code_verification_status = 'verified' WHERE id = $1`,
      [before.wo],
    );
    await server.db.query(
      `UPDATE answers a SET verified = true FROM questions q WHERE q.id = a.question_id AND a.workflow_object_id = $1
         AND q.type = 'pan_number'`,
      [before.wo],
    );
    expect((await mobileProfile(server.db, before.id, String))[0]!.is_kyc_successful).toBe(true);

    const questions = await kycQuestions("qc.manager", before.wo);
    const saved = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(before.wo, questions, edit(questions, "PAN", "ABCDE1234F")),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const answer = (await kycQuestions("qc.manager", before.wo)).find((q) => q.name === "PAN")!
      .related_answers[0]!;
    expect(answer.verified).toBe(false);
    expect((await statuses("RS000006")).pan_status).toBe("not_verified_yet");
    expect((await mobileProfile(server.db, before.id, String))[0]!.is_kyc_successful).toBe(false);

    // Marked verified again by hand, the refresh that copies the new PAN resets it.
    await server.db.query(`UPDATE outlets SET pan_number_verification_status = 'verified' WHERE id = $1`, [
      before.id,
    ]);
    const refreshed = await post("qc.manager", "/api/outlets/RS000006/refresh-qc-data/", {});
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const after = await statuses("RS000006");
    expect(after.pan).toBe("ABCDE1234F");
    expect(after.pan_status).toBe("not_verified_yet");
    expect(after.ifsc_status).toBe("verified");
    const detail = await get("qc.manager", "/api/outlets/RS000006/");
    expect(detail.body.pan_number_verification_status).toBe("not_verified_yet");
  });

  it("a changed account number's IFSC clears verified_secondary only", async () => {
    const { wo } = await statuses("RS000006");
    await server.db.query(
      `UPDATE answers a SET verified = true, verified_secondary = true FROM questions q
       WHERE q.id = a.question_id AND a.workflow_object_id = $1 AND q.type = 'account_number'`,
      [wo],
    );
    const questions = await kycQuestions("qc.manager", wo);
    const account = questions.find((q) => q.name === "Bank account number")!;
    const value = answerValueOf(account.related_answers[0]);
    const saved = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(wo, questions, { [slotKey(account.id)]: { ...value, other_ifsc_code: "HDFC0000001" } }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [flags] = await server.db.query<{ verified: boolean; verified_secondary: boolean }>(
      `SELECT a.verified, a.verified_secondary FROM answers a JOIN questions q ON q.id = a.question_id
       WHERE a.workflow_object_id = $1 AND q.type = 'account_number'`,
      [wo],
    );
    expect(flags).toEqual({ verified: true, verified_secondary: false });
  });
});

const kycAnswer = async (wo: number, type: string) => {
  const [a] = await server.db.query<{ id: number; single_input: string; other_ifsc_code: string }>(
    `SELECT a.id::int AS id, a.single_input, a.other_ifsc_code FROM answers a JOIN questions q ON q.id = a.question_id
     WHERE a.workflow_object_id = $1 AND q.type = $2`,
    [wo, type],
  );
  return a!;
};

describe("the verification service", () => {
  it("IFSC Validate fills bank and branch from the IFSC master and verifies the answer and the outlet", async () => {
    const { wo, id } = await statuses("RS000007");
    const ifsc = await kycAnswer(wo, "ifsc_code");
    await server.db.query(
      "UPDATE workflow_objects SET ifsc_code_verification_status = 'not_verified_yet' WHERE id = $1",
      [wo],
    );
    const res = await post("qc.executive", "/api/verification/ifsc/", {
      ifsc_code: ifsc.single_input,
      answer: ifsc.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      detail: "Validated Successfully !!",
      branch: expect.stringMatching(/ Branch$/),
    });
    const [after] = await server.db.query<Record<string, unknown>>(
      `SELECT a.verified, a.other_bank_name, a.other_branch_name, w.ifsc_code_verification_status AS status, o.ifsc_code_kyc, o.branch_kyc
       FROM answers a JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id WHERE a.id = $1`,
      [ifsc.id],
    );
    expect(after).toMatchObject({
      verified: true,
      status: "verified",
      ifsc_code_kyc: ifsc.single_input,
      other_branch_name: res.body.branch,
    });
    expect(id).toBeGreaterThan(0);
    const unknown = await post("qc.executive", "/api/verification/ifsc/", { ifsc_code: "ZZZZ0999999" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe("This IFSC code is not an issued IFSC code.");
    // Issued (Razorpay's list) but not in the master: said so.
    const issued = await post("qc.executive", "/api/verification/ifsc/", { ifsc_code: "HDFC0000002" });
    expect(issued.body.detail).toBe(
      "This IFSC code is issued, but its bank and branch are not in the IFSC master.",
    );
  });

  it("PAN Validate names the holder; a malformed PAN gets the §8 text; client.manager may not validate", async () => {
    const { wo } = await statuses("RS000008");
    const pan = await kycAnswer(wo, "pan_number");
    const ok = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "pan",
      input: pan.single_input,
      answer: pan.id,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.detail).toBe("PAN number validated successfully.");
    expect(typeof ok.body.name).toBe("string");
    const bad = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "pan",
      input: "ABCDE12345",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(
      "Invalid PAN number. The given PAN number is not in the proper format or invalid.",
    );
    expect(
      (
        await post("client.manager", "/api/verification/pan-gst/", {
          input_type: "pan",
          input: pan.single_input,
        })
      ).status,
    ).toBe(403);
    // An answer that changed since it was read is not verified by a check of its old value.
    const stale = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "pan",
      input: "ABCPE1234F",
      answer: pan.id,
    });
    expect(stale.status).toBe(409);
  });

  it("a failed Validate is listed under the outlet of its answer, and changes no status", async () => {
    const { wo } = await statuses("RS000012");
    const pan = await kycAnswer(wo, "pan_number");
    await server.db.query("UPDATE answers SET single_input = 'ABCDE12345' WHERE id = $1", [pan.id]);
    const bad = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "pan",
      input: "ABCDE12345",
      answer: pan.id,
    });
    expect(bad.status).toBe(400);
    const checks = await get(
      "qc.manager",
      "/api/verification/checks/?kind=pan&status=failed&search=RS000012",
    );
    expect(checks.body.results).toEqual([
      expect.objectContaining({ outlet_rsid: "RS000012", answer_id: pan.id, masked_input: "******2345" }),
    ]);
    const [answer] = await server.db.query<{ verified: boolean }>(
      "SELECT verified FROM answers WHERE id = $1",
      [pan.id],
    );
    expect(answer!.verified).toBe(false);
  });

  it("GST Validate lands trade and legal names on the answer and the header card", async () => {
    const { wo } = await statuses("RS000009");
    const gst = await kycAnswer(wo, "gst_number");
    const ok = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "gst",
      input: gst.single_input,
      answer: gst.id,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ detail: "GST number validated successfully.", dty: "Regular" });
    const detail = await get("qc.manager", "/api/outlets/RS000009/");
    expect(detail.body.gst_trade_name).toBe(ok.body.tradeNam);
    expect(detail.body.gst_legal_name).toBe(ok.body.lgnm);
    expect(detail.body.gst_number_verification_status).toBe("verified");
  });

  it("a provider that times out says so, changes no status, and is recorded with the input masked", async () => {
    const { wo, id } = await statuses("RS000010");
    await server.db.query("UPDATE outlets SET pan_number_verification_status = 'verified' WHERE id = $1", [
      id,
    ]);
    const res = await post("qc.manager", "/api/verification/pan-gst/", {
      input_type: "pan",
      input: "TIMEO0000T",
    });
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(
      "The verification provider did not answer in time. Nothing was changed; try again.",
    );
    expect((await statuses("RS000010")).pan_status).toBe("verified");
    const down = await post("qc.manager", "/api/verification/upi/", { upi_id: "down@demo" });
    expect(down.status).toBe(503);
    // Asked three times in all: two retries after the first.
    const checks = await get("qc.manager", "/api/verification/checks/?status=error");
    const rows = checks.body.results as { masked_input: string; result: { attempts?: number } }[];
    expect(rows.map((r) => r.masked_input)).toContain("******000T");
    expect(rows.find((r) => r.masked_input.endsWith("@demo"))!.result.attempts).toBe(3);
    expect(JSON.stringify(server.logs)).not.toContain("TIMEO0000T");
    expect(wo).toBeGreaterThan(0);
  });

  it("the account check passes with 'Validated Sucessfully !!', the secure variant wants the name, a refusal is a 400", async () => {
    const { wo } = await statuses("RS000011");
    const account = await kycAnswer(wo, "account_number");
    const ok = await post("qc.manager", "/api/verification/bank-account/", {
      to_account_number: account.single_input,
      to_account_ifsc_code: account.other_ifsc_code,
      phone_number: null,
      answer: account.id,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.detail).toBe("Validated Sucessfully !!");
    const secure = await post("qc.manager", "/api/verification/bank-account/", {
      to_account_number: account.single_input,
      to_account_ifsc_code: account.other_ifsc_code,
      expected_name: "Somebody Else",
    });
    expect(secure.status).toBe(400);
    expect(secure.body.detail).toBe(
      "The account holder's name at the bank does not match the name on record.",
    );
    const refused = await post("qc.manager", "/api/verification/bank-account/", {
      to_account_number: "000000000000",
      to_account_ifsc_code: "SBIN0000001",
    });
    expect(refused.body.detail).toBe("The bank did not find an account with this number at this IFSC.");
  });

  it("answers 503 'No KYC provider is configured' in production without a provider", async () => {
    const production = await startTestServer({ mode: "production" });
    try {
      const headers = await production.signIn("qc.manager");
      const res = await production.call("POST", "/api/verification/pan-gst/", {
        headers,
        body: { input_type: "pan", input: "WVHPM2825B" },
      });
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe("No KYC provider is configured");
      // The IFSC check needs no provider.
      const ifsc = await production.call("POST", "/api/verification/ifsc/", {
        headers,
        body: { ifsc_code: "SBIN0000001" },
      });
      expect(ifsc.status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it("rate-limits one user's rapid validations", async () => {
    const statusesSeen: number[] = [];
    for (let i = 0; i < 20; i++)
      statusesSeen.push(
        (await post("qc.executive", "/api/verification/ifsc/", { ifsc_code: "SBIN0000001" })).status,
      );
    expect(statusesSeen).toContain(429);
    const last = await post("qc.executive", "/api/verification/ifsc/", { ifsc_code: "SBIN0000001" });
    expect(last.body.detail).toBe("Too many verifications in a short time. Wait a minute and try again.");
  });

  it("keeps the IFSC master's changes with who made them and why", async () => {
    const admin = await server.signIn("admin");
    const res = await server.call("PUT", "/api/verification/ifsc-master/HDFC0000002/", {
      headers: admin,
      body: { bank: "HDFC Bank", branch: "Mumbai Sandoz House", reason: "Branch missing from the master" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ row: { branch: "Mumbai Sandoz House" }, issued: true });
    expect((res.body.changes as { changed_by: string; before: unknown }[])[0]).toMatchObject({
      changed_by: "admin",
      before: null,
    });
    const ifsc = await post("qc.manager", "/api/verification/ifsc/", { ifsc_code: "HDFC0000002" });
    expect(ifsc.body.branch).toBe("Mumbai Sandoz House");
    expect(
      (
        await server.call("PUT", "/api/verification/ifsc-master/HDFC0000002/", {
          headers: auth["qc.executive"],
          body: { bank: "x", branch: "y", reason: "z" },
        })
      ).status,
    ).toBe(403);
  });
});
