// Cartographers: the 11×11 sheet, the card, terrain and shape pickers, live preview, seasons.
import { h, s } from "/dom.js";
import { errorText, has, t } from "/i18n.js";

const SIZE = 11;
const COLS = "ABCDEFGHIJK";
const CELL = 34;
const MARGIN = 28; // room for the row labels 10 and 11 at the left
const ORIENTATIONS = ["r0", "r90", "r180", "r270", "f0", "f90", "f180", "f270"];
const TERRAINS = ["forest", "village", "farm", "water", "monster"];
const LETTER = { F: "forest", V: "village", A: "farm", W: "water", M: "monster" };
const FILL = { forest: "#3f7d3b", village: "#c2452f", farm: "#e9c54a", water: "#3f86c7", monster: "#6f3d8c",
  mountain: "#8a6f5a", wasteland: "#5b5b5b", empty: "#fbf8ee" };
const previews = new Map(); // `${state_id} ${notation}` -> answer (or a pending promise)
let repaint = null; // paints the preview on the sheet on screen now

export const cellName = (r, c) => `${COLS[c]}${r + 1}`;

function parseCell(name) {
  return [Number(name.slice(1)) - 1, COLS.indexOf(name[0])];
}

/** The shape turned by orientation `o` (see docs/cartographers-notation.md), normalised and sorted. */
export function oriented(cells, o) {
  let shape = cells.map(([r, c]) => [r, c]);
  if (o >= 4) shape = shape.map(([r, c]) => [r, -c]);
  for (let i = 0; i < o % 4; i++) shape = shape.map(([r, c]) => [c, -r]);
  const top = Math.min(...shape.map(([r]) => r));
  const left = Math.min(...shape.map(([, c]) => c));
  return shape.map(([r, c]) => [r - top, c - left]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Cells covered with the shape's anchor (first cell in reading order) on `anchor`. */
export function placedCells(cells, o, anchor) {
  const shape = oriented(cells, o);
  const [ar, ac] = shape[0];
  const [top, left] = anchor;
  return shape.map(([r, c]) => [top + r - ar, left + c - ac]);
}

function terrainOf(ch) {
  if (ch === "^") return "mountain";
  if (ch === "#") return "wasteland";
  if (ch === "." || ch === "R") return "empty";
  return LETTER[ch.toUpperCase()] || "empty";
}

// Words ----------------------------------------------------------------------------------

function orientWords(label) {
  const degrees = Number(label.slice(1));
  if (label[0] === "f") return t("carto.orient.f", { degrees });
  return degrees ? t("carto.orient.r", { degrees }) : t("carto.orient.none");
}

export function describe(notation) {
  const w = notation.split(" ");
  if (w[0] === "pass") return t("carto.do.pass");
  if (w[0] === "ambush") {
    return w[1] === "1x1" ? t("carto.do.ambush1x1", { cell: w[2] }) : t("carto.do.ambush", { orient: orientWords(w[1]), cell: w[2] });
  }
  const terrain = has(`terrain.${w[0]}`) ? t(`terrain.${w[0]}`) : w[0];
  if (w[1] === "1x1") return t("carto.do.fallback", { terrain, cell: w[2] });
  return t("carto.do.draw", { terrain, shape: w[1], orient: orientWords(w[2] || "r0"), cell: w[3] });
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

// The sheet ------------------------------------------------------------------------------

function sheetSvg(lines, options = {}) {
  const size = MARGIN + SIZE * CELL + 2;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: `sheet${options.small ? " small" : ""}`, role: options.role || "img",
    "aria-label": options.label || "" });
  for (let c = 0; c < SIZE; c++) svg.append(s("text", { x: MARGIN + c * CELL + CELL / 2, y: MARGIN - 8, class: "coord" }, COLS[c]));
  for (let r = 0; r < SIZE; r++) svg.append(s("text", { x: MARGIN - 4, y: MARGIN + r * CELL + CELL / 2 + 4, class: "coord row-label", "text-anchor": "end" }, r + 1));
  const last = new Set(options.lastDrawn || []);
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const ch = lines[r][c];
      const terrain = terrainOf(ch);
      const x = MARGIN + c * CELL, y = MARGIN + r * CELL;
      const g = s("g", { class: `cell t-${terrain}`, "data-cell": cellName(r, c) });
      g.append(s("rect", { x, y, width: CELL, height: CELL, fill: FILL[terrain], class: `cell-bg${last.has(cellName(r, c)) ? " last" : ""}` }));
      if (terrain === "mountain") g.append(s("path", { d: `M${x + 6},${y + 27} L${x + 17},${y + 8} L${x + 28},${y + 27} z`, class: "mountain" }));
      if (terrain === "wasteland") g.append(s("path", { d: `M${x},${y + CELL} L${x + CELL},${y} M${x},${y + CELL / 2} L${x + CELL / 2},${y} M${x + CELL / 2},${y + CELL} L${x + CELL},${y + CELL / 2}`, class: "hatch" }));
      if (terrain === "monster") g.append(s("text", { x: x + CELL / 2, y: y + 23, class: "glyph" }, "☠"));
      if (ch === "R" || (ch !== ch.toUpperCase())) g.append(s("path", { d: `M${x + 9},${y + 27} v-9 a8,8 0 0 1 16,0 v9`, class: "ruins" }));
      svg.append(g);
    }
  }
  svg.append(s("rect", { x: MARGIN, y: MARGIN, width: SIZE * CELL, height: SIZE * CELL, class: "sheet-frame" }));
  return svg;
}

