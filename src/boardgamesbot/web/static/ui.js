// Shared bits of the shell every screen uses: notices, navigation, the rules dialog.
import { h } from "./dom.js";
import { errorText } from "./i18n.js";

// Where the person last touched the screen (its height, 0 to 1): a notice is shown at
// the other end of it (notify).
let touchedAt = 0;
let touchedY = 0; // (in px, for the notice at the foot: it reaches not up to the spot tapped)
document.addEventListener("pointerdown", (event) => {
  // (a tap on the notice's own "Why not?" keeps it where it is)
  if (event.target.closest?.("#notice")) return;
  touchedAt = event.clientY / (innerHeight || 1);
  touchedY = event.clientY;
}, { capture: true });

/**
 * Say `text` in the notice: over the page (style.css), not in its flow. Standing above
 * the board, a refusal with its "Why not?" and the rule it cites pushed the board ~120 px
 * down under the thumb that had just tapped it; over the page it moves nothing, and it
 * stands at the end of the screen away from the last touch (a refused tap low on a
 * phone's board: at the top; high: at the foot), so it covers not the spot tapped. A tap
 * on it (not on its links) puts it away; a notice that is not an error goes by itself.
 */
export function notify(text, kind = "info") {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.className = `notice ${kind}${text && touchedAt < 0.5 ? " at-foot" : ""}`;
  notice.hidden = !text;
  notice.onclick = (event) => { if (!event.target.closest("a, button")) hideNotice(); };
  clearTimeout(notify.timer);
  if (text && kind !== "error") notify.timer = setTimeout(hideNotice, 6000);
  followStatusLine(Boolean(text));
}

function hideNotice() {
  document.getElementById("notice").hidden = true;
  followStatusLine(false);
}

// The status line stuck to a phone's top says whose turn it is and what to do: a notice
// at the top stands under it, not over it (a season's headline lay over it for 6 s after
// the drawing that scored it was confirmed at the foot). At the foot the notice stands
// above what is there to act with (the turn's panel, the bar that asks to confirm, "Skip
// to the present"): it lay over the turn's buttons, and an error stays until tapped away.
const GAP = 4;
/** How far below the point tapped the spot tapped is taken to reach (half a fingertip and more). */
const SPOT = 32;
const AT_FOOT = ".panel.decision.yours, .confirm-bar, .table-head > .pace";
/** The least height a notice is given where it is not read whole (it scrolls). */
const ROOM = 64;

const overlapsAcross = (a, b) => a.left < b.right && b.left < a.right;

/** The bottom of the status line(s) over `box`'s width stuck to the screen's top (0: none). */
function statusEdge(box) {
  const lines = [...document.querySelectorAll(".status-line")].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < 2 * GAP && overlapsAcross(r, box));
  return lines.length ? Math.max(...lines.map((r) => r.bottom)) : 0;
}

/**
 * The notice at the foot moved above the controls there, between them and the spot tapped
 * (a taller notice scrolls). Where it is not read whole there but would be at the top, above
 * the spot tapped, it goes to the top (returns the most height it may take there).
 */
function placeAtFoot(notice) {
  const box = notice.getBoundingClientRect();
  const controls = [...document.querySelectorAll(AT_FOOT)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.top < innerHeight && r.bottom > box.top && overlapsAcross(r, box));
  if (!controls.length) return null;
  const edge = Math.min(...controls.map((r) => r.top));
  const need = notice.scrollHeight + notice.offsetHeight - notice.clientHeight;
  const below = edge - Math.max(statusEdge(box), touchedY + SPOT) - 2 * GAP;
  const above = touchedY - SPOT - statusEdge(box) - 2 * GAP;
  if (need <= below || (need > above && below >= Math.max(above, ROOM))) {
    notice.style.bottom = `${innerHeight - edge + GAP}px`;
    notice.style.maxHeight = `min(45vh, ${below}px)`;
    return null;
  }
  notice.classList.add("no-room"); // at the top, under the status line, instead
  return need <= above ? null : Math.max(above, ROOM);
}

/**
 * The notice moved under the status line where that line is, or above the controls at the
 * foot (else where style.css puts it). Also called by the table before it brings a move's
 * marks clear of it (board.js): the pace bar is added as a move is shown, and a notice
 * placed above it only a frame later could rise over marks brought clear of where it stood.
 */
export function placeNotice() {
  const notice = document.getElementById("notice");
  notice.style.top = notice.style.bottom = notice.style.maxHeight = "";
  notice.classList.remove("no-room");
  if (notice.hidden) return;
  let most = null;
  if (notice.classList.contains("at-foot")) {
    most = placeAtFoot(notice);
    if (!notice.classList.contains("no-room")) return;
  }
  const box = notice.getBoundingClientRect();
  const under = [...document.querySelectorAll(".status-line")].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < box.bottom && r.left < box.right && box.left < r.right);
  const cap = most === null ? "" : `, ${most}px`;
  if (!under.length) {
    if (cap) notice.style.maxHeight = `min(45vh${cap})`;
    return;
  }
  const edge = Math.max(...under.map((r) => r.bottom));
  notice.style.top = `${edge + GAP}px`;
  notice.style.maxHeight = `min(45vh, ${Math.max(innerHeight - edge - 2 * GAP, 48)}px${cap})`;
}

// While the notice is shown it follows the line: the page scrolled (the line sticks or
// comes loose), resized, or drawn again (a line of two rows at one's turn, one row after).
let placing = 0;
const placeSoon = () => { placing ||= requestAnimationFrame(() => { placing = 0; placeNotice(); }); };
const redrawn = new MutationObserver(placeSoon);
const grown = new MutationObserver(() => placeNotice());

function followStatusLine(shown) {
  redrawn.disconnect();
  grown.disconnect();
  removeEventListener("scroll", placeSoon);
  removeEventListener("resize", placeSoon);
  placeNotice();
  if (!shown) return;
  const what = { childList: true, subtree: true, characterData: true };
  redrawn.observe(document.querySelector("main") || document.body, what);
  // and the notice's own words grown ("Why not?" adds the rule): placed again for its
  // height at once, before it is drawn (not a frame later, scrolled in its old room)
  grown.observe(document.getElementById("notice"), what);
  addEventListener("scroll", placeSoon, { passive: true });
  addEventListener("resize", placeSoon);
}

export function notifyError(error) {
  notify(errorText(error?.error || error), "error");
}

/** The longest name a seat takes (the server's MAX_NAME in service/seats.py). */
export const NAME_MAX = 40;

/**
 * A field for a person's name (`attrs` as h's). Its maxlength alone cut a longer name
 * silently, typed or pasted: the 41st letter did not appear and nothing said why. What
 * passes the limit is still not let in, and the person is told the limit in their
 * language, in the words of the server's own refusal of such a name (bad_name).
 */
export function nameInput(attrs) {
  const input = h("input", { type: "text", maxlength: NAME_MAX, autocomplete: "nickname", ...attrs });
  input.addEventListener("beforeinput", (event) => {
    if (!event.inputType.startsWith("insert")) return;
    const added = event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
    const kept = input.value.length - Math.abs((input.selectionEnd ?? 0) - (input.selectionStart ?? 0));
    if (kept + added.length > NAME_MAX) notify(errorText({ code: "bad_name", params: { max: NAME_MAX } }), "error");
  });
  return input;
}

export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}

export function openRules(game) {
  window.dispatchEvent(new CustomEvent("openrules", { detail: game }));
}
