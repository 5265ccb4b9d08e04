// Cartographers in the browser: what is truly interactive and Cartographers' own — the
// terrain, shape and orientation pickers, the preview of the cells a drawing would fill,
// the card, edicts and seasons panels. The sheet itself is the game's one renderer
// (svg.py, the chat's picture), shown through web/static/board.js with every cell marked
// data-target; the legal actions arrive typed (code + params, the cells each covers), so
// nothing here redraws the sheet or reads a notation string.
import { bringIntoView, drawAhead, drawnBoard, targets } from "/board.js";
import { h, s } from "/dom.js";
import { errorText, has, t } from "/i18n.js";

// The notation's orientations, in its order (docs/cartographers-notation.md).
const ORIENTATIONS = ["r0", "r90", "r180", "r270", "f0", "f90", "f180", "f270"];
const TERRAINS = ["forest", "village", "farm", "water", "monster"];
const previews = new Map(); // `${state_id} ${notation}` -> answer (or a pending promise)
let repaint = null; // paints the preview on the sheet on screen now

/** "B3" → [row, column], 0-based (a cell name from the typed actions, not a notation). */
function parseCell(name) {
  return [Number(name.slice(1)) - 1, name.charCodeAt(0) - 65];
}

/** The shape turned by orientation `o` (see docs/cartographers-notation.md), normalised and sorted. */
export function oriented(cells, o) {
  let shape = cells.map(([r, c]) => [r, c]);
  if (o >= 4) shape = shape.map(([r, c]) => [r, -c]);
  for (let i = 0; i < o % 4; i++) shape = shape.map(([r, c]) => [c, -r]);
  return normalised(shape);
}

/** Cells moved to the top left corner and sorted in reading order: a shape's form. */
function normalised(cells) {
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - top, c - left]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// Words ----------------------------------------------------------------------------------

/**
 * An orientation in words, agreeing with what is turned: a shape ("forma", feminine in
 * Catalan and Portuguese: "girada 90°") by default, the monster ("el monstre", "o
 * monstro": "girat 90°", "girado 90°") with `of` = "monster" (carto.orient.monster.*).
 */
function orientWords(label, of = null) {
  const degrees = Number(label.slice(1));
  const key = of ? `carto.orient.${of}` : "carto.orient";
  if (label[0] === "f") return degrees ? t(`${key}.f`, { degrees }) : t(`${key}.mirror`);
  return degrees ? t(`${key}.r`, { degrees }) : t(`${key}.none`);
}

const terrainWords = (terrain) => (has(`terrain.${terrain}`) ? t(`terrain.${terrain}`) : terrain);

/** A cell's name from its bit index (the notation's: row by row, 11 to a row). */
const indexCell = (index) => `${String.fromCharCode(65 + (index % 11))}${Math.floor(index / 11) + 1}`;

/**
 * An action as (kind, params), from whichever typed form it comes in: a legal action or
 * a hint's ({type, params}: State.action_info), a preview's answer ({info}), or a log
 * event's fields ({action: {type: "Draw", …}}). Null when none is there.
 */
function typed(action) {
  if (!action || typeof action !== "object") return null;
  if (action.params && action.type) return { kind: action.type, params: action.params };
  if (action.info?.params) return { kind: action.info.type, params: action.info.params };
  const fields = action.action;
  if (fields && typeof fields === "object" && fields.type) {
    const kind = { Draw: "draw", Fallback: "fallback", Ambush: "ambush", AmbushFallback: "ambush_fallback", Pass: "pass" }[fields.type];
    const params = { ...fields };
    if (typeof fields.cell === "number") params.cell = indexCell(fields.cell);
    if (typeof fields.orientation === "number") params.orientation = ORIENTATIONS[fields.orientation];
    return kind ? { kind, params } : null;
  }
  return null;
}

/**
 * Whose map an ambush's monster goes on (its params' sheet): "on your map" when it is the
 * reader's — "on the neighbour's sheet" left Ana to guess that Bea's monster was on hers —
 * else the player's name; "the neighbour's" when the seat is not known (an old record).
 */
function ambushWhere(sheet, ctx) {
  if (!Number.isInteger(sheet) || !ctx?.name) return t("carto.where.neighbour");
  if (sheet === ctx.seat) return t("carto.where.yours");
  return t("carto.where.of", { name: ctx.name(sheet) });
}

/**
 * The seat whose map the screen shows big by itself: the neighbour's while the reader
 * draws a monster on it, else the reader's own (the first seat's for a spectator). Null
 * for words said away from any map (the log's context has no view).
 */
function homeSheet(ctx) {
  if (!ctx?.view) return null;
  const seat = ctx.seat ?? 0;
  const target = ctx.view.step === "ambush" && ctx.view.you?.target !== undefined ? ctx.view.you.target : seat;
  return ctx.view.players?.[target] ? target : 0;
}

// Another player's map the person chose to see big with its tab above the map (mapTabs):
// {seat, card}, `card` the card it was chosen at. On a phone the other maps lie ~1000 px
// down the page, under the card's, the edicts' and the stars' panels: a friend watching
// Bea's drawing named above the map ("… on their own map") had to scroll to find it.
// Kept across redraws (as the strip's edicts) until the person's own map is asked for, or
// until they are to draw on a card other than the one it was chosen at (their map and its
// spots come back for the new card).
let lookingAt = null;

/** The table, the card being drawn and the step it is drawn in: a look chosen at one card ends at the next (and at another table). */
const cardKey = (ctx) => `${ctx.msg?.table?.id} ${ctx.view.season?.number}-${(ctx.view.revealed || []).length}-${ctx.view.card?.name}-${ctx.view.step}`;

/** Whether the person is to draw now (their card, no choice made yet, something to draw). */
function drawsNow(ctx) {
  const you = ctx.view?.you;
  return Boolean(ctx.interactive && ctx.yourTurn && you && !you.choice && you.mode !== "pass");
}

/**
 * The seat whose map the screen shows big (render's sheet): the one chosen with its tab
 * (lookingAt), else homeSheet's. Null for words said away from any map.
 */
function shownSheet(ctx) {
  const home = homeSheet(ctx);
  const watched = watchedSheet(ctx, home);
  if (watched !== null) return watched;
  if (home === null || !lookingAt || lookingAt.seat === home || !ctx.view.players?.[lookingAt.seat]) return home;
  if (!lookingAt.card.startsWith(`${ctx.msg?.table?.id} `)) return home;
  if (drawsNow(ctx) && lookingAt.card !== cardKey(ctx)) return home;
  return lookingAt.seat;
}

// Whether the map a watched move drew on is brought to the frame, decided once per move
// shown ({n, seat}: its event's number and the seat, or null to leave the frame as it is).
let watchedChoice = null;

/**
 * The map a move being watched (another's, shown one at a time: ctx.watching) drew on,
 * when it is not the map shown by itself: the screen shows it big in the frame, with its
 * owner's name over it, while the move is shown. At a four-seat table a bot's drawing, a
 * friend's, a monster put on a third seat's map was named above the person's own map and
 * its map's tab dotted, its cells only on that small map far down the page: the person
 * did not see the move. On a phone (up to 900 px) always; on a wider screen only when that
 * small map is not whole in sight, clear of what is stuck to the screen (read from the
 * screen as it stands, once per move: wholeInSight).
 * Never while the person draws: then, and once the watching ends, their own map is back.
 */
