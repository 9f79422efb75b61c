// Loaded into a test server with NODE_OPTIONS="--import <this file>": answers
// dns.lookup for the host names in MERIDIAN_TEST_FAKE_DNS (a JSON object of
// name -> list of addresses) as a hostile DNS server would, like the public
// 127.0.0.1.nip.io-style names that resolve to private addresses, so tests can
// check what Meridian does with such names without any network. Every other
// name goes to the real resolver.
import dns from "node:dns";
import { isIP } from "node:net";
import { syncBuiltinESMExports } from "node:module";

const table = JSON.parse(process.env.MERIDIAN_TEST_FAKE_DNS ?? "{}");
const realLookup = dns.lookup;

dns.lookup = function fakeLookup(hostname, options, callback) {
  const cb = typeof options === "function" ? options : callback;
  const opts =
    typeof options === "object" && options !== null ? options : typeof options === "number" ? { family: options } : {};
  const answers = table[String(hostname).toLowerCase()];
  if (!answers) return realLookup.call(dns, hostname, options, callback);
  const addresses = answers.map((address) => ({ address, family: isIP(address) }));
  process.nextTick(() => (opts.all ? cb(null, addresses) : cb(null, addresses[0].address, addresses[0].family)));
  return {};
};
syncBuiltinESMExports();
