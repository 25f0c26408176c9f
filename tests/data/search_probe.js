/* Runs Material's own search worker under node on a built site's index: argv = worker, index, query.
   Prints the first eight result groups (location and score), best first. Used by tests/test_docs.py. */
const fs = require("fs"), vm = require("vm");
const [worker, index, query] = process.argv.slice(2);
const out = [];
let handler = null;
const ctx = { console, setTimeout, clearTimeout, importScripts: () => {}, location: { href: "http://x/" } };
ctx.self = ctx;
ctx.addEventListener = (t, f) => { handler = f; };
ctx.postMessage = (m) => out.push(m);
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(worker, "utf8"), ctx);
const data = JSON.parse(fs.readFileSync(index, "utf8")); data.options = { suggest: false };
(async () => {
  await handler({ data: { type: 0, data } });
  await new Promise(r => setTimeout(r, 20));
  await handler({ data: { type: 2, data: query } });
  await new Promise(r => setTimeout(r, 50));
  const res = out.find(m => m.type === 3);
  console.log(JSON.stringify(res ? res.data.items.slice(0, 8).map(g => g.slice(0, 2).map(d => d.location + " " + d.score.toFixed(1))) : out.map(m => m.type)));
})();
