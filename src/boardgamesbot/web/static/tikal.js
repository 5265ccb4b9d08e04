// Tikal: the hex map in SVG, placing the drawn tile, figures and their moves, the auction.
import { clickable, h, s } from "./dom.js";
import { t } from "./i18n.js";

const COLUMNS = "ABCDEFGH";
const R = 42;
const PAD = 6;
const APOTHEM = (Math.sqrt(3) / 2) * R;
const WIDTH = 2 * PAD + 2 * R + 7 * 1.5 * R;
const HEIGHT = 2 * PAD + 13 * APOTHEM;
const KIND_FILL = { jungle: "#6a9f45", temple: "#b9ad98", treasure: "#e3c15c", volcano: "#9c3d2a", base_camp: "#c9a66b" };

export function centre(space) {
  const column = COLUMNS.indexOf(space[0]);
  const row = Number(space.slice(1)) - 1;
  return [PAD + R + column * 1.5 * R, PAD + APOTHEM + row * 2 * APOTHEM + (column % 2 ? APOTHEM : 0)];
}

function hexPoints(cx, cy, radius = R) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 3) * i;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

export function rotate(stones, rotation) {
  return stones.map((_, side) => stones[(((side - rotation) % 6) + 6) % 6]);
}

const ALL_SPACES = [];
for (const column of COLUMNS) for (let row = 1; row <= 6; row++) ALL_SPACES.push(`${column}${row}`);

// Reading the legal actions ---------------------------------------------------------------

function cost(text) {
  const match = /(\d+) AP\)/.exec(text || "");
  return match ? Number(match[1]) : null;
}

export function parseLegal(actions) {
  const out = { place: {}, enter: { L: [], W: [] }, moves: {}, spaceActions: {}, exchange: [], end: null, bids: [], pass: null, take: [] };
  for (const action of actions) {
    const w = action.notation.split(" ");
    const entry = { notation: action.notation, cost: cost(action.text) };
    switch (w[0]) {
      case "place": (out.place[w[1]] ||= []).push({ ...entry, rot: w[2] ? Number(w[2].slice(1)) : 0 }); break;
      case "enter": out.enter[w[1]].push({ ...entry, space: w[2] }); break;
      case "move": ((out.moves[w[2]] ||= { L: [], W: [] })[w[1]]).push({ ...entry, target: w[3] }); break;
      case "uncover": case "recover": case "camp": (out.spaceActions[w[1]] ||= []).push({ ...entry, kind: w[0] }); break;
      case "guard": (out.spaceActions[w[2]] ||= []).push({ ...entry, kind: "guard", figure: w[1] }); break;
      case "exchange": out.exchange.push(entry); break;
      case "end": out.end = entry; break;
      case "bid": out.bids.push(Number(w[1])); break;
      case "pass": out.pass = entry; break;
      case "take": out.take.push(Number(w[1])); break;
      default: break;
    }
  }
  return out;
}

// Words ----------------------------------------------------------------------------------

