// The app shell: language, rules help, notices and the screens (lobby, join, table, replay).
import { api } from "./api.js";
import { h } from "./dom.js";
import { errorText, lang, loadCatalogs, setLang, t } from "./i18n.js";
import { gameTitle, LobbyScreen, JoinScreen, loadGames } from "./lobby.js";
import { TableScreen } from "./table.js";
import { notify, notifyError } from "./ui.js";
import { loadFaces } from "./faces.js";
import { ReplayScreen } from "./replay.js";

let screen = null;
let rulesGame = null;
/** The last rules question answered in the dialog: its game, language and `about` (what a
 * next question's pronoun may stand for). */
let rulesAsked = null;
let gameNames = [];

function route() {
  if (screen?.destroy) screen.destroy();
  const root = document.getElementById("app");
  root.replaceChildren();
  notify("");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "table" && parts[1]) screen = new TableScreen(root, parts[1]);
  else if (parts[0] === "join" && parts[1]) screen = new JoinScreen(root, parts[1], parts[2]);
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
  // The phone's picker face: the language's short code ("pt-BR" → "PT").
  document.getElementById("lang-code").textContent = lang().split("-")[0].toUpperCase();
  document.getElementById("rules-close").setAttribute("aria-label", t("rules.close"));
  document.getElementById("rules-ask-label").textContent = t("rules.ask.label");
  document.getElementById("rules-question").placeholder = t("rules.ask.placeholder");
  document.getElementById("rules-ask-button").textContent = t("rules.ask.button");
}

let rulesLoaded = Promise.resolve();

/** The range of `element`'s text that reads `sentence` (its spaces and line breaks taken
 * as one space, as the search writes a passage's text), or null. */
function sentenceRange(element, sentence) {
  // (a lead from a long sentence's clause, "… never covering…", or a refusal's words cut
  // where they say why: "Pick one terrain and one shape shown on the card …")
  sentence = sentence.replace(/^… /, "").replace(/ …$/, "");
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let flat = "";
  const at = [];  // for each character of `flat`: [text node, offset]
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const space = /\s/.test(node.data[i]);
      if (space && (flat === "" || flat.endsWith(" "))) continue;
      flat += space ? " " : node.data[i];
      at.push([node, i]);
    }
  }
  const start = flat.indexOf(sentence);
  if (!sentence || start < 0) return null;
  const range = document.createRange();
  range.setStart(...at[start]);
  const [last, offset] = at[start + sentence.length - 1];
  range.setEnd(last, offset + 1);
  return range;
}

/** Mark the passages `ids` in the rules page (the first as the best) and bring it into view;
 * `lead`, the sentence of the best one that answers, is highlighted in it (where the
 * browser has CSS highlights: the page's text is left as it is). */
function markPassages(ids, lead = "") {
  const body = document.getElementById("rules-body");
  for (const old of body.querySelectorAll(".asked")) old.classList.remove("asked", "best");
  globalThis.CSS?.highlights?.delete("rules-lead");
  ids.forEach((id, i) => {
    const element = body.querySelector(`[data-passage="${Number(id)}"]`);
    if (!element) return;
    element.classList.add("asked");
    if (i === 0) {
      element.classList.add("best");
      const range = lead && globalThis.Highlight ? sentenceRange(element, lead) : null;
      if (range) CSS.highlights.set("rules-lead", new Highlight(range));
      // Read from its first line, just under the question box stuck to the top of the
      // dialog (centred, a passage taller than the room left began under the box: on a
      // phone the box and its answers take almost half the screen).
      const stuck = document.querySelector("#rules-dialog .dialog-top")?.getBoundingClientRect().height || 0;
      element.style.scrollMarginTop = `${Math.ceil(stuck) + 8}px`;
      element.scrollIntoView({ block: "start" });
    }
  });
}

