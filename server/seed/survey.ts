/**
 * The survey side of the demo data (docs/demo-data.md): every sub-project asks the same four
 * question groups covering all 20 question types (one image-only group, one sku_group group with
 * the organisation's SKUs), and the first outlets carry answers made from their own details, with
 * generated images, a few questions left unanswered and previous answers where an outlet names an
 * earlier one. Set-based, so a 100,000-outlet data set loads as fast as before.
 */
import { IMAGE_TYPES, type QuestionType, type Validations } from "../../src/domain/survey/survey";
import type { Queryable } from "../db/db";

/** Outlets up to this RSID carry answers (the ones with images, docs/demo-data.md). */
export const ANSWERED_UP_TO = "RS000100";
/** An outlet waiting for QC whose Stock Check answers leave one SKU out, for Add New Sku (001 §2.2). */
export const SKU_TABLE_OUTLET = "RS000013";
export const SKU_LEFT_OUT = "SKU-CHIPS-50";

type SeedQuestion = {
  name: string;
  type: QuestionType;
  mandatory?: boolean;
  calling?: boolean;
  validations?: Validations;
  /** Image addresses shown beside the question (docs/survey.md); the demo's are served from public/. */
  referenceImages?: string[];
  /** The seeded answer, as SQL over the outlet `o` and its number `n`; null leaves it unanswered. */
  answer: string | null;
};

const GROUPS: { name: string; slug: string; type: "general" | "sku_group"; questions: SeedQuestion[] }[] = [
  {
    name: "Shop Details",
    slug: "shop-details",
    type: "general",
    questions: [
      {
        name: "Shop name",
        type: "text",
        mandatory: true,
        validations: { min_length: 3, max_length: 60 },
        answer: "o.name",
      },
      {
        name: "Shop board visible?",
        type: "yes_or_no",
        mandatory: true,
        referenceImages: [
          "/reference-images/shop-board-visible.svg",
          "/reference-images/shop-board-hidden.svg",
        ],
        answer: "CASE WHEN n % 5 = 0 THEN 'No' ELSE 'Yes' END",
      },
      {
        name: "Shop type",
        type: "single_choice",
        validations: { choices: "Kirana;Supermarket;Pharmacy;Paan shop" },
        answer: "(ARRAY['Kirana','Supermarket','Pharmacy','Paan shop'])[1 + n % 4]",
      },
      {
        name: "Store size",
        type: "dropdown",
        validations: { choices: "Small;Medium;Large" },
        answer: "(ARRAY['Small','Medium','Large'])[1 + n % 3]",
      },
      {
        name: "Categories sold",
        type: "multiple_choice",
        validations: { choices: "Beverages;Snacks;Dairy;Personal care" },
        answer: null,
      },
      {
        name: "Date of establishment",
        type: "date",
        validations: { greater_than: "1950-01-01", lower_than: "2026-06-30" },
        answer: "to_char(DATE '1990-01-01' + (n * 211 % 9000)::int, 'YYYY-MM-DD')",
      },
      {
        name: "Daily footfall",
        type: "number",
        validations: { lower_limit: 0, upper_limit: 5000, allow_decimals: false },
        answer: "CASE WHEN n % 7 = 3 THEN NULL ELSE (40 + n * 13 % 400)::text END",
      },
      { name: "Pin code", type: "pin_code", mandatory: true, answer: "o.pin" },
      { name: "Shop location", type: "location", answer: "''" },
    ],
  },
  {
    name: "Owner and KYC",
    slug: "owner-and-kyc",
    type: "general",
    questions: [
      { name: "Owner mobile", type: "phone_number", mandatory: true, calling: true, answer: "o.phone" },
      {
        name: "Alternate mobile",
        type: "phone_number_without_otp",
        answer: "CASE WHEN n % 3 = 0 THEN o.phone_number2 END",
      },
      { name: "Verified mobile", type: "phone_number_with_otp", calling: true, answer: "'+91 ' || o.phone" },
      { name: "PAN", type: "pan_number", calling: true, answer: "o.pan" },
      { name: "GST number", type: "gst_number", answer: "o.gst" },
      { name: "Bank account number", type: "account_number", calling: true, answer: "o.account_number" },
      { name: "IFSC", type: "ifsc_code", answer: "o.ifsc" },
    ],
  },
  {
    name: "Photos",
    slug: "photos",
    type: "general",
    questions: [
      { name: "Shop front photo", type: "single_image", answer: "''" },
      { name: "Shelf photos", type: "multiple_image", answer: "''" },
      { name: "Latest invoice", type: "invoice_image", answer: "''" },
      { name: "Owner signature", type: "e_signature", answer: "CASE WHEN n % 4 = 0 THEN NULL ELSE '' END" },
    ],
  },
  {
    name: "Stock Check",
    slug: "stock-check",
    type: "sku_group",
    questions: [
      {
        name: "Facings",
        type: "number",
        validations: { lower_limit: 0, upper_limit: 50 },
        answer: "(n % 9)::text",
      },
      { name: "In stock", type: "yes_or_no", answer: "CASE WHEN n % 6 = 0 THEN 'No' ELSE 'Yes' END" },
    ],
  },
];

const DEMO_SKUS = [
  ["SKU-COLA-250", "Cola 250 ml", "Fizzup", "20.00"],
  ["SKU-LEMON-500", "Lemon drink 500 ml", "Fizzup", "35.00"],
  ["SKU-CHIPS-50", "Salted chips 50 g", "Crunchy", "10.00"],
] as const;

