// UI strings in English, Brazilian Portuguese and Catalan (catalogs in i18n/*.json; each
// game's own words come from its package and are merged in by faces.js).
export const LANGUAGES = ["en", "pt-BR", "ca"];
const KEY = "bgbot.lang";
const catalogs = {};
let current = "en";

export async function loadCatalogs() {
  await Promise.all(LANGUAGES.map(async (lang) => {
    const response = await fetch(`i18n/${lang}.json`);
    // Merged, not replaced: a game's words may have arrived first (faces.js loads in parallel).
    mergeCatalog(lang, await response.json());
  }));
  const saved = localStorage.getItem(KEY);
  const browser = (navigator.language || "en").toLowerCase();
  const guess = browser.startsWith("pt") ? "pt-BR" : browser.startsWith("ca") ? "ca" : "en";
  setLang(LANGUAGES.includes(saved) ? saved : guess, false);
}

/** Add a game's own words (its package's i18n/<lang>.json) to the catalog of `lang`. */
export function mergeCatalog(lang, entries) {
  catalogs[lang] = { ...(catalogs[lang] || {}), ...entries };
}

export function lang() {
  return current;
}

export function setLang(next, announce = true) {
  current = LANGUAGES.includes(next) ? next : "en";
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
  if (announce) window.dispatchEvent(new CustomEvent("langchange"));
}

/**
 * The string for `key` in the current language, with {name} placeholders filled.
 * A catalog entry may be an object of plural forms, named by the CLDR categories
 * ({"one": "…", "other": "…"}, and "few"/"many" where a language has them; "other" is
 * required and stands in for a missing one): the form is chosen by Intl.PluralRules for
 * the language from `params.n` (or the parameter the entry names in "_n"), so each
 * language follows its own rules ("1 point", "2 points"; "1 ponto", "0 pontos": see
 * pluralCategory). The server picks the same forms (boardgamesbot.hints.plural_form).
 */
export function t(key, params = {}) {
  let text;
  if (mood) {
    text = catalogs[current]?.[`${key}@${mood}`] ?? catalogs.en?.[`${key}@${mood}`];
    if (text !== undefined) moodsFound += 1;
  }
  if (touch) text ??= catalogs[current]?.[`${key}@touch`] ?? catalogs.en?.[`${key}@touch`];
  text ??= catalogs[current]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) {
    console.warn("missing string", key);
    text = key;
  }
  if (typeof text === "object") text = pluralForm(text, params[text._n || "n"]);
  if (current === "ca") text = elide(text, params);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? said(params[name]) : whole));
}

/** Catalan's "de" before a vowel sound is "d'" ("el mapa d'Ana", but "de Ian"): a name
 * filled in may begin either way, so the catalog cannot say it (the server's
 * boardgamesbot.games.wording.elide, the same rule). */
function elide(text, params) {
  return text.replace(/\b([Dd])e \{(\w+)\}/g, (whole, d, name) =>
    typeof params[name] === "string" &&
    /^h?(?:[aeoàèéòó]|[iuíúïü](?![aeiouàèéíòóú]))/i.test(params[name].replace(/^(?:<[^>]*>)+/, ""))
      ? `${d}'{${name}}` : whole);
}

const decimals = {};

/** A parameter as said in the current language: a fraction with its decimal comma in
 * pt-BR and ca ("8,52 esperadas", not "8.52"); whole numbers and words as they are. */
