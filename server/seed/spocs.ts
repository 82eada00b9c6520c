/**
 * Demo single points of contact (docs/spoc.md): each organisation's own contact, and one for
 * each of Acme's first two projects, so the list shows both kinds and a client sees only its own.
 */
import type { Queryable } from "../db/db";

export async function seedSpocs(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO spocs (organisation_id, project_id, name, responsibility, phone_number, email)
     SELECT o.id, NULL, c.name, 'Programme escalations', c.phone, c.email
     FROM organisations o
     JOIN (VALUES ('Retail Scan', 'Nikhil Bose', '9830000001', 'nikhil.bose@retailscan.in'),
                  ('Acme Beverages', 'Rekha Pillai', '9830000002', 'rekha.pillai@acmebeverages.in'),
                  ('Zenith Foods', 'Manoj Tiwari', '9830000003', 'manoj.tiwari@zenithfoods.in'))
       AS c (org, name, phone, email) ON c.org = o.name
     ORDER BY o.id`,
  );
  await tx.query(
    `INSERT INTO spocs (organisation_id, project_id, name, responsibility, phone_number, email)
     SELECT p.organisation_id, p.id, c.name, c.responsibility, c.phone, ''
     FROM (SELECT p.id, p.organisation_id, row_number() OVER (ORDER BY p.id) AS n
           FROM projects p JOIN organisations o ON o.id = p.organisation_id
           WHERE o.name = 'Acme Beverages') p
     JOIN (VALUES (1, 'Sanjay Rao', 'Field visits and outlet access', '9830000011'),
                  (2, 'Alka Jain', 'Retailer payouts', '9830000012'))
       AS c (n, name, responsibility, phone) ON c.n = p.n
     ORDER BY p.id`,
  );
}