function watchedSheet(ctx, home) {
  if (home === null || !ctx.watching || !ctx.lastMove || drawsNow(ctx)) return null;
  const event = ctx.lastMove;
  const seat = sheetDrawnOn(event);
  if (seat === null || seat === home || !ctx.view.players?.[seat]) return null;
  const table = ctx.msg?.table?.id;
  if (watchedChoice?.table === table && watchedChoice.n === event.n) return watchedChoice.seat;
  const small = globalThis.document?.querySelector(`.other-sheet[data-seat="${seat}"] svg.sheet:not([data-stale])`);
  const wide = globalThis.matchMedia?.("(min-width: 901px)").matches;
  const seen = Boolean(wide && small && wholeInSight(small));
  // (inSight: the small map left in sight, kept whole in sight once the move's screen is drawn)
  watchedChoice = { table, n: event.n, seat: seen ? null : seat, inSight: seen ? seat : null, kept: false };
  return watchedChoice.seat;
}

/**
 * The small map a watched move was left on (in sight: watchedSheet) kept whole in sight
 * once the move's screen is drawn, the page scrolled the least that does it. Judged on the
 * screen before, it went partly out of sight in the new one: a wide screen's side shows
 * the next card over the other maps (the drawings revealed together are shown on the board
 * as it is after them), two shapes' rows for one, and Bea's map at the screen's foot went
 * 22 px under it, her drawing in its last rows with it. Once per move: a person who then
 * scrolls away is left there.
 */
function keepWatchedInSight(ctx) {
  const choice = watchedChoice;
  if (!ctx.watching || choice?.inSight == null || choice.kept || choice.n !== ctx.lastMove?.n) return;
  if (choice.table !== ctx.msg?.table?.id) return;
  choice.kept = true;
  // (after the screen drawn now is on the page)
  queueMicrotask(() => {
    const small = document.querySelector(`.other-sheet[data-seat="${choice.inSight}"] svg.sheet`);
    if (!small?.isConnected) return;
    const box = small.getBoundingClientRect();
    const room = 8;
    let delta = 0;
    if (box.bottom > innerHeight - room) delta = Math.min(box.bottom - innerHeight + room, box.top - room);
    else if (box.top < room) delta = box.top - room;
    if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: "instant" });
  });
}

// How far apart (px) the points of a small map are that must be its own on the screen:
// closer than a bar stuck to the screen is tall (a notice's line of words, ~40 px).
const SIGHT_STEP = 16;

/**
 * Whether `element` is whole on the screen and clear of everything over it: a bar stuck
 * to the screen, a notice. Counted in sight when whole on the screen, Bea's small map was
 * left as it was while a notice stuck at the screen's foot lay over its lower rows, where
 * her drawing could be: her map was not brought to the frame. Read at points SIGHT_STEP
 * apart over the whole of it: each must be the element's own.
 */
