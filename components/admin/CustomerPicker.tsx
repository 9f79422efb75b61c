"use client";
// A customer chosen by name, email or the platform's own reference instead of a
// typed id: staff type part of any of them, the platform's customers are searched
// on the server (GET /api/admin/customers/search, an indexed query, 250 ms after the
// last keystroke), and one match is picked with the mouse or the keyboard (a
// combobox: arrow keys move, Enter picks, Escape closes). Inside a form the chosen
// customer's id goes in a hidden field `name`; `onChange` tells a parent directly.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { bff } from "@/lib/browser/bff";

export interface CustomerChoice {
  id: string;
  name: string;
  email?: string;
  platformCustomerId?: string;
  umaAddress?: string;
}

interface SearchAnswer {
  customers: CustomerChoice[];
  more: boolean;
}

/** The server searches from two characters (a word's start) and by any part from three. */
const MIN_LENGTH = 2;
const DEBOUNCE_MS = 250;

type Search =
  | { state: "idle" }
  | { state: "searching"; q: string }
  | { state: "done"; q: string; answer: SearchAnswer }
  | { state: "failed"; q: string; message: string };

export function CustomerPicker({
  name,
  initial,
  label = "Customer (name, email or reference)",
  placeholder = "Any customer",
  clearText = "Any customer",
  onChange,
}: {
  /** The form field that carries the chosen customer's id (none when the parent listens to onChange). */
  name?: string;
  initial?: CustomerChoice;
  label?: string;
  placeholder?: string;
  /** The button that drops the choice ("Any customer" in a filter, "Choose another" in a form). */
  clearText?: string;
  onChange?: (customer: CustomerChoice | undefined) => void;
}) {
  const uid = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<CustomerChoice | undefined>(initial);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<Search>({ state: "idle" });
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const q = query.trim();

  useEffect(() => {
    if (chosen || q.length < MIN_LENGTH) {
      setSearch({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearch({ state: "searching", q });
      const r = await bff<SearchAnswer>("GET", `/api/admin/customers/search?q=${encodeURIComponent(q)}`);
      if (controller.signal.aborted) return;
      setActive(-1);
      setOpen(true);
      setSearch(r.ok ? { state: "done", q, answer: r.data } : { state: "failed", q, message: r.message });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [q, chosen]);

  const matches = search.state === "done" ? search.answer.customers : [];
  const listed = open && matches.length > 0;
  const listId = `${uid}-list`;
  const optionId = (i: number) => `${uid}-option-${i}`;

  const choose = (c: CustomerChoice | undefined) => {
    setChosen(c);
    setQuery("");
    setOpen(false);
    setActive(-1);
    onChange?.(c);
    // Back to the search field when the choice is dropped, so typing can go on.
    if (!c) setTimeout(() => input.current?.focus(), 0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (matches.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (e.key === "Enter") {
      // Enter picks the highlighted match (or the only one) instead of submitting the form.
      const pick = active >= 0 ? matches[active] : matches.length === 1 ? matches[0] : undefined;
      if (listed && pick) {
        e.preventDefault();
        choose(pick);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery("");
    }
  };

  const status = (() => {
    if (q.length === 0) return "";
    if (q.length < MIN_LENGTH) return `Type at least ${MIN_LENGTH} characters to search.`;
    if (search.state === "searching" || search.state === "idle" || search.q !== q) return "Searching…";
    if (search.state === "failed") return search.message;
    const n = search.answer.customers.length;
    if (n === 0) return `No customer matches “${search.q}”. Check the spelling or try part of the email.`;
    const how = "Choose one with the arrow keys and Enter, or click it.";
    if (search.answer.more) return `More than ${n} customers match; type more to narrow. ${how}`;
    return `${n === 1 ? "1 customer matches" : `${n} customers match`}. ${how}`;
  })();

  return (
    <div className="customer-picker">
      {name ? <input type="hidden" name={name} value={chosen?.id ?? ""} /> : null}
      {chosen ? (
        <p className="picker-chosen" role="group" aria-label={label}>
          <span>
            Customer: <strong>{chosen.name}</strong>
            {chosen.email ? <span className="muted"> ({chosen.email})</span> : null}
          </span>{" "}
          <button
            type="button"
            className="button-secondary"
            aria-label={`${clearText} instead of ${chosen.name}`}
            onClick={() => choose(undefined)}
          >
            {clearText}
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={`${uid}-search`}>{label}</label>
          <input
            ref={input}
            id={`${uid}-search`}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listed}
            aria-controls={listId}
            aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
            aria-describedby={`${uid}-count`}
            value={query}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
          />
          <p id={`${uid}-count`} className="muted picker-count" aria-live="polite">
            {status}
          </p>
          <ul id={listId} role="listbox" aria-label="Matching customers" className="picker-matches" hidden={!listed}>
            {listed
              ? matches.map((c, i) => (
                  <li
                    key={c.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? "picker-option active" : "picker-option"}
                    // mousedown, not click: the field keeps focus, so nothing closes before the pick.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(c);
                    }}
                    onMouseEnter={() => setActive(i)}
                  >
                    <span className="picker-name">{c.name}</span>
                    <span className="muted picker-detail">
                      {[c.email, c.platformCustomerId && c.platformCustomerId !== c.name ? c.platformCustomerId : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </li>
                ))
              : null}
          </ul>
        </>
      )}
    </div>
  );
}
