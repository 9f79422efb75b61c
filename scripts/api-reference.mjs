// Renders the API reference at build time with Redoc (redoc's React components,
// server-side, styles collected by styled-components' ServerStyleSheet): the
// front page (every operation by group, Redoc's search and sidebar) and one page
// per group with its operations' parameters, bodies, responses and curl and
// JavaScript examples. Writes .generated/api-reference/<page>.json (markup,
// styles, and the state Redoc's browser bundle hydrates from) for
// app/docs/api, and copies that bundle to public/vendor/redoc (no CDN).
// Runs from `npm run build`; does nothing when redoc (a dev dependency) is absent.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** Replaced by this server's origin when a page is served (the examples' URLs). */
const ORIGIN = "https://meridian.invalid";
const OUT = ".generated/api-reference";

const tagSlug = (tag) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The component schemas `value` reaches through $ref, transitively. */
function reachableSchemas(doc, value) {
  const names = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k === "$ref" && typeof x === "string" && x.startsWith("#/components/schemas/")) {
          const name = decodeURIComponent(x.slice("#/components/schemas/".length));
          if (!names.has(name)) {
            names.add(name);
            walk(doc.components.schemas[name]);
          }
        } else walk(x);
      }
  };
  walk(value);
  return Object.fromEntries([...names].sort().map((n) => [n, doc.components.schemas[n]]));
}

function operationsByTag(doc) {
  const byTag = new Map(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) byTag.get(op.tags[0]).push({ path, method, op });
  return byTag;
}

function basics(doc, base) {
  return [
    doc.info.description,
    "",
    "## The basics",
    "",
    `- **Base URL**: \`${base}\` on this server.`,
    "- **Authentication**: HTTP Basic with your client id as the user name and the client secret as the password;" +
      " agents send `Authorization: Bearer` with their access token.",
    "- **Errors**: a JSON body with `code`, `reason` and `details`.",
    `- **OpenAPI document**: [openapi.json](${base}/openapi.json) (OpenAPI ${doc.openapi}).`,
    "- **Try it**: the [interactive explorer](/docs/api/explorer) sends requests to this sandbox from the browser" +
      " (a larger page that takes a while to load).",
  ].join("\n");
}

/** The front page's document: every operation with its summary, linking to its group's page for the details. */
function frontDocument(doc, byTag) {
  const base = doc.servers[0].url;
  const paths = {};
  for (const [tag, ops] of byTag)
    for (const { path, method, op } of ops) {
      const href = `/docs/api/${tagSlug(tag)}#operation/${op.operationId}`;
      (paths[path] ??= {})[method] = {
        operationId: op.operationId,
        summary: op.summary,
        tags: op.tags,
        description: `${op.description ?? ""}\n\n[Parameters, request body, responses and examples](${href})`.trim(),
        ...(op.deprecated ? { deprecated: true } : {}),
        // No responses here: the group page has them (their rows were an eighth of this page's markup).
        responses: {},
      };
    }
  const groups = [...byTag.keys()].map((t) => `- [${t}](/docs/api/${tagSlug(t)})`).join("\n");
  return {
    openapi: doc.openapi,
    info: { ...doc.info, description: `${basics(doc, base)}\n\n## Groups\n\n${groups}` },
    servers: doc.servers,
    tags: doc.tags,
    paths,
  };
}

function groupDocument(doc, tag, ops) {
  const paths = {};
  for (const { path, method, op } of ops) (paths[path] ??= {})[method] = op;
  const others = doc.tags
    .filter((t) => t.name !== tag)
    .map((t) => `[${t.name}](/docs/api/${tagSlug(t.name)})`)
    .join(" · ");
  return {
    openapi: doc.openapi,
    info: {
      title: tag,
      version: doc.info.version,
      description: `Part of the [Meridian Global Payments API reference](/docs/api). Other groups: ${others}.`,
    },
    servers: doc.servers,
    tags: doc.tags.filter((t) => t.name === tag),
    paths,
    components: { securitySchemes: doc.components.securitySchemes, schemas: reachableSchemas(doc, paths) },
  };
}

const OPTIONS = {
  nativeScrollbars: true,
  // Responses start collapsed (their status and description show; a click opens the schema once the bundle
  // has hydrated the page) and JSON samples show two levels: the expanded schemas were most of a group
  // page's markup, which the browser parsed and laid out on every visit (docs/performance.md, h22docs).
  jsonSampleExpandLevel: 2,
  hideDownloadButtons: true,
  hideHostname: true,
  sortPropsAlphabetically: false,
  requiredPropsFirst: true,
  // Darker than Redoc's defaults where those miss the WCAG AA contrast ratio (status codes, type names).
  theme: {
    colors: {
      success: { main: "#11661d" },
      error: { main: "#b3150f" },
      warning: { main: "#8a5200" },
      text: { primary: "#1f2328", secondary: "#4a5361" },
    },
    schema: { typeNameColor: "#4a5361", typeTitleColor: "#4a5361", requireLabelColor: "#b3150f" },
    typography: {
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      code: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
    },
  },
};