/** The question box: the answers, best first, listed and marked in the page. */
async function askRules(event) {
  event.preventDefault();
  const question = document.getElementById("rules-question").value.trim();
  const out = document.getElementById("rules-answers");
  if (!question) return;
  out.replaceChildren(h("p", {}, "…"));
  try {
    await rulesLoaded;
    // (a question that stands for a thing by a pronoun — "and can it leave?" — asks about
    // what the one before it named, in the same game and language)
    const earlier = rulesAsked && rulesAsked.game === rulesGame && rulesAsked.lang === lang()
      ? `&before=${encodeURIComponent(rulesAsked.about)}` : "";
    // (asked from a table of this game: its options, so a variant it does not play does not
    // lead the answers, and is marked as that variant's)
    const played = screen?.game === rulesGame && screen?.options
      ? `&options=${encodeURIComponent(JSON.stringify(screen.options))}` : "";
    const reply = await api("GET", `/api/rules/${encodeURIComponent(rulesGame)}/ask?q=${encodeURIComponent(question)}&lang=${encodeURIComponent(lang())}${earlier}${played}`);
    if (reply.answers.length) rulesAsked = { game: rulesGame, lang: lang(), about: reply.about };
    if (!reply.answers.length) {
      markPassages([]);
      // (the question's words the rules never use, when it has some: what to say otherwise)
      const [left, right] = lang() === "ca" ? ["«", "»"] : ["'", "'"];
      const words = (reply.unknown || []).map((word) => `${left}${word}${right}`).join(", ");
      out.replaceChildren(h("p", { class: "muted" }, words
        ? t("rules.ask.unknown", { words, topics: reply.topics.join("; ") })
        : t("rules.ask.none", { topics: reply.topics.join("; ") })));
      return;
    }
    // On a phone the list is folded behind "3 answers" (it took half the dialog, and the
    // best one is marked and shown in the page anyway); a wide screen shows it open.
    const phone = globalThis.matchMedia?.("(max-width: 600px)").matches;
    out.replaceChildren(h("details", { class: "answers-fold", open: !phone },
      h("summary", {}, t("rules.ask.fold", { n: reply.answers.length })),
      // (asked about what only a variant this table does not play has: said first)
      reply.aside && h("p", { class: "answers-aside" }, reply.aside),
      h("p", {}, t("rules.ask.found")), h("ol", {}, ...reply.answers.map((a) =>
        h("li", {}, h("button", { type: "button", class: "link", "data-passage": a.passage,
          onclick: () => markPassages([a.passage, ...reply.answers.filter((b) => b !== a).map((b) => b.passage)], a.lead) },
          // (a Decision's source is its title: said once)
          a.source === a.title ? a.title : `${a.title} — ${a.source}`),
          // the sentence that answers, when it is not the passage's opening (which the
          // marked passage shows first anyway); the link above scrolls to the passage
          a.variant && h("p", { class: "answer-variant" }, t("rules.ask.variant", { variant: a.variant })),
          a.lead && h("p", { class: "answer-lead" }, a.lead))))));
    markPassages(reply.answers.map((a) => a.passage), reply.answers[0].lead);
  } catch (error) {
    out.replaceChildren(h("p", { class: "error" }, errorText(error.error)));
  }
}

async function openRules(game, passage = null, lead = "") {
  if (game && game !== rulesGame) document.getElementById("rules-answers").replaceChildren();
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
  rulesLoaded = (async () => {
    try {
      const page = await api("GET", `/api/rules/${rulesGame}?lang=${encodeURIComponent(lang())}`);
      body.innerHTML = page.html; // rendered by the server from our own Markdown, raw HTML disabled
      if (passage !== null && passage !== undefined) markPassages([passage], lead);
    } catch (error) {
      body.replaceChildren(h("p", { class: "error" }, errorText(error.error)));
    }
  })();
  await rulesLoaded;
}

async function main() {
  // The catalogues, the games and then their faces load side by side (each game's words
  // merge in); a table screen opens its connection at once and draws when its face is in.
  const found = loadGames();
  found.then(loadFaces).catch(notifyError);
  const [games] = await Promise.all([found, loadCatalogs()]);
  gameNames = games.map((g) => g.name);
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
  document.getElementById("rules-ask").addEventListener("submit", askRules);
  // detail: a game's name, or {game, passage, lead} to show one passage marked, its
  // sentence `lead` highlighted (a "why not?")
  window.addEventListener("openrules", (event) => {
    const detail = event.detail;
    if (detail && typeof detail === "object") openRules(detail.game, detail.passage, detail.lead || "");
    else openRules(detail);
  });
  route();
}

main();
