// The generic table screen, for a game that declares no browser module of its own: the
// game's picture (its SVG renderer, drawn by the server from the view this seat already
// holds) or, without a renderer, the view's facts; menus built from the typed legal
// actions (kind, cost, code + params); log lines from the typed events. Also the default
// of every function a game's own module leaves out (faces.js).
import { drawnBoard } from "./board.js";
import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { gameInfo, optionLabel } from "./lobby.js";

/** Beyond this many actions of one kind, a menu is a list box rather than buttons. */
const BUTTONS_AT_MOST = 12;

/**
 * An action in words: the game's translated code + params when its catalog has the code,
 * else the server's description, else the notation itself.
 */
export function describe(notation, action, ctx) {
  if (action && typeof action === "object") {
    if (action.code && has(action.code)) return t(action.code, action.params || {});
    if (action.text) return action.text;
  } else if (typeof action === "string" && action) {
    return action;
  }
  return notation;
}

/** The table's options in words, from the labels the game declares in /api/games. */
export function optionText(summary) {
  const info = gameInfo(summary.game);
  return (info.options || []).map((option) =>
    optionLabel(summary.game, option.name, summary.options?.[option.name] ?? option.default)).join(" · ");
}

export const scoreText = (score) => String(score);
export const turnHint = () => null;
export const chartData = () => null;

/** The game's SVG of `view` as a node, or a "loading" mark while it is drawn, or null when it has none. */
function picture(game, view, rerender) {
  const svg = drawnBoard(game, view, {}, rerender);
  if (svg instanceof SVGElement) svg.classList.add("generic-picture");
  return svg;
}

/** Without a picture: what the view says, one line per entry (the game's own words). */
function facts(view) {
  const text = (value) => (Array.isArray(value) ? value.map(text).join(", ")
    : value && typeof value === "object" ? JSON.stringify(value) : value === null ? "–" : String(value));
  return h("dl", { class: "facts generic-facts", "aria-label": t("generic.picture") },
    Object.entries(view || {}).map(([key, value]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", { "data-fact": key }, text(value))]));
}

/** The legal actions as menus, one per kind: buttons, or a list box when there are many. */
function menus(ctx) {
  const kinds = new Map();
  for (const action of ctx.legal) {
    if (!kinds.has(action.type)) kinds.set(action.type, []);
    kinds.get(action.type).push(action);
  }
  const words = (action) => {
    const cost = Object.entries(action.cost || {}).map(([what, n]) => `${n} ${what}`).join(", ");
    return describe(action.notation, action, ctx) + (cost ? ` (${cost})` : "");
  };
  return [...kinds].map(([kind, actions]) => {
    if (actions.length <= BUTTONS_AT_MOST) {
      return h("fieldset", { class: "generic-menu", "data-kind": kind }, h("legend", {}, kind),
        h("div", { class: "buttons" }, actions.map((action) => h("button", { type: "button",
          "data-key": `act-${action.notation}`, "data-action": action.notation, onclick: () => ctx.act(action.notation) }, words(action)))));
    }
    const id = `menu-${kind}`;
    return h("fieldset", { class: "generic-menu", "data-kind": kind }, h("legend", {}, kind),
      h("label", { for: id, class: "sr-only" }, kind),
      h("select", { id, "data-key": id }, actions.map((action) => h("option", { value: action.notation }, words(action)))),
      h("button", { type: "button", "data-key": `${id}-play`, onclick: () => ctx.act(document.getElementById(id).value) }, t("generic.play")));
  });
}

export function render(ctx) {
  const drawn = ctx.game ? picture(ctx.game, ctx.view, ctx.rerender) : null;
  const main = h("div", { class: "generic-main" }, drawn || facts(ctx.view));
  const side = ctx.interactive && ctx.yourTurn
    ? h("section", { class: "panel decision yours", "aria-labelledby": "decision-title" },
      h("h2", { id: "decision-title" }, t("generic.actions")),
      ctx.legal.length ? menus(ctx) : h("p", {}, "…"))
    : null;
  return { main, side };
}
