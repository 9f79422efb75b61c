// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset the browser fetches as a
// file: the built chunks (.next/static) and the vendored reference renderers (public/vendor).
// scripts/serve.mjs serves those copies as they are (lib: sirv), so the server no longer
// compresses the same immutable bytes again for every fresh browser, on the cores that render the
// page it is waiting for (docs/performance.md, "Precompressed static files"). Runs at the end of
// `npm run build`; a copy newer than its source is kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const PRECOMPRESSED_DIRS = [".next/static", "public/vendor"];
const TEXT = /\.(js|mjs|css|json|svg|txt|map|html)$/;
// Below this the headers outweigh what compression saves.
const MIN_BYTES = 1024;
// Brotli's best quality takes ~7 s for the 4 MB reference renderer here and saves 10 % over
// quality 9 (0.45 s); the app's own chunks (< 0.5 MB each) get the best.
const qualityFor = (bytes) => (bytes > 1_000_000 ? 9 : 11);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

function fresh(copy, source) {
  try {
    return statSync(copy).mtimeMs >= statSync(source).mtimeMs;
  } catch {
    return false;
  }
}

async function precompress(file) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) return 0;
  const copies = [
    [`${file}.br`, () => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: qualityFor(bytes.length) } })],
    [`${file}.gz`, () => gzipAsync(bytes, { level: 9 })],
  ];
  let written = 0;
  for (const [copy, compress] of copies) {
    if (fresh(copy, file)) continue;
    writeFileSync(copy, await compress());
    written++;
  }
  return written;
}

const started = performance.now();
const files = PRECOMPRESSED_DIRS.flatMap(filesUnder).filter((f) => TEXT.test(f));
// zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
const written = (await Promise.all(files.map(precompress))).reduce((a, b) => a + b, 0);
const ms = Math.round(performance.now() - started);
process.stdout.write(`precompressed ${files.length} static files (${written} copies written) in ${ms} ms\n`);