function wholeInSight(element) {
  const box = element.getBoundingClientRect();
  if (!box.height || !box.width || box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
  const across = Math.ceil((box.width - 2) / SIGHT_STEP), down = Math.ceil((box.height - 2) / SIGHT_STEP);
  for (let i = 0; i <= across; i++) {
    for (let j = 0; j <= down; j++) {
      const top = document.elementFromPoint(box.left + 1 + ((box.width - 2) * i) / across, box.top + 1 + ((box.height - 2) * j) / down);
      if (!top || !element.contains(top)) return false;
    }
  }
  return true;
}

/** The seat whose map the move `event` drew on: an ambush's monster goes on its params' sheet. */
function sheetDrawnOn(event) {
  const known = typed(event);
  if (!known || !Number.isInteger(event.seat)) return null;
  if (known.kind === "ambush" || known.kind === "ambush_fallback") return Number.isInteger(known.params.sheet) ? known.params.sheet : null;
  return known.kind === "pass" ? null : event.seat;
}

/**
 * A drawing said beside a map: the mover's own map is named when it is not the map shown
 * there. The line above Ana's map said "Bea: draws forest … at A11" while A11 under it was
 * empty: the drawing was on Bea's map, far below under "The other maps". The reader's own
 * drawing is "on your map": over Bea's map at an ambush, "Ana (tu): … al seu mapa" (ca's
 * "seu" is the third person's) sent Ana to look for it on Bea's map, the one shown.
 */
function onWhoseMap(words, action, ctx) {
  const shown = shownSheet(ctx);
  if (shown === null || !Number.isInteger(action?.seat) || action.seat === shown) return words;
  const where = action.seat === ctx.seat ? t("carto.where.yours") : t("carto.where.own");
  return t("carto.do.elsewhere", { move: words, where });
}

/** An action in words, from its typed data (the server's own words, else the notation, without it). */
export function describe(notation, action, ctx) {
  const known = typed(action);
  if (!known) return (action && typeof action === "object" && action.text) || notation;
  const p = known.params;
  switch (known.kind) {
    case "pass": return t("carto.do.pass");
    case "ambush_fallback": return t("carto.do.ambush1x1", { cell: p.cell, where: ambushWhere(p.sheet, ctx) });
    case "ambush": return t("carto.do.ambush", { orient: orientWords(p.orientation, "monster"), cell: p.cell, where: ambushWhere(p.sheet, ctx) });
    case "fallback": return onWhoseMap(t("carto.do.fallback", { terrain: terrainWords(p.terrain), cell: p.cell }), action, ctx);
    default: return onWhoseMap(t("carto.do.draw", { terrain: terrainWords(p.terrain), shape: p.shape, orient: orientWords(p.orientation), cell: p.cell }), action, ctx);
  }
}

export function optionText(summary) {
  return summary.seats.length === 1 ? `${t("carto.solo")} · ${t(`carto.side.${summary.options?.side || "A"}`)}` : t(`carto.side.${summary.options?.side || "A"}`);
}

export function scoreText(score) {
  return t("score.stars", { n: score });
}

/** A card's name in the current language (the English name is the catalog's fallback). */
export const cardName = (name) => (has(`carto.card.${name}`) ? t(`carto.card.${name}`) : name);
const seasonName = (name) => (has(`carto.season.${name}`) ? t(`carto.season.${name}`) : name);
const ruleText = (edict) => (has(`carto.rule.${edict.card}`) ? t(`carto.rule.${edict.card}`) : edict.rule);
const titleText = (title) => (has(`carto.title.${title}`) ? t(`carto.title.${title}`) : title);

/** A hint reason's parameters in words (a card by its name in this language). */
export function reasonParams(params) {
  return params.card !== undefined ? { ...params, card: cardName(params.card) } : params;
}

/** Every drawing is final once the step resolves: always ask before it (see table.js). */
export function isFinal() {
  return true;
}

export function turnHint(ctx) {
  const you = ctx.view?.you;
  if (!you) return "";
  // A drawing previewed awaits the bar's Confirm: the line stuck to a phone's top says so
  // (it still said "choose terrain and shape").
  if (ctx.confirming) return t("carto.hint.confirm");
  if (ctx.view.step === "ambush") return t("carto.hint.ambush", { name: ctx.name(you.target) });
  return t(`carto.hint.${you.mode || "shape"}`);
}

export function chartData(view, ctx) {
  if (!view) return null;
  const finished = view.players[0]?.seasons || [];
  const labels = [t("chart.start"), ...finished.map((row) => seasonName(row.season))];
  const series = view.players.map((p) => {
    let total = 0;
    return [0, ...p.seasons.map((row) => (total += row.total))];
  });
  return { labels, series, title: t("carto.chart.title") };
}

export function summaryExtra(view) {
  if (!view?.solo) return null;
  return h("p", { class: "solo-result", id: "solo-result" }, t("carto.solo.result", { rating: view.solo.rating, title: titleText(view.solo.title || "") }));
}

// The sheet: the game's own picture, with the legal anchors as buttons ---------------------

/** The sheet of seat `seat` as the server draws it (no side panel: the page has its own). */
const SHEET = (seat) => ({ seat, panel: false, size: null });
const sheetOf = (ctx, seat) => drawnBoard(ctx.game, ctx.view, SHEET(seat), ctx.rerender);

/** The pictures a move shown one at a time will show, asked for ahead (table.js): every map. */
export function picturesAhead(ctx) {
  for (const p of ctx.view.players || []) drawAhead(ctx.game, ctx.view, SHEET(p.seat));
}

/** A cell's square in the picture's own units (its background's box), for overlays. */
function cellBox(svg, name) {
  const rect = svg.querySelector(`[data-cell="${name}"] .cell-bg`);
  return rect ? ["x", "y", "width", "height"].map((k) => Number(rect.getAttribute(k))) : null;
}

/** Squares over `cells` (names) in terrain colours: a drawing considered, or a hint. */
function cellsLayer(svg, cells, terrain, kind) {
  const g = s("g", { class: `overlay ${kind}`, "pointer-events": "none" });
  for (const name of cells) {
    const box = cellBox(svg, name);
    if (box) g.append(s("rect", { x: box[0] + 2, y: box[1] + 2, width: box[2] - 4, height: box[3] - 4, class: `overlay-cell terrain-${terrain}` }));
  }
  return g;
}

function miniShape(cells, terrain, coin, size = 12) {
  const rows = Math.max(...cells.map(([r]) => r)) + 1;
  const cols = Math.max(...cells.map(([, c]) => c)) + 1;
  const svg = s("svg", { viewBox: `0 0 ${cols * size + 2} ${rows * size + 2}`, width: cols * size + 2, height: rows * size + 2, class: "mini-shape", "aria-hidden": "true" });
  for (const [r, c] of cells) svg.append(s("rect", { x: 1 + c * size, y: 1 + r * size, width: size - 1, height: size - 1, class: `terrain-${terrain}` }));
  if (coin) svg.append(s("circle", { cx: cols * size - 3, cy: 5, r: 4, class: "coin" }));
  return svg;
}

// Controls state ---------------------------------------------------------------------------

function controls(ctx) {
  const view = ctx.view;
  const sel = ctx.sel;
  const you = view.you || {};
  const card = view.card;
  const ambush = view.step === "ambush";
  const mode = you.mode || "shape";
  const terrains = ambush ? ["monster"] : mode === "1x1" ? TERRAINS : card?.terrains || [];
  if (!terrains.includes(sel.terrain)) sel.terrain = terrains[0];
  const shapes = ambush ? [{ cells: card.cells, coin: false }] : card?.shapes || [];
  if (!(sel.shape >= 1 && sel.shape <= shapes.length)) sel.shape = 1;
  sel.orient ||= 0;
  return { terrains, shapes, mode, ambush };
}

/**
 * The legal actions of the chosen terrain, shape and orientation, by the cell they are
 * anchored on. A drawing is matched by the form of the cells it covers, so a turn that
 * draws the same cells as another (a square turned 90°) is found under either name.
 */
function anchors(ctx, anyTurn = false) {
  const sel = ctx.sel;
  const { shapes, mode, ambush } = controls(ctx);
  const kind = ambush ? (mode === "1x1" ? "ambush_fallback" : "ambush") : mode === "1x1" ? "fallback" : "draw";
  const form = !anyTurn && (kind === "draw" || kind === "ambush") ? JSON.stringify(oriented(shapes[sel.shape - 1].cells, sel.orient)) : null;
  const found = new Map();
  for (const action of ctx.legal) {
    const p = action.params || {};
    if (action.type !== kind || (kind === "draw" && p.shape !== sel.shape) || (p.terrain && p.terrain !== sel.terrain)) continue;
    if (form && JSON.stringify(normalised(p.cells.map(parseCell))) !== form) continue;
    found.set(p.cell, action);
  }
  return found;
}

/** The notation of the chosen drawing on `cell` when it is not legal: sent to learn why not. */
function untried(ctx, cell) {
  const { mode, ambush } = controls(ctx);
  const orient = ORIENTATIONS[ctx.sel.orient];
  if (ambush) return mode === "1x1" ? `ambush 1x1 ${cell}` : `ambush ${orient} ${cell}`;
  if (mode === "1x1") return `${ctx.sel.terrain} 1x1 ${cell}`;
  return `${ctx.sel.terrain} ${ctx.sel.shape} ${orient} ${cell}`;
}

/** The legal action a hint names (its cells, terrain: typed), if the hint is still legal. */
const hintAction = (ctx, hint) => ctx.legal.find((a) => a.notation === hint.notation);

// Rendering --------------------------------------------------------------------------------

export function render(ctx) {
  const view = ctx.view;
  const you = view.you;
  // A look at another's map chosen at an earlier card: the person's own map, now to draw on.
  if (lookingAt && drawsNow(ctx) && lookingAt.card !== cardKey(ctx)) lookingAt = null;
  const targetSeat = shownSheet(ctx);
  keepWatchedInSight(ctx);
  // Drawn on the map the person draws on only (not on another's shown with its tab).
  const canDraw = drawsNow(ctx) && targetSeat === homeSheet(ctx);
  const spots = canDraw && anchors(ctx).size > 0;  // (the cells the chosen shape can be drawn on)
  // "Your map" only for the person whose map it is: a spectator (no seat) is shown the
  // first seat's map, and read "Your map" over it.
  const title = targetSeat === ctx.seat ? t("carto.sheet.yours") : t("carto.sheet.of", { name: ctx.name(targetSeat) });
  const sheet = sheetOf(ctx, targetSeat);
  const previewText = h("p", { class: "preview-text", id: "preview-text", "aria-live": "polite" });
  if (sheet instanceof SVGElement) {
    sheet.classList.add("sheet");
    sheet.dataset.key = "sheet";
    sheet.setAttribute("aria-label", canDraw ? t("carto.sheet.keys") : title);
    const overlay = s("g", { class: "overlays", "pointer-events": "none" });
    sheet.append(overlay);
    // (a hint is a drawing on the map one draws on, not on another's looked at)
    (targetSeat === homeSheet(ctx) ? ctx.hints || [] : []).forEach((hint, i) => {
      const action = hintAction(ctx, hint);
      const p = action?.params;
      if (!p?.cells?.length && !p?.cell) return;
      const cells = p.cells?.length ? p.cells : [p.cell];
      const layer = cellsLayer(sheet, cells, p.terrain || "monster", `hint-cells hint-${i + 1}`);
      const box = cellBox(sheet, cells[0]);
      layer.append(s("text", { x: box[0] + box[2] / 2, y: box[1] + box[3] / 2 + 5, class: "hint-number" }, i + 1));
      overlay.append(layer);
    });
    if (canDraw) playable(ctx, sheet, overlay, previewText);
  }
  // In a frame that pans on a phone, where the sheet is drawn larger than the screen.
  // The tabs of the other maps stand in the card strip's last row, beside "This season's
  // edicts" (room a phone's row had to spare): in a row of their own they put the map 17 px
  // further down, and a turn's fit took the line above the map off the screen with it. With
  // no strip (the game over, a solo sheet's no card), beside the map's heading.
  const tabs = mapTabs(ctx, targetSeat);
  const strip = ctx.interactive ? cardStrip(ctx, tabs) : null;
  const heading = h("h2", { class: "sheet-title", id: "sheet-title" }, title);
  const main = h("div", { class: "carto-main" }, strip || !tabs ? heading : h("div", { class: "map-tabs" }, heading, tabs),
    strip,
    // Once the game is over nothing is drawn on it: the finished map is shown whole.
    // With nothing on the map to focus (not my turn to draw; or my turn with no spot for
    // the shape as chosen, or its spots not known yet), the frame itself is a stop, so
    // that a keyboard pans a map larger than a phone's screen (axe's
    // scrollable-region-focusable); the map's spots are the stops while drawing.
    sheet instanceof SVGElement ? panHinted(labelsFollow(h("div", { class: `board-frame sheet-frame${view.over ? " whole" : ""}`, "data-pan": `${ctx.msg?.table?.id} sheet ${targetSeat}`,
      ...(spots || view.over ? {} : { tabindex: "0", role: "group", "aria-label": title }) }, sheet), sheet), view.over) : sheet,
    // The preview's words and "tap again" under the sheet: on a phone they lie over what
    // follows (cartographers.css), so no room is kept empty for them until a tap.
    canDraw ? h("div", { class: "sheet-notes" }, previewText,
      ctx.confirming ? h("p", { class: "banner confirm-hint" }, t("carto.confirm.again")) : null) : null,
    you?.choice ? h("p", { class: "hint" }, t("carto.chosen", { action: t("carto.choice", { terrain: terrainWords(you.choice.terrain), cells: you.choice.cells.join(" ") }) })) : null);
  const side = [
    drawsNow(ctx) || (ctx.interactive && ctx.yourTurn && you?.mode === "pass") ? controlsPanel(ctx) : null,
    cardPanel(ctx),
    edictsPanel(ctx),
    scorePanel(ctx),
    view.players.length > 1 ? othersPanel(ctx, targetSeat) : null,
  ];
  return { main, side };
}

/**
 * A tab for each other map, one tap from the first screen (in the card strip above the
 * map, else beside its heading) — on a phone the other maps lie far down the page, and a
 * friend could not see where Bea drew without scrolling. A tab shows that map big in the
 * frame (looked at, not drawn on); the map one draws on has a tab back. The tab of the map
 * the last move shown drew on is marked (a red dot, as the move's cells are; "Last move:
 * …" in its name), so the line above the map ("Bea: draws … on their own map") has its
 * map one tap away. In the flow, above the map: it covers neither the map nor the turn
 * panel stuck to the foot of a phone's screen. Solo: the heading alone.
 */
function mapTabs(ctx, shown) {
  const players = ctx.view.players || [];
  if (players.length < 2) return null;
  const home = homeSheet(ctx);
  const last = ctx.lastMove ? sheetDrawnOn(ctx.lastMove) : null;
  // The move's own words (whose map it is on is the tab's).
  const lastWords = last === null ? "" : t("board.last_move", { move: describe(ctx.lastMove.notation, ctx.lastMove, { seat: ctx.seat, name: ctx.name }) });
  const tabs = players.filter((p) => p.seat !== shown).map((p) => {
    const mine = p.seat === ctx.seat; // (a spectator's own: none)
    const name = mine ? t("carto.sheet.yours") : t("carto.sheet.of", { name: ctx.name(p.seat) });
    const marked = p.seat === last;
    return h("button", { type: "button", class: `map-tab${marked ? " holds-last-move" : ""}`, id: `map-tab-${p.seat}`,
      "data-key": "map-tab", "data-seat": p.seat, "aria-label": marked ? `${name} · ${lastWords}` : name, title: name,
      onclick: () => {
        lookingAt = p.seat === home ? null : { seat: p.seat, card: cardKey(ctx) };
        ctx.rerender();
      } },
    marked ? h("span", { class: "map-mark", "aria-hidden": "true" }) : null,
    h("span", { class: "map-tab-name" }, mine ? name : ctx.name(p.seat)));
  });
  return h("div", { class: "map-tab-list", role: "group", "aria-label": t("carto.maps") }, tabs);
}

/**
 * The sheet made playable: the cells where the chosen drawing is legal are buttons
 * (board.js); pointing at a cell (or focusing one) previews the drawing there; a click
 * (a tap) asks to confirm it, and a second one on the same spot draws. A click on a cell
 * where it is not legal is sent too, so the refusal says why (and offers the rule).
 */
function playable(ctx, sheet, overlay, text) {
  const legal = anchors(ctx);
  // Asked to confirm: on a phone the preview's words and "tap the same spot again" lie
  // under the confirmation bar stuck to the bottom of the screen; brought above it, not
  // so far that the sheet's column letters go under the status line stuck to the top.
  // Again each time the preview is painted: its words grow when the server's answer (the
  // season's score) comes, after the first scroll, and pushed the hint under the bar.
  const showAsked = () => {
    const asked = document.querySelector(".confirm-hint");
    if (asked) bringIntoView(document, asked, document.querySelector(".sheet-frame"));
  };
  const paint = () => {
    paintPreview(ctx, sheet, overlay, text, legal);
    if (ctx.confirming) {
      showWhole(sheet, overlay.querySelector(".candidate"));
      showAsked();
    }
  };
  repaint = paint;
  const choose = (cell) => {
    ctx.sel.hover = cell;
    const action = legal.get(cell);
    // The legal drawings not come yet (they follow the state, a round trip later): the
    // server judges the spot first (a preview changes nothing). Sent at once as a refusal
    // to hear, a legal drawing was made without the question "Confirm?" (on a slow phone
    // the first tap lands so); a refused one still brings its reason and "why not?".
    if (!action && !ctx.legal.length) {
      paint();
      const notation = untried(ctx, cell);
      // (asked in words from the server's judgement: its info is the drawing as data)
      ctx.preview(notation).then((answer) => (answer.legal ? ctx.act(notation, answer) : ctx.actNow(notation)), () => ctx.actNow(notation));
      return;
    }
    if (!action) {
      // Refused at once, before any question: the preview says why on the sheet, and the
      // drawing is sent without asking to confirm it, so that the server's refusal (its
      // reason and the rule, "why not?") comes the moment the spot is chosen. A drawing
      // awaiting "Confirm" is dropped (the redraw previews this spot: sel.hover).
      if (ctx.confirming) ctx.cancelConfirm();
      else paint();
      ctx.actNow(untried(ctx, cell));
      return;
    }
    if (ctx.confirming?.notation === action.notation) {
      ctx.actNow(action.notation);
      return;
    }
    ctx.act(action.notation);
    showAsked();
  };
  const names = new Map([...legal.keys()].map((cell) => [cell, t("carto.cell", { cell })]));
  targets(sheet, names, choose);
  const cellOf = (event) => event.target.closest?.("[data-cell]")?.dataset.cell;
  sheet.addEventListener("mouseover", (event) => {
    const cell = cellOf(event);
    if (ctx.confirming || !cell || cell === ctx.sel.hover) return; // the drawing awaiting "Confirm" stays shown
    ctx.sel.hover = cell;
    paint();
  });
  sheet.addEventListener("click", (event) => {
    const cell = event.target.closest?.("[data-cell]");
    if (cell && !cell.classList.contains("target")) choose(cell.dataset.cell);
  });
  sheet.addEventListener("focusin", (event) => {
    const cell = cellOf(event);
    // As for the pointer: the drawing awaiting "Confirm" stays shown. A focus the page
    // restores after a redraw (the board's first target) moved the preview to another
    // spot while the bar would play the chosen one.
    if (ctx.confirming) return;
    if (cell && cell !== ctx.sel.hover) {
      ctx.sel.hover = cell;
      paint();
    }
  });
  sheet.addEventListener("keydown", (event) => {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[event.key]) {
      event.preventDefault();
      nextTarget(sheet, cellOf(event) || ctx.sel.hover, steps[event.key])?.focus();
    } else if (event.key === "r" || event.key === "R") {
      rotateShape(ctx);
    } else if (event.key === "f" || event.key === "F") {
      flipShape(ctx);
    }
  });
  if (ctx.sel.hover) queueMicrotask(paint);
}

