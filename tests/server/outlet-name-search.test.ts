// @vitest-environment node
/**
 * The outlet search by name or owner reads the trigram indexes of migration 0012 instead of every
 * name, and answers exactly as reading every name does: the same rows in the same order. The list's
 * page and count, read in as few statements as measured fastest (a count in the page's statement,
 * names read by id), are those of one plain query joining every table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../server/db/db";
import {
  LISTING_LIMITS,
  listOutlets,
  OUTLET_COLUMNS_SQL,
  OUTLET_JOINS_SQL,
  toListed,
} from "../../server/outlets/listing";
import { queryValues } from "../../src/domain/api/endpoint";
import { listingFilter, OutletListingQuery } from "../../src/domain/outlets/outletListing";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import { startTestServer, type TestServer } from "./support";

let server: TestServer;
let subProjectIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  subProjectIds = (await server.db.query<{ id: number }>("SELECT id FROM sub_projects")).map((r) => r.id);
});
afterAll(async () => {
  await server.close();
});

/** Every count exact and the names walked from the usual number of matches. */
const EXACT = { ...LISTING_LIMITS, exactCount: 1_000_000_000 };

/** Planner settings that make the search read the trigram indexes, or read every row. */
const WITH_INDEXES = ["enable_seqscan = off"];
const EVERY_ROW = ["enable_indexscan = off", "enable_bitmapscan = off", "enable_indexonlyscan = off"];

/** Runs fn in a transaction whose planner settings end with it. */
function withPlanner<T>(settings: readonly string[], fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return server.db.transaction(async (tx) => {
    for (const setting of settings) await tx.query(`SET LOCAL ${setting}`);
    return fn(tx);
  });
}

/** The query string's filter, read as the endpoint reads it. */
function filterOf(query: string) {
  const read = decodeFields(OutletListingQuery, queryValues(new URLSearchParams(query)));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return listingFilter(read.value);
}

async function search(settings: readonly string[], query: string) {
  const filter = filterOf(query);
  return withPlanner(settings, (tx) =>
    listOutlets(tx, filter, subProjectIds, [], { number: 1, size: 1000, offset: 0 }),
  );
}

