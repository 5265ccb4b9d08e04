// The board a game draws for itself, made playable. A game has ONE renderer: its
// `Game.render_svg(view, **options)`, the pure function of a view that also draws the chat's
// pictures. The browser asks the server for it (POST /api/games/<game>/picture) and shows
// that SVG; nothing here or in a game's module redraws a board.
//
// The contract (also in docs/rendering.md):
// * drawnBoard(game, view, options, rerender) → the SVG as a fresh DOM node; while it is
//   being drawn, the last picture drawn with the same options marked aria-busy and
//   data-stale (or a "loading" paragraph before the first), and rerender() is called once
//   it is (once for all the pictures that arrive together: pass the same function each
//   time; its `soon`, where it has one, is called instead: a screen that draws the
//   server's news once a frame); null when the game has no renderer or refused the view. Drawn pictures are kept by
//   game + view + options, so a re-render of the same state costs a parse, not a request.
// * The renderer marks what can be played on with `data-target="<key>"` (a cell "D7", a
//   space "C5": the game chooses the keys). targets(svg, legal, onTarget) turns every
//   such element whose key is in `legal` (a Map key → accessible name, already
//   translated: "Cell D7") into a button: role="button", tabindex=0, aria-label, class
//   "target", data-key "target-<key>" (the focus survives a redraw); click, Enter or
//   Space → onTarget(key). An element whose key is not legal
//   stays a picture (no role, not focusable): only what can be played is a button.
// * An element carrying `data-last-move="<words>"` gets the accessible name
//   "Last move: <words>" (catalog key board.last_move).
// * bringTargetsIntoView(root): the targets scrolled into view, below the status line stuck
//   to the top of a phone's screen and above a panel stuck to its bottom (called by the
//   table on load and when the person's turn starts).
// * bringLastMoveIntoView(root): a pannable frame panned to the last move's marks when
//   they are not whole in sight clear of the bars stuck to the screen (called as each of
//   the others' moves is shown); the page scrolled the least more where the pan cannot.
// * framePans(root) / keepPans(root, pans): how far each pannable frame (.board-frame) is
//   panned, and the same pans given to the frames of a screen drawn again.
// The board then is a group (role="group") rather than one image, so that its buttons
// stay reachable by assistive technology (an image's children are presentational).
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** How many drawn pictures are kept (a few states back and forth, a replay's steps). */
const PICTURES_KEPT = 24;
const pictures = new Map(); // key → {state: "drawing" | "drawn" | "none", svg?: Element}
// The picture last drawn for a game + options: shown (marked busy) while the next view's
// is being drawn, so that a move does not blank the board for a round trip.
const lastDrawn = new Map();

// Screens to draw again because a picture they asked for arrived: once each, after the
// pictures that arrived together (a table of twelve sheets asks for twelve at a time).
const redraws = new Set();
let redrawQueued = false;

function redrawSoon() {
  if (redrawQueued) return;
  redrawQueued = true;
  setTimeout(() => {
    redrawQueued = false;
    const now = [...redraws];
    redraws.clear();
    for (const again of now) again();
  }, 0);
}

/**
 * The kept entry of the picture of `view` drawn with `options`, asked for when it is not
 * kept (the least recently used one then goes: the board shown now, used at each render,
 * stays in while a turn's previews are asked ahead).
 */
function picture(game, view, options) {
  const kind = `${game}\n${JSON.stringify(options)}`;
  const key = `${kind}\n${JSON.stringify(view)}`;
  let drawn = pictures.get(key);
  if (drawn) {
    pictures.delete(key);
    pictures.set(key, drawn);
    return { kind, drawn };
  }
  drawn = { state: "drawing", waiting: new Set() };
  pictures.set(key, drawn);
  if (pictures.size > PICTURES_KEPT) pictures.delete(pictures.keys().next().value);
  api("POST", `/api/games/${encodeURIComponent(game)}/picture`, { view, options })
    .then((answer) => {
      const svg = new DOMParser().parseFromString(answer.svg, "image/svg+xml").documentElement;
      Object.assign(drawn, svg.nodeName === "svg" ? { state: "drawn", svg } : { state: "none" });
    })
    .catch(() => { drawn.state = "none"; })
    .finally(() => {
      for (const again of drawn.waiting) redraws.add(again);
      drawn.waiting.clear();
      redrawSoon();
    });
  return { kind, drawn };
}

/**
 * Ask ahead for the picture of `view` drawn with `options` (a click's next board), so that
 * the click shows it drawn: nothing is built in the page. Asked through drawnBoard, each
 * of a turn's eight previews was copied into a new board at every render and thrown away.
 */
export function drawAhead(game, view, options = {}) {
  picture(game, view, options);
}

/** What is kept: the pictures (at most PICTURES_KEPT) and those of them drawn. */
export function picturesKept() {
  return { pictures: pictures.size, drawn: [...pictures.values()].filter((p) => p.state === "drawn").length };
}

/**
 * The server's SVG of `view` drawn with `options` (the game's keyword options of
 * render_svg), as a new node each call (callers may mark and attach it freely).
 */
export function drawnBoard(game, view, options = {}, rerender = null) {
  const { kind, drawn } = picture(game, view, options);
  if (drawn.state === "drawing" && rerender) drawn.waiting.add(rerender.soon ?? rerender);
  if (drawn.state === "none") return null;
  const shown = drawn.state === "drawn" ? drawn.svg : lastDrawn.get(kind);
  if (!shown) return h("p", { class: "loading board-loading" }, "…");
  if (drawn.state === "drawn") lastDrawn.set(kind, drawn.svg);
  const svg = document.importNode(shown, true);
  if (shown !== drawn.svg) {
    // The previous view's picture: say so (tests and assistive technology wait for the new).
    svg.setAttribute("aria-busy", "true");
    svg.dataset.stale = "";
  }
  svg.classList.add("board");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", t("board.picture"));
  // Named as a picture here; targets() makes the legal ones buttons (the name kept).
  for (const element of svg.querySelectorAll("[data-last-move]")) {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", t("board.last_move", { move: element.dataset.lastMove }));
  }
  return svg;
}

/**
 * Make the legal targets of `svg` buttons: `legal` maps a target key to its accessible
 * name; onTarget(key) on click, Enter or Space. Returns the number of buttons made.
 */
export function targets(svg, legal, onTarget) {
  let made = 0;
  for (const element of svg.querySelectorAll("[data-target]")) {
    const key = element.dataset.target;
    if (!legal.has(key)) continue;
    const last = element.dataset.lastMove;
    const name = last ? `${legal.get(key)} · ${t("board.last_move", { move: last })}` : legal.get(key);
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.setAttribute("aria-label", name);
    element.classList.add("target");
    // A key the table screen knows, so the focus stays on this target across a redraw.
    if (!element.dataset.key) element.dataset.key = `target-${key}`;
    element.addEventListener("click", () => onTarget(key));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onTarget(key);
      }
    });
    made += 1;
  }
  return made;
}