export function describe(notation, text) {
  const w = notation.split(" ");
  const ap = cost(text);
  const tail = ap !== null ? ` (${t("tikal.ap", { n: ap })})` : "";
  switch (w[0]) {
    case "place": return w[2] ? t("tikal.do.place.turned", { space: w[1], degrees: Number(w[2].slice(1)) * 60 }) : t("tikal.do.place", { space: w[1] });
    case "enter": return t(`tikal.do.enter.${w[1]}`, { space: w[2] }) + tail;
    case "move": return t(`tikal.do.move.${w[1]}`, { from: w[2], to: w[3] }) + tail;
    case "uncover": return t("tikal.do.uncover", { space: w[1] }) + tail;
    case "recover": return t("tikal.do.recover", { space: w[1] }) + tail;
    case "exchange": return t("tikal.do.exchange", { give: w[1], player: w[2].toUpperCase(), take: w[3] }) + tail;
    case "camp": return t("tikal.do.camp", { space: w[1] }) + tail;
    case "guard": return t(`tikal.do.guard.${w[1]}`, { space: w[2] }) + tail;
    case "end": return t("tikal.do.end");
    case "bid": return t("tikal.do.bid", { n: w[1] });
    case "pass": return t("tikal.do.pass");
    case "take": return t("tikal.do.take", { n: w[1] });
    default: return notation;
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
  if (view.phase === "place") return t("tikal.hint.place");
  if (view.phase === "actions") return t("tikal.hint.actions", { n: view.ap });
  if (view.phase === "bid") return t("tikal.hint.bid");
  if (view.phase === "take") return t("tikal.hint.take");
  return "";
}

export function chartData(view, ctx) {
  const history = view?.score_history || [];
  const seats = view?.num_players || 0;
  const labels = [t("chart.start"), ...history.map((_, i) => (view.over && i === history.length - 1 ? t("tikal.round.last") : t("tikal.round.n", { n: i + 1 })))];
  const series = [];
  for (let seat = 0; seat < seats; seat++) series.push([0, ...history.map((row) => row[seat])]);
  return { labels, series, title: t("tikal.chart.title") };
}

// Drawing --------------------------------------------------------------------------------

function stonesGroup(cx, cy, stones, scale = 1) {
  const g = s("g", { class: "stones" });
  stones.forEach((count, side) => {
    if (!count) return;
    const angle = ((-90 + 60 * side) * Math.PI) / 180;
    const bx = cx + Math.cos(angle) * APOTHEM * 0.8 * scale;
    const by = cy + Math.sin(angle) * APOTHEM * 0.8 * scale;
    const px = -Math.sin(angle), py = Math.cos(angle);
    for (let i = 0; i < count; i++) {
      const offset = (i - (count - 1) / 2) * 8.5 * scale;
      g.append(s("circle", { cx: (bx + px * offset).toFixed(1), cy: (by + py * offset).toFixed(1), r: 3.6 * Math.max(scale, 0.6), class: "stone" }));
    }
  });
  return g;
}

/** A tile's face (kind, stones, value, wafers) centred on (cx, cy). */
export function tileFace(cx, cy, tile, ctx, radius = R) {
  const g = s("g", { class: `tile kind-${tile.kind}` });
  g.append(s("polygon", { points: hexPoints(cx, cy, radius - 1), fill: KIND_FILL[tile.kind] || "#ccc", class: "tile-face" }));
  const scale = radius / R;
  if (tile.kind === "temple") {
    g.append(s("path", { d: `M${cx - 14 * scale},${cy + 6 * scale} h${28 * scale} v-6 h${-5 * scale} v-6 h${-18 * scale} v6 h${-5 * scale} z`, class: "temple-icon" }));
    const controller = tile.controller ?? -1;
    g.append(s("text", { x: cx, y: cy + 2 * scale, class: "temple-value", "font-size": 17 * scale,
      fill: controller >= 0 && ctx ? ctx.colour(controller) : "#222" }, tile.value ?? ""));
  } else if (tile.kind === "treasure") {
    g.append(s("rect", { x: cx - 11 * scale, y: cy - 9 * scale, width: 22 * scale, height: 14 * scale, rx: 3, class: "chest" }));
    g.append(s("text", { x: cx, y: cy + 2 * scale, class: "wafer-count", "font-size": 11 * scale }, tile.wafers ?? tile.masks ?? ""));
  } else if (tile.kind === "volcano") {
    g.append(s("path", { d: `M${cx - 16 * scale},${cy + 10 * scale} L${cx - 4 * scale},${cy - 12 * scale} L${cx + 4 * scale},${cy - 12 * scale} L${cx + 16 * scale},${cy + 10 * scale} z`, class: "volcano-icon" }));
  } else if (tile.kind === "base_camp") {
    g.append(s("path", { d: `M${cx - 12},${cy + 8} L${cx},${cy - 12} L${cx + 12},${cy + 8} z`, class: "base-icon" }));
  }
  g.append(stonesGroup(cx, cy, tile.stones || [0, 0, 0, 0, 0, 0], scale));
  return g;
}

function figuresGroup(cx, cy, figures, ctx) {
  const g = s("g", { class: "figures" });
  const seats = Object.keys(figures).map(Number).sort();
  seats.forEach((seat, index) => {
    const f = figures[String(seat)];
    const col = index % 2, row = Math.floor(index / 2);
    const x = cx - 25 + col * 26, y = cy + 10 + row * 13 - (seats.length > 2 ? 6 : 0);
    const label = `${f.L ? "L" : ""}${f.L && f.W ? "+" : ""}${f.W ? f.W : ""}`;
    g.append(s("rect", { x, y, width: 24, height: 12, rx: 6, fill: ctx.colour(seat), class: "figure-pill" },
      s("title", {}, t("tikal.figures.title", { name: ctx.name(seat), leader: f.L, workers: f.W }))));
    g.append(s("text", { x: x + 12, y: y + 9.5, class: "figure-text" }, label));
  });
  return g;
}

function boardSvg(ctx, legal) {
  const view = ctx.view;
  const sel = ctx.sel;
  const svg = s("svg", { viewBox: `0 0 ${WIDTH.toFixed(0)} ${HEIGHT.toFixed(0)}`, class: "tikal-board", role: "group",
    "aria-label": t("tikal.board.label") });
  const targets = {}; // space -> {label, handler}
  if (legal) {
    if (view.phase === "place") {
      for (const [space, options] of Object.entries(legal.place)) {
        targets[space] = { label: t("tikal.target.place", { space }), onclick: () => {
          if (sel.mode === "place" && sel.space === space) sel.rot = (options.findIndex((o) => o.rot === sel.rot) + 1) % options.length;
          else Object.assign(sel, { mode: "place", space, rot: 0 });
          sel.rot = options[sel.rot % options.length].rot;
          ctx.rerender();
        } };
      }
    } else if (view.phase === "actions") {
      const mineAt = (space) => legal.moves[space] || legal.spaceActions[space];
      for (const space of ALL_SPACES) {
        if (mineAt(space)) targets[space] = { label: t("tikal.target.select", { space }), onclick: () => selectSpace(ctx, legal, space) };
      }
      if (sel.mode === "enter") {
        for (const option of legal.enter[sel.figure] || []) {
          targets[option.space] = { cost: option.cost, label: describe(option.notation, `(${option.cost} AP)`), onclick: () => ctx.act(option.notation), go: true };
        }
      } else if (sel.mode === "space" && sel.figure) {
        for (const option of legal.moves[sel.space]?.[sel.figure] || []) {
          targets[option.target] = { cost: option.cost, label: describe(option.notation, `(${option.cost} AP)`), onclick: () => ctx.act(option.notation), go: true };
        }
      }
    }
  }
  for (const space of ALL_SPACES) {
    const [cx, cy] = centre(space);
    const entry = view.board[space];
    const g = s("g", { class: `space${entry ? "" : " unexplored"}`, "data-space": space });
    if (entry) {
      g.append(tileFace(cx, cy, entry, ctx));
      if (entry.camp !== undefined) {
        g.append(s("path", { d: `M${cx + 8},${cy - 14} l9,-14 l9,14 z`, fill: ctx.colour(entry.camp), class: "camp" },
          s("title", {}, t("tikal.camp.of", { name: ctx.name(entry.camp) }))));
      }
      if (entry.guard) {
        g.append(s("path", { d: `M${cx + 17},${cy - 9} h14 v8 q0,8 -7,11 q-7,-3 -7,-11 z`, fill: ctx.colour(entry.guard.seat), class: "guard" },
          s("title", {}, t("tikal.guard.of", { name: ctx.name(entry.guard.seat) }))));
      }
      if (entry.figures) g.append(figuresGroup(cx, cy, entry.figures, ctx));
    } else {
      g.append(s("polygon", { points: hexPoints(cx, cy, R - 1), class: "hex-empty" }));
    }
    g.append(s("text", { x: cx - R * 0.5, y: cy - APOTHEM * 0.55, class: "space-name" }, space));
    if (sel.mode === "place" && sel.space === space && view.drawn) {
      const preview = tileFace(cx, cy, { ...view.drawn, stones: rotate(view.drawn.stones, sel.rot || 0), wafers: view.drawn.masks }, ctx);
      preview.classList.add("preview");
      g.append(preview);
    }
    const target = targets[space];
    const selected = (sel.mode === "place" || sel.mode === "space") && sel.space === space;
    if (target || selected) {
      const ring = s("polygon", { points: hexPoints(cx, cy, R - 3), class: `hit${target?.go ? " go" : ""}${selected ? " selected" : ""}` });
      g.append(ring);
      if (target?.cost !== undefined && target?.cost !== null) {
        g.append(s("circle", { cx: cx + R * 0.45, cy: cy - APOTHEM * 0.5, r: 10, class: "cost-badge" }),
          s("text", { x: cx + R * 0.45, y: cy - APOTHEM * 0.5 + 4, class: "cost-text" }, target.cost));
      }
    }
    if (target) {
      clickable(g, target.label, target.onclick);
      g.dataset.key = `space-${space}`;
    }
    svg.append(g);
  }
  return svg;
}

function selectSpace(ctx, legal, space) {
  const sel = ctx.sel;
  const moves = legal.moves[space];
  const figure = moves?.W?.length ? "W" : moves?.L?.length ? "L" : null;
  if (sel.mode === "space" && sel.space === space) {
    Object.keys(sel).forEach((k) => delete sel[k]);
  } else {
    Object.keys(sel).forEach((k) => delete sel[k]);
    Object.assign(sel, { mode: "space", space, figure });
  }
  ctx.rerender();
}

function miniTile(tile, ctx, rotation = 0, size = 30) {
  const w = size * 2 + 4, hgt = size * Math.sqrt(3) + 4;
  return s("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "mini-tile", width: w, height: hgt, "aria-hidden": "true" },
    tileFace(w / 2, hgt / 2, { ...tile, stones: rotate(tile.stones || [0, 0, 0, 0, 0, 0], rotation), wafers: tile.masks }, ctx, size));
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
      body.push(h("p", {}, ctx.thinking(current) ? h("span", { class: "thinking" }, t("status.thinking", { name: ctx.name(current) })) : t("tikal.turn.of", { name: ctx.name(current) })));
      if (view.phase === "actions") body.push(h("p", { class: "ap" }, t("tikal.ap.left", { n: view.ap })));
    }
    if (view.drawn && view.phase === "place") body.push(h("div", { class: "drawn" }, miniTile(view.drawn, ctx), tileWords(view.drawn)));
    return body;
  }
  if (!legal) return [h("p", {}, "…")];
  if (view.phase === "place") {
    body.push(h("div", { class: "drawn" }, miniTile(view.drawn, ctx), h("span", {}, t("tikal.drawn"), " ", tileWords(view.drawn))));
    if (sel.mode === "place" && legal.place[sel.space]) {
      const options = legal.place[sel.space];
      body.push(h("p", {}, t("tikal.place.rotations", { space: sel.space })));
      body.push(h("div", { class: "rotations", role: "radiogroup", "aria-label": t("tikal.place.rotation") },
        options.map((option) => h("button", { type: "button", class: `rotation${option.rot === sel.rot ? " active" : ""}`, role: "radio",
          "aria-checked": String(option.rot === sel.rot), "data-key": `rot-${option.rot}`, "aria-label": t("tikal.rotation", { degrees: option.rot * 60 }),
          onclick: () => { sel.rot = option.rot; ctx.rerender(); } }, miniTile(view.drawn, ctx, option.rot, 20)))));
      const chosen = options.find((o) => o.rot === sel.rot) || options[0];
      body.push(h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", id: "place-confirm", "data-key": "place-confirm", onclick: () => ctx.act(chosen.notation) },
          t("tikal.place.confirm", { space: sel.space }))));
    } else {
      body.push(h("p", {}, t("tikal.place.pick", { n: Object.keys(legal.place).length })));
    }
    return body;
  }
  if (view.phase === "bid" || view.phase === "take") {
    body.push(h("p", {}, turnHint(ctx)), h("p", { class: "hint" }, t("tikal.auction.below")));
    return body;
  }
  if (view.phase === "actions") {
    body.push(h("p", { class: "ap", id: "ap-left" }, t("tikal.ap.left", { n: view.ap })));
    if (view.round) body.push(h("p", { class: "banner" }, t(`tikal.round.${view.round}.yours`)));
    const enterButtons = ["W", "L"].filter((f) => legal.enter[f].length).map((figure) =>
      h("button", { type: "button", "data-key": `enter-${figure}`, id: `enter-${figure}`, "aria-pressed": String(sel.mode === "enter" && sel.figure === figure),
        class: sel.mode === "enter" && sel.figure === figure ? "active" : "",
        onclick: () => { Object.keys(sel).forEach((k) => delete sel[k]); Object.assign(sel, { mode: "enter", figure }); ctx.rerender(); } },
        t(`tikal.enter.${figure}`)));
    if (enterButtons.length) body.push(h("div", { class: "buttons" }, enterButtons));
    if (sel.mode === "enter") body.push(h("p", { class: "hint" }, t("tikal.enter.where")));
    if (sel.mode === "space") {
      const moves = legal.moves[sel.space] || { L: [], W: [] };
      body.push(h("h3", {}, t("tikal.space.title", { space: sel.space })));
      const figureButtons = ["W", "L"].filter((f) => moves[f].length).map((figure) =>
        h("button", { type: "button", "data-key": `figure-${figure}`, id: `figure-${figure}`, class: sel.figure === figure ? "active" : "", "aria-pressed": String(sel.figure === figure),
          onclick: () => { sel.figure = figure; ctx.rerender(); } }, t(`tikal.figure.${figure}`)));
      if (figureButtons.length) body.push(h("div", { class: "buttons" }, figureButtons), h("p", { class: "hint" }, t("tikal.move.where")));
      const actions = legal.spaceActions[sel.space] || [];
      if (actions.length) {
        body.push(h("div", { class: "buttons" }, actions.map((a) => h("button", { type: "button", "data-key": `do-${a.notation}`,
          "data-action": a.notation, onclick: () => ctx.act(a.notation) }, describe(a.notation, `(${a.cost} AP)`)))));
      }
    } else if (sel.mode !== "enter") {
      body.push(h("p", { class: "hint" }, t("tikal.actions.pick")));
    }
    if (legal.exchange.length) {
      body.push(h("details", {}, h("summary", {}, t("tikal.exchange")),
        h("div", { class: "buttons column" }, legal.exchange.map((a) => h("button", { type: "button", "data-key": `do-${a.notation}`,
          onclick: () => ctx.act(a.notation) }, describe(a.notation, `(${a.cost} AP)`))))));
    }
    if (legal.end) {
      body.push(h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "end-turn", "data-key": "end-turn",
        onclick: () => ctx.act("end") }, t("tikal.end.button"))));
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
    const canTake = legal?.take.includes(tile.index);
    const content = [miniTile(tile, ctx, 0, 22), h("span", {}, `${tile.index}. ${tileWords(tile)}`)];
    return canTake
      ? h("button", { type: "button", class: "display-tile", "data-key": `take-${tile.index}`, onclick: () => ctx.act(`take ${tile.index}`) }, content)
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
    const min = legal.bids.length ? Math.min(...legal.bids) : null;
    const max = legal.bids.length ? Math.max(...legal.bids) : null;
    if (ctx.sel.bid === undefined || ctx.sel.bid < min || ctx.sel.bid > max) ctx.sel.bid = min;
    items.push(h("div", { class: "buttons" },
      min !== null ? [h("label", { for: "bid-amount", class: "sr-only" }, t("tikal.auction.amount")),
        h("input", { id: "bid-amount", type: "number", min, max, value: ctx.sel.bid, "data-key": "bid-amount", oninput: (e) => { ctx.sel.bid = Number(e.target.value); } }),
        h("button", { type: "button", class: "primary", "data-key": "bid", onclick: () => ctx.act(`bid ${ctx.sel.bid}`) }, t("tikal.auction.bidbutton"))] : null,
      legal.pass ? h("button", { type: "button", "data-key": "pass", onclick: () => ctx.act("pass") }, t("tikal.pass.button")) : null));
  }
  return h("section", { class: "panel", "aria-labelledby": "auction-title" }, h("h2", { id: "auction-title" }, t("tikal.auction.title")), items);
}

