// Tikal in the browser: what is truly interactive (placing the drawn tile and choosing its
// rotation, choosing a figure and where it goes, the auction's controls), on the board the
// server draws — games/tikal/svg.py, the same picture as the chat's (web/static/board.js).
// Every choice is read from the typed legal actions (kind, cost, code + params), never
// from notation or English words.
import { drawAhead, drawnBoard, targets } from "/board.js";
import { h, s } from "/dom.js";
import { inMood, t } from "/i18n.js";
import { notify } from "/ui.js";

const COLUMNS = "ABCDEFGH";
/** The board as the server draws it for the browser: the spaces alone, sized by the page. */
const PICTURE = { panel: false, size: null };

export function rotate(stones, rotation) {
  return stones.map((_, side) => stones[(((side - rotation) % 6) + 6) % 6]);
}

const ALL_SPACES = [];
for (const column of COLUMNS) for (let row = 1; row <= 6; row++) ALL_SPACES.push(`${column}${row}`);

// Reading the legal actions ---------------------------------------------------------------

/** An action's AP cost, from its typed `cost` (null when it spends none or is not known). */
function cost(action) {
  const ap = action?.cost?.ap;
  return typeof ap === "number" ? ap : null;
}

// Figures as the legal actions name them (leader, worker) and as the engine's actions and
// this module's words do (L, W).
const FIGURE = { leader: "L", worker: "W", L: "L", W: "W" };
// The engine's action classes (an event's `action.type`) as the kinds its legal actions name.
const KINDS = { Place: "place", Enter: "enter", Move: "move", Uncover: "uncover", Recover: "recover", Exchange: "exchange",
  BuildCamp: "camp", PlaceGuard: "guard", EndTurn: "end", Bid: "bid", Pass: "pass", Take: "take" };

/**
 * An action as typed data, {type, params, cost}: a legal action as the server sends it
 * (kind, cost, code + params), an event's `info` (the same, with its cost), or an older
 * event's action (the engine's fields, a space as its board index, a display tile 0-based;
 * no cost); null when there is none (an old text, a bare notation).
 */
export function typed(action) {
  if (!action || typeof action !== "object") return null;
  if (action.type && action.params) return action;
  // An event: the action as data, read before it was applied (its cost included).
  if (action.info?.type) return action.info;
  const data = action.action;
  const type = KINDS[data?.type];
  if (!type) return null;
  const space = (index) => ALL_SPACES[index];
  const params = {
    place: () => ({ space: space(data.space), rotation: data.rotation }),
    enter: () => ({ figure: data.figure, space: space(data.space) }),
    move: () => ({ figure: data.figure, from: space(data.source), to: space(data.target) }),
    uncover: () => ({ space: space(data.space) }),
    recover: () => ({ space: space(data.space) }),
    camp: () => ({ space: space(data.space) }),
    guard: () => ({ figure: data.figure, space: space(data.space) }),
    exchange: () => ({ give: data.give, seat: data.seat, take: data.take }),
    bid: () => ({ amount: data.amount }),
    take: () => ({ index: data.index + 1 }),
  }[type];
  return { type, params: params ? params() : {}, cost: {} };
}

/** The legal actions sorted by what they do, each entry keeping its typed action (`info`). */
export function parseLegal(actions) {
  const out = { place: {}, enter: { L: [], W: [] }, moves: {}, spaceActions: {}, exchange: [], end: null, bids: [], pass: null, take: [] };
  for (const info of actions) {
    const p = info.params || {};
    const entry = { notation: info.notation, cost: cost(info), info };
    switch (info.type) {
      case "place": (out.place[p.space] ||= []).push({ ...entry, rot: p.rotation || 0 }); break;
      case "enter": out.enter[FIGURE[p.figure]].push({ ...entry, space: p.space }); break;
      case "move": ((out.moves[p.from] ||= { L: [], W: [] })[FIGURE[p.figure]]).push({ ...entry, target: p.to }); break;
      case "uncover": case "recover": case "camp": (out.spaceActions[p.space] ||= []).push({ ...entry, kind: info.type }); break;
      case "guard": (out.spaceActions[p.space] ||= []).push({ ...entry, kind: "guard", figure: FIGURE[p.figure] }); break;
      case "exchange": out.exchange.push(entry); break;
      case "end": out.end = entry; break;
      case "bid": out.bids.push({ ...entry, amount: p.amount }); break;
      case "pass": out.pass = entry; break;
      case "take": out.take.push({ ...entry, index: p.index }); break;
      default: break;
    }
  }
  return out;
}

// Words ----------------------------------------------------------------------------------

/** The name of treasure kind 1…8 in the current language. */
export function treasureName(kind) {
  return t(`tikal.treasure.${kind}`);
}

function playerName(ctx, seat) {
  return ctx?.name ? ctx.name(seat) : t("tikal.player", { n: seat + 1 });
}

/**
 * An action in words, from its typed data (`action`: a legal action, or an event holding
 * one); without typed data, the server's text when given, else the notation as it is.
 */
export function describe(notation, action, ctx) {
  const info = typed(action);
  if (!info) return typeof action === "string" && action ? action : action?.text || notation;
  const p = info.params;
  const ap = cost(info);
  const tail = ap !== null ? ` (${t("tikal.ap", { n: ap })})` : "";
  switch (info.type) {
    // (a volcano said as one: it is placed after its scoring round, not as a turn's tile)
    case "place": return p.kind === "volcano" ? t("tikal.do.place.volcano", { space: p.space })
      : p.rotation ? t("tikal.do.place.turned", { space: p.space, degrees: p.rotation * 60 }) : t("tikal.do.place", { space: p.space });
    case "enter": return t(`tikal.do.enter.${FIGURE[p.figure]}`, { space: p.space }) + tail;
    case "move": return t(`tikal.do.move.${FIGURE[p.figure]}`, { from: p.from, to: p.to }) + tail;
    case "uncover": return t("tikal.do.uncover", { space: p.space }) + tail;
    case "recover": return t("tikal.do.recover", { space: p.space }) + tail;
    case "exchange": return t("tikal.do.exchange", { give: treasureName(p.give), player: playerName(ctx, p.seat), take: treasureName(p.take) }) + tail;
    case "camp": return t("tikal.do.camp", { space: p.space }) + tail;
    case "guard": return t(`tikal.do.guard.${FIGURE[p.figure]}`, { space: p.space }) + tail;
    case "end": return t("tikal.do.end");
    case "bid": return t("tikal.do.bid", { n: p.amount });
    case "pass": return t("tikal.do.pass");
    case "take": return t("tikal.do.take", { n: p.index });
    default: return info.text || notation;
  }
}

export function optionText(summary) {
  return t(`tikal.variant.${summary.options?.variant || "basic"}`);
}

export function scoreText(score) {
  return t("score.points", { n: score });
}

export function turnHint(ctx) {
  const view = ctx.view;
  if (!view) return "";
  // A space chosen: what is left to do is to turn the tile there and place it (the panel's
  // buttons), not to choose a space again.
  if (view.phase === "place") return ctx.sel?.mode === "place" && ctx.sel.space ? t("tikal.hint.place.turn", { space: ctx.sel.space }) : t("tikal.hint.place");
  if (view.phase === "actions") return t("tikal.hint.actions", { n: view.ap });
  if (view.phase === "bid") return t("tikal.hint.bid");
  if (view.phase === "take") return t("tikal.hint.take");
  return "";
}

/** A scoring round's name: "Round 2", or "Final" for the last of a game that is over. */
function roundName(view, history, i) {
  return view.over && i === history.length - 1 ? t("tikal.round.last") : t("tikal.round.n", { n: i + 1 });
}

export function chartData(view, ctx) {
  const history = view?.score_history || [];
  const seats = view?.num_players || 0;
  const labels = [t("chart.start"), ...history.map((_, i) => roundName(view, history, i))];
  const series = [];
  for (let seat = 0; seat < seats; seat++) series.push([0, ...history.map((row) => row[seat])]);
  return { labels, series, title: t("tikal.chart.title") };
}