// The last pan of each frame that names what it shows (data-pan: "<table> sheet 2", one seat's
// map): a screen that shows another map in the frame for a while (a watched move's) gives
// the person's own map its pan back when it comes back, not the other map's.
const pansByKey = new Map();

/**
 * How far each board frame in `root` is panned (.board-frame: a board larger than the
 * screen, e.g. the phone's sheet), in document order: read before a screen is drawn
 * again, so keepPans can put the new frames where the person moved the old ones.
 */
export function framePans(root) {
  return [...root.querySelectorAll(".board-frame")].map((frame) => {
    const pan = { key: frame.dataset.pan ?? null, left: frame.scrollLeft, top: frame.scrollTop };
    if (pan.key) {
      pansByKey.delete(pan.key); // (kept in the order last seen: the oldest go first)
      pansByKey.set(pan.key, pan);
      if (pansByKey.size > 16) pansByKey.delete(pansByKey.keys().next().value);
    }
    return pan;
  });
}

/**
 * The pans framePans read, given to the frames now in `root` (the nth frame gets the nth
 * pan; a frame that names what it shows, the last pan of a frame that showed the same).
 * A pan is the person's own state: a redraw (another player's move arriving, a preview)
 * replaces the frame and its picture, and would otherwise start at the corner.
 */