/**
 * The drawing awaiting "Confirm" whole in the sheet's frame: on a phone the sheet pans
 * inside it, and a shape tapped near the frame's edge went on past it (its last row or
 * column out of sight, asked to confirm what could not be seen). The frame pans the
 * least that shows it, with a little room around.
 */
function showWhole(sheet, drawing) {
  const frame = sheet.closest(".sheet-frame");
  if (!frame || !drawing || frame.scrollHeight <= frame.clientHeight && frame.scrollWidth <= frame.clientWidth) return;
  const room = 6;
  const area = frame.getBoundingClientRect();
  const box = drawing.getBoundingClientRect();
  // At the top and left, clear of the bands of letters and numbers that follow the pan.
  const band = (which, size) => sheet.querySelector(`.sticky-labels.${which} .label-band`)?.getBoundingClientRect()[size] || 0;
  const shift = (low, high, start, end, head) => {
    if (high - low > end - start - head - room) return low - start - head; // larger than the frame: from its start
    if (low < start + head) return low - start - head;
    if (high > end - room) return high - end + room;
    return 0;
  };
  // the frame's own scroll bars are inside its box: its client area is what shows
  const left = area.left + frame.clientLeft, top = area.top + frame.clientTop;
  const dx = shift(box.left, box.right, left, left + frame.clientWidth, band("rows", "width") + room);
  const dy = shift(box.top, box.bottom, top, top + frame.clientHeight, band("cols", "height") + room);
  if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) frame.scrollBy({ left: dx, top: dy, behavior: "instant" });
}