function cellsLayer(cells, terrain, kind) {
  const g = s("g", { class: `overlay ${kind}` });
  for (const [r, c] of cells) {
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) continue;
    g.append(s("rect", { x: MARGIN + c * CELL + 2, y: MARGIN + r * CELL + 2, width: CELL - 4, height: CELL - 4, fill: FILL[terrain] || "#999", class: "overlay-cell" }));
  }
  return g;
}

function miniShape(cells, terrain, coin, size = 12) {
  const rows = Math.max(...cells.map(([r]) => r)) + 1;
  const cols = Math.max(...cells.map(([, c]) => c)) + 1;
  const svg = s("svg", { viewBox: `0 0 ${cols * size + 2} ${rows * size + 2}`, width: cols * size + 2, height: rows * size + 2, class: "mini-shape", "aria-hidden": "true" });
  for (const [r, c] of cells) svg.append(s("rect", { x: 1 + c * size, y: 1 + r * size, width: size - 1, height: size - 1, fill: FILL[terrain] || "#888" }));
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

function notationFor(ctx, anchor) {
  const sel = ctx.sel;
  const { mode, ambush } = controls(ctx);
  const cell = cellName(...anchor);
  if (ambush) return mode === "1x1" ? `ambush 1x1 ${cell}` : `ambush ${ORIENTATIONS[sel.orient]} ${cell}`;
  if (mode === "1x1") return `${sel.terrain} 1x1 ${cell}`;
  return `${sel.terrain} ${sel.shape} ${ORIENTATIONS[sel.orient]} ${cell}`;
}

function candidateCells(ctx, anchor) {
  const { shapes, mode } = controls(ctx);
  if (mode === "1x1") return [anchor];
  return placedCells(shapes[ctx.sel.shape - 1].cells, ctx.sel.orient, anchor);
}

// Rendering --------------------------------------------------------------------------------

export function render(ctx) {
  const view = ctx.view;
  const you = view.you;
  const seat = ctx.seat ?? 0;
  const canDraw = ctx.interactive && ctx.yourTurn && you && !you.choice && you.mode !== "pass";
  const targetSeat = view.step === "ambush" && you?.target !== undefined ? you.target : seat;
  const me = view.players[targetSeat] || view.players[0];
  const title = targetSeat === seat ? t("carto.sheet.yours") : t("carto.sheet.of", { name: ctx.name(targetSeat) });
  const sheet = sheetSvg(me.sheet, { lastDrawn: me.last_drawn, role: canDraw ? "application" : "img",
    label: canDraw ? t("carto.sheet.keys") : title });
  const overlay = s("g", { class: "overlays" });
  sheet.append(overlay);
  if (you?.choice && you.choice.sheet === targetSeat) overlay.append(cellsLayer(you.choice.cells.map(parseCell), you.choice.terrain, "chosen"));
  (ctx.hints || []).forEach((hint, i) => {
    const cells = hintCells(view, hint.notation);
    if (!cells.length) return;
    const layer = cellsLayer(cells, hint.notation.split(" ")[0] === "ambush" ? "monster" : hint.notation.split(" ")[0], `hint-cells hint-${i + 1}`);
    const [r, c] = cells[0];
    layer.append(s("text", { x: MARGIN + c * CELL + CELL / 2, y: MARGIN + r * CELL + CELL / 2 + 5, class: "hint-number" }, i + 1));
    overlay.append(layer);
  });
  const previewText = h("p", { class: "preview-text", id: "preview-text", "aria-live": "polite" });

  if (canDraw) {
    sheet.setAttribute("tabindex", "0");
    sheet.dataset.key = "sheet";
    const paint = () => paintPreview(ctx, overlay, previewText);
    repaint = paint;
    sheet.addEventListener("mousemove", (event) => {
      if (ctx.confirming) return; // the drawing waiting for "Confirm" stays shown
      const cell = cellAt(sheet, event);
      if (cell && (!ctx.sel.hover || cell[0] !== ctx.sel.hover[0] || cell[1] !== ctx.sel.hover[1])) {
        ctx.sel.hover = cell;
        paint();
      }
    });
    // A click (a tap on a phone) previews the drawing and asks to confirm it; a second
    // click on the same spot (or the Confirm button) draws. With asking turned off, it draws.
    const choose = (cell) => {
      ctx.sel.hover = cell;
      const notation = notationFor(ctx, cell);
      if (ctx.confirming?.notation === notation) ctx.actNow(notation);
      else ctx.act(notation);
    };
    sheet.addEventListener("click", (event) => {
      const cell = cellAt(sheet, event);
      if (cell) choose(cell);
    });
    sheet.addEventListener("keydown", (event) => {
      const hover = ctx.sel.hover || [5, 5];
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[event.key]) {
        event.preventDefault();
        ctx.sel.hover = [Math.max(0, Math.min(SIZE - 1, hover[0] + moves[event.key][0])), Math.max(0, Math.min(SIZE - 1, hover[1] + moves[event.key][1]))];
        paint();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose(hover);
      } else if (event.key === "r" || event.key === "R") {
        rotateShape(ctx);
      } else if (event.key === "f" || event.key === "F") {
        flipShape(ctx);
      }
    });
    sheet.addEventListener("focus", () => {
      ctx.sel.hover ||= [5, 5];
      paint();
    });
    if (ctx.sel.hover) queueMicrotask(paint);
  }
  const main = h("div", { class: "carto-main" }, h("h2", { class: "sheet-title" }, title), sheet,
    canDraw ? previewText : null,
    canDraw && ctx.confirming ? h("p", { class: "banner confirm-hint" }, t("carto.confirm.again")) : null,
    you?.choice ? h("p", { class: "hint" }, t("carto.chosen", { action: describe(you.choice.action) })) : null);
  const side = [
    canDraw || (ctx.interactive && ctx.yourTurn && you?.mode === "pass") ? controlsPanel(ctx) : null,
    cardPanel(ctx),
    edictsPanel(ctx),
    scorePanel(ctx),
    view.players.length > 1 ? othersPanel(ctx, targetSeat) : null,
  ];
  return { main, side };
}

