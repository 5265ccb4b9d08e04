// The service: REST under /api, live play over /ws (see docs/api.md).
export class ApiError extends Error {
  constructor(error, status) {
    super(error?.message || `HTTP ${status}`);
    this.error = error || { code: "http_error", message: `HTTP ${status}`, params: {} };
    this.status = status;
  }
}

export async function api(method, path, body = undefined, token = undefined) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError({ code: "offline", message: String(err), params: {} }, 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(data?.error, response.status);
  return data;
}

/** One live connection to a table; reconnects by itself until closed. */
export class Live {
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.queue = [];
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The seat's token travels as a subprotocol, never in the URL (URLs end up in logs).
    const protocols = this.token ? ["bgbot", `token.${this.token}`] : ["bgbot"];
    this.socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`, protocols);
    this.socket.onopen = () => {
      this.delay = 500;
      this.onStatus(true);
      for (const message of this.queue.splice(0)) this.socket.send(message);
    };
    this.socket.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    this.socket.onclose = (event) => {
      this.onStatus(false);
      if (this.closed || (event.code >= 4400 && event.code < 4500)) return;
      setTimeout(() => !this.closed && this.connect(), this.delay);
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
    this.socket.close();
  }
}