/**
 * On a phone the sheet pans in its frame, and its column letters and row numbers went out
 * of sight with its edges: the preview said "D7", the sheet could not show where D7 was.
 * They follow the frame's pan, each line of them on a band of the page's colour, over the
 * cells at the frame's top and left edges (as a spreadsheet's heads). Where the sheet does
 * not pan (a wide screen, a finished map) they stay in the margin as drawn.
 */
function labelsFollow(frame, sheet) {
  const view = sheet.viewBox?.baseVal;
  const rowLabels = [...sheet.querySelectorAll(".row-label")];
  const colLabels = [...sheet.querySelectorAll(".col-label")];
  if (!view?.width || !rowLabels.length || !colLabels.length) return frame;
  // the margin the labels are drawn in: up to the first cell
  const first = sheet.querySelector(".cell-bg");
  const marginX = Number(first?.getAttribute("x")) || 26, marginY = Number(first?.getAttribute("y")) || 26;
  // data-covers: the frame's edge each band lies over, which the table's pans keep clear (board.js).
  const rows = s("g", { class: "sticky-labels rows", "pointer-events": "none" },
    s("rect", { class: "label-band", "data-covers": "left", x: view.x, y: view.y, width: marginX - view.x, height: view.height }), ...rowLabels);
  const cols = s("g", { class: "sticky-labels cols", "pointer-events": "none" },
    s("rect", { class: "label-band", "data-covers": "top", x: view.x, y: view.y, width: view.width, height: marginY - view.y }), ...colLabels);
  sheet.append(rows, cols);
  frame.addEventListener("scroll", () => {
    const scale = sheet.getBoundingClientRect().width / view.width;
    if (!scale) return;
    rows.setAttribute("transform", `translate(${frame.scrollLeft / scale} 0)`);
    cols.setAttribute("transform", `translate(0 ${frame.scrollTop / scale})`);
  }, { passive: true });
  return frame;
}

/** The nearest playable cell from `cell` in direction `step` (by rows, then the next line). */
function nextTarget(sheet, cell, [dr, dc]) {
  const playable = [...sheet.querySelectorAll(".target[data-cell]")].map((el) => [parseCell(el.dataset.cell), el]);
  if (!playable.length) return null;
  if (!cell) return playable[0][1];
  const [r0, c0] = parseCell(cell);
  // Ahead in the direction, the least far along it, then the least off its line.
  const ahead = playable.map(([[r, c], el]) => [(r - r0) * dr + (c - c0) * dc, Math.abs((r - r0) * dc) + Math.abs((c - c0) * dr), el])
    .filter(([along]) => along > 0).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return ahead[0]?.[2] || null;
}

