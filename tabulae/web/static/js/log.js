// The narrated event log: every event this seat may see, in order; private ones marked.

import { h, s } from "./dom.js";

/** A small padlock: the event is shown to this seat alone. */
function padlock(label) {
  return s(
    "svg",
    { class: "lock", viewBox: "0 0 12 14", width: 11, height: 13, role: "img", "aria-label": label },
    s("title", {}, label),
    s("path", { d: "M3 6V4a3 3 0 0 1 6 0v2", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }),
    s("rect", { x: 1, y: 6, width: 10, height: 7, rx: 1.5, fill: "currentColor" }),
  );
}

/** One event in words; `whose` says who alone sees a private one (the reader, by default). */
export function logEntry(event, text, latest = false, whose = text.t("Only you see this")) {
  const secret = Array.isArray(event.audience);
  return h(
    "li",
    {
      class: [secret ? "private" : "", latest ? "latest" : ""].join(" ").trim() || null,
      "data-key": event.key,
      "data-version": event.version,
      title: secret ? whose : null,
    },
    secret && padlock(whose),
    secret && " ",
    text.event(event),
  );
}

/** The log, the events of the versions after `litAfter` up to `latestVersion` lit up (by
 *  default, those of the latest version); `whose` labels the entries only some seats saw. */
export function renderLog(
  root,
  events,
  text,
  latestVersion = null,
  { whose = undefined, litAfter = latestVersion - 1 } = {},
) {
  const lit = (event) =>
    latestVersion !== null && event.version > litAfter && event.version <= latestVersion;
  const list = h(
    "ol",
    { class: "log" },
    events.map((event) => logEntry(event, text, lit(event), whose)),
  );
  root.replaceChildren(h("h2", {}, text.t("Events")), list);
  list.scrollTop = list.scrollHeight;
}
