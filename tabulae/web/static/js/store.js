// What the browser keeps between visits: seat tokens per table, the player's name, the language.
// A seat token is the only key to a seat, so it stays in this browser's storage and nowhere else.

const SEATS = "tabulae.seats";
const NAME = "tabulae.name";
const LANGUAGE = "tabulae.language";

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function seatAt(tableId) {
  return read(SEATS, {})[tableId] || null;
}

export function keepSeat(tableId, seat, token) {
  const seats = read(SEATS, {});
  seats[tableId] = { seat, token };
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function forgetSeat(tableId) {
  const seats = read(SEATS, {});
  delete seats[tableId];
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function playerName() {
  return read(NAME, "");
}

export function keepName(name) {
  localStorage.setItem(NAME, JSON.stringify(name));
}

export function language() {
  return read(LANGUAGE, null);
}

export function keepLanguage(lang) {
  localStorage.setItem(LANGUAGE, JSON.stringify(lang));
}

const ALERTS = "tabulae.alerts";

/** Which turn alerts beyond the tab's title the player asked for: both off unless chosen. */
export function alertSettings() {
  const kept = read(ALERTS, {});
  return { sound: kept.sound === true, notification: kept.notification === true };
}

export function keepAlertSettings(settings) {
  localStorage.setItem(ALERTS, JSON.stringify(settings));
}