function paintPreview(ctx, sheet, overlay, text, legal) {
  overlay.querySelector(".candidate")?.remove();
  // The drawing awaiting "Confirm" is the one previewed, whatever the pickers and the spot
  // last pointed at say: a hint chosen from "What can I do?" is asked about by its own
  // notation, and the preview must show what the bar will play.
  const asked = ctx.confirming && ctx.legal.find((a) => a.notation === ctx.confirming.notation);
  const cell = asked?.params.cell ?? ctx.sel.hover;
  // Not on the previous state's picture (kept while this one's is drawn): its preview would
  // show old cells, and its request would delay the picture's.
  if (!cell || !sheet.isConnected || sheet.hasAttribute("data-stale")) return;
  const action = asked || legal.get(cell);
  const notation = action?.notation || untried(ctx, cell);
  const key = `${ctx.msg.state_id} ${notation}`;
  const known = previews.get(key);
  const answered = known && !(known instanceof Promise);
  const state = !action ? "illegal" : answered ? (known.legal ? "legal" : "illegal") : "pending";
  // A legal drawing shows the cells it fills (typed, from the server); an illegal one its spot.
  const layer = cellsLayer(sheet, action?.params.cells?.length ? action.params.cells : [cell], asked?.params.terrain || ctx.sel.terrain, `candidate ${state}`);
  layer.dataset.notation = notation;
  overlay.append(layer);
  if (answered) {
    text.className = `preview-text ${state}`;
    text.textContent = known.legal ? previewWords(ctx, known) : errorText(known.error);
    return;
  }
  text.className = `preview-text ${action ? "pending" : "illegal"}`;
  // While the server judges an illegal spot: its cell's name, not the notation sent.
  text.textContent = `${action ? describe(notation, action) : t("carto.cell", { cell })} …`;
  if (!known) {
    const promise = ctx.preview(notation).then((answer) => {
      previews.set(key, answer);
      if (repaint) repaint();
    }).catch(() => previews.delete(key));
    previews.set(key, promise);
  }
}

function previewWords(ctx, answer) {
  const score = answer.season_score;
  // With the table's context, a monster's map is named ("on Bea's map"): without it the
  // words said "on the neighbour's sheet", then "Bea's map this season: …" as if another.
  const parts = [describe(answer.action, answer, ctx)];
  if (score) {
    // The server scores the sheet drawn on: an ambush shows the neighbour's map
    // with the monster (its edicts, its coins, its monsters), not mine.
    const edicts = Object.entries(score.edicts).map(([letter, n]) => t("carto.preview.edict", { letter, n })).join(" · ");
    const words = { edicts, coins: score.coins, monsters: score.monsters, total: score.total };
    // The map is named once, by the drawing's words ("on Bot 2 (random)'s map"): its
    // score said the name again ("— Bot 2 (random) would score"), a bot's level twice.
    parts.push(answer.sheet !== undefined && answer.sheet !== (ctx.seat ?? 0)
      ? t("carto.preview.score.of", words)
      : t("carto.preview.score", words));
  }
  return parts.join(" — ");
}

/** Show a hint: its terrain, shape and turn are chosen and it is previewed where it goes. */
export function showHint(ctx, hint) {
  const p = hintAction(ctx, hint)?.params;
  if (p) {
    const sel = ctx.sel;
    if (p.terrain) sel.terrain = p.terrain;
    if (p.shape) sel.shape = p.shape;
    if (p.orientation) sel.orient = ORIENTATIONS.indexOf(p.orientation);
    if (p.cell) sel.hover = p.cell;
  }
  ctx.act(hint.notation);
}

/** Whether turning or mirroring `shape` draws other cells (not so for a 1×1 square). */
function turnsInto(shape) {
  return new Set(ORIENTATIONS.map((_, o) => JSON.stringify(oriented(shape.cells, o)))).size > 1;
}

function rotateShape(ctx) {
  const o = ctx.sel.orient || 0;
  ctx.sel.orient = (o >= 4 ? 4 : 0) + ((o % 4) + 1) % 4;
  ctx.rerender();
}

function flipShape(ctx) {
  const o = ctx.sel.orient || 0;
  ctx.sel.orient = (o >= 4 ? 0 : 4) + (o % 4);
  ctx.rerender();
}

/**
 * How the shape is turned, as a picture (an arrow turned and mirrored as the shape is)
 * named in words: people read the arrow, screen readers the name; the notation's "r90"
 * is jargon and is not shown. data-orientation keeps the notation for tests.
 */
function orientationPicture(label) {
  const degrees = Number(label.slice(1));
  const mirrored = label[0] === "f";
  const words = orientWords(label);
  return h("span", { class: "orientation", id: "orientation", role: "img", "aria-label": words, title: words, "data-orientation": label },
    s("svg", { viewBox: "-12 -12 24 24", width: 28, height: 28, "aria-hidden": "true" },
      s("g", { transform: `rotate(${degrees})${mirrored ? " scale(-1 1)" : ""}` },
        // An upright arrow with a flag on its right: turned, it points; mirrored, the flag swaps sides.
        s("path", { d: "M0,9 L0,-8 M-5,-3 L0,-9 L5,-3 M0,-1 L6,2 L0,5", class: "orientation-arrow" }))),
    h("span", { class: "orientation-words" }, words));
}

function controlsPanel(ctx) {
  const view = ctx.view;
  const sel = ctx.sel;
  const { terrains, shapes, mode, ambush } = controls(ctx);
  const body = [];
  if (mode === "pass") {
    body.push(h("p", {}, t("carto.hint.pass")), h("button", { type: "button", class: "primary", "data-key": "pass", onclick: () => ctx.act(ctx.legal.find((a) => a.type === "pass")?.notation ?? "pass") }, t("carto.pass.button")));
  } else {
    // The status line says it (turnHint) while the person chooses: a banner here said it a
    // second time, both in sight on a phone (the line stuck to the top, the panel to the
    // foot). Said here only while the line asks to confirm a drawing instead.
    if (ctx.confirming && (mode === "ruins" || mode === "1x1")) body.push(h("p", { class: "banner" }, t(`carto.hint.${mode}`)));
    if (!ambush) {
      body.push(h("fieldset", { class: "pickers" }, h("legend", {}, t("carto.terrain")),
        terrains.map((terrain) => h("button", { type: "button", class: `terrain-button${sel.terrain === terrain ? " active" : ""}`, "aria-pressed": String(sel.terrain === terrain),
          "data-key": `terrain-${terrain}`, id: `terrain-${terrain}`, onclick: () => { sel.terrain = terrain; ctx.rerender(); } },
          h("span", { class: `swatch terrain-${terrain}` }), " ", t(`terrain.${terrain}`)))));
    }
    if (mode !== "1x1") {
      body.push(h("fieldset", { class: "pickers" }, h("legend", {}, t("carto.shape")),
        shapes.map((shape, i) => h("button", { type: "button", class: `shape-button${sel.shape === i + 1 ? " active" : ""}`, "aria-pressed": String(sel.shape === i + 1),
          "data-key": `shape-${i + 1}`, id: `shape-${i + 1}`, "aria-label": t("carto.shape.n", { n: i + 1 }) + (shape.coin ? ` (${t("carto.coin")})` : ""),
          onclick: () => { sel.shape = i + 1; ctx.rerender(); } }, miniShape(oriented(shape.cells, sel.orient), sel.terrain, shape.coin)))));
      // Turning a shape that every turn leaves as it is (a card's 1×1 square) does nothing:
      // no Rotate, Flip and "not turned" for it (a phone's turn panel took a row for them).
      if (shapes.some(turnsInto)) {
        body.push(h("div", { class: "buttons" },
          h("button", { type: "button", "data-key": "rotate", id: "rotate", onclick: () => rotateShape(ctx) }, t("carto.rotate")),
          h("button", { type: "button", "data-key": "flip", id: "flip", "aria-pressed": String(sel.orient >= 4), onclick: () => flipShape(ctx) }, t("carto.flip")),
          orientationPicture(ORIENTATIONS[sel.orient])));
      }
    }
    // The legal drawings known and none for the shape as chosen: the map showed no spot to
    // tap and nothing said why (a card's plus-shaped farm that fitted nowhere, tapped by a
    // newcomer who then looked for green spots that never came). Said where they chose it.
    if (ctx.legal.length && !anchors(ctx).size) {
      body.push(h("p", { class: "banner", id: "fits-nowhere", role: "status" },
        t(anchors(ctx, true).size ? "carto.fits.turned" : "carto.fits.none")));
    } else {
      body.push(h("p", { class: "hint" }, t("carto.place.how")));
    }
  }
  return h("section", { class: "panel turn yours decision", "aria-labelledby": "draw-title" }, h("h2", { id: "draw-title" }, ambush ? t("carto.ambush.title") : t("carto.draw.title")), body);
}

