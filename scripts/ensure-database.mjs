// Creates the database named by the URL given (or TEST_DATABASE_URL) when it does not exist yet,
// connecting to the server's `postgres` database to do so. Used by .ci/run before the PostgreSQL
// rerun of the server tests, so a fresh PostgreSQL works without manual setup.
import pg from "pg";

const target = new URL(process.argv[2] ?? process.env.TEST_DATABASE_URL ?? "");
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: "${name}"`);
const server = new URL(target);
server.pathname = "/postgres";
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
try {
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!rowCount) {
    await client.query(`CREATE DATABASE "${name}"`);
    console.log(`created database ${name}`);
  }
} finally {
  await client.end();
}