/** A hint reason's parameters in words (a treasure kind by its name). */
export function reasonParams(params) {
  return params.kind !== undefined ? { ...params, kind: treasureName(params.kind) } : params;
}

/** Actions that cannot be taken back (they reveal a wafer or tile, or end the turn). */
const FINAL = new Set(["recover", "end", "bid", "pass", "take"]);

/** Does the legal action `info` (typed) cross an undo barrier? */
export function isFinal(notation, view, info) {
  return FINAL.has(info?.type);
}

// Treasures: one shape and colour per kind, so they are told apart without the number.
const TREASURES = {
  1: { fill: "#2e8b57", d: "M0,-9 C6,-9 8,-4 8,1 C8,7 4,9 0,9 C-4,9 -8,7 -8,1 C-8,-4 -6,-9 0,-9 Z M-4,-2 h3 v2 h-3 z M1,-2 h3 v2 h-3 z M-3,4 h6 v1.5 h-6 z" }, // jade mask
  2: { fill: "#e0a800", d: "M-9,-4 Q0,10 9,-4 M-6,0 a2,2 0 1 0 0.1,0 M0,3 a2.5,2.5 0 1 0 0.1,0 M6,0 a2,2 0 1 0 0.1,0", stroke: true }, // gold necklace
  3: { fill: "#3b3b58", d: "M-2,-10 L3,-2 L1,10 L-3,10 L-4,-2 Z" }, // obsidian knife
  4: { fill: "#1f9bb5", d: "M0,9 L-8,-6 Q-4,-10 -2,-3 Q0,-11 2,-3 Q4,-10 8,-6 Z" }, // quetzal feathers
  5: { fill: "#c46a1b", d: "M-8,8 L-8,-2 L-5,-8 L-2,-3 L2,-3 L5,-8 L8,-2 L8,8 Z" }, // jaguar figurine
  6: { fill: "#7a4a2a", d: "M-5,-9 h10 v3 q4,3 4,9 q0,6 -9,6 q-9,0 -9,-6 q0,-6 4,-9 z" }, // cacao jar
  7: { fill: "#d9557b", d: "M0,-9 L9,0 L0,9 L-9,0 Z" }, // spondylus shell
  8: { fill: "#6f6a5e", d: "M-7,9 L-7,-5 L-3,-9 L3,-9 L7,-5 L7,9 Z M-4,-3 h3 v2 h-3 z M1,-3 h3 v2 h-3 z" }, // stone idol
};

/** An inline SVG icon of treasure `kind`, with its name as tooltip and accessible name. */
export function treasureIcon(kind, size = 20, count = 1) {
  const spec = TREASURES[kind] || { fill: "#888", d: "M-8,-8 h16 v16 h-16 z" };
  const name = treasureName(kind);
  const label = count > 1 ? t("tikal.treasure.count", { name, n: count }) : name;
  return s("svg", { viewBox: "-11 -11 22 22", width: size, height: size, class: `treasure-icon treasure-${kind}`, role: "img", "aria-label": label },
    s("title", {}, label),
    s("circle", { r: 10.5, fill: "#fffaf0", stroke: spec.fill, "stroke-width": 1.5 }),
    spec.stroke ? s("path", { d: spec.d, fill: "none", stroke: spec.fill, "stroke-width": 2.4, "stroke-linecap": "round" })
      : s("path", { d: spec.d, fill: spec.fill, "fill-rule": "evenodd" }));
}

function treasuresCell(treasures) {
  const entries = Object.entries(treasures || {}).filter(([, n]) => n);
  if (!entries.length) return "–";
  return h("span", { class: "treasures" }, entries.map(([kind, n]) => h("span", { class: "treasure", title: treasureName(kind) },
    treasureIcon(kind, 20, n), n > 1 ? h("span", { class: "treasure-n", "aria-hidden": "true" }, `×${n}`) : null)));
}

function treasureLegend() {
  return h("details", { class: "legend-box", id: "treasure-legend" }, h("summary", {}, t("tikal.treasure.legend")),
    h("ul", { class: "treasure-legend" }, Object.keys(TREASURES).map((kind) => h("li", {}, treasureIcon(kind, 22), " ", treasureName(kind)))),
    h("p", { class: "muted" }, t("tikal.treasure.points")));
}

// The board ----------------------------------------------------------------------------

/**
 * What the picture of `board` is drawn from: the board alone (the page shows no panel in
 * it), its spaces in board order as the server lists them. Views that differ only off the
 * board (AP, scores, whose turn) share one picture, and a previewed placement is the very
 * picture of the board once the tile is placed: confirming it needs no new drawing.
 */
function boardOnly(board) {
  return { board: Object.fromEntries(ALL_SPACES.filter((space) => board[space]).map((space) => [space, board[space]])) };
}

/** The board with the drawn tile laid on `space` turned `rotation` sixths, as the view
 * will show it once placed (the fields in the server's order). */
function withDrawnTile(view, space, rotation) {
  const tile = view.drawn;
  const laid = { kind: tile.kind, stones: rotate(tile.stones || [0, 0, 0, 0, 0, 0], rotation) };
  if (tile.kind === "temple") Object.assign(laid, { value: tile.value, printed: tile.value, controller: -1 });
  if (tile.kind === "treasure") laid.wafers = tile.masks;
  return boardOnly({ ...view.board, [space]: laid });
}

/** A space's hex as drawn: its centre, radius and corners (from the picture's own outline). */
function hexOf(g) {
  const corners = (g.querySelector("polygon")?.getAttribute("points") || "").trim().split(/\s+/)
    .map((pair) => pair.split(",").map(Number));
  const cx = corners.reduce((sum, [x]) => sum + x, 0) / corners.length;
  const cy = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
  return { cx, cy, r: Math.max(...corners.map(([x]) => x)) - cx, corners };
}

/** The hex of `g` shrunk by `inset` units, for a ring drawn just inside its edge. */
function ringPoints({ cx, cy, r, corners }, inset) {
  const k = (r - inset) / r;
  return corners.map(([x, y]) => `${(cx + (x - cx) * k).toFixed(1)},${(cy + (y - cy) * k).toFixed(1)}`).join(" ");
}

/** At most this many placement previews are asked for ahead of a click (board.js keeps 24
 * pictures: the board as it is and the previews must all stay in). */
const PREVIEWS_AHEAD = 8;

/**
 * Ask the server ahead for the pictures a click would show next: the tile on each legal
 * space as a first click lays it, or, once a space is chosen, its next rotation (one: a
 * confirmation would otherwise wait behind the drawing of all six). A click then shows a
 * picture already drawn instead of waiting a round trip for it.
 */
function drawPreviewsAhead(game, view, legal, sel) {
  const options = sel.mode === "place" ? legal.place[sel.space] : null;
  const next = options
    ? [[sel.space, options[(options.findIndex((o) => o.rot === sel.rot) + 1) % options.length].rot]]
    : Object.entries(legal.place).map(([space, choices]) => [space, choices[0].rot]);
  for (const [space, rotation] of next.slice(0, PREVIEWS_AHEAD)) {
    drawAhead(game, withDrawnTile(view, space, rotation), PICTURE);
  }
}

// The actions whose next board was asked for already, by state (one state at a time).
const askedAhead = { state: null, notations: new Set() };

/**
 * Once a figure is chosen, ask ahead for the board after each place it may go: the
 * server's preview of the action (tried on a copy; an action that cannot be taken back
 * shows nothing) and then its picture, so that the click shows a board already drawn.
 */
function drawMovesAhead(ctx, game, offered) {
  if (askedAhead.state !== ctx.msg?.state_id) Object.assign(askedAhead, { state: ctx.msg?.state_id, notations: new Set() });
  const going = Object.values(offered).filter((target) => target.go).slice(0, PREVIEWS_AHEAD);
  for (const { notation } of going) {
    if (askedAhead.notations.has(notation)) continue;
    askedAhead.notations.add(notation);
    ctx.preview(notation).then((tried) => {
      if (tried?.legal && tried.view?.board) drawAhead(game, boardOnly(tried.view.board), PICTURE);
    }).catch(() => {}); // only a head start: the click draws the board anyway
  }
}