function said(value) {
  if (typeof value !== "number" || Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  decimals[current] ||= new Intl.NumberFormat(current, { maximumFractionDigits: 2, useGrouping: false });
  return decimals[current].format(value);
}

/*
 * Touch. Where the screen is the pointer (a phone, a tablet: its primary pointer is
 * coarse), "click", "Tab" and "press Enter" tell a person to do what they cannot: an
 * entry "KEY@touch" is said there instead of "KEY" ("Tap one of the 4 highlighted
 * spaces"), after a mood's form when there is one. A laptop with a touch screen keeps
 * its mouse words (its primary pointer is fine).
 */
// Read once and kept up to date, not asked at each t() call: reading a media query's
// `matches` can make the browser bring its styles up to date, and a screen says hundreds
// of strings each time it is drawn.
const coarse = globalThis.matchMedia?.("(pointer: coarse)");
let touch = Boolean(coarse?.matches);
coarse?.addEventListener?.("change", (event) => { touch = event.matches; });

/*
 * Moods. The same action reads differently where it is shown: the log tells it ("Ana:
 * uncovers a temple level on B6"), a button asks for it ("Uncover a temple level on B6"),
 * a confirmation asks a question ("End your turn?"). A face writes an action's words once,
 * with t(<its uncover key>, …) in its describe(); said inside inMood("button", …) the
 * same call takes the catalog's <that key>@button when there is one (the told
 * form when not). Catalog entries: "KEY" (told), "KEY@button", "KEY@question"; each may
 * be plural forms like any entry.
 */
let mood = null;
let moodsFound = 0;

/** What `words()` says (it calls t()) in `which` mood: "button" or "question". */
export function inMood(which, words) {
  const was = mood;
  mood = which;
  try {
    return words();
  } finally {
    mood = was;
  }
}

/** `words()` (an action's words) as a confirmation's question: the catalog's own question
 * when it has one ("End your turn?"), else "Confirm: …?" around the told words. */
export function asQuestion(words) {
  const before = moodsFound;
  const asked = inMood("question", words);
  return moodsFound > before ? asked : t("table.confirm.ask", { action: words() });
}

const pluralRules = {};

/**
 * The plural category `n` takes in the current language: CLDR's (Intl.PluralRules), but
 * that Brazilian Portuguese counts none of a thing in the plural. CLDR puts 0 with 1 for
 * Portuguese ("0 moeda", "0 ponto"), and people in Brazil write "0 moedas", "0 pontos".
 * The server chooses the same (boardgamesbot.games.wording.plural_form).
 */
export function pluralCategory(n) {
  const number = Number(n);
  if (!Number.isFinite(number)) return "other";
  if (number === 0 && current.startsWith("pt")) return "other";
  return (pluralRules[current] ||= new Intl.PluralRules(current)).select(number);
}

function pluralForm(forms, n) {
  return forms[pluralCategory(n)] ?? forms.other;
}

export function has(key) {
  return key in (catalogs.en || {});
}

/** A refusal in words, from its stable code (the server's English message as a fallback). */
export function errorText(error) {
  if (!error) return "";
  const key = `error.${error.code}`;
  if (error.code === "bad_notation") {
    const told = notationText(error.params || {});
    if (told) return told;
  }
  if (has(key)) return t(key, flatParams(error.params || {}));
  return error.message || error.code;
}

/** A bad_notation refusal's particulars (the server's games.wording.notation_error, the
 * same rule): which word was not understood, what goes in its place (the game's entry
 * "notation.<expected>"), an action written right and, for a word of the game's own in
 * some language, how the notation writes it. Null when the params do not say (the general
 * sentence stands): a page opened before the server changed its notation sends actions
 * the server no longer reads, and the API answers any client with these params. */
function notationText(params) {
  if (!("example" in params)) return null;
  const word = params.word || "";
  const expected = params.expected ?? null;
  let key = "notation.extra";
  let what = "";
  if (expected !== null) {
    if (!has(`notation.${expected}`)) return null;
    key = word ? "notation.unexpected" : "notation.missing";
    what = t(`notation.${expected}`);
  }
  const said = t(key, { word, expected: what, example: params.example });
  return params.meant ? `${said} ${t("notation.meant", { word, meant: params.meant })}` : said;
}

/** A refusal's typed params ready for its sentence (the server's
 * boardgamesbot.web.said_params, the same rule): a list named after a kind of the game's
 * words (terrain: ["forest", "village"], each a "terrain.<item>" of the catalog) is the
 * choice the rules left, in the reader's words ("floresta ou aldeia"); any other list
 * (the cells taken) its items one after another ("D2, D3"). */
function flatParams(params) {
  const out = {};
  for (const [k, v] of Object.entries(params)) {
    if (!Array.isArray(v)) out[k] = v;
    else if (v.length && v.every((item) => has(`${k}.${item}`))) {
      const words = v.map((item) => t(`${k}.${item}`));
      out[k] = words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + t("list.or") + words.at(-1);
    } else out[k] = v.join(", ");
  }
  return out;
}