export function keepPans(root, pans) {
  [...root.querySelectorAll(".board-frame")].forEach((frame, index) => {
    const key = frame.dataset.pan;
    const pan = key ? pansByKey.get(key) ?? (pans[index]?.key ? null : pans[index]) : pans[index];
    if (pan) frame.scrollTo({ left: pan.left, top: pan.top, behavior: "instant" });
  });
}

/** The box around `elements` on the screen. */
function extent(elements) {
  const boxes = elements.map((element) => element.getBoundingClientRect());
  return { left: Math.min(...boxes.map((box) => box.left)), right: Math.max(...boxes.map((box) => box.right)),
    top: Math.min(...boxes.map((box) => box.top)), bottom: Math.max(...boxes.map((box) => box.bottom)) };
}

/** What a board in `frame` marks as the last move (the table's marks or its picture's own). */
const lastMoveMarks = (frame) => [...frame.querySelectorAll("svg.board:not([data-stale]) [data-last-move]")];

/**
 * What of `frame` shows the board: its box less the bands a board lays over its left and
 * top edges that follow the pan (`data-covers="left"`, `"top"`: a grid's row numbers and
 * column letters). A pan that put the first cells at the frame's edge hid them under
 * the bands: on a phone each turn began with row 1 and column A out of sight.
 */
function clearArea(frame) {
  const area = frame.getBoundingClientRect();
  const band = (edge, size) => Math.max(0, ...[...frame.querySelectorAll(`svg.board:not([data-stale]) [data-covers="${edge}"]`)]
    .map((element) => element.getBoundingClientRect()[size]));
  const left = band("left", "width"), top = band("top", "height");
  return { left: area.left + left, top: area.top + top, right: area.right, bottom: area.bottom,
    width: area.width - left, height: area.height - top };
}

/** Pan `frame` so that `elements` are centred in `area` (its clear area by default; from their first corner when larger). */
function centreFrameOn(frame, elements, area = clearArea(frame)) {
  const span = extent(elements);
  const width = area.right - area.left, height = area.bottom - area.top;
  const dx = span.right - span.left <= width ? (span.left + span.right) / 2 - (area.left + width / 2) : span.left - area.left;
  const dy = span.bottom - span.top <= height ? (span.top + span.bottom) / 2 - (area.top + height / 2) : span.top - area.top;
  if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) frame.scrollBy({ left: dx, top: dy, behavior: "instant" });
}

/**
 * Another player's move shown (table.js, while moves are shown one at a time): in a board
 * larger than its frame (a phone's sheet that pans), the frame pans to what the move
 * marked when it is not whole in sight — a monster drawn on my map out of the frame was
 * named above the board and never seen. In sight means clear of the bars stuck to the
 * screen too (the status line at the top; at the foot "Skip to the present", a notice, the
 * turn panel), and whole: the bot's monster low on Ana's map, one cell in the frame and
 * the next past its foot (the notice of her season's score standing there), was left so
 * for one cell's middle was in the frame. Where the pan cannot bring it clear (the map's
 * last rows, the frame panned to its end), the page is scrolled the least that does, not
 * so far that the line saying the move goes under the top's bars; not at all when the
 * frame is off the screen (the person scrolled away to read the log: they are left there).
 */
