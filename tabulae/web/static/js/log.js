// The narrated event log: every event this seat may see, in order; private ones marked.

import { h, s } from "./dom.js";
import { marked } from "./marks.js";

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
    marked(text.event(event), text),
  );
}

/** The log, the events of the versions after `litAfter` up to `latestVersion` lit up (by
 *  default, those of the latest version); `whose` labels the entries only some seats saw.
 *  The list scrolls, so it takes the keyboard's focus to be scrolled by the arrow keys. With
 *  `live`, it is a polite live region that a screen reader follows: the lines it already holds
 *  stay, and only the new ones are added, so that only they are read out. */
export function renderLog(
  root,
  events,
  text,
  latestVersion = null,
  { whose = undefined, litAfter = latestVersion - 1, live = false } = {},
) {
  const lit = (event) =>
    latestVersion !== null && event.version > litAfter && event.version <= latestVersion;
  const words = JSON.stringify([whose ?? "", text.names ?? []]);
  let list = root.querySelector(":scope > ol.log");
  if (!list || shown.get(list)?.text !== text || shown.get(list)?.words !== words) {
    list = h("ol", {
      class: "log",
      tabindex: 0,
      "aria-label": text.t("Events"),
      "aria-live": live ? "polite" : null,
    });
    shown.set(list, { text, words });
    root.replaceChildren(h("h2", {}, text.t("Events")), list);
  }
  // the lines already shown for the same events stay; those after them go, and the rest come
  const lines = [...list.children];
  let kept = 0;
  while (kept < lines.length && kept < events.length && said.get(lines[kept]) === identity(events[kept])) {
    kept += 1;
  }
  for (const line of lines.slice(kept)) line.remove();
  for (const event of events.slice(kept)) {
    const line = logEntry(event, text, false, whose);
    said.set(line, identity(event));
    list.append(line);
  }
  events.forEach((event, i) => list.children[i].classList.toggle("latest", lit(event)));
  list.scrollTop = list.scrollHeight;
}

// The text and names each list was written with (a list in other words is written anew), and
// the event each line tells.
const shown = new WeakMap();
const said = new WeakMap();

function identity(event) {
  return JSON.stringify([event.version, event.key, event.args, event.audience ?? null]);
}