/** What each space offers now: space -> {label, onclick, cost?, go?} from the legal actions. */
function spaceTargets(ctx, legal) {
  const view = ctx.view;
  const sel = ctx.sel;
  const targets = {};
  if (!legal) return targets;
  if (view.phase === "place") {
    for (const [space, options] of Object.entries(legal.place)) {
      targets[space] = { label: t("tikal.target.place", { space }), onclick: () => {
        // A second click on the chosen space turns the tile to its next legal rotation.
        if (sel.mode === "place" && sel.space === space) sel.rot = (options.findIndex((o) => o.rot === sel.rot) + 1) % options.length;
        else Object.assign(sel, { mode: "place", space, rot: 0 });
        sel.rot = options[sel.rot % options.length].rot;
        ctx.rerender();
      } };
    }
  } else if (view.phase === "actions") {
    // Each space with something to do there: one thing, and the tap does it (its cost on
    // the space); several, and the tap shows them at the space (spaceChoices).
    for (const space of Object.keys(view.board)) {
      const choices = spaceChoices(legal, space);
      if (!choices.length) continue;
      const only = choices.length === 1 && choices[0].action;
      targets[space] = only
        ? { cost: only.cost, label: inMood("button", () => describe(only.notation, only.info, ctx)), onclick: () => tapSpace(ctx, legal, space), notation: only.notation }
        : { label: t("tikal.target.select", { space }), onclick: () => tapSpace(ctx, legal, space) };
    }
    const go = sel.mode === "enter" ? (legal.enter[sel.figure] || []).map((o) => [o.space, o])
      : sel.mode === "space" && sel.figure ? (legal.moves[sel.space]?.[sel.figure] || []).map((o) => [o.target, o]) : [];
    for (const [space, option] of go) {
      targets[space] = { cost: option.cost, label: inMood("button", () => describe(option.notation, option.info, ctx)), onclick: () => ctx.act(option.notation), go: true, notation: option.notation };
    }
  }
  return targets;
}

/**
 * The server's picture of the board with this turn's targets made buttons, the selection,
 * the costs and the hints marked over it; null or a "loading" mark while it is drawn.
 */
function boardSvg(ctx, legal) {
  const view = ctx.view;
  const sel = ctx.sel;
  const game = ctx.game || "tikal";
  const previewing = sel.mode === "place" && sel.space && view.drawn && legal?.place[sel.space];
  const stale = (picture) => picture instanceof SVGElement && "stale" in picture.dataset;
  let svg = previewing ? drawnBoard(game, withDrawnTile(view, sel.space, sel.rot || 0), PICTURE, ctx.rerender) : null;
  if (!(svg instanceof SVGElement) || stale(svg)) {
    // While the preview is being drawn, the board as it is now (drawn already) stays in view.
    const now = drawnBoard(game, boardOnly(view.board), PICTURE, ctx.rerender);
    if (!(svg instanceof SVGElement) || (now instanceof SVGElement && !stale(now))) svg = now;
  }
  if (!(svg instanceof SVGElement)) return svg;
  if (legal && view.phase === "place" && view.drawn) drawPreviewsAhead(game, view, legal, sel);
  if (legal && view.phase === "actions") drawMovesAhead(ctx, game, spaceTargets(ctx, legal));
  svg.classList.add("tikal-board");
  // A click in the margin focuses the picture itself: by its key the focus stays on it
  // when the board is drawn again (news, a resize), as a space's does; it went to the page.
  svg.dataset.key = "board";
  svg.setAttribute("aria-label", t("tikal.board.label"));
  const offered = spaceTargets(ctx, legal);
  const spaces = new Map([...svg.querySelectorAll(".space[data-space]")].map((g) => [g.dataset.space, g]));
  const names = new Map();
  const words = s("g", { class: "space-words", "aria-hidden": "true" });
  svg.querySelector(".board")?.after(words);
  for (const [space, target] of Object.entries(offered)) names.set(space, `${target.label}. ${spaceWords(space, view.board[space], ctx)}`);
  targets(svg, names, (space) => offered[space].onclick());
  for (const [space, g] of spaces) {
    const entry = view.board[space];
    if (!offered[space]) {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", spaceWords(space, entry, ctx));
      // The focus survives a redraw by its key (table.js), as a target's does (board.js):
      // a keyboard user on a space not played on was sent to the first target.
      g.dataset.key = `space-${space}`;
      if (ctx.yourTurn && legal) g.addEventListener("click", () => refuseTap(ctx, space));
    }
    g.setAttribute("tabindex", "-1");
    // Every word the picture writes on the space (its name, a temple's value, the wafers,
    // the figures' "L+2") lies over it in a layer of its own, out of the space: its name
    // says them in words (spaceWords), and a target holding them had visible text its
    // name could not hold in order ("A6L+1": axe's label-content-name-mismatch on every
    // target space with figures). Taps go through the layer to the space (tikal.css).
    for (const written of g.querySelectorAll("text")) written.dataset.wordsOf = space;
    words.append(...g.querySelectorAll("text"));
    const hex = hexOf(g);
    // The ring that marks the last move (and the others' moves since this seat's turn) at
    // a phone's size: pace.js gives the space its class once the screen is drawn, and the
    // glow it makes alone was a 2-3 px halo half under the neighbouring tiles on a phone.
    g.append(s("polygon", { points: ringPoints(hex, 5), class: "move-ring", "aria-hidden": "true" }));
    const hinted = (ctx.hints || []).findIndex((hint) => hintSpace(hint, ctx) === space);
    if (hinted >= 0) {
      // Out of the space's button and hidden from screen readers, as the cost: the hints
      // list says it in words. Where it goes is found once the picture is laid out
      // (placeMarks): at a fixed spot it lay over the figures and the stones.
      svg.append(s("g", { class: "mark hint", "aria-hidden": "true", "data-hint-of": space, "data-prefer": "-0.45 0.39" },
        s("circle", { cx: hex.cx, cy: hex.cy, r: 9, class: "hint-mark" }), s("text", { x: hex.cx, y: hex.cy + 4, class: "hint-mark-text" }, hinted + 1)));
    }
    if (previewing && sel.space === space && !stale(svg)) g.classList.add("preview");
    const target = offered[space];
    const selected = (sel.mode === "place" || sel.mode === "space") && sel.space === space;
    if (target || selected) {
      g.append(s("polygon", { points: ringPoints(hex, 2.5), class: `hit${target?.go ? " go" : ""}${selected ? " selected" : ""}` }));
      if (target?.cost !== undefined && target?.cost !== null) {
        // Out of the space's button: said in the target's name already ("… (5 AP)"), inside
        // it the number ran into the space's name ("A45", axe: a target's visible text not
        // in its name). Placed clear of what the space shows once laid out (placeMarks).
        svg.append(s("g", { class: "mark cost", "aria-hidden": "true", "data-cost-of": space, "data-prefer": "0.45 -0.43" },
          s("circle", { cx: hex.cx, cy: hex.cy, r: 10, class: "cost-badge" }), s("text", { x: hex.cx, y: hex.cy + 4, class: "cost-text" }, target.cost)));
      }
    }
  }
  roving(svg, ctx);
  return svg;
}

/**
 * A tap on a space this turn offers nothing on: the action it would have been (the drawn
 * tile laid there, the chosen figure brought or moved there) is sent, so that the table's
 * refusal says why, with "Why not?", as a map's cell does in Cartographers; with nothing
 * of the person's chosen yet, the turn's own words on what to tap. A friend at a game
 * night laid the tile on a space not highlighted, and nothing was said.
 */
