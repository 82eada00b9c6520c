/**
 * What a request records (spec 001 §3 old_data and new_data): the outlet's store and tax fields,
 * its workflow object's bank fields, the tax answers and the dealer board images, read with the
 * outlet row locked; new_data is the same with the edit applied.
 */

import { OutletImageId } from "../../src/domain/api/ids";
import type { OutletEditData, TextField } from "../../src/domain/outlets/outletEdit";
import type { RequestData } from "../../src/domain/outlets/retailerRequests";
import type { Queryable } from "../db/db";
import { outletImageUrl } from "../outlets/detail";

/** Where each edit form field lives: its key in old_data and its column. */
export const FIELD_HOME: Readonly<Record<TextField, { part: "outlet" | "workflow_object"; column: string }>> =
  {
    address: { part: "outlet", column: "address" },
    pin_code: { part: "outlet", column: "pin" },
    email: { part: "outlet", column: "email" },
    phone_number1: { part: "outlet", column: "phone" },
    phone_number2: { part: "outlet", column: "phone_number2" },
    dob: { part: "outlet", column: "dob" },
    bank_account_type: { part: "outlet", column: "bank_account_type" },
    gst_number: { part: "outlet", column: "gst" },
    pan_number: { part: "outlet", column: "pan" },
    account_number: { part: "workflow_object", column: "account_number" },
    account_holder_name: { part: "workflow_object", column: "account_holder_name" },
    bank: { part: "workflow_object", column: "bank" },
    ifsc_code: { part: "workflow_object", column: "ifsc_code" },
  };

export type LockedOutlet = {
  id: number;
  wo_id: number;
  rsid: string;
  workflow_state: string;
  sub_project_type: string;
  interim_status: string | null;
};

/** The outlet (by RSID, already known visible) locked for a request's write. */
export async function lockOutlet(tx: Queryable, outletId: number): Promise<LockedOutlet> {
  const [row] = await tx.query<LockedOutlet>(
    `SELECT o.id, w.id AS wo_id, o.rsid, o.workflow_state, s.type AS sub_project_type, o.interim_status
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.id = $1 FOR UPDATE OF o, w`,
    [outletId],
  );
  return row!;
}

export async function snapshot(tx: Queryable, outletId: number): Promise<RequestData> {
  const [row] = await tx.query<{
    outlet: Record<string, string | null>;
    workflow_object: Record<string, string | null>;
    rsid: string;
  }>(
    `SELECT o.rsid, json_build_object('name', o.name, 'email', o.email, 'address', o.address, 'state', st.name,
       'city', c.name, 'pin_code', o.pin, 'phone_number1', o.phone, 'phone_number2', o.phone_number2,
       'dob', to_char(o.dob, 'YYYY-MM-DD'), 'bank_account_type', o.bank_account_type, 'gst_number', o.gst,
       'pan_number', o.pan, 'gst_registration_status', o.distributor_gst_registration_status) AS outlet,
       json_build_object('account_number', w.account_number, 'ifsc_code', w.ifsc_code,
       'account_holder_name', w.account_holder_name, 'bank', w.bank, 'branch', w.branch) AS workflow_object
     FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id JOIN cities c ON c.id = o.city_id
     JOIN states st ON st.id = o.state_id WHERE o.id = $1`,
    [outletId],
  );
  const answers = await tx.query<Record<string, string | null>>(
    `SELECT DISTINCT ON (q.type) q.type AS question_type, a.single_input, a.other_pan_holder_name,
       a.other_gst_trade_name, a.other_gst_legal_name
     FROM answers a JOIN questions q ON q.id = a.question_id JOIN workflow_objects w ON w.id = a.workflow_object_id
     WHERE w.outlet_id = $1 AND q.type IN ('gst_number', 'pan_number') ORDER BY q.type, q.position, a.id`,
    [outletId],
  );
  const boards = await tx.query<{ id: number }>(
    "SELECT id FROM outlet_images WHERE outlet_id = $1 AND kind = 'banner' ORDER BY id",
    [outletId],
  );
  return {
    outlet: row!.outlet,
    workflow_object: row!.workflow_object,
    meta_data: { rsid: row!.rsid },
    answers,
    dealer_board_images_data: boards.map((b) => ({
      id: OutletImageId.make(b.id),
      image: outletImageUrl(row!.rsid, b.id),
    })),
  };
}

/** new_data: old_data with the submitted fields of one request type written in. */
export function withEdit(old: RequestData, fields: readonly TextField[], data: OutletEditData): RequestData {
  const next = { ...old, outlet: { ...old.outlet }, workflow_object: { ...old.workflow_object } };
  for (const f of fields) next[FIELD_HOME[f].part][f] = data[f] === "" ? null : data[f];
  // The tax answers carry the same numbers (the review table reads their holder names).
  const answers = old.answers.map((a) =>
    (a.question_type === "gst_number" || a.question_type === "pan_number") && fields.includes(a.question_type)
      ? { ...a, single_input: data[a.question_type] }
      : a,
  );
  return { ...next, answers };
}