export function bringLastMoveIntoView(root) {
  const band = clearBand(root);
  for (const frame of root.querySelectorAll(".board-frame")) {
    if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) continue;
    const marks = lastMoveMarks(frame);
    if (!marks.length) continue;
    const area = clearArea(frame);
    const shown = { left: area.left, right: area.right, top: Math.max(area.top, band.top), bottom: Math.min(area.bottom, band.bottom) };
    if (shown.bottom <= shown.top) continue; // the frame is off the screen, or all of it under the bars
    // Whole: a mark's edge, not only its middle (a tile laid at the frame's edge, a sliver
    // of it in view, was left there: a friend watching on a phone saw no mark for it).
    if (!within(extent(marks), shown)) centreFrameOn(frame, marks, shown);
    const span = extent(marks);
    if (span.top >= band.top - 1 && span.bottom <= band.bottom + 1) continue;
    // (from their top when they are taller than the band)
    const tall = span.bottom - span.top > band.bottom - band.top;
    let delta = tall || span.top < band.top ? span.top - band.top : span.bottom - band.bottom;
    const line = root.querySelector(".move-line:not([hidden])")?.getBoundingClientRect();
    if (line?.height && delta > 0) delta = Math.min(delta, Math.max(0, line.top - band.top));
    if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: "instant" });
  }
}

/** Whether `box` lies within `area` (to the pixel). */
const within = (box, area) => box.left >= area.left - 1 && box.right <= area.right + 1 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1;

/**
 * Where the board's picture begins on the page, as the CSS variable --board-top (px from
 * the top of the document): a game's stylesheet holds its board to the screen's height
 * under it (calc(100vh - var(--board-top))), so that on a laptop the whole board is in
 * the first screen beside the turn panel. Without it a board held to "100vh - 5rem" went
 * below the fold under the table's head, and the page scrolled ~135 px at the start of
 * each of the person's turns to bring the targets up (bringTargetsIntoView). Measured on
 * each draw: the head's rows change with the turn (Suggest appears) and the language.
 */
export function markBoardTop(root) {
  const board = root.querySelector(".board-area svg.board");
  if (!board) return;
  let top = board.getBoundingClientRect().top;
  // Where it begins with nothing between the table's head and the board's column: an open
  // "What can I do?" or the end's result above it is scrolled past, not a reason to shrink
  // the board (it was drawn 320 px tall under the open list). A phone's head is no box.
  const head = root.querySelector(".table-head");
  const body = board.closest(".table-body");
  if (head && body && getComputedStyle(head).display !== "contents") {
    top = head.getBoundingClientRect().bottom + parseFloat(getComputedStyle(head).marginBottom)
      + (top - body.getBoundingClientRect().top);
  }
  // Set only when it moved: a change restyles the whole page, drawn again on each move.
  const value = `${Math.round(top + scrollY)}px`;
  const style = document.documentElement.style;
  if (style.getPropertyValue("--board-top") !== value) style.setProperty("--board-top", value);
}

/**
 * Scroll the page so that the legal targets of the board in `root` are in view, above
 * any panel that sticks to the bottom of the screen (the phone's turn sheet): called on
 * load and at the start of each of the person's turns (table.js), never in between, so
 * a page scrolled by hand stays where the person put it. Returns false while there is
 * no drawn board with targets yet (the caller tries again on the next render).
 */
