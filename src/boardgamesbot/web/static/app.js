// The app shell: language, rules help, notices and the screens (lobby, join, table, replay).
import { api } from "./api.js";
import { h } from "./dom.js";
import { errorText, lang, loadCatalogs, setLang, t } from "./i18n.js";
import { gameTitle, LobbyScreen, JoinScreen, loadGames } from "./lobby.js";
import { TableScreen } from "./table.js";
import { notify } from "./ui.js";
import { ReplayScreen } from "./replay.js";

let screen = null;
let rulesGame = null;
let gameNames = [];

function route() {
  if (screen?.destroy) screen.destroy();
  const root = document.getElementById("app");
  root.replaceChildren();
  notify("");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "table" && parts[1]) screen = new TableScreen(root, parts[1]);
  else if (parts[0] === "join" && parts[1]) screen = new JoinScreen(root, parts[1]);
  else if (parts[0] === "replay" && parts[1]) screen = new ReplayScreen(root, parts[1]);
  else screen = new LobbyScreen(root);
  screen.render();
}

function shellText() {
  document.title = t("app.title");
  document.getElementById("brand").textContent = t("app.title");
  document.getElementById("rules-button").textContent = t("rules.button");
  document.getElementById("lang-label").textContent = t("lang.label");
  document.getElementById("skip-link").textContent = t("app.skip");
  document.getElementById("lang-select").value = lang();
  document.getElementById("rules-close").setAttribute("aria-label", t("rules.close"));
}

async function openRules(game) {
  rulesGame = game || screen?.game || rulesGame || gameNames[0];
  const dialog = document.getElementById("rules-dialog");
  document.getElementById("rules-title").textContent = t("rules.title");
  const tabs = document.getElementById("rules-tabs");
  tabs.replaceChildren(...gameNames.map((name) =>
    h("button", { type: "button", class: name === rulesGame ? "tab active" : "tab",
      "aria-pressed": String(name === rulesGame), onclick: () => openRules(name) }, gameTitle(name))));
  const body = document.getElementById("rules-body");
  body.replaceChildren(h("p", {}, "…"));
  if (!dialog.open) dialog.showModal();
  try {
    const page = await api("GET", `/api/rules/${rulesGame}?lang=${encodeURIComponent(lang())}`);
    body.innerHTML = page.html; // rendered by the server from our own Markdown, raw HTML disabled
  } catch (error) {
    body.replaceChildren(h("p", { class: "error" }, errorText(error.error)));
  }
}

async function main() {
  await loadCatalogs();
  gameNames = (await loadGames()).map((g) => g.name);
  shellText();
  document.getElementById("lang-select").addEventListener("change", (event) => setLang(event.target.value));
  document.getElementById("rules-button").addEventListener("click", () => openRules());
  document.getElementById("rules-close").addEventListener("click", () => document.getElementById("rules-dialog").close());
  window.addEventListener("langchange", () => {
    shellText();
    if (screen?.render) screen.render();
    const dialog = document.getElementById("rules-dialog");
    if (dialog.open) openRules(rulesGame);
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("openrules", (event) => openRules(event.detail));
  route();
}

main();
