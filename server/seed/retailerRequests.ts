/**
 * Retailer master requests of the demo data (docs/demo-data.md): on the first outlets with an
 * interim status, requests of each type in each status, with proof images made here. The first
 * such outlet waits for QC with two requests pending; the second has none, for the edit form.
 */
import type { OutletEditData, TextField } from "../../src/domain/outlets/outletEdit";
import { PROOF_KINDS, TEXT_FIELDS } from "../../src/domain/outlets/outletEdit";
import type { RequestStatus, RequestType } from "../../src/domain/outlets/retailerRequests";
import type { Queryable } from "../db/db";
import { applyRequest } from "../retailerRequests/apply";
import { FIELD_HOME, snapshot, withEdit } from "../retailerRequests/snapshot";
import { gstFor } from "./outlets";

/** How many interim outlets get requests: a handful shows every case without slowing large loads. */
export const REQUEST_OUTLETS = 10;
export const NEW_ADDRESS = "45, New Bazaar Road";

type Planned = {
  type: RequestType;
  status: RequestStatus;
  edit: Partial<Record<TextField, string>>;
  proof: string;
};

/** The requests of the k-th interim outlet: k = 1 has none (the edit form's clean start). */
function plan(k: number, city: string, stateCode: string): Planned[] {
  if (k % 3 === 1) return [];
  const store = { address: `${NEW_ADDRESS}, ${city}`, email: "owner.new@example.in" };
  const bank = { account_holder_name: "Updated Holder Name", bank: "State Bank of India" };
  // A PAN of its own per outlet, and the GSTIN that carries it (state code, PAN, check character).
  const pan = `ABCPE${1000 + k}F`;
  const tax = { pan_number: pan, gst_number: gstFor(stateCode, pan) };
  const history: Planned[] = [
    { type: "tax_details", status: "accepted", edit: tax, proof: "pan_number_photo_proofs" },
    {
      type: "store_details",
      status: "rejected",
      edit: { phone_number2: "9876501234" },
      proof: "address_proof",
    },
    { type: "bank_details", status: "rejected", edit: bank, proof: "bank_related_photo_proofs" },
  ];
  return [
    ...history,
    { type: "store_details", status: "pending", edit: store, proof: "address_proof" },
    { type: "bank_details", status: "pending", edit: bank, proof: "bank_related_photo_proofs" },
  ];
}

function proofPicture(rsid: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240" viewBox="0 0 360 240"><rect width="360" height="240" fill="#fdf6e3"/><rect x="12" y="12" width="336" height="216" fill="none" stroke="#586e75" stroke-width="4"/><text x="180" y="100" font-family="sans-serif" font-size="22" fill="#073642" text-anchor="middle">${label}</text><text x="180" y="150" font-family="sans-serif" font-size="18" fill="#586e75" text-anchor="middle">${rsid}</text></svg>`;
}

export async function seedRetailerRequests(tx: Queryable, now: number): Promise<void> {
  const outlets = await tx.query<{ id: number; wo_id: number; rsid: string; city: string }>(
    `SELECT o.id, w.id AS wo_id, o.rsid, c.name AS city FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     JOIN cities c ON c.id = o.city_id WHERE o.interim_status IS NOT NULL ORDER BY o.rsid LIMIT $1`,
    [REQUEST_OUTLETS],
  );
  const [qc] = await tx.query<{ id: number }>("SELECT id FROM users WHERE username = 'qc.manager'");
  for (const [k, o] of outlets.entries()) {
    let old = await snapshot(tx, o.id);
    for (const [n, p] of plan(k, o.city, (old.outlet.gst_number ?? "").slice(0, 2)).entries()) {
      const data = Object.fromEntries([
        ...TEXT_FIELDS.map((f) => [f, old[FIELD_HOME[f].part][f] ?? ""]),
        ...PROOF_KINDS.map((kind) => [kind, []]),
        ...Object.entries(p.edit),
      ]) as OutletEditData;
      const created = new Date(now - (10 - n) * 3_600_000);
      const decided = p.status === "pending" ? null : new Date(created.getTime() + 1_800_000);
      const [request] = await tx.query<{ id: number }>(
        `INSERT INTO retailer_master_requests (workflow_object_id, type, status, old_data, new_data, rejection_reason,
           decided_by, created, decided)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9) RETURNING id`,
        [
          o.wo_id,
          p.type,
          p.status,
          JSON.stringify(old),
          JSON.stringify(withEdit(old, Object.keys(p.edit) as TextField[], data)),
          p.status === "rejected" ? "proof_not_clear" : null,
          decided ? qc?.id : null,
          created,
          decided,
        ],
      );
      for (const page of [1, 2])
        await tx.query(
          `INSERT INTO outlet_images (outlet_id, kind, content_type, content, created, request_id)
           VALUES ($1, $2, 'image/svg+xml', convert_to($3, 'UTF8'), $4, $5)`,
          [
            o.id,
            p.proof,
            proofPicture(o.rsid, `${p.proof.replace(/_/g, " ")} ${page}`),
            created,
            request!.id,
          ],
        );
      // An accepted request's values are the outlet's now; later requests start from them.
      if (p.status === "accepted") {
        await applyRequest(
          tx,
          o.id,
          o.wo_id,
          p.type,
          withEdit(old, Object.keys(p.edit) as TextField[], data),
        );
        old = await snapshot(tx, o.id);
      }
    }
  }
}