export function bringTargetsIntoView(root) {
  const found = [...root.querySelectorAll("svg.board:not([data-stale]) .target")];
  if (!found.length) return false;
  // A board larger than the screen pans inside its frame (.board-frame: the phone's
  // e.g. a grid game's sheet drawn with finger-sized cells): the frame first shows the part
  // where the targets are, then the page brings the frame into view.
  const frames = new Set(found.map((element) => element.closest(".board-frame")).filter(Boolean));
  for (const frame of frames) {
    const inside = found.filter((element) => frame.contains(element));
    const area = frame.getBoundingClientRect();
    const span = extent(inside);
    const marks = lastMoveMarks(frame);
    // Targets too many for the frame (a sheet where nearly every cell can be drawn on):
    // the part shown is where the last move was, so that what just happened is seen (the
    // monster a neighbour drew at the far side of my map), not always the first corner.
    const many = span.right - span.left > area.width || span.bottom - span.top > area.height;
    // Else centred on the targets (from their first row and column when larger).
    centreFrameOn(frame, marks.length && many ? marks : inside);
  }
  const boxes = found.map((element) => {
    const box = element.getBoundingClientRect();
    const frame = element.closest(".board-frame")?.getBoundingClientRect();
    return frame ? { top: Math.max(box.top, frame.top), bottom: Math.min(box.bottom, frame.bottom) } : box;
  });
  let top = Math.min(...boxes.map((box) => box.top));
  let bottom = Math.max(...boxes.map((box) => box.bottom));
  const covered = coveredAtBottom(root);
  const above = coveredAtTop(root);
  const margin = 8;
  // The whole board (or its frame) when it fits above what covers the bottom, so that the
  // targets are seen among the spaces around them, not at the edge of the screen.
  const board = found[0].closest(".board-frame") || found[0].closest("svg.board");
  const whole = board.getBoundingClientRect();
  if (whole.height <= innerHeight - covered - above - 2 * margin) {
    top = Math.min(top, whole.top);
    bottom = Math.max(bottom, whole.bottom);
    // With the line above it that says the last move (a phone's, table.js), when it fits too.
    const line = root.querySelector(".move-line")?.getBoundingClientRect();
    if (line?.height && whole.bottom - line.top <= innerHeight - covered - above - 2 * margin) top = Math.min(top, line.top);
  } else if (whole.top < top && top - whole.top <= Math.max(...boxes.map((box) => box.bottom - box.top))) {
    // Taller than the screen (a phone on its side): from the board's own top edge still,
    // when it lies less than a target's height above the first targets. A sheet's column
    // letters were left under the status line stuck to the top, the first row of cells
    // just under it, with nothing on screen to find column B by.
    top = whole.top;
  }
  const scrollFor = (first, last) => {
    if (last > innerHeight - covered - margin) return Math.min(last - (innerHeight - covered - margin), first - above - margin);
    return first < above + margin ? first - above - margin : 0;
  };
  let delta = scrollFor(top, bottom);
  // The last move's mark left out of sight by that (a phone on its side: Bea's last move,
  // marked red, lay under the turn panel stuck to the foot, the first targets brought up
  // to the top): the mark with the targets nearest it that fit with it instead. Only on the
  // board the targets are on (not another player's sheet lower on the page), and not in a
  // frame that pans (framed above).
  const marks = [...new Set(found.map((element) => element.closest("svg.board")))]
    .flatMap((svg) => [...svg.querySelectorAll("[data-last-move]")])
    .filter((element) => !element.closest(".board-frame")).map((element) => element.getBoundingClientRect());
  const room = innerHeight - covered - above - 2 * margin;
  const seen = (box) => box.top - delta >= above + margin - 1 && box.bottom - delta <= innerHeight - covered - margin + 1;
  if (marks.length && !marks.every(seen)) {
    let first = Math.min(...marks.map((box) => box.top));
    let last = Math.max(...marks.map((box) => box.bottom));
    const away = (box) => Math.max(first - box.bottom, box.top - last, 0);
    for (const box of [...boxes].sort((a, b) => away(a) - away(b))) {
      if (Math.max(last, box.bottom) - Math.min(first, box.top) <= room) [first, last] = [Math.min(first, box.top), Math.max(last, box.bottom)];
    }
    if (last - first <= room) delta = scrollFor(first, last);
  }
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: "instant" });
  return true;
}

/**
 * A turn that starts with nothing to tap on the board (a worker to bring in first, from the
 * turn panel): where the board lies below the panel stuck to the foot of the screen (a
 * phone on its side: the page stayed at its head, the board wholly under the panel), its
 * top is brought under the lines stuck to the top. Left alone where any of it is in sight.
 */
