// The language switch in the page header.

import { h } from "./dom.js";
import { LANGUAGES } from "./i18n.js";
import * as store from "./store.js";

export function languageSwitch(root, lang, changed) {
  const select = h(
    "select",
    {
      id: "language-switch",
      "aria-label": "Language",
      onchange: (event) => {
        store.keepLanguage(event.target.value);
        changed(event.target.value);
      },
    },
    Object.entries(LANGUAGES).map(([code, name]) =>
      h("option", { value: code, selected: code === lang }, name),
    ),
  );
  root.replaceChildren(select);
  document.documentElement.lang = lang;
}