function refuseTap(ctx, space) {
  const { view, sel } = ctx;
  let tried = null;
  if (view.phase === "place" && view.drawn) tried = `place ${space}`;
  else if (view.phase === "actions" && sel.mode === "enter" && sel.figure) tried = `enter ${sel.figure} ${space}`;
  else if (view.phase === "actions" && sel.mode === "space" && sel.figure) tried = `move ${sel.figure} ${sel.space} ${space}`;
  if (tried) ctx.actNow(tried);
  else if (view.phase === "actions") notify(t("tikal.actions.pick"));
}

/** Where a hint acts: the space its legal action goes to (a move's target, else its space). */
function hintSpace(hint, ctx) {
  const params = ctx.legal.find((a) => a.notation === hint.notation)?.params || {};
  return params.to ?? params.space ?? null;
}

function spaceWords(space, entry, ctx) {
  if (!entry) return t("tikal.space.unexplored", { space });
  const parts = [space, entry.kind === "temple" ? t("tikal.space.temple", { value: entry.value })
    : entry.kind === "treasure" ? t("tikal.space.treasure", { n: entry.wafers ?? 0 }) : t(`tikal.kind.${entry.kind}`)];
  for (const [seat, f] of Object.entries(entry.figures || {})) parts.push(t("tikal.figures.title", { name: ctx.name(Number(seat)), leader: f.L, workers: f.W }));
  if (entry.camp !== undefined) parts.push(t("tikal.camp.of", { name: ctx.name(entry.camp) }));
  if (entry.guard) parts.push(t("tikal.guard.of", { name: ctx.name(entry.guard.seat) }));
  return parts.join(", ");
}

// One tab stop for the whole board; the arrow keys move between spaces (roving tabindex).
let focusSpace = null;

function roving(svg, ctx) {
  const spaces = [...svg.querySelectorAll(".space")];
  const byName = new Map(spaces.map((g) => [g.dataset.space, g]));
  const firstTarget = spaces.find((g) => g.classList.contains("target"));
  const start = byName.get(ctx.sel.focus) || byName.get(focusSpace) || firstTarget || byName.get("A6");
  start.setAttribute("tabindex", "0");
  svg.addEventListener("keydown", (event) => {
    const steps = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const current = event.target.closest?.(".space");
    if (!current) return;
    let next = null;
    if (steps[event.key]) {
      const [dc, dr] = steps[event.key];
      const col = COLUMNS.indexOf(current.dataset.space[0]) + dc;
      const row = Number(current.dataset.space.slice(1)) + dr;
      if (col >= 0 && col < 8 && row >= 1 && row <= 6) next = byName.get(`${COLUMNS[col]}${row}`);
    } else if (event.key === "Home") next = spaces[0];
    else if (event.key === "End") next = spaces[spaces.length - 1];
    if (!next) return;
    event.preventDefault();
    current.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    focusSpace = next.dataset.space;
    next.focus();
  });
  svg.addEventListener("focusin", (event) => {
    const g = event.target.closest?.(".space");
    if (g) focusSpace = g.dataset.space;
  });
}

// Zoom and pan (buttons, ctrl+wheel, drag, pinch): the board's viewBox is narrowed around a point.
// The picture's own size (its viewBox as the server drew it) is the whole board.
// `chosen`: a person zoomed or panned (buttons, pinch, drag); until then the board is
// fitted to the part of the map in play on each drawing (fitToPlay), after that it is
// left as the person set it.
const zoom = { k: 1, x: null, y: null, width: 1, height: 1, chosen: false };
// A fitted board is not "zoomed" for the page (.zoom-frame.zoomed takes the finger's
// vertical swipes for panning): until the person zooms, a swipe still scrolls the page.
/** What + and − multiply the zoom by; a wheel's notch (WHEEL_NOTCH of deltaY, in px) the same. */
const ZOOM_STEP = 1.5;
const WHEEL_NOTCH = 100;
/** The most a fit zooms in: the start's three tiles still show the spaces around them. */
const FIT_MOST = 2.5;

/**
 * Narrow the view to the part of the map in play: the explored spaces and this decision's
 * targets, a hex's width around them (the whole board when all of it is in play).
 */
function fitToPlay(svg) {
  if (zoom.chosen) return;
  const hexes = [...svg.querySelectorAll(".space[data-space]")]
    .filter((g) => !g.classList.contains("unexplored") || g.classList.contains("target")).map(hexOf);
  if (!hexes.length) return;
  const pad = Math.max(...hexes.map((hex) => hex.r)) * 1.1;
  const left = Math.min(...hexes.map((hex) => hex.cx - hex.r)) - pad, right = Math.max(...hexes.map((hex) => hex.cx + hex.r)) + pad;
  const top = Math.min(...hexes.map((hex) => hex.cy - hex.r)) - pad, bottom = Math.max(...hexes.map((hex) => hex.cy + hex.r)) + pad;
  zoom.k = Math.min(FIT_MOST, Math.max(1, Math.min(zoom.width / (right - left), zoom.height / (bottom - top))));
  zoom.x = (left + right) / 2;
  zoom.y = (top + bottom) / 2;
  svg.setAttribute("viewBox", viewBox());
}

function viewBox() {
  const w = zoom.width / zoom.k, hh = zoom.height / zoom.k;
  zoom.x = Math.min(zoom.width - w / 2, Math.max(w / 2, zoom.x ?? zoom.width / 2));
  zoom.y = Math.min(zoom.height - hh / 2, Math.max(hh / 2, zoom.y ?? zoom.height / 2));
  return `${(zoom.x - w / 2).toFixed(1)} ${(zoom.y - hh / 2).toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`;
}

function setZoom(svg, k) {
  zoom.k = Math.min(4, Math.max(1, k));
  svg.setAttribute("viewBox", viewBox());
  svg.closest(".zoom-frame")?.classList.toggle("zoomed", zoom.k > 1 && zoom.chosen);
  legibleNames(svg);
  // Zoomed by the person: the tip that points to the zoom has done its work.
  if (zoom.chosen) svg.closest(".tikal-main")?.querySelector("#zoom-tip")?.remove();
}

/** The smallest a space's name is read on screen (px), however far the board shrinks. */
const NAME_PX = 10.5;

/**
 * Screen pixels to one of the picture's units, as drawn now. The picture's screen matrix,
 * not its box's width over the viewBox's: a laptop holds the board to the screen's height
 * (tikal.css), and the picture is then centred in a box wider than it ("meet").
 */
function pixelsPerUnit(svg) {
  return svg.getScreenCTM()?.a || 0;
}

/**
 * Keep the spaces' names (A4, C5) legible: the picture writes them at 12 of its own units,
 * and a phone shrinks the whole board to ~0.67 px a unit (8 px names). The size is set
 * in the picture's units from the scale it is drawn at now, so a name is NAME_PX on
 * screen at least and grows no smaller when zoomed.
 */
function legibleNames(svg) {
  const scale = svg.getBoundingClientRect().width ? pixelsPerUnit(svg) : 0;
  if (!scale) return; // not laid out yet: the ResizeObserver calls again
  svg.style.setProperty("--space-name-size", `${Math.max(12, NAME_PX / scale).toFixed(1)}px`);
  placeMarks(svg);
  placeChoices(svg);
}

/**
 * Each cost and hint number put where it covers nothing the board shows: not the space's
 * name (larger on a phone, so found after layout), its temple, wafers or stones, a camp,
 * a guard, the figures, nor another number. The spot nearest the one it prefers inside
 * its own hex, else just outside it (a crowded hex: camp, guard and two players' figures);
 * at a fixed spot a hint's number lay over the figures and stones (the "3" over "L+1").
 */