describe("outlet name search", () => {
  it("reads the trigram indexes of both names", async () => {
    const plan = await withPlanner(WITH_INDEXES, (tx) =>
      tx.query<{ "QUERY PLAN": string }>(
        "EXPLAIN SELECT o.id FROM outlets o WHERE o.name ILIKE '%kirana%' OR o.owner_name ILIKE '%kirana%'",
      ),
    );
    const text = plan.map((line) => line["QUERY PLAN"]).join("\n");
    expect(text).toContain("outlets_name_trigrams");
    expect(text).toContain("outlets_owner_name_trigrams");
    expect(text).not.toContain("Seq Scan");
  });

  it("gives the same rows in the same order as reading every name", async () => {
    const [sample] = await server.db.query<{ name: string; owner_name: string }>(
      "SELECT name, owner_name FROM outlets ORDER BY rsid LIMIT 1 OFFSET 7",
    );
    const middle = (text: string) => text.slice(1, Math.min(text.length, 7));
    const searches = [
      "kirana",
      "KIRANA",
      "Store",
      middle(sample!.name),
      middle(sample!.name).toUpperCase(),
      middle(sample!.owner_name),
      sample!.owner_name,
      "a",
      "st",
      " ",
      "%",
      "_",
      "\\",
      "a%b",
      "no such outlet anywhere",
    ];
    const orderings = ["-created", "name", "-name", "rsid", "city"];
    let matched = 0;
    for (const text of searches) {
      for (const ordering of orderings) {
        const query = `status=active&status=inactive&include_temp=yes&ordering=${ordering}&search=${encodeURIComponent(text)}`;
        const indexed = await search(WITH_INDEXES, query);
        const scanned = await search(EVERY_ROW, query);
        expect(indexed.count, `${text} by ${ordering}`).toBe(scanned.count);
        expect(
          indexed.rows.map((o) => o.rsid),
          `${text} by ${ordering}`,
        ).toEqual(scanned.rows.map((o) => o.rsid));
        expect(indexed.rows).toEqual(scanned.rows);
        matched += indexed.rows.length;
      }
    }
    // The searches found outlets, so the comparison compared something.
    expect(matched).toBeGreaterThan(100);
    expect((await search(WITH_INDEXES, "search=no%20such%20outlet%20anywhere")).count).toBe(0);
  });

  it("gives the page and count of one plain query over the joined tables, for every ordering and page", async () => {
    /** Each filter as a query string and as a plain WHERE clause over the joined tables. */
    const filters: [string, string][] = [
      [
        "status=active&include_temp=yes&search=kirana",
        "o.status = 'active' AND (o.name ILIKE '%kirana%' OR o.owner_name ILIKE '%kirana%')",
      ],
      [
        "status=active&status=inactive&include_temp=yes&search=store",
        "(o.name ILIKE '%store%' OR o.owner_name ILIKE '%store%')",
      ],
      [
        "status=qc_pending&status=calling_accepted&status=active&region=1&include_temp=yes",
        "o.workflow_state IN ('qc_pending', 'calling_accepted') AND o.status = 'active' AND o.region_id = 1",
      ],
      ["status=active&include_temp=no", "o.status = 'active' AND NOT o.is_temp"],
    ];
    const orderings: [string, string][] = [
      ["-created", "o.created DESC, o.rsid DESC"],
      ["modified", "o.modified ASC, o.rsid ASC"],
      ["name", "o.name ASC, o.rsid ASC"],
      ["-rsid", "o.rsid DESC, o.rsid DESC"],
      ["workflow_state", "o.workflow_state ASC, o.rsid ASC"],
      ["city", "c.name ASC, o.rsid ASC"],
      ["-city", "c.name DESC, o.rsid DESC"],
      ["region", "r.name ASC, o.rsid ASC"],
      ["-region", "r.name DESC, o.rsid DESC"],
    ];
    // First and second pages, a page of 100 and a page past the end.
    const pages = [
      { number: 1, size: 15, offset: 0 },
      { number: 2, size: 15, offset: 15 },
      { number: 1, size: 100, offset: 0 },
      { number: 500, size: 15, offset: 7485 },
    ];
    let compared = 0;
    for (const [query, where] of filters) {
      const scoped = `o.sub_project_id = ANY($1::int[]) AND ${where}`;
      const [plain] = await server.db.query<{ count: number }>(
        `SELECT count(*)::int AS count ${OUTLET_JOINS_SQL} WHERE ${scoped}`,
        [subProjectIds],
      );
      expect(plain!.count, query).toBeGreaterThan(0);
      for (const [ordering, orderBy] of orderings) {
        const filter = filterOf(`${query}&ordering=${ordering}`);
        for (const page of pages) {
          const listed = await listOutlets(server.db, filter, subProjectIds, [], page, EXACT);
          const expected = await server.db.query<Parameters<typeof toListed>[0]>(
            `SELECT ${OUTLET_COLUMNS_SQL} ${OUTLET_JOINS_SQL} WHERE ${scoped} ORDER BY ${orderBy} LIMIT $2 OFFSET $3`,
            [subProjectIds, page.size, page.offset],
          );
          const label = `${query} by ${ordering}, page ${page.number} of ${page.size}`;
          expect(listed.count, label).toBe(plain!.count);
          expect(listed.estimated, label).toBe(false);
          expect(listed.rows, label).toEqual(expected.map(toListed));
          expect(listed.more, label).toBe(page.offset + page.size < plain!.count);
          // The walk of the cities or regions in name order (from 0 matches) gives the same page.
          const walked = await listOutlets(server.db, filter, subProjectIds, [], page, {
            ...EXACT,
            walkNamesFrom: 0,
          });
          expect(walked, `${label}, names walked`).toEqual(listed);
          // Counted exactly only up to 10 matches: the same page, and a next page only where one
          // follows; past 10 the count is an estimate that never says fewer than the pages showed.
          const capped = await listOutlets(server.db, filter, subProjectIds, [], page, {
            ...LISTING_LIMITS,
            exactCount: 10,
          });
          expect(capped.rows, `${label}, capped`).toEqual(listed.rows);
          expect(capped.more, `${label}, capped`).toBe(listed.more);
          const kept = !query.includes("search=") && !query.includes("region=");
          expect(capped.estimated, `${label}, capped`).toBe(!kept && plain!.count > 10);
          if (capped.estimated)
            expect(capped.count).toBeGreaterThanOrEqual(Math.max(11, page.offset + listed.rows.length));
          else expect(capped.count).toBe(plain!.count);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