function cellAt(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const local = point.matrixTransform(svg.getScreenCTM().inverse());
  const c = Math.floor((local.x - MARGIN) / CELL);
  const r = Math.floor((local.y - MARGIN) / CELL);
  return r >= 0 && r < SIZE && c >= 0 && c < SIZE ? [r, c] : null;
}

function paintPreview(ctx, overlay, text) {
  overlay.querySelector(".candidate")?.remove();
  const anchor = ctx.sel.hover;
  if (!anchor) return;
  const cells = candidateCells(ctx, anchor);
  const notation = notationFor(ctx, anchor);
  const key = `${ctx.msg.state_id} ${notation}`;
  const known = previews.get(key);
  const offMap = cells.some(([r, c]) => r < 0 || r >= SIZE || c < 0 || c >= SIZE);
  const state = known && !(known instanceof Promise) ? (known.legal ? "legal" : "illegal") : offMap ? "illegal" : "pending";
  const layer = cellsLayer(cells, ctx.sel.terrain, `candidate ${state}`);
  layer.dataset.notation = notation;
  overlay.append(layer);
  if (known && !(known instanceof Promise)) {
    text.className = `preview-text ${state}`;
    text.textContent = known.legal ? previewWords(ctx, known) : errorText(known.error);
    return;
  }
  text.className = "preview-text pending";
  text.textContent = `${describe(notation)} …`;
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
  const parts = [describe(answer.action)];
  if (score) {
    // The server scores the sheet drawn on: an ambush shows the neighbour's map
    // with the monster (its edicts, its coins, its monsters), not mine.
    const edicts = Object.entries(score.edicts).map(([letter, n]) => t("carto.preview.edict", { letter, n })).join(" · ");
    const words = { edicts, coins: score.coins, monsters: score.monsters, total: score.total };
    parts.push(answer.sheet !== undefined && answer.sheet !== (ctx.seat ?? 0)
      ? t("carto.preview.score.of", { name: ctx.name(answer.sheet), ...words })
      : t("carto.preview.score", words));
  }
  return parts.join(" — ");
}

