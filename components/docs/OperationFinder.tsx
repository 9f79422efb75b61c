"use client";
// The API reference's index: every operation by group, and a search box that
// narrows the list as you type (method, path, summary or group). The list is
// rendered on the server; without script it is simply the whole list.
import Link from "next/link";
import { useId, useState } from "react";

export interface FinderGroup {
  name: string;
  href: string;
  operations: { id: string; method: string; path: string; summary: string; href: string }[];
}

export function OperationFinder({ groups }: { groups: FinderGroup[] }) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((w) => text.includes(w));
  const shown = groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((o) =>
        matches(`${g.name} ${o.method} ${o.path} ${o.summary} ${o.id}`.toLowerCase()),
      ),
    }))
    .filter((g) => g.operations.length > 0);
  const count = shown.reduce((n, g) => n + g.operations.length, 0);
  return (
    <section aria-labelledby="operations-heading" className="api-finder">
      <h2 id="operations-heading">Operations</h2>
      <div className="form api-search" role="search">
        <label htmlFor={inputId}>Search operations</label>
        <input
          id={inputId}
          type="search"
          value={query}
          placeholder="e.g. signing key, POST /quotes"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="muted" role="status">
        {words.length ? `${count} operation(s) match.` : `${count} operations in ${groups.length} groups.`}
      </p>
      {shown.map((g) => (
        <section key={g.name} aria-label={g.name} className="api-group">
          <h3>
            <Link href={g.href}>{g.name}</Link>
          </h3>
          <ul className="api-op-list">
            {g.operations.map(({ id, href, method, path, summary }) => (
              <li key={id}>
                <Link href={href}>
                  <span className={`method method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code>{" "}
                  <span className="api-op-summary">{summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
