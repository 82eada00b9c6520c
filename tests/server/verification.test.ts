// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileProfile } from "../../server/mobile/data";
import {
  answersUpdate,
  answerValueOf,
  type Question,
  type QuestionGroup,
  slotKey,
} from "../../src/domain/survey";
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
    expect((await mobileProfile(server.db, before.id))[0]!.is_kyc_successful).toBe(true);

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
    expect((await mobileProfile(server.db, before.id))[0]!.is_kyc_successful).toBe(false);

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