/** The cells a hint's notation draws, from the card on the table. */
function hintCells(view, notation) {
  const w = notation.split(" ");
  const card = view.card;
  if (!card) return [];
  try {
    if (w[0] === "ambush") {
      return w[1] === "1x1" ? [parseCell(w[2])] : placedCells(card.cells, ORIENTATIONS.indexOf(w[1]), parseCell(w[2]));
    }
    if (w[1] === "1x1") return [parseCell(w[2])];
    const shape = card.shapes?.[Number(w[1]) - 1];
    return shape ? placedCells(shape.cells, ORIENTATIONS.indexOf(w[2] || "r0"), parseCell(w[3])) : [];
  } catch {
    return [];
  }
}

/** Show a hint: its terrain, shape and turn are chosen and it is previewed where it goes. */
export function showHint(ctx, hint) {
  const w = hint.notation.split(" ");
  const sel = ctx.sel;
  if (w[0] === "ambush") {
    if (w[1] !== "1x1") sel.orient = ORIENTATIONS.indexOf(w[1]);
    sel.hover = parseCell(w[2]);
  } else if (w[1] === "1x1") {
    sel.terrain = w[0];
    sel.hover = parseCell(w[2]);
  } else if (w[0] !== "pass") {
    Object.assign(sel, { terrain: w[0], shape: Number(w[1]), orient: ORIENTATIONS.indexOf(w[2]), hover: parseCell(w[3]) });
  }
  ctx.act(hint.notation);
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

function controlsPanel(ctx) {
  const view = ctx.view;
  const sel = ctx.sel;
  const { terrains, shapes, mode, ambush } = controls(ctx);
  const body = [];
  if (mode === "pass") {
    body.push(h("p", {}, t("carto.hint.pass")), h("button", { type: "button", class: "primary", "data-key": "pass", onclick: () => ctx.act("pass") }, t("carto.pass.button")));
  } else {
    if (mode === "ruins") body.push(h("p", { class: "banner" }, t("carto.hint.ruins")));
    if (mode === "1x1") body.push(h("p", { class: "banner" }, t("carto.hint.1x1")));
    if (!ambush) {
      body.push(h("fieldset", { class: "pickers" }, h("legend", {}, t("carto.terrain")),
        terrains.map((terrain) => h("button", { type: "button", class: `terrain-button${sel.terrain === terrain ? " active" : ""}`, "aria-pressed": String(sel.terrain === terrain),
          "data-key": `terrain-${terrain}`, id: `terrain-${terrain}`, onclick: () => { sel.terrain = terrain; ctx.rerender(); } },
          h("span", { class: "swatch", style: `background:${FILL[terrain]}` }), " ", t(`terrain.${terrain}`)))));
    }
    if (mode !== "1x1") {
      body.push(h("fieldset", { class: "pickers" }, h("legend", {}, t("carto.shape")),
        shapes.map((shape, i) => h("button", { type: "button", class: `shape-button${sel.shape === i + 1 ? " active" : ""}`, "aria-pressed": String(sel.shape === i + 1),
          "data-key": `shape-${i + 1}`, id: `shape-${i + 1}`, "aria-label": t("carto.shape.n", { n: i + 1 }) + (shape.coin ? ` (${t("carto.coin")})` : ""),
          onclick: () => { sel.shape = i + 1; ctx.rerender(); } }, miniShape(oriented(shape.cells, sel.orient), sel.terrain, shape.coin)))));
      body.push(h("div", { class: "buttons" },
        h("button", { type: "button", "data-key": "rotate", id: "rotate", onclick: () => rotateShape(ctx) }, t("carto.rotate")),
        h("button", { type: "button", "data-key": "flip", id: "flip", "aria-pressed": String(sel.orient >= 4), onclick: () => flipShape(ctx) }, t("carto.flip")),
        h("span", { class: "orientation", id: "orientation" }, `${ORIENTATIONS[sel.orient]} · ${orientWords(ORIENTATIONS[sel.orient])}`)));
    }
    body.push(h("p", { class: "hint" }, t("carto.place.how")));
  }
  return h("section", { class: "panel turn yours decision", "aria-labelledby": "draw-title" }, h("h2", { id: "draw-title" }, ambush ? t("carto.ambush.title") : t("carto.draw.title")), body);
}

function cardPanel(ctx) {
  const view = ctx.view;
  const season = view.season;
  const card = view.card;
  const body = [
    h("p", { class: "season", id: "season" }, t("carto.season", { name: seasonName(season.name), n: season.number })),
    h("div", { class: "timebar", role: "meter", "aria-valuemin": 0, "aria-valuemax": season.threshold, "aria-valuenow": Math.min(season.time_used, season.threshold),
      "aria-label": t("carto.time", { used: season.time_used, threshold: season.threshold }) },
      h("span", { style: `width:${Math.min(100, (100 * season.time_used) / season.threshold)}%` })),
    h("p", { class: "muted" }, t("carto.time", { used: season.time_used, threshold: season.threshold })),
  ];
  if (card) {
    body.push(h("div", { class: `card-face kind-${card.kind}` },
      h("strong", {}, cardName(card.name)), " ", card.kind === "explore" ? h("span", { class: "muted" }, t("carto.card.time", { n: card.time })) : null,
      card.kind === "explore" ? h("div", { class: "card-shapes" },
        card.terrains.map((terrain) => h("span", { class: "chip" }, h("span", { class: "swatch", style: `background:${FILL[terrain]}` }), " ", t(`terrain.${terrain}`))),
        card.shapes.map((shape) => miniShape(shape.cells, card.terrains[0], shape.coin))) : null,
      card.kind === "ambush" ? h("div", { class: "card-shapes" }, h("span", {}, t("carto.card.ambush")), miniShape(card.cells, "monster", false)) : null));
  }
  if (view.ruins_pending) body.push(h("p", { class: "banner" }, t("carto.hint.ruins")));
  const revealed = view.revealed.map((c) => cardName(c.name)).join(", ");
  if (revealed) body.push(h("p", { class: "muted" }, t("carto.revealed", { cards: revealed })));
  if (view.last_ambush) body.push(h("p", { class: "muted" }, t("carto.last.ambush", { card: cardName(view.last_ambush.card) })));
  return h("section", { class: "panel", "aria-labelledby": "card-title" }, h("h2", { id: "card-title" }, t("carto.card.title")), body);
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
      p.seasons.length ? h("table", { class: "seasons" },
        h("thead", {}, h("tr", {}, ["carto.col.season", "carto.col.edicts", "carto.col.coins", "carto.col.monsters", "carto.col.total"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, p.seasons.map((row) => h("tr", {}, h("th", { scope: "row" }, seasonName(row.season)),
          h("td", {}, row.edicts.join(" + ")), h("td", { class: "num" }, row.coins), h("td", { class: "num" }, row.monsters), h("td", { class: "num season-total" }, row.total))))) : null));
  }
  if (view.solo) rows.push(h("p", { class: "muted" }, t("carto.solo.rating", { rating: view.solo.rating })));
  return h("section", { class: "panel", "aria-labelledby": "stars-title" }, h("h2", { id: "stars-title" }, t("carto.stars.title")), rows);
}

function othersPanel(ctx, shown) {
  const view = ctx.view;
  return h("section", { class: "panel", "aria-labelledby": "others-title" }, h("h2", { id: "others-title" }, t("carto.others")),
    h("div", { class: "others" }, view.players.filter((p) => p.seat !== shown).map((p) => h("figure", { class: "other-sheet" },
      sheetSvg(p.sheet, { small: true, lastDrawn: p.last_drawn, label: t("carto.sheet.of", { name: ctx.name(p.seat) }) }),
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
    lines.push({ kind: "sum", text: t("log.season.total", { name: ctx.name(seat), n: row.total, stars: p.stars }) });
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
