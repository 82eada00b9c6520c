// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKU_LEFT_OUT, SKU_TABLE_OUTLET } from "../../server/seed/survey";
import {
  ANSWER_EDIT_NOT_ALLOWED,
  answersUpdate,
  answerValueOf,
  CALLING_NOT_VERIFIED,
  type CallCheck,
  callChecksUpdate,
  callingVerification,
  type GroupAnswers,
  groupCallChecks,
  NOT_A_CALLING_QUESTION,
  QUESTION_TYPES,
  type Question,
  type QuestionGroup,
  SKU_NOT_IN_GROUP,
  STALE_ANSWER,
  skusToAdd,
  skuTableSkus,
  slotKey,
} from "../../src/domain/survey/survey";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of [
    "qc.manager",
    "qc.executive",
    "project.manager",
    "calling.executive",
    "client.manager",
    "zenith.manager",
  ])
    auth[user] = await server.signIn(user);
});
afterAll(async () => {
  await server.close();
});

const get = (user: string, path: string) => server.call("GET", path, { headers: auth[user] });
const post = (user: string, path: string, body: unknown) =>
  server.call("POST", path, { headers: auth[user], body });

/** An answered Acme outlet in the given state, with its workflow object. */
async function outletIn(state: string, where = "TRUE") {
  const [row] = await server.db.query<{ rsid: string; id: number; wo: number; type_of_calling: string }>(
    `SELECT o.rsid, o.id, w.id AS wo, w.type_of_calling FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.workflow_state = $1 AND o.rsid <= 'RS000100' AND s.slug LIKE 'acme-%' AND ${where}
     ORDER BY o.rsid LIMIT 1`,
    [state],
  );
  if (!row) throw new Error(`no demo outlet in ${state}`);
  return row;
}

async function groups(user: string, wo: number) {
  const res = await get(user, `/api/survey/question-groups/?workflow_object=${wo}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as unknown as { results: QuestionGroup[] }).results;
}
async function answers(user: string, wo: number, group: number) {
  const res = await get(
    user,
    `/api/survey/answers/?filter_answers=true&related_answers__workflow_object=${wo}&question_group=${group}&no-pagination`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as unknown as GroupAnswers).results;
}
const byName = (questions: readonly Question[], name: string) => questions.find((q) => q.name === name)!;
const edit = (questions: readonly Question[], name: string, single_input: string) => {
  const q = byName(questions, name);
  return { [slotKey(q.id)]: { ...answerValueOf(q.related_answers[0]), single_input } };
};

describe("the demo survey", () => {
  it("asks every question type of 001 §3 with an image-only and a SKU group", async () => {
    const outlet = await outletIn("qc_pending");
    const list = await groups("qc.manager", outlet.wo);
    expect(list.map((g) => g.name)).toEqual(["Shop Details", "Owner and KYC", "Photos", "Stock Check"]);
    // Only the group of nothing but image questions is complete on load (§2.2).
    expect(list.filter((g) => g.image_only).map((g) => g.name)).toEqual(["Photos"]);
    const sku = list.find((g) => g.type === "sku_group")!;
    expect(sku.related_sku_products.length).toBeGreaterThan(0);
    const types = new Set<string>();
    for (const g of list) for (const q of await answers("qc.manager", outlet.wo, g.id)) types.add(q.type);
    expect([...types].sort()).toEqual([...QUESTION_TYPES].sort());
    const stock = await answers("qc.manager", outlet.wo, sku.id);
    expect(stock[0]!.related_answers.map((a) => a.sku_product?.id)).toEqual(
      sku.related_sku_products.map((s) => s.id),
    );
  });

  it("serves answer images to those who see the outlet, with a cache-busting version", async () => {
    const outlet = await outletIn("qc_pending");
    const photos = (await groups("qc.manager", outlet.wo)).find((g) => g.name === "Photos")!;
    const linked = await get(
      "qc.manager",
      `/api/survey/question-groups/${photos.slug}/answer-linked-images/?related_answers__workflow_object=${outlet.wo}&related_answers__workflow_object=${outlet.wo}`,
    );
    expect(linked.status).toBe(200);
    const images = linked.body as unknown as { image: string }[];
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(images[0]!.image).toMatch(/\/api\/survey\/answer-images\/\d+\/\?v=\d+/);
    const file = await get("qc.manager", images[0]!.image);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect((await get("zenith.manager", images[0]!.image)).status).toBe(404);
    const all = await get(
      "qc.manager",
      `/api/survey/images/?outlet=${outlet.id}&no-pagination&all_survey_images=true`,
    );
    expect((all.body as unknown as unknown[]).length).toBeGreaterThanOrEqual(images.length);
  });

  it("gives previous answers from the outlet's earlier sub-project", async () => {
    const [row] = await server.db.query<{ wo: number }>(
      "SELECT w.id AS wo FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id WHERE o.rsid = 'RS000001'",
    );
    const list = await groups("qc.manager", row!.wo);
    const shop = await answers("qc.manager", row!.wo, list[0]!.id);
    const previous = byName(shop, "Shop name").related_answers[0]!.previous_answers;
    const [earlier] = await server.db.query<{ wo: number; sub_project: string; shop: string }>(
      `SELECT w.id AS wo, s.name AS sub_project, a.single_input AS shop
       FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id JOIN sub_projects s ON s.id = o.sub_project_id
       JOIN answers a ON a.workflow_object_id = w.id JOIN questions q ON q.id = a.question_id
       WHERE o.rsid = 'RS000002' AND q.name = 'Shop name'`,
    );
    expect(previous).toEqual([
      {
        workflow_object: earlier!.wo,
        sub_project_name: earlier!.sub_project,
        single_input: earlier!.shop,
        images: [],
      },
    ]);
  });

  it("hides another organisation's survey (404, nothing of it in the answer)", async () => {
    const outlet = await outletIn("qc_pending");
    const res = await get("zenith.manager", `/api/survey/question-groups/?workflow_object=${outlet.wo}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("Shop Details");
  });
});

