// Player-facing text in the player's language, from the same catalogs as the terminal.
//
// Interface messages have their English text as msgid; a game's messages are keyed by event
// key (`<game>.drew`), action label (`<game>.action.play`) and help (`<game>.help.play`).
// Messages are Python format strings: `{n:# point|# points}` picks a plural form by the
// language's rule (`#` stands for the number), `{0:seat}` shows a seat as its player's name.
// Arguments follow the protocol's conventions: `seat`/`*_seat` is a seat, `seats`/`*_seats` a
// list of seats, a mapping with numeric keys is keyed by seat, and a word that is one of the
// game's terms is shown by its rulebook name.

import { api } from "./api.js";
import * as store from "./store.js";

export const LANGUAGES = { en: "English", pl: "Polski", nl: "Nederlands", ru: "Русский" };

export function chosenLanguage() {
  const kept = store.language();
  if (kept in LANGUAGES) return kept;
  for (const tag of navigator.languages || []) {
    const lang = tag.slice(0, 2).toLowerCase();
    if (lang in LANGUAGES) return lang;
  }
  return "en";
}

/** The interface's text, and a game's when `game` is given, in one language. */
export async function loadText(lang, game = null) {
  return new Text(await api(game ? `/text/${lang}/${encodeURIComponent(game)}` : `/text/${lang}`));
}

export class Text {
  /** @param data  the server's answer: lang, plural (the catalogs' C expression), messages,
   *               and for a game its messages and terms */
  constructor(data) {
    this.lang = data.lang;
    this.ui = data.messages;
    this.messages = data.game?.messages ?? {};
    this.terms = data.game?.terms ?? {};
    this.names = [];
    // The rule is the catalogs' own Plural-Forms expression, served by this server.
    this.pluralIndex = new Function("n", `return Number(${data.plural});`);
  }

  /** Interface text: the msgid is the English message. */
  t(msgid, args = {}) {
    return this.format(this.ui[msgid] || msgid, args);
  }

  term(word) {
    return Object.hasOwn(this.terms, word) ? this.terms[word] : word;
  }

  hasTerm(word) {
    return Object.hasOwn(this.terms, word);
  }

  seat(seat) {
    return Number.isInteger(seat) && seat >= 0 && seat < this.names.length ? this.names[seat] : "?";
  }

  /** An argument as a player reads it; numbers stay numbers for plural forms. */
  show(value, name = "") {
    if (name === "seat" || name.endsWith("_seat")) return this.seat(value);
    if ((name === "seats" || name.endsWith("_seats")) && Array.isArray(value)) {
      return value.map((s) => this.seat(s)).join(", ");
    }
    if (typeof value === "boolean") return value ? this.t("yes") : this.t("no");
    if (typeof value === "string") return this.term(value);
    if (value === null || value === undefined) return "—";
    if (Array.isArray(value)) {
      return value.map((item) => (Array.isArray(item) ? `(${this.show(item)})` : this.show(item))).join(", ");
    }
    if (typeof value === "object") {
      const keys = Object.keys(value);
      const bySeat = keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
      return keys
        .map((key) => `${bySeat ? this.seat(Number(key)) : this.term(key)}: ${this.show(value[key])}`)
        .join(", ");
    }
    return value;
  }

  /** A game message filled in, or null if no catalog has it. */
  message(msgid, args = {}, positional = []) {
    const template = this.messages[msgid];
    if (!template) return null;
    const shown = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, this.show(v, k)]));
    try {
      return this.format(template, shown, positional.map((v) => this.show(v)));
    } catch {
      return null;
    }
  }

  event(event) {
    const text = this.message(event.key, event.args);
    if (text !== null) return text;
    const args = Object.entries(event.args || {}).map(([k, v]) => `${k}=${this.show(v, k)}`);
    return `${event.key} ${args.join(", ")}`.trim();
  }

  /** An action's label, e.g. "Play tile 5" for `play 5`; else its notation with terms named. */
  action(action, game) {
    const [kind, ...args] = action;
    const label = this.message(`${game}.action.${kind}`, {}, args);
    if (label !== null) return label;
    return [kind, ...args].map((word) => this.show(word)).join(" ");
  }

  help(kind, game) {
    return this.message(`${game}.help.${kind}`);
  }

  plural(n) {
    return this.pluralIndex(Math.abs(Math.trunc(Number(n))));
  }

  /** Python's str.format with plural forms and seat names. */
  format(template, args = {}, positional = []) {
    let next = 0;
    return template.replace(/\{\{|\}\}|\{([^{}:]*)(?::([^{}]*))?\}/g, (whole, field, spec) => {
      if (whole === "{{") return "{";
      if (whole === "}}") return "}";
      const key = field === "" ? String(next++) : field;
      const value = /^\d+$/.test(key) ? positional[Number(key)] : args[key];
      if (value === undefined) throw new Error(`no value for {${key}}`);
      if (spec && spec.includes("|")) {
        const forms = spec.split("|");
        return forms[Math.min(this.plural(value), forms.length - 1)].replaceAll("#", String(value));
      }
      if (spec === "seat") return this.seat(value);
      return String(value);
    });
  }
}
