// Shared bits of the shell every screen uses: notices, navigation, the rules dialog.
import { h } from "./dom.js";
import { errorText } from "./i18n.js";

// Where the person last touched the screen (its height, 0 to 1): a notice is shown at
// the other end of it (notify).
let touchedAt = 0;
document.addEventListener("pointerdown", (event) => {
  // (a tap on the notice's own "Why not?" keeps it where it is)
  if (!event.target.closest?.("#notice")) touchedAt = event.clientY / (innerHeight || 1);
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
// the drawing that scored it was confirmed at the foot). At the foot the notice stays
// over the turn's panel: moved above it, the taller notices lay over the spot tapped.
const GAP = 4;

/** The notice at the top moved under the status line where that line is (else where style.css puts it). */
function placeNotice() {
  const notice = document.getElementById("notice");
  notice.style.top = notice.style.maxHeight = "";
  if (notice.hidden || notice.classList.contains("at-foot")) return;
  const box = notice.getBoundingClientRect();
  const under = [...document.querySelectorAll(".status-line")].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < box.bottom && r.left < box.right && box.left < r.right);
  if (!under.length) return;
  const edge = Math.max(...under.map((r) => r.bottom));
  notice.style.top = `${edge + GAP}px`;
  notice.style.maxHeight = `min(45vh, ${Math.max(innerHeight - edge - 2 * GAP, 48)}px)`;
}

// While the notice is shown it follows the line: the page scrolled (the line sticks or
// comes loose), resized, or drawn again (a line of two rows at one's turn, one row after).
let placing = 0;
const placeSoon = () => { placing ||= requestAnimationFrame(() => { placing = 0; placeNotice(); }); };
const redrawn = new MutationObserver(placeSoon);

function followStatusLine(shown) {
  redrawn.disconnect();
  removeEventListener("scroll", placeSoon);
  removeEventListener("resize", placeSoon);
  placeNotice();
  if (!shown) return;
  redrawn.observe(document.querySelector("main") || document.body, { childList: true, subtree: true, characterData: true });
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