function playersPanel(ctx) {
  const view = ctx.view;
  const rows = view.players.map((p) => {
    const treasures = Object.entries(p.treasures).map(([kind, n]) => `${kind}${n > 1 ? `×${n}` : ""}`).join(" ") || "–";
    return h("tr", { class: view.current?.includes(p.seat) ? "current" : "" },
      h("th", { scope: "row" }, h("span", { class: "swatch", style: `background:${ctx.colour(p.seat)}` }), " ", ctx.name(p.seat),
        ctx.thinking(p.seat) ? h("span", { class: "thinking", "aria-label": t("status.thinking.short") }, " ", t("status.thinking.short")) : null),
      h("td", { class: "num" }, p.score),
      h("td", {}, treasures),
      h("td", { class: "num" }, p.supply_workers),
      h("td", {}, p.leader === "supply" ? t("tikal.leader.supply") : p.leader === "gone" ? t("tikal.leader.gone") : p.leader),
      h("td", { class: "num" }, p.camps_left),
      h("td", { class: "num" }, p.guards_left));
  });
  return h("section", { class: "panel", "aria-labelledby": "players-title" },
    h("h2", { id: "players-title" }, t("players.title")),
    h("div", { class: "scroll" }, h("table", { class: "players" },
      h("thead", {}, h("tr", {}, ["players.name", "tikal.col.score", "tikal.col.treasures", "tikal.col.workers", "tikal.col.leader", "tikal.col.camps", "tikal.col.guards"]
        .map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", {}, rows))));
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
    history.length ? h("ol", { class: "scoring-rounds" }, history.map((row, i) => h("li", {},
      `${t("tikal.round.n", { n: i + 1 })}: `, row.map((points, seat) => `${ctx.name(seat)} ${points}`).join(" · ")))) : null);
}

export function render(ctx) {
  const legal = ctx.yourTurn && ctx.legal.length ? parseLegal(ctx.legal) : null;
  const view = ctx.view;
  const board = boardSvg(ctx, ctx.interactive ? legal : null);
  const main = h("div", { class: "tikal-main" }, board);
  const side = [
    ctx.interactive && !view.over ? h("section", { class: `panel turn${ctx.yourTurn ? " yours" : ""}`, "aria-labelledby": "turn-title" },
      h("h2", { id: "turn-title" }, ctx.yourTurn ? t("status.your_turn") : t("tikal.turn")), turnPanel(ctx, legal)) : null,
    view.auction ? auctionPanel(ctx, legal) : null,
    scoringPanel(ctx),
    playersPanel(ctx),
    suppliesPanel(ctx),
  ];
  return { main, side };
}
