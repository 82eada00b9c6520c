// @vitest-environment node
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutletGallery, type OutletGalleryImage } from "../../src/domain/outlets/outletGallery";
import { PNG_HEAD as PNG, startTestServer, type TestServer } from "./support";

let server: TestServer;
const auth: Record<string, { authorization: string }> = {};
/** An outlet with survey images and proof images taken by a retailer request. */
let outlet: { id: number; rsid: string; proofs: number; survey: number; board: number };

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ["qc.manager", "qc.executive", "client.manager", "zenith.manager"])
    auth[user] = await server.signIn(user);
  const [row] = await server.db.query<typeof outlet>(
    `SELECT o.id, o.rsid,
       (SELECT count(*)::int FROM outlet_images i WHERE i.outlet_id = o.id AND i.request_id IS NOT NULL) AS proofs,
       (SELECT count(*)::int FROM outlet_images i WHERE i.outlet_id = o.id AND i.kind = 'banner') AS board,
       (SELECT count(*)::int FROM answer_images ai JOIN answers a ON a.id = ai.answer_id
          JOIN workflow_objects w ON w.id = a.workflow_object_id WHERE w.outlet_id = o.id) AS survey
     FROM outlets o
     WHERE EXISTS (SELECT 1 FROM outlet_images i WHERE i.outlet_id = o.id AND i.request_id IS NOT NULL)
       AND EXISTS (SELECT 1 FROM answer_images ai JOIN answers a ON a.id = ai.answer_id
          JOIN workflow_objects w ON w.id = a.workflow_object_id WHERE w.outlet_id = o.id)
     ORDER BY o.rsid LIMIT 1`,
  );
  if (!row) throw new Error("the demo data has no outlet with both survey and proof images");
  outlet = row;
});
afterAll(() => server.close());

const gallery = async (user: string, id: number | string = outlet.id) => {
  const res = await server.call("GET", `/api/outlets/gallery/${id}/`, { headers: auth[user] });
  return {
    status: res.status,
    gallery: res.status === 200 ? Schema.decodeUnknownSync(OutletGallery)(res.body) : null,
  };
};

describe("the outlet image gallery (001 §2.5)", () => {
  it("gives every image held for the outlet, each section counted, survey images by question", async () => {
    const { status, gallery: g } = await gallery("qc.manager");
    expect(status).toBe(200);
    expect(g!.outlet).toEqual({ id: outlet.id, rsid: outlet.rsid, name: expect.any(String) });
    const count = (pred: (i: OutletGalleryImage) => boolean) => g!.images.filter(pred).length;
    expect(count((i) => i.section === "survey")).toBe(outlet.survey);
    expect(count((i) => i.section === "banner")).toBe(outlet.board);
    expect(count((i) => i.section !== "survey" && i.section !== "banner" && i.section !== "rsa_proof")).toBe(
      outlet.proofs,
    );
    for (const image of g!.images.filter((i) => i.section === "survey"))
      expect(image.question).toEqual(expect.any(String));
    // Every address it gives serves the picture to the same caller.
    for (const image of g!.images.slice(0, 6)) {
      const res = await server.app.request(image.image, { headers: auth["qc.manager"] });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
    }
  });

  it("shows a proof image nobody has put in a request only to the person who uploaded it", async () => {
    const form = new FormData();
    form.set("name", "address_proof");
    form.set("outlet", outlet.rsid);
    form.set("image", new File([PNG], "proof.png"));
    const res = await server.app.request("/api/common/images/", {
      method: "POST",
      body: form,
      headers: auth["qc.executive"],
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const mine = await gallery("qc.executive");
    expect(mine.gallery!.images).toContainEqual(expect.objectContaining({ id, section: "address_proof" }));
    const theirs = await gallery("qc.manager");
    expect(theirs.gallery!.images.filter((i) => i.section !== "survey").map((i) => i.id)).not.toContain(id);
  });

  it("answers 404 to another organisation, an unknown outlet and a malformed id", async () => {
    expect((await gallery("client.manager")).status).toBe(200);
    expect((await gallery("zenith.manager")).status).toBe(404);
    expect((await gallery("qc.manager", 99_999_999)).status).toBe(404);
    expect((await gallery("qc.manager", "1 OR 1=1")).status).toBe(404);
  });
});