function placeMarks(svg) {
  const marks = [...svg.querySelectorAll(".mark")];
  // Placed again only when the names' size changes (a zoom, a pinch's every step): what
  // else a space shows is in the picture's units, the same at every zoom.
  const size = svg.style.getPropertyValue("--space-name-size");
  if (!marks.length || svg.dataset.marksPlacedAt === size) return;
  svg.dataset.marksPlacedAt = size;
  const box = (el) => { const b = el.getBBox(); return { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height }; };
  const drawn = [];
  for (const g of svg.querySelectorAll(".space[data-space]")) {
    // The hex's own face and the rings round it are under everything, not in its way.
    for (const el of g.querySelectorAll("circle, rect, path, .figures")) {
      if (!el.closest(".figures") || el.matches(".figures")) drawn.push(box(el));
    }
  }
  // The spaces' words (names, values, the figures' counts: their layer, boardSvg).
  for (const el of svg.querySelectorAll(".space-words text")) drawn.push(box(el));
  for (const mark of marks) {
    const g = svg.querySelector(`.space[data-space="${mark.dataset.hintOf || mark.dataset.costOf}"]`);
    if (!g) continue;
    const hex = hexOf(g);
    const circle = mark.querySelector("circle");
    const r = Number(circle.getAttribute("r")) + 1;
    const [px, py] = mark.dataset.prefer.split(" ").map((k) => Number(k) * hex.r);
    const inside = hex.r * Math.sqrt(3) / 2 - r;
    const near = drawn.filter((d) => d.right > hex.cx - 2 * hex.r && d.left < hex.cx + 2 * hex.r && d.bottom > hex.cy - 2 * hex.r && d.top < hex.cy + 2 * hex.r);
    const clear = (b) => near.every((d) => b.right <= d.left || b.left >= d.right || b.bottom <= d.top || b.top >= d.bottom);
    let best = null;
    for (let dy = -hex.r; dy <= hex.r; dy += 2) {
      for (let dx = -hex.r; dx <= hex.r; dx += 2) {
        const out = Math.hypot(dx, dy) > inside;
        const spot = { left: hex.cx + dx - r, top: hex.cy + dy - r, right: hex.cx + dx + r, bottom: hex.cy + dy + r };
        if (!clear(spot)) continue;
        const score = (out ? 1e6 : 0) + Math.hypot(dx - px, dy - py);
        if (!best || score < best.score) best = { score, dx, dy, spot };
      }
    }
    const [dx, dy] = best ? [best.dx, best.dy] : [px, py];
    circle.setAttribute("cx", hex.cx + dx);
    circle.setAttribute("cy", hex.cy + dy);
    mark.querySelector("text").setAttribute("x", hex.cx + dx);
    mark.querySelector("text").setAttribute("y", hex.cy + dy + 4);
    if (best) drawn.push(best.spot);
    mark.classList.add("placed");
  }
}

// One observer for the boards' sizes. A new ResizeObserver for each board drawn (every
// render: each move shown, each tap) was never disconnected: a whole watched game left
// hundreds of them observing pictures long gone from the page. The boards it observes
// are the one drawn now and the one it replaces (still in the page when the next is
// drawn); those gone from the page are let go as each new one comes.
const observed = new Set();
const resized = globalThis.ResizeObserver
  ? new ResizeObserver((entries) => { for (const entry of entries) if (entry.target.isConnected) legibleNames(entry.target); })
  : null;

function watchSize(svg) {
  if (!resized) return;
  for (const old of observed) {
    if (old.isConnected) continue;
    resized.unobserve(old);
    observed.delete(old);
  }
  observed.add(svg);
  resized.observe(svg);
}

function zoomable(svg) {
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  Object.assign(zoom, { width, height });
  svg.setAttribute("viewBox", viewBox());
  // Once laid out (the board is drawn afresh on each render, before it is attached) and
  // whenever the page's width changes: after layout, before paint, so no name flickers.
  watchSize(svg);
  const pointers = new Map();
  let pinch = null, drag = null, moved = false;
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), k: zoom.k };
      drag = null;
    } else if (pointers.size === 1) {
      drag = { x: event.clientX, y: event.clientY, zx: zoom.x, zy: zoom.y };
    }
  });
  svg.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      zoom.chosen = true;
      setZoom(svg, pinch.k * (Math.hypot(a[0] - b[0], a[1] - b[1]) / (pinch.d || 1)));
      moved = true;
    } else if (drag && zoom.k > 1) {
      const scale = 1 / (pixelsPerUnit(svg) || 1);
      const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 6) moved = true;
      if (moved) {
        zoom.chosen = true;
        zoom.x = drag.zx - dx * scale;
        zoom.y = drag.zy - dy * scale;
        svg.setAttribute("viewBox", viewBox());
        placeChoices(svg);
      }
    }
  });
  const up = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) drag = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // The wheel with Ctrl held (a trackpad's pinch sends the same) zooms around the point
  // under the pointer, a notch as far as + or −; the wheel alone scrolls the page, which
  // the board is a part of. Without this, Ctrl+wheel zoomed the whole page instead.
  svg.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const matrix = svg.getScreenCTM();
    if (!matrix || !svg.getBoundingClientRect().width) return;
    // The picture's point under the pointer stays under it: the view's centre moves
    // towards it as the scale grows (through the screen matrix, right however the
    // picture sits in its box).
    const under = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 33 : 1; // a line: ~33 px
    const k = Math.min(4, Math.max(1, zoom.k * ZOOM_STEP ** (-(event.deltaY * lines) / WHEEL_NOTCH)));
    zoom.x = under.x + (zoom.x - under.x) * (zoom.k / k);
    zoom.y = under.y + (zoom.y - under.y) * (zoom.k / k);
    zoom.chosen = true;
    setZoom(svg, k);
  }, { passive: false });
  // A drag or pinch is not a click on the space under the finger.
  svg.addEventListener("click", (event) => {
    if (moved) {
      event.stopPropagation();
      event.preventDefault();
      moved = false;
    }
  }, true);
}

function zoomControls(svg) {
  const button = (key, label, text, k) => h("button", { type: "button", class: "zoom-button", "data-key": key, id: key, "aria-label": label,
    onclick: () => { zoom.chosen = true; setZoom(svg, k()); } }, text);
  // The buttons are bare signs (+ − ⤢): until the person has zoomed, a line beside them
  // says what they do and that a pinch does it too (on a phone the board is shrunk to fit).
  return h("div", { class: "zoom-controls", role: "group", "aria-label": t("zoom.label") },
    zoom.chosen ? null : h("p", { class: "zoom-tip", id: "zoom-tip" }, t("zoom.tip")),
    button("zoom-in", t("zoom.in"), "+", () => zoom.k * ZOOM_STEP),
    button("zoom-out", t("zoom.out"), "−", () => zoom.k / ZOOM_STEP),
    button("zoom-reset", t("zoom.reset"), "⤢", () => 1));
}

/**
 * What a tap on `space` can mean this turn, as on BGA: moving a figure of one's own from
 * it (then where it goes, on the board), bringing a worker or the leader onto it, and what
 * is done on it (uncover, recover, camp, guard). Each is {figure} (a move to aim) or
 * {action} (a legal action to play).
 */
function spaceChoices(legal, space) {
  const choices = [];
  for (const figure of ["W", "L"]) if (legal.moves[space]?.[figure]?.length) choices.push({ figure });
  for (const figure of ["W", "L"]) for (const option of legal.enter[figure]) if (option.space === space) choices.push({ action: option });
  for (const action of legal.spaceActions[space] || []) choices.push({ action });
  return choices;
}

function clearSelection(sel) {
  Object.keys(sel).forEach((k) => delete sel[k]);
}

/**
 * A tap on a space with something to do there: the one thing done (played, or asked to
 * confirm when it cannot be taken back, as every move of this face is), the one figure
 * to move chosen (its green spaces shown), or the few choices shown at the space. A
 * second tap on the space chosen lets it go.
 */
function tapSpace(ctx, legal, space) {
  const sel = ctx.sel;
  const again = (sel.mode === "space" || sel.mode === "choices") && sel.space === space;
  clearSelection(sel);
  const choices = again ? [] : spaceChoices(legal, space);
  if (choices.length === 1) return choose(ctx, choices[0], space);
  if (choices.length) Object.assign(sel, { mode: "choices", space });
  ctx.rerender();
}

function choose(ctx, choice, space) {
  const sel = ctx.sel;
  clearSelection(sel);
  if (choice.action) return ctx.act(choice.action.notation);
  Object.assign(sel, { mode: "space", space, figure: choice.figure });
  ctx.rerender();
}

