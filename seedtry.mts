import pg from "pg";
import { seedScale } from "/work/wt/scale/tests/support/scale-seed";
const c = new pg.Client({ connectionString: process.env.URL });
await c.connect();
const pid = (await c.query(`INSERT INTO platforms (id, name, uma_domain) VALUES (gen_random_uuid(), 'scale', 'x.example') RETURNING id`)).rows[0].id;
const t0 = Date.now();
const ids = await seedScale(c, pid, { customers: Number(process.env.N ?? 2000), transactions: Number(process.env.N ?? 2000), accounts: Number(process.env.A ?? 400) }, "s" + Date.now() % 100000, (s) => console.log(((Date.now() - t0) / 1000).toFixed(1), s));
console.log(ids, (Date.now() - t0) / 1000);
await c.end();
