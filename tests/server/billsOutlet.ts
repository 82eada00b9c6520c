/**
 * The invoice tests' server: the demo data's bills outlet moved to qc_pending, where QC edits its
 * invoices (001 §4.2), and calls as any demo user, each signed in once.
 */
import { BILLS_OUTLET } from "../../server/seed/invoices";
import { startTestServer, type TestServer } from "./support";

export type BillsServer = {
  server: TestServer;
  /** The bills outlet's workflow object. */
  wo: number;
  /** The signed-in headers of a demo user. */
  as: (username: string) => Promise<Record<string, string>>;
  call: (user: string, method: string, path: string, body?: unknown) => ReturnType<TestServer["call"]>;
};

export async function startBillsServer(): Promise<BillsServer> {
  const server = await startTestServer();
  const [row] = await server.db.query<{ wo: number }>(
    `SELECT w.id AS wo FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id WHERE o.rsid = $1`,
    [BILLS_OUTLET],
  );
  const wo = row!.wo;
  await server.db.query(
    "UPDATE outlets SET workflow_state = 'qc_pending' WHERE id = (SELECT outlet_id FROM workflow_objects WHERE id = $1)",
    [wo],
  );
  const sessions = new Map<string, Promise<Record<string, string>>>();
  const as = (username: string) => {
    if (!sessions.has(username)) sessions.set(username, server.signIn(username));
    return sessions.get(username)!;
  };
  const call: BillsServer["call"] = async (user, method, path, body) =>
    server.call(method, path, { headers: await as(user), ...(body === undefined ? {} : { body }) });
  return { server, wo, as, call };
}