/** The choices a tap on a space offered, shown at the space (placed by placeChoices). */
function choicesMenu(ctx, legal) {
  const space = ctx.sel.space;
  const words = (choice) => choice.action ? inMood("button", () => describe(choice.action.notation, choice.action.info, ctx)) : t(`tikal.figure.${choice.figure}`);
  const key = (choice) => `choice-${choice.action ? choice.action.notation : `move-${choice.figure}`}`;
  const close = () => { clearSelection(ctx.sel); ctx.rerender(); };
  return h("div", { class: "space-choices", id: "space-choices", role: "group", "data-space": space,
    "aria-label": t("tikal.space.title", { space }), onkeydown: (e) => { if (e.key === "Escape") close(); } },
  spaceChoices(legal, space).map((choice) => h("button", { type: "button", "data-key": key(choice), onclick: () => choose(ctx, choice, space) }, words(choice))),
  h("button", { type: "button", class: "ghost", "data-key": "choices-cancel", onclick: close }, t("table.confirm.cancel")));
}

/**
 * The choices shown at their space: under its hex, or over it where the board's foot is
 * too near, kept inside the board's column. Placed once the picture is laid out and each
 * time it is zoomed or panned (the hex moves on the screen).
 */
function placeChoices(svg) {
  const main = svg.closest(".tikal-main");
  const menu = main?.querySelector("#space-choices");
  const g = menu && svg.querySelector(`.space[data-space="${menu.dataset.space}"]`);
  if (!g) return;
  const hex = g.getBoundingClientRect();
  const area = main.getBoundingClientRect();
  const frame = svg.getBoundingClientRect();
  const width = menu.offsetWidth, height = menu.offsetHeight;
  const left = Math.min(Math.max(0, hex.left + hex.width / 2 - width / 2 - area.left), area.width - width);
  const below = hex.bottom + 4 + height <= Math.max(frame.bottom, innerHeight * 0.6);
  const top = below ? hex.bottom + 4 : hex.top - 4 - height;
  menu.style.left = `${Math.max(0, left)}px`;
  menu.style.top = `${Math.max(0, top - area.top)}px`;
  menu.classList.add("placed");
}

function tileWords(tile) {
  if (!tile) return "";
  if (tile.kind === "temple") return t("tikal.tile.temple", { letter: tile.letter, value: tile.value });
  if (tile.kind === "treasure") return t("tikal.tile.treasure", { letter: tile.letter, n: tile.masks });
  return t(`tikal.tile.${tile.kind}`, { letter: tile.letter });
}

// Panels ---------------------------------------------------------------------------------

function turnPanel(ctx, legal) {
  const view = ctx.view;
  const sel = ctx.sel;
  const current = view.current?.[0];
  const body = [];
  if (!ctx.yourTurn) {
    if (current !== undefined && !view.over) {
      body.push(h("p", {}, ctx.thinking(current) ? h("span", { class: "thinking" }, t("status.thinking", { name: ctx.name(current), n: 1 })) : t("tikal.turn.of", { name: ctx.name(current) })));
      if (view.phase === "actions") body.push(h("p", { class: "ap" }, t("tikal.ap.left", { n: view.ap })));
    }
    if (view.drawn && view.phase === "place") body.push(h("div", { class: "drawn" }, tileWords(view.drawn)));
    return body;
  }
  if (!legal) return [h("p", {}, "…")];
  if (view.phase === "place") {
    body.push(h("div", { class: "drawn" }, h("span", {}, t("tikal.drawn"), " ", tileWords(view.drawn))));
    if (sel.mode === "place" && legal.place[sel.space]) {
      const options = legal.place[sel.space];
      body.push(h("p", {}, t("tikal.place.rotations", { space: sel.space })));
      body.push(h("div", { class: "rotations", role: "radiogroup", "aria-label": t("tikal.place.rotation") },
        options.map((option) => h("button", { type: "button", class: `rotation${option.rot === sel.rot ? " active" : ""}`, role: "radio",
          "aria-checked": String(option.rot === sel.rot), "data-key": `rot-${option.rot}`, "aria-label": t("tikal.rotation", { degrees: option.rot * 60 }),
          onclick: () => { sel.rot = option.rot; ctx.rerender(); } }, `↻ ${option.rot * 60}°`))));
      const chosen = options.find((o) => o.rot === sel.rot) || options[0];
      body.push(h("div", { class: "buttons" },
        // Says the turn chosen ("Place the tile on A4, turned 60°"): "Place the tile on A4"
        // alone left a first-time player unsure the rotation picked above would be kept.
        h("button", { type: "button", class: "primary", id: "place-confirm", "data-key": "place-confirm", onclick: () => ctx.act(chosen.notation) },
          chosen.rot ? inMood("button", () => t("tikal.do.place.turned", { space: sel.space, degrees: chosen.rot * 60 }))
            : t("tikal.place.confirm", { space: sel.space }))));
    } else {
      body.push(h("p", {}, t("tikal.place.pick", { n: Object.keys(legal.place).length })));
    }
    return body;
  }
  if (view.phase === "bid" || view.phase === "take") {
    // On a phone the status line stuck to the top says the turn hint already: the panel says
    // only where the bids are (see .repeats-status in style.css).
    body.push(h("p", { class: "repeats-status" }, turnHint(ctx)), h("p", { class: "hint next-step" }, t("tikal.auction.below")));
    return body;
  }
  if (view.phase === "actions") {
    body.push(h("p", { class: "ap", id: "ap-left" }, t("tikal.ap.left", { n: view.ap })));
    // A scoring round begins with 10 AP ("spend your 10 AP"); once some are spent the
    // banner says what is left, as the line above it does, not the 10 it began with.
    if (view.round) body.push(h("p", { class: "banner", id: "round-banner" }, view.ap < 10
      ? t(`tikal.round.${view.round}.yours.left`, { n: view.ap }) : t(`tikal.round.${view.round}.yours`)));
    const enterButtons = ["W", "L"].filter((f) => legal.enter[f].length).map((figure) =>
      h("button", { type: "button", "data-key": `enter-${figure}`, id: `enter-${figure}`, "aria-pressed": String(sel.mode === "enter" && sel.figure === figure),
        class: sel.mode === "enter" && sel.figure === figure ? "active" : "",
        onclick: () => { Object.keys(sel).forEach((k) => delete sel[k]); Object.assign(sel, { mode: "enter", figure }); ctx.rerender(); } },
        t(`tikal.enter.${figure}`)));
    if (enterButtons.length) body.push(h("div", { class: "buttons" }, enterButtons));
    if (sel.mode === "enter") body.push(h("p", { class: "hint next-step" }, t("tikal.enter.where")));
    if (sel.mode === "space") {
      const moves = legal.moves[sel.space] || { L: [], W: [] };
      body.push(h("h3", {}, t("tikal.space.title", { space: sel.space })));
      const figureButtons = ["W", "L"].filter((f) => moves[f].length).map((figure) =>
        h("button", { type: "button", "data-key": `figure-${figure}`, id: `figure-${figure}`, class: sel.figure === figure ? "active" : "", "aria-pressed": String(sel.figure === figure),
          onclick: () => { sel.figure = figure; ctx.rerender(); } }, t(`tikal.figure.${figure}`)));
      // The figure to move was chosen at the space (spaceChoices): a button to switch it
      // only when both a worker and the leader can go from there.
      if (figureButtons.length > 1) body.push(h("div", { class: "buttons" }, figureButtons));
      if (figureButtons.length) body.push(h("p", { class: "hint next-step" }, t("tikal.move.where")));
      const actions = legal.spaceActions[sel.space] || [];
      if (actions.length) {
        body.push(h("div", { class: "buttons" }, actions.map((a) => h("button", { type: "button", "data-key": `do-${a.notation}`,
          "data-action": a.notation, onclick: () => ctx.act(a.notation) }, inMood("button", () => describe(a.notation, a.info, ctx))))));
      }
    } else if (sel.mode !== "enter" && Object.keys(view.board).some((space) => legal.moves[space] || legal.spaceActions[space])) {
      // What to do with the action points: the board's highlighted spaces (kept on a
      // phone, where the turn panel's other hints are folded away); none when no space
      // offers anything.
      body.push(h("p", { class: "hint next-step" }, t("tikal.actions.pick")));
    }
    if (legal.exchange.length) {
      // Folded, the exchange says its cost as every other action's button does ("Exchange
      // treasures (3 AP)"): a newcomer weighs it against the AP left without opening it.
      const costs = [...new Set(legal.exchange.map((a) => a.cost).filter((ap) => ap !== null))];
      const costWords = costs.length ? ` (${costs.sort((a, b) => a - b).map((ap) => t("tikal.ap", { n: ap })).join(" / ")})` : "";
      body.push(h("details", { id: "exchange-choices" }, h("summary", {}, t("tikal.exchange") + costWords),
        h("div", { class: "buttons column" }, legal.exchange.map((a) => h("button", { type: "button", "data-key": `do-${a.notation}`,
          onclick: () => ctx.act(a.notation) }, inMood("button", () => describe(a.notation, a.info, ctx)))))));
    }
    if (legal.end) {
      body.push(h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "end-turn", "data-key": "end-turn",
        onclick: () => ctx.act(legal.end.notation) }, t("tikal.end.button"))));
    }
    return body;
  }
  return body;
}

