// Undo: take back your latest action, while the server says the rules allow it (no one else
// has acted and nothing hidden has shown since). The log keeps the action and tells everyone
// it was taken back; the board returns to where it was.

import { api } from "./api.js";
import { h } from "./dom.js";

/** The Undo button, shown while `count` of this seat's latest actions may be taken back. */
export function renderUndo(root, { text, count, busy, undo }) {
  if (!count) {
    root.hidden = true;
    root.replaceChildren();
    return;
  }
  root.hidden = false;
  const t = text.t.bind(text);
  root.replaceChildren(
    h(
      "button",
      {
        type: "button",
        id: "undo",
        disabled: busy,
        onclick: undo,
        title: t("Take back your last action ({count:# action may be taken back|# actions may be taken back})", { count }),
      },
      t("Undo"),
    ),
  );
}

/** Take back this seat's last action, decided on `version`; the live update follows. */
export const takeBack = (table, token, version) =>
  api(`/tables/${encodeURIComponent(table)}/take-back`, {
    method: "POST",
    token,
    body: { count: 1, version },
  });
