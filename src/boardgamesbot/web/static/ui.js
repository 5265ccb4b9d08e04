// Shared bits of the shell every screen uses: notices, navigation, the rules dialog.
import { errorText } from "./i18n.js";

export function notify(text, kind = "info") {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.className = `notice ${kind}`;
  notice.hidden = !text;
  clearTimeout(notify.timer);
  if (text && kind !== "error") notify.timer = setTimeout(() => (notice.hidden = true), 6000);
}

export function notifyError(error) {
  notify(errorText(error?.error || error), "error");
}

export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = hash;
}

export function openRules(game) {
  window.dispatchEvent(new CustomEvent("openrules", { detail: game }));
}