/**
 * Long example lines wrap rather than scroll (a scrolling region would need a keyboard stop). Redoc's
 * theme is a light one: its area is white whatever the app's colour scheme (its text on the app's dark
 * body was unreadable). Each operation's section is laid out only when it nears the viewport
 * (content-visibility), at an estimated height until then (`auto`: its real one once laid out): the
 * browser skips the style and layout of the sections below the fold. Below 75rem (Redoc's narrow
 * layout, each section's dark example panel stacked under its text, sections about twice as tall)
 * each section also paints its own white background: axe-core's contrast check reads a skipped
 * section's content at its real offsets, past the estimated height, so a section taller than the
 * estimate overlapped the next one's top, and without a background of its own that top's text (on
 * white) was read against the neighbour's dark panel (a false "serious" at 375 px). Not in the wide
 * layout, where the dark column is one background behind all sections (docs/performance.md, h22ref).
 * `heights`: the estimates in px, wide and narrow (about the median section on the pages measured).
 */
const pageCss = (heights) =>
  ".redoc-wrap{background:#fff}\n" +
  ".redoc-wrap pre{white-space:pre-wrap;overflow-wrap:anywhere}\n" +
  `.redoc-wrap [data-section-id*="/operation/"][id^="tag/"]{content-visibility:auto;` +
  `contain-intrinsic-size:auto ${heights.wide}px}\n` +
  `@media (max-width:74.99rem){.redoc-wrap [data-section-id*="/operation/"][id^="tag/"]{` +
  `contain-intrinsic-size:auto ${heights.narrow}px;background:#fff}}`;

const decode = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The page's CSP allows no style attributes: each one Redoc rendered becomes a
 * data-style attribute with a rule in the page's styles (styles Redoc sets once
 * hydrated go through the CSSOM, which the policy allows).
 */
function withoutStyleAttributes(html) {
  const rules = new Map();
  const out = html
    .replace(/ style="([^"]*)"/g, (_, style) => {
      if (!rules.has(style)) rules.set(style, rules.size);
      return ` data-style="${rules.get(style)}"`;
    })
    // Redoc lets a wide table scroll sideways: a keyboard stop lets it scroll by keyboard too.
    .replace(/<table>/g, '<table tabindex="0">');
  const css = [...rules].map(([style, n]) => `.redoc-wrap [data-style="${n}"]{${decode(style)}}`).join("\n");
  return { html: out, css };
}

async function render(spec, sectionHeights) {
  const React = require("react");
  const { renderToString } = require("react-dom/server");
  const { ServerStyleSheet } = require("styled-components");
  const { Redoc, createStore } = require("redoc");
  const store = await createStore(spec, undefined, OPTIONS);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(React.createElement(Redoc, { store })));
    const css = sheet
      .getStyleElement()
      .map((el) => el.props.dangerouslySetInnerHTML.__html)
      .join("\n");
    const state = await store.toJS();
    const inline = withoutStyleAttributes(html);
    return { html: inline.html, css: `${css}\n${inline.css}\n${pageCss(sectionHeights)}`, state };
  } finally {
    sheet.seal();
  }
}

if (existsSync("node_modules/redoc/package.json")) {
  const dumped = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/openapi-document.ts", ORIGIN],
    { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "inherit"] },
  );
  if (dumped.status !== 0) process.exit(dumped.status ?? 1);
  const doc = JSON.parse(dumped.stdout);
  const byTag = operationsByTag(doc);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const pages = [
    { slug: "index", title: doc.info.title, spec: frontDocument(doc, byTag) },
    ...[...byTag].map(([tag, ops]) => ({ slug: tagSlug(tag), title: tag, spec: groupDocument(doc, tag, ops) })),
  ];
  for (const { slug, title, spec } of pages) {
    const page = await render(spec, slug === "index" ? { wide: 190, narrow: 370 } : { wide: 1200, narrow: 2500 });
    writeFileSync(`${OUT}/${slug}.json`, JSON.stringify({ title, origin: ORIGIN, ...page }));
  }
  writeFileSync(`${OUT}/pages.json`, JSON.stringify(pages.filter((p) => p.slug !== "index").map((p) => p.slug)));
  mkdirSync("public/vendor/redoc", { recursive: true });
  // Offline: the sidebar's "API docs by Redocly" logo is an image from Redocly's CDN, drawn once mounted.
  const bundle = readFileSync("node_modules/redoc/bundles/redoc.standalone.js", "utf8");
  const logo =
    'e?n.createElement("img",{alt:"redocly logo",onError:()=>t(!1),src:"https://cdn.redoc.ly/redoc/logo-mini.svg"}):null';
  if (!bundle.includes(logo)) throw new Error("redoc.standalone.js: the CDN logo to leave out was not found");
  writeFileSync("public/vendor/redoc/redoc.standalone.js", bundle.replace(logo, "null"));
  console.log(`API reference: ${pages.length} pages rendered with Redoc into ${OUT}`);
}