/**
 * The season's time in words. The last card of a season can take it past its length
 * ("time 7 of 6" read as a counter gone wrong): then the time is up, said so.
 */
function timeText(view) {
  const { time_used: used, threshold } = view.season;
  if (used < threshold) return t("carto.time", { used, threshold });
  return t(view.over ? "carto.time.over" : "carto.time.up", { threshold });
}

function cardPanel(ctx) {
  const view = ctx.view;
  const season = view.season;
  const card = view.card;
  const body = [
    h("p", { class: "season", id: "season" }, t("carto.season", { name: seasonName(season.name), n: season.number })),
    h("div", { class: "timebar", role: "meter", "aria-valuemin": 0, "aria-valuemax": season.threshold, "aria-valuenow": Math.min(season.time_used, season.threshold),
      "aria-label": timeText(view) },
      h("span", { style: `width:${Math.min(100, (100 * season.time_used) / season.threshold)}%` })),
    h("p", { class: "muted", id: "season-time" }, timeText(view)),
  ];
  if (card) {
    body.push(h("div", { class: `card-face kind-${card.kind}` },
      h("strong", {}, cardName(card.name)), " ", card.kind === "explore" ? h("span", { class: "muted" }, t("carto.card.time", { n: card.time })) : null,
      card.kind === "explore" ? h("div", { class: "card-shapes" },
        card.terrains.map((terrain) => h("span", { class: "chip" }, h("span", { class: `swatch terrain-${terrain}` }), " ", t(`terrain.${terrain}`))),
        card.shapes.map((shape) => miniShape(shape.cells, card.terrains[0], shape.coin))) : null,
      card.kind === "ambush" ? h("div", { class: "card-shapes" }, h("span", {}, t("carto.card.ambush")), miniShape(card.cells, "monster", false)) : null));
  }
  // Not while the person is to draw over ruins: the status line says it then (turnHint),
  // or the turn panel while a drawing awaits "Confirm"; said here too, a phone showed it
  // twice on one screen.
  const saidElsewhere = ctx.yourTurn && view.you?.mode === "ruins";
  if (view.ruins_pending && !saidElsewhere) body.push(h("p", { class: "banner" }, t("carto.hint.ruins")));
  const revealed = view.revealed.map((c) => cardName(c.name)).join(", ");
  if (revealed) body.push(h("p", { class: "muted" }, t("carto.revealed", { cards: revealed })));
  if (view.last_ambush) body.push(h("p", { class: "muted" }, t("carto.last.ambush", { card: cardName(view.last_ambush.card) })));
  return h("section", { class: "panel", "aria-labelledby": "card-title" }, h("h2", { id: "card-title" }, t("carto.card.title")), body);
}

// Whether the season's edicts are unfolded under the card strip (kept across redraws).
let stripEdictsOpen = false;

/**
 * A phone's or a tablet's line above the map: the card being drawn, its time and the
 * season's, and the season's edicts one tap away (unfolded over the map). Up to 900 px the
 * panels that say them are under the map, and a person drawing scrolled away from the map
 * to read them; style.css's wide screens show the panels beside the map instead
 * (cartographers.css).
 */
function cardStrip(ctx, tabs = null) {
  const view = ctx.view;
  const card = view.card;
  if (!card || view.over) return null;
  const scoring = view.edicts.filter((edict) => view.season.scoring.includes(edict.letter));
  const details = h("details", { class: "strip-edicts", ontoggle: (event) => { stripEdictsOpen = event.target.open; } },
    h("summary", { "data-key": "strip-edicts", id: "strip-edicts" }, t("carto.strip.edicts", { letters: scoring.map((edict) => edict.letter).join(" · ") })),
    h("ul", { class: "edicts" }, scoring.map((edict) => h("li", {},
      h("span", { class: "edict-letter" }, edict.letter), " ", h("strong", {}, cardName(edict.card)),
      h("div", { class: "rule" }, ruleText(edict))))));
  details.open = stripEdictsOpen;
  return h("div", { class: "card-strip", id: "card-strip" },
    h("p", { class: "strip-card" }, h("strong", {}, cardName(card.name)),
      card.kind === "explore" ? ` · ${t("carto.card.time", { n: card.time })}` : ""),
    h("p", { class: "strip-time" }, `${seasonName(view.season.name)} · ${timeText(view)}`),
    // (one row, the tabs cut short rather than sent to a row of their own)
    tabs ? h("div", { class: "strip-row" }, details, tabs) : details);
}

const PAN_HINT_SEEN = "bgbot.carto.panned";
// How long the hint stays when nothing is touched: long enough to be read once.
const PAN_HINT_MS = 8000;
// The hint's time is the page's, not a drawing's: every turn draws the frame anew.
let panHintGone = false;
let panHintTimer = null;

/** The pan hint has done its work: gone now, and not shown again on this device. */
function retirePanHint() {
  panHintGone = true;
  try { localStorage.setItem(PAN_HINT_SEEN, "1"); } catch { /* a private window: gone for this page */ }
  document.querySelectorAll("#pan-hint").forEach((hint) => hint.remove());
  clearTimeout(panHintTimer);
  for (const start of PAN_HINT_ENDS) document.removeEventListener(start, retirePanHint, true);
}
// Any first touch, click, key or wheel on the page: the hint lay over the map until the
// map itself was swiped, however much else the person tapped meanwhile.
const PAN_HINT_ENDS = ["pointerdown", "touchstart", "keydown", "wheel"];

/**
 * The map's frame, with a first-time hint that it pans (a phone draws the map larger than
 * the screen: the right and bottom columns were out of sight, and nothing said a swipe
 * brings them). Gone at the person's first interaction of any kind, or after a few seconds
 * untouched, and not shown again on this device.
 */
function panHinted(frame, over) {
  let seen = over || panHintGone;
  try { seen ||= Boolean(localStorage.getItem(PAN_HINT_SEEN)); } catch { seen = true; }
  if (seen) return frame;
  const hint = h("p", { class: "pan-hint", id: "pan-hint", "aria-hidden": "true" }, t("carto.pan.hint"));
  // Its time runs where it is shown (cartographers.css: a phone's alone), not on a wider
  // screen that hides it and would retire it unseen.
  if (panHintTimer === null && matchMedia("(max-width: 600px)").matches) {
    panHintTimer = setTimeout(retirePanHint, PAN_HINT_MS);
    for (const start of PAN_HINT_ENDS) document.addEventListener(start, retirePanHint, { capture: true, passive: true });
  }
  return h("div", { class: "sheet-pan" }, frame, hint);
}

