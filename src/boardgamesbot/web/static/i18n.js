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
 * A catalog entry may be an object of plural forms ({"one": "…", "other": "…"}): the
 * form is chosen by Intl.PluralRules for the language from `params.n` (or the parameter
 * the entry names in "_n"), so each
 * language follows its own rules ("1 point", "2 points"; "1 ponto", "0 pontos").
 */
export function t(key, params = {}) {
  let text = catalogs[current]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) {
    console.warn("missing string", key);
    text = key;
  }
  if (typeof text === "object") text = pluralForm(text, params[text._n || "n"]);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

const pluralRules = {};

function pluralForm(forms, n) {
  const rules = (pluralRules[current] ||= new Intl.PluralRules(current));
  const number = Number(n);
  return forms[Number.isFinite(number) ? rules.select(number) : "other"] ?? forms.other;
}

export function has(key) {
  return key in (catalogs.en || {});
}

/** A refusal in words, from its stable code (the server's English message as a fallback). */
export function errorText(error) {
  if (!error) return "";
  const key = `error.${error.code}`;
  if (has(key)) return t(key, flatParams(error.params || {}));
  return error.message || error.code;
}

function flatParams(params) {
  const out = {};
  for (const [k, v] of Object.entries(params)) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}