function auctionPanel(ctx, legal) {
  const view = ctx.view;
  const auction = view.auction;
  if (!auction) return null;
  const items = [];
  items.push(h("p", {}, t("tikal.auction.round", { n: auction.round })));
  items.push(h("div", { class: "display" }, auction.display.map((tile) => {
    const take = legal?.take.find((entry) => entry.index === tile.index);
    const content = [h("span", {}, `${tile.index}. ${tileWords(tile)}`)];
    return take
      ? h("button", { type: "button", class: "display-tile", "data-key": `take-${tile.index}`, onclick: () => ctx.act(take.notation) }, content)
      : h("div", { class: "display-tile" }, content);
  })));
  items.push(h("ul", { class: "amulets" }, auction.amulets.map((state, seat) => h("li", {},
    h("span", { class: `amulet ${state}`, style: `border-color:${ctx.colour(seat)}` }), " ",
    `${ctx.name(seat)}: ${t(`tikal.amulet.${state}`)}${auction.passed.includes(seat) ? ` · ${t("tikal.auction.passed")}` : ""}`))));
  if (view.phase === "bid") {
    items.push(h("p", {}, auction.bidder !== null ? t("tikal.auction.bid", { n: auction.bid, name: ctx.name(auction.bidder) }) : t("tikal.auction.nobid")));
    if (auction.to_act !== null && auction.to_act !== undefined && !ctx.yourTurn) items.push(h("p", {}, t("tikal.auction.toact", { name: ctx.name(auction.to_act) })));
  }
  if (ctx.yourTurn && legal && view.phase === "bid") {
    const amounts = legal.bids.map((bid) => bid.amount);
    const min = amounts.length ? Math.min(...amounts) : null;
    const max = amounts.length ? Math.max(...amounts) : null;
    if (ctx.sel.bid === undefined || ctx.sel.bid < min || ctx.sel.bid > max) ctx.sel.bid = min;
    // What a bid is made with and what winning costs, in words beside the box (a bare
    // number box said neither): points are paid off the score track.
    const pays = h("p", { class: "hint bid-pays", id: "bid-pays" }, t("tikal.auction.pays", { n: ctx.sel.bid }));
    items.push(h("div", { class: "buttons bid-box" },
      min !== null ? [h("label", { for: "bid-amount", class: "bid-label" }, t("tikal.auction.amount")),
        h("input", { id: "bid-amount", type: "number", min, max, value: ctx.sel.bid, "data-key": "bid-amount", "aria-describedby": "bid-pays", oninput: (e) => {
          ctx.sel.bid = Number(e.target.value);
          if (Number.isFinite(ctx.sel.bid)) pays.textContent = t("tikal.auction.pays", { n: ctx.sel.bid });
        } }),
        h("button", { type: "button", class: "primary", "data-key": "bid", onclick: () => ctx.act((legal.bids.find((bid) => bid.amount === ctx.sel.bid) || { notation: `bid ${ctx.sel.bid}` }).notation) }, t("tikal.auction.bidbutton"))] : null,
      legal.pass ? h("button", { type: "button", "data-key": "pass", onclick: () => ctx.act(legal.pass.notation) }, t("tikal.pass.button")) : null));
    if (min !== null) items.push(pays);
  }
  if (ctx.yourTurn && legal && view.phase === "take") {
    // Won: said in the panel that holds the tiles to take (on a phone the turn sheet's
    // hints are folded away, and this panel comes above the board).
    items.unshift(h("p", { class: "banner auction-won", id: "auction-won" }, t("tikal.hint.take")));
  }
  // "selling": while the display's tiles are bid for and taken (on a phone the panel then
  // comes before the board, tikal.css). "decision-now": the turn's buttons (bid, pass,
  // take) are here, not on the board: the table brings the panel into sight as the turn
  // starts (table.js).
  const selling = view.phase === "bid" || view.phase === "take";
  return h("section", { class: `panel auction${selling ? " selling" : ""}${ctx.yourTurn && selling ? " decision-now" : ""}`, id: "auction-panel", "aria-labelledby": "auction-title" }, h("h2", { id: "auction-title" }, t("tikal.auction.title")), items);
}

/**
 * A player's name for the Players table, the person's own "(you)" kept in one piece: beside
 * a laptop's board a long name breaks inside a word where its column is narrower than the
 * word (tikal.css), and "(você)" must not become "(você" over ")".
 */
function nameWords(ctx, seat) {
  const name = ctx.name(seat);
  const mark = seat === ctx.seat ? t("seat.you", { name: "" }).trim() : "";
  if (!mark || !name.endsWith(mark)) return name;
  // One span: in the turned table the cell is a flex column, each child a line of its own.
  return h("span", {}, name.slice(0, name.length - mark.length), h("span", { class: "you-mark" }, mark));
}

