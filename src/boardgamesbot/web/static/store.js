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
