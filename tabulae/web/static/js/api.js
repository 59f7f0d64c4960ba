// The server's HTTP API (docs/server.md): every refusal becomes an ApiError with its reason.

export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
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
export const tables = (status = "open") => api(`/tables?status=${status}`);
export const table = (id) => api(`/tables/${encodeURIComponent(id)}`);
export const createTable = (spec) => api("/tables", { method: "POST", body: spec });
export const join = (id, name, seat) =>
  api(`/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: { name, seat } });
export const leave = (id, token) =>
  api(`/tables/${encodeURIComponent(id)}/leave`, { method: "POST", token });
export const rematch = (id, token) =>
  api(`/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", token });
export const snapshot = (id, { token, since = -1, at } = {}) => {
  const query = new URLSearchParams({ since: String(since) });
  if (at !== undefined) query.set("at", String(at));
  return api(`/tables/${encodeURIComponent(id)}/state?${query}`, { token });
};
export const matchRecord = (id) => api(`/tables/${encodeURIComponent(id)}/match`);