export function bringBoardIntoView(root, { drawing = false } = {}) {
  // `drawing`: only the board whose picture for the new position is still being drawn
  // (the one shown meanwhile, marked stale), brought up while its targets are awaited.
  const board = root.querySelector(`.board-area svg.board${drawing ? "[data-stale]" : ":not([data-stale])"}`);
  if (!board) return false;
  const box = (board.closest(".board-frame") || board).getBoundingClientRect();
  const above = coveredAtTop(root);
  const room = innerHeight - coveredAtBottom(root);
  if (box.top > room - 48) window.scrollBy({ top: box.top - above - 8, behavior: "instant" });
  return true;
}

/**
 * How much of one edge of the screen the panels stuck there hide: at the bottom the
 * phone's turn sheet and confirm bar, at the top the phone's status line (sticky for the
 * whole game: style.css). What is scrolled into view goes between the two.
 */
function coveredAt(root, edge, selector) {
  let covered = 0;
  for (const element of root.querySelectorAll(selector)) {
    const style = getComputedStyle(element);
    // Stuck at the edge, or at a distance from it (a phone on its side: the last move's
    // line under the status line).
    if ((style.position === "sticky" || style.position === "fixed") && style[edge] !== "auto") {
      covered = Math.max(covered, parseFloat(style[edge]) + element.getBoundingClientRect().height);
    }
  }
  return covered;
}

const coveredAtBottom = (root) => coveredAt(root, "bottom", ".panel.decision, .confirm-bar");
const coveredAtTop = (root) => coveredAt(root, "top", ".status-line, .move-line:not([hidden])");

const MARGIN = 8;

/**
 * The band of the screen (its top and bottom, px) clear of everything stuck to it while
 * the others' moves are shown: the lines and panels coveredAtTop / coveredAtBottom count,
 * the bar "Showing Bea's move · Skip to the present" fixed at the foot (style.css) and the
 * notice over the page (ui.js: at the top under the status line, or at the foot above that
 * bar). Fixed as they are, their computed top and bottom are both lengths: which edge each
 * stands at is read from where its box lies.
 */
function clearBand(root) {
  let top = coveredAtTop(root), bottom = innerHeight - coveredAtBottom(root);
  for (const element of document.querySelectorAll(".table-head > .pace, #notice:not([hidden])")) {
    if (getComputedStyle(element).position !== "fixed") continue; // (a wide screen's pace is in the head's row)
    const box = element.getBoundingClientRect();
    if (!box.height || box.bottom <= 0 || box.top >= innerHeight) continue;
    if (box.top + box.bottom > innerHeight) bottom = Math.min(bottom, box.top);
    else top = Math.max(top, box.bottom);
  }
  return { left: 0, right: innerWidth, top: top + MARGIN, bottom: bottom - MARGIN };
}

/**
 * Scroll the page so that the top of `element` is in view between any line stuck to the
 * top and any panel stuck to the bottom of the screen: for an answer the person asked for
 * that is drawn away from where they asked (on a phone the side panels come below the
 * board). Left alone when in view. With `keep` (e.g. the board the element speaks of),
 * the page is not scrolled so far that the top of `keep` goes under the line at the top.
 */
export function bringIntoView(root, element, keep = null) {
  const margin = 8;
  const box = element.getBoundingClientRect();
  const above = coveredAtTop(root);
  const room = innerHeight - coveredAtBottom(root) - margin;
  // its first lines, or all of it when it is short enough
  const bottom = Math.min(box.bottom, box.top + room / 2);
  let delta = 0;
  if (bottom > room) delta = bottom - room;
  else if (box.top < above + margin) delta = box.top - above - margin;
  const kept = keep?.getBoundingClientRect();
  if (kept && delta > 0 && kept.top >= above) delta = Math.min(delta, Math.max(0, kept.top - above - margin));
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: "instant" });
}
