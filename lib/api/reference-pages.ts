// The API reference pages Redoc rendered at build time (scripts/api-reference.mjs):
// markup, styles and hydration state per page, read once per process, with the
// examples' placeholder origin replaced by this server's.
import "server-only";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { appOrigin } from "../env";

export interface ReferencePage {
  title: string;
  html: string;
  css: string;
  /**
   * Redoc's state as JSON text. Not in the page's HTML: the browser fetches it once the page has
   * loaded (app/docs/api/state/[slug]), to hydrate the page with it (docs/performance.md, h22ref).
   */
  state: string;
  /** A hash of `state`, in its URL: a new build's state has a new URL, so a browser may cache it for good. */
  stateVersion: string;
  /** Where the browser fetches `state`. */
  stateUrl: string;
}

const DIR = join(process.cwd(), ".generated", "api-reference");
const cache = globalThis as { __meridianReferencePages?: Map<string, ReferencePage | null> };

/** The group pages' slugs (empty when the build did not render the reference). */
export function referenceGroups(): string[] {
  const file = join(DIR, "pages.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as string[]) : [];
}

/** The page `slug` ("index" for the front page), or null when it does not exist. */
export function referencePage(slug: string): ReferencePage | null {
  const pages = (cache.__meridianReferencePages ??= new Map());
  if (pages.has(slug)) return pages.get(slug)!;
  let page: ReferencePage | null = null;
  if (slug === "index" || referenceGroups().includes(slug)) {
    const raw = JSON.parse(readFileSync(join(DIR, `${slug}.json`), "utf8")) as {
      title: string;
      origin: string;
      html: string;
      css: string;
      state: unknown;
    };
    const origin = new URL(appOrigin()).origin;
    const state = JSON.stringify(raw.state).replaceAll(raw.origin, origin);
    const stateVersion = createHash("sha256").update(state).digest("base64url").slice(0, 16);
    page = {
      title: raw.title,
      html: raw.html.replaceAll(raw.origin, origin),
      css: raw.css,
      state,
      stateVersion,
      stateUrl: `/docs/api/state/${slug}?v=${stateVersion}`,
    };
  }
  pages.set(slug, page);
  return page;
}
