// The service: REST under /api, live play over /ws (see docs/api.md).
export class ApiError extends Error {
  constructor(error, status) {
    super(error?.message || `HTTP ${status}`);
    this.error = error || { code: "http_error", message: `HTTP ${status}`, params: {} };
    this.status = status;
  }
}

/** Call the API; `body` is an object to send as JSON, or JSON text already written. */
export async function api(method, path, body = undefined, token = undefined) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined || typeof body === "string" ? body : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError({ code: "offline", message: String(err), params: {} }, 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(data?.error, response.status);
  return data;
}

/** A state with a patch's ops applied: [path, value] sets, [path] deletes (docs/api.md). */
export function applyPatch(state, ops) {
  let root = structuredClone(state);
  for (const [path, ...value] of ops) {
    if (path.length === 0) { root = value[0]; continue; }
    let node = root;
    for (const key of path.slice(0, -1)) node = node[key];
    if (value.length) node[path[path.length - 1]] = value[0];
    else delete node[path[path.length - 1]];
  }
  return root;
}

// A connection can die without a close: a dropped Wi-Fi, or a phone moving to another
// network, leaves the socket looking open (half-open TCP) while nothing comes through, the
// page stale until the system gives up on it, minutes later. The server's WebSocket pings
// are answered by the browser, unseen by the page, and a page cannot send them. So the page
// asks itself: after QUIET_MS with nothing from the server it sends an app-level ping (the
// server answers `pong`, docs/api.md), and when nothing at all has come ANSWER_MS later it
// closes the socket and connects again the usual way (the badge shows meanwhile). A stale
// page is noticed within QUIET_MS + ANSWER_MS; a quiet table costs one small message each
// QUIET_MS.
export const QUIET_MS = 10000;
export const ANSWER_MS = 5000;

/** One live connection to a table; reconnects by itself until closed.
 * States after the first come as patches; `onMessage` always gets whole states;
 * `onStatus(up, retryAt)`: connected or not, and when not, when it tries again (Date.now()
 * time; null: it does not, the server closed it for good). */
export class Live {
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.retry = null; // the back-off's timer, while a try to connect again waits for it
    this.quiet = null; // while open: the timer that asks (ping) or gives up (no answer)
    this.queue = [];
    // The way to the server may be back: the browser online again (a phone's Wi-Fi back), or
    // the page seen again (a phone's screen back on: its timers were held while off). The
    // back-off waited up to 8 s after a drop, with friends' moves going by unseen; now one
    // try at once per such moment. Only while a try waits: none beside a connection open or
    // opening, and none after the server closed it for good.
    this.onBack = (event) => {
      if (event.type === "visibilitychange" && document.visibilityState !== "visible") return;
      // An open connection may be one of those dead ones (the phone changed networks, or
      // its timers were held while the screen was off): asked at once.
      if (this.socket?.readyState === WebSocket.OPEN && !this.closed) this.probe();
      if (this.retry === null || this.closed) return;
      clearTimeout(this.retry);
      this.retry = null;
      this.connect();
    };
    addEventListener("online", this.onBack);
    document.addEventListener("visibilitychange", this.onBack);
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The seat's token travels as a subprotocol, never in the URL (URLs end up in logs).
    const protocols = this.token ? ["bgbot", "patches", `token.${this.token}`] : ["bgbot", "patches"];
    this.state = null;
    this.socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`, protocols);
    const socket = this.socket;
    this.socket.onopen = () => {
      this.heard(socket);
      this.delay = 500;
      this.onStatus(true, null);
      for (const message of this.queue.splice(0)) this.socket.send(message);
    };
    this.socket.onmessage = (event) => {
      this.heard(socket);
      let message = JSON.parse(event.data);
      if (message.type === "pong") return; // the connection's own business
      if (message.type === "patch") message = applyPatch(this.state, message.ops);
      if (message.type === "state") this.state = message;
      this.onMessage(message);
    };
    this.socket.onclose = (event) => this.lost(socket, event.code);
  }

  /** `socket` closed (`code`, the close's): try again after the back-off, unless not wanted. */
  lost(socket, code) {
    if (socket !== this.socket) return;
    clearTimeout(this.quiet);
    if (this.closed || (code >= 4400 && code < 4500)) {
      this.onStatus(false, null);
      return;
    }
    // The back-off stays for a server that is down (each try doubles the wait, to 8 s):
    // a browser back online finds it down too and waits as long again.
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) this.connect();
    }, this.delay);
    this.onStatus(false, Date.now() + this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  /** Something came on `socket`: the next ping waits QUIET_MS from now. */
  heard(socket) {
    if (socket !== this.socket) return;
    clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.probe(), QUIET_MS);
  }

  /** Ping, and give the connection up when nothing comes within ANSWER_MS. */
  probe() {
    clearTimeout(this.quiet);
    const socket = this.socket;
    socket.send(JSON.stringify({ type: "ping" }));
    this.quiet = setTimeout(() => {
      // Given up at once: a dead connection's onclose waits for the browser's own timeout
      // on the close handshake (seconds, up to a minute).
      socket.onclose = socket.onmessage = null;
      socket.close();
      this.lost(socket, 1006);
    }, ANSWER_MS);
  }

  send(message) {
    const text = JSON.stringify(message);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.queue.push(text);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.quiet);
    removeEventListener("online", this.onBack);
    document.removeEventListener("visibilitychange", this.onBack);
    this.socket.close();
  }
}
