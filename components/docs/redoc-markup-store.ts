// Hands a reference page's markup from the server component (RedocPage) to the
// client component that prints it (RedocMarkup) within one server process, so
// the markup is written into the HTML once and not also into the page's React
// payload (the flight data, which would carry the 0.6-0.8 MB again as a script
// string for the browser to parse). Server only in practice: the browser never
// reads it (RedocMarkup keeps the server's DOM there).
export interface RedocMarkupParts {
  html: string;
  css: string;
}

const store = globalThis as { __meridianRedocMarkup?: Map<string, RedocMarkupParts> };

export function putRedocMarkup(slug: string, parts: RedocMarkupParts): void {
  (store.__meridianRedocMarkup ??= new Map()).set(slug, parts);
}

export function redocMarkup(slug: string): RedocMarkupParts | undefined {
  return store.__meridianRedocMarkup?.get(slug);
}
