"use client";
// A customer chosen by name or email instead of a typed id: staff type part of
// a name or an address, pick one of the matches, and the form sends the chosen
// customer's id in a hidden field. Matches come from the customers the page
// read (the newest 100, as the console's lists show).
import { useId, useState } from "react";

export interface CustomerChoice {
  id: string;
  name: string;
  email?: string;
}

const MAX_MATCHES = 8;

export function CustomerPicker({
  customers,
  name,
  initialId,
}: {
  customers: CustomerChoice[];
  /** The form field that carries the chosen customer's id. */
  name: string;
  initialId?: string;
}) {
  const uid = useId();
  const [chosen, setChosen] = useState<CustomerChoice | undefined>(() =>
    initialId ? (customers.find((c) => c.id === initialId) ?? { id: initialId, name: "A customer" }) : undefined,
  );
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const matches = q
    ? customers
        .filter((c) => c.name.toLowerCase().includes(q) || (c.email ?? "").toLowerCase().includes(q))
        .slice(0, MAX_MATCHES)
    : [];
  return (
    <div className="customer-picker">
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      {chosen ? (
        <p className="picker-chosen">
          <span id={`${uid}-chosen`}>
            Customer: <strong>{chosen.name}</strong>
            {chosen.email ? <span className="muted"> ({chosen.email})</span> : null}
          </span>{" "}
          <button
            type="button"
            className="button-secondary"
            aria-label={`Any customer instead of ${chosen.name}`}
            onClick={() => {
              setChosen(undefined);
              setQuery("");
            }}
          >
            Any customer
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={`${uid}-search`}>Customer (name or email)</label>
          <input
            id={`${uid}-search`}
            type="search"
            value={query}
            autoComplete="off"
            placeholder="Any customer"
            aria-describedby={`${uid}-count`}
            onChange={(e) => setQuery(e.target.value)}
          />
          <p id={`${uid}-count`} className="muted picker-count" aria-live="polite">
            {q ? (matches.length === 0 ? "No customer matches." : `${matches.length} shown: choose one.`) : ""}
          </p>
          {matches.length > 0 ? (
            <ul className="picker-matches" aria-label="Matching customers">
              {matches.map((c) => (
                <li key={c.id}>
                  <button type="button" className="button-secondary" onClick={() => setChosen(c)}>
                    {c.name}
                    {c.email ? <span className="muted"> {c.email}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