describe("saving a group's answers", () => {
  it("saves a QC executive's valid edits on qc_pending and writes a QC edit history line per answer", async () => {
    const outlet = await outletIn("qc_pending");
    const group = (await groups("qc.executive", outlet.wo))[0]!;
    const questions = await answers("qc.executive", outlet.wo, group.id);
    const request = answersUpdate(outlet.wo, questions, {
      ...edit(questions, "Shop name", "Sri Ganesh Stores"),
      ...edit(questions, "Daily footfall", "120"),
      ...edit(questions, "Date of establishment", "2001-05-17"),
    });
    const res = await post("qc.executive", "/api/update/", request);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await answers("qc.executive", outlet.wo, group.id);
    expect(byName(after, "Shop name").related_answers[0]!.single_input).toBe("Sri Ganesh Stores");
    expect(byName(after, "Shop name").related_answers[0]!.is_edited).toBe(true);
    const history = await get("qc.executive", `/api/outlets/qc-edit-history/${outlet.wo}/`);
    const messages = (history.body as { data: { message: string }[] }).data.map((d) => d.message);
    expect(
      messages.some((m) => m.startsWith("Shop name changed from") && m.endsWith("to Sri Ganesh Stores")),
    ).toBe(true);
  });

  it("refuses invalid answers with a 400 naming each question and saves none of them", async () => {
    const outlet = await outletIn("qc_pending");
    const [shop, kyc] = await groups("qc.manager", outlet.wo);
    const shopQuestions = await answers("qc.manager", outlet.wo, shop!.id);
    const kycQuestions = await answers("qc.manager", outlet.wo, kyc!.id);
    const res = await post("qc.manager", "/api/update/", {
      ...answersUpdate(outlet.wo, shopQuestions, {
        ...edit(shopQuestions, "Pin code", "4110"),
        ...edit(shopQuestions, "Daily footfall", "9000"),
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body["Pin code"]).toEqual(["Pincode must be exactly 6 digits! "]);
    expect(res.body["Daily footfall"]).toEqual(["Daily footfall must have number between 0 to 5000!"]);
    const phone = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(outlet.wo, kycQuestions, edit(kycQuestions, "Owner mobile", "98765")),
    );
    expect(phone.body["Owner mobile"]).toEqual(["Owner mobile must be exactly 10 digits! "]);
    const again = await answers("qc.manager", outlet.wo, shop!.id);
    expect(byName(again, "Pin code").related_answers[0]!.single_input).toBe(
      byName(shopQuestions, "Pin code").related_answers[0]!.single_input,
    );
  });

  it("refuses a stale save: the answer changed since it was read", async () => {
    const outlet = await outletIn("qc_pending");
    const group = (await groups("qc.manager", outlet.wo))[0]!;
    const questions = await answers("qc.manager", outlet.wo, group.id);
    const current = byName(questions, "Store size").related_answers[0]!.single_input;
    const [one, other] = ["Small", "Medium", "Large"].filter((s) => s !== current);
    const first = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(outlet.wo, questions, edit(questions, "Store size", one!)),
    );
    expect(first.status).toBe(200);
    const second = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(outlet.wo, questions, edit(questions, "Store size", other!)),
    );
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(STALE_ANSWER);
  });

  it("applies a double submit once", async () => {
    const outlet = await outletIn(
      "qc_pending",
      "o.rsid > (SELECT min(rsid) FROM outlets WHERE workflow_state = 'qc_pending')",
    );
    const group = (await groups("qc.manager", outlet.wo))[0]!;
    const questions = await answers("qc.manager", outlet.wo, group.id);
    const request = answersUpdate(outlet.wo, questions, edit(questions, "Shop type", "Pharmacy"));
    const results = await Promise.all([
      post("qc.manager", "/api/update/", request),
      post("qc.manager", "/api/update/", request),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("follows §4.2: a QC executive may not edit after qc_pending, the project manager may on qc_accepted", async () => {
    const outlet = await outletIn("qc_accepted");
    const group = (await groups("qc.executive", outlet.wo))[0]!;
    const questions = await answers("qc.executive", outlet.wo, group.id);
    const request = answersUpdate(outlet.wo, questions, edit(questions, "Shop name", "Accepted Shop Name"));
    const refused = await post("qc.executive", "/api/update/", request);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(ANSWER_EDIT_NOT_ALLOWED);
    expect((await post("client.manager", "/api/update/", request)).status).toBe(403);
    expect((await post("zenith.manager", "/api/update/", request)).status).toBe(404);
    const pm = await post("project.manager", "/api/update/", request);
    expect(pm.status, JSON.stringify(pm.body)).toBe(200);
  });

  it("lets the calling executive record call checks on a validation call only when §4.9 holds", async () => {
    const outlet = await outletIn("qc_accepted", "w.type_of_calling = 'validation'");
    const kyc = (await groups("calling.executive", outlet.wo))[1]!;
    const questions = await answers("calling.executive", outlet.wo, kyc.id);
    const none = await post(
      "calling.executive",
      "/api/update/",
      callChecksUpdate(questions, {
        [slotKey(byName(questions, "PAN").id)]: {
          has_called_and_verified: false,
          remarked: false,
          remarks: "",
        },
      }),
    );
    expect(none.status).toBe(400);
    expect(none.body.non_field_errors).toEqual([CALLING_NOT_VERIFIED]);
    const verified = await post(
      "calling.executive",
      "/api/update/",
      callChecksUpdate(questions, {
        [slotKey(byName(questions, "PAN").id)]: {
          has_called_and_verified: true,
          remarked: false,
          remarks: "",
        },
      }),
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // Values are not theirs to change.
    const refreshed = await answers("calling.executive", outlet.wo, kyc.id);
    const valueEdit = await post(
      "calling.executive",
      "/api/update/",
      answersUpdate(outlet.wo, refreshed, edit(refreshed, "PAN", "ABCDE1234F")),
    );
    expect(valueEdit.status).toBe(403);
  });

  it("holds each saved group to §4.9 with the screen's own rule, not the outlet as a whole", async () => {
    const outlet = await outletIn(
      "qc_pending",
      `w.type_of_calling = 'validation' AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r
         WHERE r.workflow_object_id = w.id AND r.status = 'pending')`,
    );
    // Shop name asks to be called about too, so Shop Details has a calling-necessary question.
    const shopName = `UPDATE questions SET is_calling_necessary = $2 WHERE name = 'Shop name'
      AND question_group_id IN (SELECT id FROM question_groups WHERE sub_project_id =
        (SELECT sub_project_id FROM outlets WHERE rsid = $1))`;
    await server.db.query(shopName, [outlet.rsid, true]);
    try {
      const [shop, kyc] = await groups("calling.executive", outlet.wo);
      const kycQuestions = await answers("calling.executive", outlet.wo, kyc!.id);
      const check = (questions: readonly Question[], name: string, c: Partial<CallCheck>) => ({
        [slotKey(byName(questions, name).id)]: {
          has_called_and_verified: false,
          remarked: false,
          remarks: "",
          ...c,
        },
      });
      const pan = await post(
        "calling.executive",
        "/api/update/",
        callChecksUpdate(kycQuestions, check(kycQuestions, "PAN", { has_called_and_verified: true })),
      );
      expect(pan.status, JSON.stringify(pan.body)).toBe(200);

      // The outlet has a verified answer, but Shop Details has none: its Save is refused as on the screen.
      const shopQuestions = await answers("calling.executive", outlet.wo, shop!.id);
      const unverified = check(shopQuestions, "Shop name", {});
      expect(callingVerification(groupCallChecks(shopQuestions, unverified))).toEqual({
        ok: false,
        message: CALLING_NOT_VERIFIED,
      });
      const refused = await post(
        "calling.executive",
        "/api/update/",
        callChecksUpdate(shopQuestions, unverified),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.non_field_errors).toEqual([CALLING_NOT_VERIFIED]);

      const remarked = check(shopQuestions, "Shop name", { remarked: true, remarks: " Shop closed " });
      expect(callingVerification(groupCallChecks(shopQuestions, remarked))).toEqual({ ok: true });
      const saved = await post(
        "calling.executive",
        "/api/update/",
        callChecksUpdate(shopQuestions, remarked),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const shopAfter = await answers("calling.executive", outlet.wo, shop!.id);
      expect(byName(shopAfter, "Shop name").related_answers[0]!.remarks).toBe("Shop closed");

      // A remark needs its Reason, even beside a verified answer; nothing of the call is saved.
      const kycNow = await answers("calling.executive", outlet.wo, kyc!.id);
      const noReason = await post(
        "calling.executive",
        "/api/update/",
        callChecksUpdate(kycNow, {
          ...check(kycNow, "Owner mobile", { remarked: true, remarks: "" }),
          ...check(kycNow, "Verified mobile", { has_called_and_verified: true }),
        }),
      );
      expect(noReason.status).toBe(400);
      expect(noReason.body.non_field_errors).toEqual(["Give the Reason for the remark on Owner mobile."]);
      const kycAfter = await answers("calling.executive", outlet.wo, kyc!.id);
      expect(byName(kycAfter, "Verified mobile").related_answers[0]!.has_called_and_verified).toBe(false);

      // A call check on a question that asks for none is named, not stored.
      const storeSize = byName(shopAfter, "Store size").related_answers[0]!;
      const stray = await post("calling.executive", "/api/update/", {
        object_type: "answers",
        data_to_update: { [storeSize.id]: { has_called_and_verified: true, version: storeSize.version } },
      });
      expect(stray.status).toBe(400);
      expect(stray.body[`data_to_update.${storeSize.id}`]).toEqual([NOT_A_CALLING_QUESTION]);
    } finally {
      await server.db.query(shopName, [outlet.rsid, false]);
    }
  });

  it("adds a SKU row to a sku_group group: its answers name the SKU, only one of the group's, and QC Edit History says which", async () => {
    const outlet = await outletIn("qc_pending", `o.rsid = '${SKU_TABLE_OUTLET}'`);
    const stock = (await groups("qc.manager", outlet.wo)).find((g) => g.type === "sku_group")!;
    const questions = await answers("qc.manager", outlet.wo, stock.id);
    const chips = stock.related_sku_products.find((s) => s.sku_code === SKU_LEFT_OUT)!;
    // The demo outlet's table leaves Salted chips out: Add New Sku offers it.
    const table = skuTableSkus(questions, stock.related_sku_products);
    expect(skusToAdd(stock.related_sku_products, table)).toEqual([chips]);
    const facings = byName(questions, "Facings");
    const create = (sku: number) => ({
      object_type: "answers",
      data_to_create: [
        { question: facings.id, workflow_object: outlet.wo, sku_product: sku, single_input: "7" },
      ],
      data_to_update: {},
    });
    const wrong = await post("qc.manager", "/api/update/", create(987654));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ "data_to_create.0.sku_product": [SKU_NOT_IN_GROUP] });
    expect((await post("qc.manager", "/api/update/", create(chips.id))).status).toBe(200);
    const after = await answers("qc.manager", outlet.wo, stock.id);
    expect(skuTableSkus(after, stock.related_sku_products).map((s) => s.name)).toEqual(
      stock.related_sku_products.map((s) => s.name),
    );
    const [line] = await server.db.query<{ message: string }>(
      "SELECT message FROM qc_edit_history WHERE workflow_object_id = $1 ORDER BY id DESC LIMIT 1",
      [outlet.wo],
    );
    expect(line!.message).toBe("Facings (Salted chips 50 g) answered: 7");
  });

  it("refuses malformed bodies with named fields", async () => {
    const bad = await post("qc.manager", "/api/update/", {
      object_type: "answers",
      data_to_update: { abc: { version: 1 }, "5": { version: "x" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body["data_to_update.abc"]).toEqual(["Not an answer id."]);
    expect(bad.body["data_to_update.5.version"]).toEqual(["Give the version of the answer as it was read."]);
    // Answers of two outlets in one call, or an id of no answer of the outlet, are refused whole.
    const outlet = await outletIn("qc_pending");
    const group = (await groups("qc.manager", outlet.wo))[0]!;
    const questions = await answers("qc.manager", outlet.wo, group.id);
    const shop = byName(questions, "Shop name").related_answers[0]!;
    const mixed = await post("qc.manager", "/api/update/", {
      object_type: "answers",
      data_to_update: {
        [shop.id]: { single_input: "Mixed", version: shop.version },
        "999999": { version: 1 },
      },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body["data_to_update.999999"]).toEqual(["Not an answer of this outlet."]);
    const other = await post("qc.manager", "/api/update/", { object_type: "outlets", data_to_update: {} });
    expect(other.body.object_type).toEqual(['"outlets" is not a valid choice.']);
  });
});

describe("refresh QC data", () => {
  it("reads the outlet's GST, PAN and phone again from its answers, with history and a log row", async () => {
    const outlet = await outletIn("qc_pending", "o.rsid > 'RS000020'");
    const kyc = (await groups("qc.manager", outlet.wo))[1]!;
    const questions = await answers("qc.manager", outlet.wo, kyc.id);
    const saved = await post(
      "qc.manager",
      "/api/update/",
      answersUpdate(outlet.wo, questions, edit(questions, "PAN", "ABCPE1234F")),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await post("qc.manager", `/api/outlets/${outlet.rsid}/refresh-qc-data/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.detail).toContain("PAN number");
    const detail = await get("qc.manager", `/api/outlets/${outlet.rsid}/`);
    expect(detail.body.pan_number).toBe("ABCPE1234F");
    expect((detail.body.logs as { message: string }[])[0]!.message).toContain("QC data refreshed");
    const again = await post("qc.manager", `/api/outlets/${outlet.rsid}/refresh-qc-data/`, {});
    expect(again.body.detail).toBe("QC data is up to date with the survey answers.");
    expect((await post("client.manager", `/api/outlets/${outlet.rsid}/refresh-qc-data/`, {})).status).toBe(
      403,
    );
    expect((await post("zenith.manager", `/api/outlets/${outlet.rsid}/refresh-qc-data/`, {})).status).toBe(
      404,
    );
  });
});