function playersPanel(ctx) {
  const view = ctx.view;
  // Each cell carries its column's name (data-label): on a phone every row is a card, each
  // value under its name (tikal.css), since the seven columns are wider than the screen.
  const label = (key) => ({ "data-label": t(key) });
  const rows = view.players.map((p) => {
    const treasures = treasuresCell(p.treasures);
    return h("tr", { class: view.current?.includes(p.seat) ? "current" : "" },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${ctx.colour(p.seat)}` }), " ", nameWords(ctx, p.seat),
        // Said by its text: an aria-label on a span (no role) is one ARIA forbids (axe's
        // aria-prohibited-attr), and it said the same words again.
        ctx.thinking(p.seat) ? h("span", { class: "thinking" }, " ", t("status.thinking.short")) : null),
      h("td", { class: "num", ...label("tikal.col.score") }, p.score),
      h("td", { class: "treasures-cell", ...label("tikal.col.treasures") }, treasures),
      h("td", { class: "num", ...label("tikal.col.workers") }, p.supply_workers),
      h("td", label("tikal.col.leader"), p.leader === "supply" ? t("tikal.leader.supply") : p.leader === "gone" ? t("tikal.leader.gone") : p.leader),
      h("td", { class: "num", ...label("tikal.col.camps") }, p.camps_left),
      h("td", { class: "num", ...label("tikal.col.guards") }, p.guards_left));
  });
  return h("section", { class: "panel players-panel", "aria-labelledby": "players-title" },
    h("h2", { id: "players-title" }, t("players.title")),
    // Named by the panel's heading: a screen reader's list of tables said "table" alone.
    h("div", { class: "scroll" }, h("table", { class: "players", "aria-labelledby": "players-title" },
      h("thead", {}, h("tr", {}, ["players.name", "tikal.col.score", "tikal.col.treasures", "tikal.col.workers", "tikal.col.leader", "tikal.col.camps", "tikal.col.guards"]
        .map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", {}, rows))),
    treasureLegend());
}

function suppliesPanel(ctx) {
  const view = ctx.view;
  const left = Object.entries(view.stack.left).filter(([, n]) => n).map(([letter, n]) => `${letter}×${n}`).join(" ") || "–";
  const levels = Object.entries(view.levels).filter(([, n]) => n).map(([v, n]) => `${v}×${n}`).join(" ") || "–";
  return h("section", { class: "panel", "aria-labelledby": "supply-title" },
    h("h2", { id: "supply-title" }, t("tikal.supply.title")),
    h("dl", { class: "facts" },
      h("dt", {}, t("tikal.next")), h("dd", { id: "next-letter" }, view.stack.top || "–"),
      h("dt", {}, t("tikal.stack")), h("dd", {}, `${view.stack.size} · ${left}`),
      h("dt", {}, t("tikal.wafers")), h("dd", {}, view.wafer_pile),
      h("dt", {}, t("tikal.levels")), h("dd", {}, levels)));
}

function scoringPanel(ctx) {
  const view = ctx.view;
  const history = view.score_history || [];
  if (!history.length && !view.round) return null;
  return h("section", { class: "panel", "aria-labelledby": "scoring-title", id: "scoring-panel" },
    h("h2", { id: "scoring-title" }, t("tikal.scoring.title")),
    view.round ? h("p", { class: "banner" }, t(`tikal.round.${view.round}`, { name: ctx.name(view.current?.[0]) })) : null,
    // Each round named as the chart under the summary names it (the game's last: "Final",
    // it was "Round 4" above a chart saying "Final"); the names count, not the list's marks.
    history.length ? h("ol", { class: "scoring-rounds" }, history.map((row, i) => h("li", {},
      `${roundName(view, history, i)}: `, row.map((points, seat) => `${ctx.name(seat)} ${points}`).join(" · ")))) : null);
}

// A wide screen: the table's side column stands beside the board (style.css, 901 px and
// more). Crossing it (a window resized, a tablet turned) draws the table again, with the
// players' table moved to where it now belongs.
const wideScreen = globalThis.matchMedia?.("(min-width: 901px)");
let lastRerender = null;
wideScreen?.addEventListener?.("change", () => lastRerender?.());

/** The pictures a move shown one at a time will show, asked for ahead (table.js): its board. */
export function picturesAhead(ctx) {
  drawAhead(ctx.game || "tikal", boardOnly(ctx.view.board), PICTURE);
}

export function render(ctx) {
  const legal = ctx.yourTurn && ctx.legal.length ? parseLegal(ctx.legal) : null;
  const view = ctx.view;
  const board = boardSvg(ctx, ctx.interactive ? legal : null);
  const drawn = board instanceof SVGElement;
  if (drawn) {
    zoomable(board);
    fitToPlay(board);
  }
  lastRerender = ctx.rerender;
  // The players' table: on a wide screen (a laptop) in the side column right under the
  // turn, beside the board, so that the points, workers, camps and guards are followed
  // without scrolling (under the board they were below the fold); there each player is a
  // column (tikal.css), since seven columns do not fit the side in every language. On a
  // phone or a tablet it stays under the board, where it has the width of all its columns.
  const wide = Boolean(wideScreen?.matches);
  const choosing = drawn && legal && view.phase === "actions" && ctx.sel.mode === "choices" && spaceChoices(legal, ctx.sel.space).length > 1;
  const main = h("div", { class: "tikal-main" }, drawn ? zoomControls(board) : null,
    h("div", { class: `zoom-frame${zoom.k > 1 && zoom.chosen ? " zoomed" : ""}` }, board),
    choosing ? choicesMenu(ctx, legal) : null, wide ? null : playersPanel(ctx));
  const side = [
    ctx.interactive && !view.over ? h("section", { class: `panel turn decision${ctx.yourTurn ? " yours" : ""}`, "aria-labelledby": "turn-title" },
      h("h2", { id: "turn-title" }, ctx.yourTurn ? t("status.your_turn") : t("tikal.turn")), turnPanel(ctx, legal)) : null,
    view.auction ? auctionPanel(ctx, legal) : null,
    wide ? playersPanel(ctx) : null,
    scoringPanel(ctx),
    suppliesPanel(ctx),
  ];
  return { main, side };
}

// The log ------------------------------------------------------------------------------

/** Which group of the log an action belongs to: a player's turn, or an auction round. */
export function logGroup(before, event, ctx, memo) {
  if (before.phase === "bid" || before.phase === "take") {
    const n = before.auction?.round ?? 0;
    return { key: `auction-${n}`, title: t("log.auction", { n }) };
  }
  // A new turn: after "end", or when another player acts (a turn also ends when its
  // last action point is spent, without "end").
  memo.turn ??= 1;
  if (memo.ended || (memo.seat !== undefined && memo.seat !== event.seat)) {
    memo.turn += 1;
    memo.ended = false;
  }
  memo.seat = event.seat;
  if (typed(event)?.type === "end") memo.ended = true;
  const name = ctx.name(event.seat);
  const title = before.round ? t(`log.turn.${before.round}`, { name }) : t("log.turn", { n: memo.turn, name });
  return { key: `turn-${memo.turn}`, title };
}

const TREASURE_POINTS = [0, 1, 3, 6];

/** What an action revealed or scored, line by line: wafers, the volcano, a scoring turn. */
export function logExtra(before, after, event, ctx) {
  const lines = [];
  const seat = event.seat;
  const mineBefore = before.players?.[seat];
  const mineAfter = after.players?.[seat];
  const name = ctx.name(seat);
  if (typed(event)?.type === "recover" && mineBefore && mineAfter) {
    for (const [kind, n] of Object.entries(mineAfter.treasures)) {
      if (n > (mineBefore.treasures[kind] || 0)) lines.push({ kind: "reveal", text: t("log.treasure.found", { name, treasure: treasureName(kind) }) });
    }
  }
  // A scoring turn ends with "end" or when its last AP is spent: the scorer's points
  // change then. Temples and treasures are read from the board as it was scored.
  if (before.round && mineBefore && mineAfter && mineAfter.score !== mineBefore.score) {
    let sum = 0;
    for (const [space, entry] of Object.entries(after.board)) {
      if (entry.kind === "temple" && entry.controller === seat && entry.value) {
        sum += entry.value;
        lines.push({ kind: "score", text: t("log.score.temple", { space, value: entry.value, n: entry.value }) });
      }
    }
    for (const [kind, n] of Object.entries(mineAfter.treasures)) {
      const points = TREASURE_POINTS[Math.min(n, 3)];
      sum += points;
      lines.push({ kind: "score", text: t("log.score.treasure", { treasure: treasureName(kind), count: n, n: points }) });
    }
    const total = mineAfter.score - mineBefore.score;
    lines.push({ kind: "sum", text: t("log.score.total", { name, n: total, score: mineAfter.score }) });
    if (total !== sum) console.warn("scoring breakdown differs", sum, total);
  }
  if (after.round && after.round !== before.round) {
    const group = { key: `round-${after.round}-${(after.score_history || []).length}`, title: t(`log.round.${after.round}`) };
    const drawer = after.round === "volcano" ? after.volcano_drawer : after.current?.[0];
    // Also the headline (table.js shows it over the page, as Cartographers' seasons): on a
    // phone the log is at the page's foot, and a scoring round began there unseen. The
    // words are the game's moment_words as the round begins (words.py, the same entries).
    const text = t(`log.round.${after.round}.line`, { name: ctx.name(drawer) });
    lines.push({ kind: "reveal", group, text, headline: text });
  }
  if ((after.score_history || []).length > (before.score_history || []).length) {
    const row = after.score_history[after.score_history.length - 1];
    const text = t("log.round.done", { scores: row.map((points, s) => `${ctx.name(s)} ${points}`).join(" · ") });
    // (the final scoring's are the game's result, on the page already: not over it)
    lines.push({ kind: "sum", text, headline: after.over ? undefined : text });
  }
  return lines;
}
