// Player-facing text in the player's language, from the same catalogs as the terminal.
//
// Interface messages have their English text as msgid; a game's messages are keyed by event
// key (`<game>.drew`), action label (`<game>.action.play`) and help (`<game>.help.play`).
// Messages are Python format strings: `{n:# point|# points}` picks a plural form by the
// language's rule (`#` stands for the number), `{0:seat}` shows a seat as its player's name.
// Arguments follow the protocol's conventions: `seat`/`*_seat` is a seat, `seats`/`*_seats` a
// list of seats, a mapping with numeric keys is keyed by seat, and a word that is one of the
// game's terms is shown by its rulebook name.

import { api, speak } from "./api.js";
import * as store from "./store.js";

export const LANGUAGES = { en: "English", pl: "Polski", nl: "Nederlands", ru: "Русский" };
// The languages that write a decimal comma, and a minus sign (U+2212) as their catalogs do.
const DECIMAL_COMMA = new Set(["pl", "nl", "ru"]);

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
  speak(lang);
  return new Text(await api(game ? `/text/${lang}/${encodeURIComponent(game)}` : `/text/${lang}`));
}

export class Text {
  /** @param data  the server's answer: lang, plural (the catalogs' C expression), messages,
   *               and for a game its messages and terms */
  constructor(data) {
    this.lang = data.lang;
    this.game = data.game?.id ?? null;
    this.ui = data.messages;
    this.messages = data.game?.messages ?? {};
    this.terms = data.game?.terms ?? {};
    this.bots = data.bots ?? { labels: {}, form: "{bot} {n}" };
    this.names = [];
    // Words a table's options name otherwise, as its view tells them (`told`: for The
    // Builders' fourth apprentice, the pair of materials the option gives him), so that a
    // card is named alike on the board, its actions, its menus and the log.
    this.told = {};
    // The rule is the catalogs' own Plural-Forms expression, served by this server.
    this.pluralIndex = new Function("n", `return Number(${data.plural});`);
  }

  /** Interface text: the msgid is the English message. */
  t(msgid, args = {}) {
    return this.format(this.ui[msgid] || msgid, args);
  }

  term(word) {
    const named = Object.hasOwn(this.told, word) ? this.told[word] : word;
    return Object.hasOwn(this.terms, named) ? this.terms[named] : named;
  }

  /** Name words as the table whose `view` is shown names them (its `told`, where it has one). */
  namesOf(view) {
    this.told = view?.told ?? {};
  }

  hasTerm(word) {
    return Object.hasOwn(this.terms, word);
  }

  /** What a bot is ("greedy bot"), by its name and level, as the catalogs say. */
  botLabel(bot, level = null) {
    const { labels } = this.bots;
    return labels[`${bot}.${level}`] ?? labels[bot] ?? `${bot} bot`;
  }

  /** A seat's name as a summary gives it: an unnamed bot is what it is, numbered by its place
   *  among the table's bots ("Greedy bot 2"), in this language. */
  seatName(info) {
    if (info.bot && Number.isInteger(info.bot_order)) {
      const label = this.botLabel(info.bot, info.bot_level);
      const bot = label.charAt(0).toUpperCase() + label.slice(1);
      return this.format(this.bots.form, { bot, n: info.bot_order + 1 });
    }
    return info.name ?? this.t("Seat {n}", { n: info.seat + 1 });
  }

  /** Why the rules refused an action, in this language: the game's message for the refusal's
   *  key, else the server's words for it. */
  refusal(error) {
    const { key, args } = error.extra ?? {};
    return (key && this.message(key, args ?? {})) || error.message || error.extra?.reason;
  }

  seat(seat) {
    return Number.isInteger(seat) && seat >= 0 && seat < this.names.length ? this.names[seat] : "?";
  }

  /** A number as this language writes it ("-3.9" in English, "−3,9" in Polish): a whole one
   *  without decimals, else as many as it has, or `digits` of them. */
  number(value, digits = null) {
    const shown = digits === null ? String(value) : Number(value).toFixed(digits);
    return DECIMAL_COMMA.has(this.lang) ? shown.replace(".", ",").replace("-", "\u2212") : shown;
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
      return value.map((item) => (Array.isArray(item) ? `(${this.show(item)})` : this.shown(item))).join(", ");
    }
    if (typeof value === "object") {
      const keys = Object.keys(value);
      const bySeat = keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
      return keys
        .map((key) => `${bySeat ? this.seat(Number(key)) : this.term(key)}: ${this.item(value[key])}`)
        .join(", ");
    }
    return value;
  }

  /** A mapping's value; a list of several in parentheses, so the entries stay apart, and an
   *  empty one a dash. */
  item(value) {
    if (Array.isArray(value) && value.length === 0) return "—";
    const shown = this.shown(value);
    return Array.isArray(value) && value.length > 1 ? `(${shown})` : shown;
  }

  /** A value shown inside a list or a mapping, where no format string writes its number: a
   *  fraction as the language writes it. */
  shown(value) {
    return typeof value === "number" && !Number.isInteger(value) ? this.number(value) : this.show(value);
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
    if (event.key === "took_back") {
      const { seat, count } = event.args;
      return this.t("{player} took back {count:# action|# actions}.", { player: this.seat(seat), count });
    }
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
        const written = typeof value === "number" ? this.number(value) : String(value);
        return forms[Math.min(this.plural(value), forms.length - 1)].replaceAll("#", written);
      }
      if (spec === "seat") return this.seat(value);
      if (typeof value === "number" && !Number.isInteger(value)) return this.number(value);
      return String(value);
    });
  }
}
