// The board of a game that has no board module: any view, laid out readably.
// Lists with one entry per player become a column per player (records spread into rows);
// everything else is listed under the table's heading, each term by its rulebook name.
// Each row and fact carries `data-area`, its key in the view, for a lesson to point at.

import { h } from "./dom.js";

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function perPlayer(value, players) {
  return Array.isArray(value) && value.length === players && players > 1;
}

/** A value of a view as nested HTML: records as lists of terms, lists of records as tables. */
export function showValue(value, text, name = "") {
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "—";
    return h(
      "dl",
      { class: "record" },
      keys.map((key) => [
        h("dt", {}, /^\d+$/.test(key) ? text.seat(Number(key)) : text.term(key)),
        h("dd", {}, showValue(value[key], text, key)),
      ]),
    );
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
    const columns = [...new Set(value.flatMap((item) => Object.keys(item)))];
    return h(
      "table",
      { class: "grid" },
      h("tr", {}, columns.map((c) => h("th", {}, text.term(c)))),
      value.map((item) => h("tr", {}, columns.map((c) => h("td", {}, showValue(item[c], text, c))))),
    );
  }
  if (value === null || value === undefined) return "—";
  return String(text.show(value, name));
}

export function renderGeneric(root, ctx) {
  const { view, text, players, seat } = ctx;
  const rows = [];
  const general = [];
  for (const [key, value] of Object.entries(view || {})) {
    if (!perPlayer(value, players)) {
      general.push([key, value]);
    } else if (value.every(isRecord)) {
      const fields = [...new Set(value.flatMap((item) => Object.keys(item)))];
      for (const field of fields) {
        rows.push([`${text.term(key)} · ${text.term(field)}`, value.map((item) => item[field]), field, key]);
      }
    } else {
      rows.push([text.term(key), value, key, key]);
    }
  }
  const heads = Array.from({ length: players }, (_, s) =>
    h("th", { class: s === seat ? "you" : null, "data-seat": s }, text.seat(s)),
  );
  root.replaceChildren(
    h(
      "section",
      { class: "generic" },
      general.length > 0 &&
        h(
          "dl",
          { class: "record table-facts" },
          general.map(([key, value]) => [
            h("dt", {}, text.term(key)),
            h("dd", { "data-key": key, "data-area": key }, showValue(value, text, key)),
          ]),
        ),
      rows.length > 0 &&
        h(
          "table",
          { class: "grid players" },
          h("tr", {}, h("th", {}), heads),
          rows.map(([label, values, field, area]) =>
            h(
              "tr",
              { "data-area": area },
              h("th", { scope: "row" }, label),
              values.map((value, s) =>
                h("td", { class: s === seat ? "you" : null }, showValue(value, text, field)),
              ),
            ),
          ),
        ),
    ),
  );
}