function edictsPanel(ctx) {
  const view = ctx.view;
  const scoring = view.season.scoring;
  return h("section", { class: "panel", "aria-labelledby": "edicts-title" }, h("h2", { id: "edicts-title" }, t("carto.edicts")),
    h("ul", { class: "edicts" }, view.edicts.map((edict) => h("li", { class: scoring.includes(edict.letter) && !view.over ? "scoring" : "" },
      h("span", { class: "edict-letter" }, edict.letter), " ",
      h("strong", {}, cardName(edict.card)), scoring.includes(edict.letter) && !view.over ? h("span", { class: "badge" }, t("carto.edict.now")) : null,
      h("div", { class: "rule" }, ruleText(edict)),
      view.solo ? h("div", { class: "muted" }, t("carto.solo.number", { n: edict.solo })) : null))));
}

function scorePanel(ctx) {
  const view = ctx.view;
  const rows = [];
  for (const p of view.players) {
    const coins = h("div", { class: "coins", role: "img", "aria-label": t("carto.coins", { n: p.coins }) },
      Array.from({ length: 14 }, (_, i) => h("span", { class: i < p.coins ? "coin on" : "coin" })));
    rows.push(h("div", { class: "player-score" },
      h("h3", {}, h("span", { class: "swatch", style: `background:${ctx.colour(p.seat)}` }), " ", ctx.name(p.seat),
        ctx.thinking(p.seat) ? h("span", { class: "thinking" }, " ", t("status.thinking.short")) : null,
        h("span", { class: "stars" }, ` ${t("score.stars", { n: p.stars })}`)),
      h("p", { class: "muted" }, t("carto.coins", { n: p.coins })), coins,
      // In a frame that scrolls sideways, should a language's words still not fit a phone.
      p.seasons.length ? h("div", { class: "scroll" }, h("table", { class: "seasons" },
        h("thead", {}, h("tr", {}, ["carto.col.season", "carto.col.edicts", "carto.col.coins", "carto.col.monsters", "carto.col.total"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, p.seasons.map((row) => h("tr", {}, h("th", { scope: "row" }, seasonName(row.season)),
          h("td", {}, row.edicts.join(" + ")), h("td", { class: "num" }, row.coins), h("td", { class: "num" }, row.monsters), h("td", { class: "num season-total" }, row.total)))))) : null));
  }
  if (view.solo) {
    // the number alone means nothing to a newcomer: its sum in words, as a tooltip and
    // for a screen reader
    const explain = t("carto.solo.rating.explain", { stars: view.players[0]?.stars ?? 0, solo: view.solo.solo_numbers, rating: view.solo.rating });
    rows.push(h("p", { class: "muted solo-rating", id: "solo-rating", title: explain },
      t("carto.solo.rating", { rating: view.solo.rating }), h("span", { class: "sr-only" }, ` ${explain}`)));
  }
  return h("section", { class: "panel", "aria-labelledby": "stars-title" }, h("h2", { id: "stars-title" }, t("carto.stars.title")), rows);
}

/** Another seat's sheet, small: the same picture as the chat's, without its panel. */
function otherSheet(ctx, seat) {
  const sheet = sheetOf(ctx, seat);
  if (sheet instanceof SVGElement) {
    sheet.classList.add("sheet", "small");
    sheet.setAttribute("role", "img");
    sheet.setAttribute("aria-label", t("carto.sheet.of", { name: ctx.name(seat) }));
  }
  return sheet;
}

function othersPanel(ctx, shown) {
  const view = ctx.view;
  return h("section", { class: "panel", "aria-labelledby": "others-title" }, h("h2", { id: "others-title" }, t("carto.others")),
    h("div", { class: "others" }, view.players.filter((p) => p.seat !== shown).map((p) => h("figure", { class: "other-sheet", "data-seat": p.seat },
      otherSheet(ctx, p.seat),
      h("figcaption", {}, `${ctx.name(p.seat)} · ${t("score.stars", { n: p.stars })}`)))));
}

// The log ------------------------------------------------------------------------------

/** A group per step: the season and the card revealed for it. */
export function logGroup(before) {
  const season = before.season || {};
  const card = before.card ? cardName(before.card.name) : "";
  return { key: `step-${season.number}-${(before.revealed || []).length}-${card}`,
    title: card ? t("log.step", { season: seasonName(season.name), card }) : seasonName(season.name) };
}

/** What a step's resolution revealed: the next card, an ambush's monsters, season scores. */
export function logExtra(before, after, event, ctx) {
  const lines = [];
  const edictName = Object.fromEntries((after.edicts || []).map((e) => [e.letter, cardName(e.card)]));
  (after.players || []).forEach((p, seat) => {
    const old = before.players?.[seat];
    if (!old || p.seasons.length <= old.seasons.length) return;
    const row = p.seasons[p.seasons.length - 1];
    const letters = (after.seasons || []).find((s) => s.name === row.season)?.edicts || [];
    lines.push({ kind: "score-head", text: t("log.season.scored", { season: seasonName(row.season), name: ctx.name(seat) }) });
    row.edicts.forEach((n, i) => lines.push({ kind: "score", text: t("log.season.edict", { letter: letters[i] || "?", card: edictName[letters[i]] || "", n }) }));
    lines.push({ kind: "score", text: t("log.season.coins", { n: row.coins }) });
    lines.push({ kind: "score", text: t("log.season.monsters", { n: row.monsters }) });
    // The person's own season total is also the headline (table.js shows it over the
    // page): on a phone the log is at the page's foot, and a season ended unseen there.
    // Not the game's last season: the result says it, and the headline lay over the
    // result's top, its winner read under it (as Tikal's final scoring is not told).
    const headline = seat === ctx.seat && !after.over ? t("log.season.yours", { season: seasonName(row.season), n: row.total, stars: p.stars }) : undefined;
    lines.push({ kind: "sum", text: t("log.season.total", { name: ctx.name(seat), n: row.total, stars: p.stars }), headline });
  });
  const ambush = after.last_ambush;
  if (ambush && JSON.stringify(ambush) !== JSON.stringify(before.last_ambush)) {
    const sheets = ambush.cells || [];
    sheets.forEach((cells, i) => {
      if (!cells?.length) return;
      const owner = sheets.length === (after.players || []).length ? i : event.seat;
      lines.push({ kind: "reveal", text: t("log.ambush", { card: cardName(ambush.card), cells: cells.join(" "), name: ctx.name(owner) }) });
    });
  }
  const card = after.card;
  if (card && (!before.card || card.name !== before.card.name || (after.revealed || []).length !== (before.revealed || []).length)) {
    lines.push({ kind: "reveal", text: t(card.kind === "ambush" ? "log.card.ambush" : "log.card", { card: cardName(card.name) }) });
  }
  return lines;
}
