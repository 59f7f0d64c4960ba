// The server's HTTP API (docs/server.md): every refusal becomes an ApiError with its reason.

export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

// The language the server words its refusals in: the one the page shows.
let language = null;

export function speak(lang) {
  language = lang;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (language) headers["Accept-Language"] = language;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, "offline", "the server cannot be reached");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    const { code = "http_error", message = response.statusText, ...extra } = error;
    throw new ApiError(response.status, code, message, extra);
  }
  return data;
}

export const games = () => api("/games");
export const bots = () => api("/bots");
export const levels = () => api("/levels");
export const tables = (status = "open") => api(`/tables?status=${status}`);
export const table = (id) => api(`/tables/${encodeURIComponent(id)}`);
export const createTable = (spec) => api("/tables", { method: "POST", body: spec });
/** Take a seat. `token`: one this browser holds for the table, if any (one person, one seat);
 *  `joinId`: makes a retry get the same seat and token; `acceptSeed`: the joiner was shown that
 *  the table is seeded. */
export const join = (id, name, seat, { token, joinId, acceptSeed = false } = {}) =>
  api(`/tables/${encodeURIComponent(id)}/join`, {
    method: "POST",
    body: { name, seat, join_id: joinId, accept_seed: acceptSeed },
    token,
  });

/** A random join id, as secret as a seat token. */
export const newJoinId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
export const leave = (id, token) =>
  api(`/tables/${encodeURIComponent(id)}/leave`, { method: "POST", token });
export const rematch = (id, token) =>
  api(`/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", token });
/** A seat's snapshot (a spectator's without `token`); `at`: after a past version; `seat`: as
 *  that seat saw it, which only its token holder may ask until the game is over. */
export const snapshot = (id, { token, since = -1, at, seat } = {}) => {
  const query = new URLSearchParams({ since: String(since) });
  if (at !== undefined) query.set("at", String(at));
  if (seat !== undefined && seat !== null) query.set("seat", String(seat));
  return api(`/tables/${encodeURIComponent(id)}/state?${query}`, { token });
};
/** At your turn, at a table that allows hints: the strongest bot's best moves for your seat. */
export const hint = (id, token) =>
  api(`/tables/${encodeURIComponent(id)}/hint`, { method: "POST", token });
export const matchRecord = (id) => api(`/tables/${encodeURIComponent(id)}/match`);
/** A finished match's review for `seat`: `{status: "running", done, total}` while the server
 *  computes it, then the review (`status: "done"`). */
export const review = (id, seat) =>
  api(`/matches/${encodeURIComponent(id)}/review?seat=${encodeURIComponent(String(seat))}`);