/** A framed picture standing in for a survey photo, with what it shows written on it. */
export function surveyPhotoSvg(caption: string, hue: number): string {
  const safe = caption.replace(/[<>&"']/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180" viewBox="0 0 240 180"><rect width="240" height="180" fill="hsl(${hue},45%,82%)"/><rect x="20" y="20" width="200" height="110" fill="hsl(${hue},40%,60%)"/><text x="120" y="160" font-family="sans-serif" font-size="14" fill="#223" text-anchor="middle">${safe}</text></svg>`;
}

export async function seedSurvey(tx: Queryable, now: number): Promise<void> {
  const created = new Date(now);
  await tx.query(
    `INSERT INTO skus (organisation_id, sku_code, name, brand, mrp)
     SELECT o.id, x.code, x.name, x.brand, x.mrp::numeric FROM organisations o
     CROSS JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(code, name, brand, mrp)
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.organisation_id = o.id)
     ON CONFLICT (organisation_id, sku_code) DO NOTHING`,
    [0, 1, 2, 3].map((i) => DEMO_SKUS.map((s) => s[i])),
  );
  for (const [position, group] of GROUPS.entries()) {
    await tx.query(
      `INSERT INTO question_groups (sub_project_id, name, slug, type, related_sku_ids, position)
       SELECT s.id, $1, $2 || '-' || s.id, $3,
         CASE WHEN $3 = 'sku_group' THEN (SELECT array_agg(k.id ORDER BY k.id) FROM skus k
           WHERE k.organisation_id = p.organisation_id AND k.sku_code = ANY ($5::text[])) ELSE '{}' END, $4
       FROM sub_projects s JOIN projects p ON p.id = s.project_id`,
      [group.name, group.slug, group.type, position + 1, DEMO_SKUS.map((s) => s[0])],
    );
    for (const [i, q] of group.questions.entries()) {
      await tx.query(
        `INSERT INTO questions (question_group_id, name, type, is_mandatory, validations, is_calling_necessary, position,
           reference_images)
         SELECT g.id, $2, $3, $4, $5::jsonb, $6, $7, $8::text[] FROM question_groups g WHERE g.name = $1`,
        [
          group.name,
          q.name,
          q.type,
          q.mandatory ?? false,
          JSON.stringify(q.validations ?? {}),
          q.calling ?? false,
          i + 1,
          q.referenceImages ?? [],
        ],
      );
      if (q.answer === null) continue;
      const sku = group.type === "sku_group";
      await tx.query(
        `INSERT INTO answers (workflow_object_id, question_id, sku_id, single_input, latitude_input, longitude_input,
           other_phone_number, other_ifsc_code, verified, created, modified)
         SELECT w.id, q.id, ${sku ? "k.id" : "NULL"}, v.value,
           CASE WHEN q.type = 'location' THEN o.start_latitude END, CASE WHEN q.type = 'location' THEN o.start_longitude END,
           CASE WHEN q.type = 'account_number' THEN '+91' || o.phone END,
           CASE WHEN q.type = 'account_number' THEN o.ifsc END,
           q.type IN ('pan_number', 'gst_number', 'ifsc_code') AND n % 2 = 0, $3, $3
         FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
         JOIN question_groups g ON g.sub_project_id = o.sub_project_id AND g.name = $1
         JOIN questions q ON q.question_group_id = g.id AND q.name = $2
         ${sku ? "JOIN skus k ON k.id = ANY (g.related_sku_ids)" : ""},
         LATERAL (SELECT substring(o.rsid from 3)::int - 1 AS n) num,
         LATERAL (SELECT (${q.answer})::text AS value) v
         WHERE o.rsid <= $4 AND v.value IS NOT NULL
           ${sku ? "AND NOT (o.rsid = $5 AND k.sku_code = $6)" : ""}`,
        [group.name, q.name, created, ANSWERED_UP_TO, ...(sku ? [SKU_TABLE_OUTLET, SKU_LEFT_OUT] : [])],
      );
    }
  }
  await tx.query(
    `UPDATE answers a SET multiple_answers_input = to_jsonb(ARRAY['Beverages', 'Snacks'])
     FROM questions q WHERE q.id = a.question_id AND q.type = 'multiple_choice'`,
  );
  await tx.query(
    `INSERT INTO answers (workflow_object_id, question_id, multiple_answers_input, created, modified)
     SELECT w.id, q.id, to_jsonb(ARRAY['Beverages', 'Snacks']), $2, $2
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     JOIN question_groups g ON g.sub_project_id = o.sub_project_id JOIN questions q ON q.question_group_id = g.id
     WHERE q.type = 'multiple_choice' AND o.rsid <= $1`,
    [ANSWERED_UP_TO, created],
  );
  const photos = await tx.query<{ id: number; question: string; type: string; rsid: string }>(
    `SELECT a.id, q.name AS question, q.type, o.rsid FROM answers a JOIN questions q ON q.id = a.question_id
     JOIN workflow_objects w ON w.id = a.workflow_object_id JOIN outlets o ON o.id = w.outlet_id
     WHERE q.type = ANY ($1::text[]) ORDER BY a.id`,
    [IMAGE_TYPES],
  );
  const images = photos.flatMap((p, i) =>
    Array.from({ length: p.type === "multiple_image" ? 2 : 1 }, (_, k) => [
      p.id,
      surveyPhotoSvg(
        `${p.rsid} ${p.question}${p.type === "multiple_image" ? ` ${k + 1}` : ""}`,
        (i * 37) % 360,
      ),
    ]),
  );
  if (images.length)
    await tx.query(
      `INSERT INTO answer_images (answer_id, content_type, content, created)
       SELECT x.answer, 'image/svg+xml', convert_to(x.svg, 'UTF8'), $3
       FROM unnest($1::bigint[], $2::text[]) AS x(answer, svg)`,
      [images.map((i) => i[0]), images.map((i) => i[1]), created],
    );
}
