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
    this.queue = [];
    // The way to the server may be back: the browser online again (a phone's Wi-Fi back), or
    // the page seen again (a phone's screen back on: its timers were held while off). The
    // back-off waited up to 8 s after a drop, with friends' moves going by unseen; now one
    // try at once per such moment. Only while a try waits: none beside a connection open or
    // opening, and none after the server closed it for good.
    this.onBack = (event) => {
      if (event.type === "visibilitychange" && document.visibilityState !== "visible") return;
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
    this.socket.onopen = () => {
      this.delay = 500;
      this.onStatus(true, null);
      for (const message of this.queue.splice(0)) this.socket.send(message);
    };
    this.socket.onmessage = (event) => {
      let message = JSON.parse(event.data);
      if (message.type === "patch") message = applyPatch(this.state, message.ops);
      if (message.type === "state") this.state = message;
      this.onMessage(message);
    };
    this.socket.onclose = (event) => {
      if (this.closed || (event.code >= 4400 && event.code < 4500)) {
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
    };
  }

  send(message) {
    const text = JSON.stringify(message);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.queue.push(text);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    removeEventListener("online", this.onBack);
    document.removeEventListener("visibilitychange", this.onBack);
    this.socket.close();
  }
}
