// The table's live WebSocket: says hello with the seat token, resumes from the last version
// seen after any drop, sends actions with ids so that a retry is never played twice, and pings
// now and then, as the server closes a connection that says nothing for minutes.

import { ApiError } from "./api.js";

const RETRY_MS = [250, 500, 1000, 2000, 4000];
const PING_MS = 30_000;

export class Live {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat token, or null to watch as a spectator
   * @param {object} on  handlers: update(message), table(summary), welcome(message),
   *                     chat(messages), coach(judgement of this seat's move),
   *                     status("online"|"offline"), refused(error) for a lost seat
   * @param {string} lang  the language the server words refusals in
   */
  constructor(tableId, token, on, lang = "en") {
    this.tableId = tableId;
    this.lang = lang;
    this.token = token;
    this.on = on;
    this.since = -1;
    this.pending = new Map();
    this.counter = 0;
    this.retries = 0;
    this.closed = false;
    this.socket = null;
    this.opened = null;
    this.pinger = null;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${this.tableId}/live`);
    this.socket = socket;
    this.opened = new Promise((resolve) => {
      socket.addEventListener("open", () => {
        socket.send(JSON.stringify({ type: "hello", token: this.token, since: this.since, lang: this.lang }));
        resolve();
      });
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => this.dropped(event));
  }

  receive(message) {
    if (message.type === "welcome") {
      this.retries = 0;
      this.on.status?.("online");
      this.on.welcome?.(message);
    } else if (message.type === "update") {
      this.since = message.version;
      this.on.update?.(message);
    } else if (message.type === "table") {
      this.on.table?.(message.table);
    } else if (message.type === "chat") {
      this.on.chat?.(message.messages);
    } else if (message.type === "coach") {
      this.on.coach?.(message);
    } else if (message.type === "ack") {
      this.settle(message.client_action_id, null, message);
    } else if (message.type === "error") {
      const { code, message: text, ...extra } = message.error;
      const error = new ApiError(0, code, text, extra);
      if (message.client_action_id && this.pending.has(message.client_action_id)) {
        this.settle(message.client_action_id, error);
      } else {
        this.on.refused?.(error);
      }
    }
  }

  settle(id, error, ack) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(error);
    else waiting.resolve(ack);
  }

  dropped(event) {
    clearInterval(this.pinger);
    this.on.status?.("offline");
    for (const [id, waiting] of this.pending) {
      waiting.reject(new ApiError(0, "offline", "the connection dropped; try again"));
      this.pending.delete(id);
    }
    // 44xx: the server refused this seat or table for good; anything else is worth a retry,
    // 4413 too: the page had stopped reading (a sleeping tab), and reads again now.
    const refused = event.code >= 4400 && event.code < 4500 && event.code !== 4413;
    if (this.closed || refused) return;
    const delay = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
    setTimeout(() => this.connect(), delay);
  }

  /** Play an action decided on `version`; resolves with the ack, rejects with the reason. */
  async act(action, version) {
    await this.opened;
    const id = `a${Date.now().toString(36)}.${(this.counter++).toString(36)}`;
    const acked = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.socket.send(JSON.stringify({ type: "act", action, version, client_action_id: id }));
    return acked;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
