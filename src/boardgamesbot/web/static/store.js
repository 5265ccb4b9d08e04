// What this browser remembers: the seats it holds (tokens), the settings to rematch, a name.
const SEATS = "bgbot.seats";
const NAME = "bgbot.name";

export function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS)) || {};
  } catch {
    return {};
  }
}

export function seatAt(tableId) {
  return mySeats()[tableId] || null;
}

export function saveSeat(tableId, info) {
  const seats = mySeats();
  seats[tableId] = { ...(seats[tableId] || {}), ...info, saved: Date.now() };
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function forgetSeat(tableId) {
  const seats = mySeats();
  delete seats[tableId];
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function myName() {
  return localStorage.getItem(NAME) || "";
}

export function saveName(name) {
  localStorage.setItem(NAME, name);
}

// Settings of this browser (shown on the table screen).
const CONFIRM = "bgbot.confirm";

/** Ask before an action that cannot be taken back (default: yes). */
export function confirmFinal() {
  return localStorage.getItem(CONFIRM) !== "off";
}

export function setConfirmFinal(on) {
  localStorage.setItem(CONFIRM, on ? "on" : "off");
}

const PACE = "bgbot.pace";
const PACES = ["slow", "normal", "fast", "instant"];

/** How fast others' moves are shown one at a time (pace.js SPEEDS); default "normal". */
export function moveSpeed() {
  const speed = localStorage.getItem(PACE);
  return PACES.includes(speed) ? speed : "normal";
}

export function setMoveSpeed(speed) {
  if (!PACES.includes(speed)) throw new Error(`unknown speed ${speed}: one of ${PACES.join(", ")}`);
  localStorage.setItem(PACE, speed);
}
