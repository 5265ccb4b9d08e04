// Others' moves shown one at a time. The server sends a bot's whole turn (7–10 actions)
// in one push: the events, each with the public diff it made (docs/api.md), then the
// final state. The table keeps the moves to show in a queue (a Pacer) and draws the
// board of the public view after each one for a moment before the next, so a person can
// follow them; the final state is drawn once the queue is empty.
//
// What a game declares: nothing more than it does already. Its renderer marks what can
// be played on with data-target keys ("C5", "D7") and its events carry their action as
// typed data (info: {type, params}); a move is marked on the board where a key in its
// params names a target ("space": "C5", "cells": ["D7", "D8"]). A game may instead say
// which keys with module.lastMoveTargets(event) → [key, …], or mark it in its own picture
// (data-last-move in its picture, e.g. the cells drawn last): then it is left so.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Milliseconds each move stays in view, by the player's speed setting (store.js). */
export const SPEEDS = { slow: 1000, normal: 500, fast: 150, instant: 0 };
/** More moves waiting than this and they are not worth watching one by one: caught up at once. */
export const CATCH_UP = 20;
/**
 * The longest a move waits for its picture (ms); then the present is shown at once, not
 * the next move. A picture is the server's answer to a request, which ends (drawn, or
 * refused: then the move is shown without it) unless the connection hangs. On a busy
 * server it took over 1.5 s, then over 8 s, the waits this was: the move went by with its
 * words above the stale board, its mark never shown to the friend watching, and the next
 * was named over the old board in its turn (tests/web/test_watching_slow_pictures.py).
 * Longer than this, the pictures will not keep up with the moves: the present, with what
 * changed since one's turn marked, tells the story better than moves named over old boards.
 */
const PICTURE_WAIT = 20000;

/**
 * A queue of steps shown one at a time: show(step) for each, `delay()` ms apart, then
 * done() once the last one has had its moment. Pushing while the queue plays extends it.
 */
export class Pacer {
  constructor(show, done, delay) {
    this.show = show;
    this.done = done;
    this.delay = delay;
    this.queue = [];
    this.timer = null;
    this.current = null;
  }

  get busy() {
    return this.current !== null || this.queue.length > 0;
  }

  /** Queue `steps`; shows the first now when nothing is being shown. */
  push(steps) {
    const now = performance.now();
    for (const step of steps) this.queue.push({ ...step, arrived: now });
    if (this.delay() <= 0 || this.queue.length > CATCH_UP || document.visibilityState === "hidden") {
      this.skip();
      return;
    }
    // (a step awaiting the frame that paints it has no timer: it is still being shown)
    if (!this.current) this.next();
  }

  next() {
    this.timer = null;
    const step = this.queue.shift();
    if (!step) {
      this.current = null;
      this.done(false);
      return;
    }
    this.current = step;
    step.drawing = true;
    step.due = performance.now(); // its turn: its arrival, or the end of the move before it
    // Its moment starts when its picture is in view (drawn() below; a picture is drawn by
    // the server, a round trip); a picture that never comes holds the queue no longer than
    // this, and the present is shown (its news said, what changed marked).
    this.timer = setTimeout(() => this.skip(), Math.max(this.delay(), PICTURE_WAIT));
    this.show(step);
  }

  /**
   * The current step's picture is in the page: it stays `delay()` ms from the frame that
   * paints it (the next animation frame), not from now: on a busy phone a frame may come
   * later than a fast speed's moment, and the move went by painted never.
   *
   * However late that frame comes: a page in sight whose frames stall (its compositor
   * behind, on a busy phone or CI's two cores) while its timers run painted nothing of the
   * moves a timer moved on through (one a second and a half): the bot's first move was
   * named above a stale board, never seen marked, and the rest never seen at all. A page
   * that paints nothing shows nothing: its queue waits for its frames. Only a tab out of
   * sight, which paints no frames, starts the moment now (and is caught up once back).
   */
  drawn() {
    const step = this.current;
    if (!step?.drawing) return;
    step.drawing = false;
    clearTimeout(this.timer);
    this.timer = null;
    const start = () => {
      if (this.current !== step || step.painted) return;
      step.painted = true;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.next(), this.delay());
    };
    if (document.visibilityState === "hidden") return start();
    requestAnimationFrame(() => requestAnimationFrame(start));
  }

  /** Show no more steps: what was waiting is done with at once (skipped: its lines still said). */
  skip() {
    clearTimeout(this.timer);
    this.timer = null;
    const skipped = this.queue.splice(0);
    const was = this.current;
    this.current = null;
    if (was || skipped.length) this.done(true, skipped);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.current = null;
  }
}

/** Whether `event` changed what everyone sees (a move with a public diff). */
const seenByAll = (event) => (event.type === "action" || event.type === "undo") && event.public?.length > 0;

/**
 * A table's news as it is shown: which moves are shown one at a time (the steps), on which
 * board, and when each of its lines is said. One answer for the news as it comes (the table's
 * follow) and for the log read again when a choice from the past was made public (its
 * showRevealed): built in two places, they had come to disagree (hidden drawings before a
 * rename only said in one, shown in the other; one's own move said first in one, last in the
 * other).
 *
 * `entries`: the log from the first piece of news on, in order, each {event, view: the
 * public view once the event was in, said: the lines it adds, news: whether it is news (an
 * event read before is there only for the board it leaves)}; `seat`: the page's.
 * Returns {steps: [{event, view, said}], now: the lines said at once, present: whether one's
 * own move is among them (the present: moves still waiting to be shown are skipped)}.
 *
 * - The others' moves (bots, friends, this seat's autopilot) are steps, each on the board as
 *   it stood once others could see it: a move seen at once, the view after it; a choice
 *   hidden until its step resolved (a simultaneous step's drawings), the view after the move
 *   that revealed it (the first later one that changed the public view), which holds the
 *   step's choices together. A phone away for two cards showed the first card's drawings
 *   named above maps that held the second's.
 * - A hidden choice is shown just before the move that revealed it; when one's own move
 *   revealed it, after that move, which is said at once: the last to draw saw her own
 *   drawing vanish under "Showing Ana's move" until the reveal. Revealed by nothing in the
 *   news: shown as it comes.
 * - Any other news (one's own move, a rename, the game's end) is said with the step it
 *   follows, else at once.
 */
export function stepsOf(entries, seat) {
  const mine = (event) => event.seat === seat && (event.by ?? "person") === "person";
  const seenWith = new Map();
  let next = entries[entries.length - 1]?.view;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (seenByAll(entries[i].event)) next = entries[i].view;
    seenWith.set(entries[i], next);
  }
  const steps = [];
  const now = [];
  let present = false;
  let hidden = []; // others' hidden choices, until the move that reveals them
  const sayAfterLastStep = (said) => {
    if (steps.length) steps[steps.length - 1].said.push(...said);
    else now.push(...said);
  };
  for (const entry of entries) {
    if (!entry.news) continue;
    const { event, said } = entry;
    const step = { event, view: seenWith.get(entry), said };
    if (mine(event)) {
      if (!steps.length) present = true;
      sayAfterLastStep(said);
      // Her own move revealed theirs: they come after it, on the board as it is now.
      steps.push(...hidden);
      hidden = [];
      continue;
    }
    if (seenByAll(event)) {
      steps.push(...hidden);
      hidden = [];
    }
    if (event.type === "action" && !seenByAll(event)) hidden.push(step);
    else if (event.type === "action" || event.type === "undo") steps.push(step);
    else sayAfterLastStep(said);
  }
  steps.push(...hidden);
  return { steps, now, present };
}

/** Every string an action's typed params name (a space, a list of cells). */
function paramKeys(params) {
  const keys = [];
  for (const value of Object.values(params || {})) {
    if (typeof value === "string") keys.push(value);
    else if (Array.isArray(value)) keys.push(...value.filter((v) => typeof v === "string"));
  }
  return keys;
}

/**
 * The elements of the boards drawn in `root` that `event`'s move touched: each target its
 * action names (the game's module.lastMoveTargets(event), else its typed params); on a
 * screen of several boards of seats (data-seat), the mover's.
 */
function moveTargets(root, event, module) {
  const keys = new Set(module?.lastMoveTargets ? module.lastMoveTargets(event) : paramKeys(event.info?.params));
  if (!keys.size) return [];
  const found = [...root.querySelectorAll("svg.board [data-target]")].filter((el) => keys.has(el.dataset.target));
  const seated = found.filter((el) => el.closest("[data-seat]"));
  const mover = seated.filter((el) => el.closest("[data-seat]").dataset.seat === String(event.seat));
  return seated.length ? (mover.length ? mover : seated) : found;
}

/** Give a marked element `label` as its accessible name (beside a button's own name). */
function nameMark(element, label) {
  if (element.getAttribute("role") === "button") {
    const own = element.getAttribute("aria-label") || "";
    if (!own.includes(label)) element.setAttribute("aria-label", own ? `${own} · ${label}` : label);
  } else {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
  }
}

/**
 * Mark `event`'s move on the boards drawn in `root`: each target its action names gets
 * data-last-move (its words) and the accessible name "Last move: …" (kept beside a
 * button's own name). On a screen of several boards of seats (data-seat), the mover's.
 * Returns the elements marked (those the picture marked itself, when it did): none for a
 * move that names no target (ending a turn, a pass), which lastMoveNote names instead.
 */
export function markLastMove(root, event, words, module) {
  if (!event) return [];
  // A renderer that marks the last move itself (data-last-move in its picture) is left to it.
  const own = [...root.querySelectorAll("svg.board [data-last-move]")];
  if (own.length) return own;
  const marked = moveTargets(root, event, module);
  for (const element of marked) {
    element.dataset.lastMove = words;
    element.classList.add("last-move");
    nameMark(element, t("board.last_move", { move: words }));
  }
  return marked;
}

/**
 * The others' moves since this seat's last turn, in order (undone ones left out): those
 * after the last move of `seat` that came before others moved — the moves of the turn it
 * is playing now do not end the window, so what the others did stays marked while it plays.
 * Only events numbered up to `until` (the move being shown, while moves are shown one at a
 * time). None for a spectator (`seat` null).
 */
export function movesSinceMyTurn(events, seat, until = Infinity) {
  if (seat === null || seat === undefined) return [];
  const undone = new Set();
  const since = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.n > until) continue;
    if (event.type === "undo") undone.add(`${event.seat}:${event.number}`);
    if (event.type !== "action" || undone.has(`${event.seat}:${event.number}`)) continue;
    if (event.seat !== seat) since.push(event);
    else if (since.length) break;
  }
  return since.reverse();
}

/**
 * What the others changed since my last turn, marked on the board (issue: a friend who
 * looked away, or whose phone slept, saw only the very last move marked): each target of
 * those moves gets the class since-turn and "Changed since your turn: …" (the moves' words)
 * in its accessible name; the last move keeps its own mark. A renderer that marks moves
 * itself is left to it. Returns the elements marked.
 */
export function markSinceMyTurn(root, moves, module, ctx) {
  if (!moves.length || root.querySelector("svg.board [data-last-move]:not(.last-move)")) return [];
  const words = new Map();
  for (const event of moves) {
    for (const element of moveTargets(root, event, module)) {
      if (element.classList.contains("last-move")) continue;
      if (!words.has(element)) words.set(element, []);
      words.get(element).push(`${ctx.name(event.seat)}: ${moveWords(event, module, ctx)}`);
    }
  }
  for (const [element, said] of words) {
    element.classList.add("since-turn");
    nameMark(element, t("board.since_turn", { moves: said.join("; ") }));
  }
  return [...words.keys()];
}

/**
 * The last move in words under the board, for a move the board cannot mark (it names no
 * target: ending a turn, a pass), so that a friend still sees what just happened and
 * whose it was: "Last move — Ana: ends the turn".
 */
export function lastMoveNote(who, words) {
  return h("p", { class: "last-move-note", id: "last-move-note" }, t("board.last_move.by", { name: who, move: words }));
}

// The width below which the side's panels join the page's column (style.css: 900 px).
const narrowScreen = globalThis.matchMedia?.("(max-width: 900px)");

/**
 * The last move shown as every screen of a game shows it (the live table, the replay):
 * marked on the board where it names a target, else named right under the picture, where
 * the eye looks for the mark. `ctx` is the screen's context (names, the view described).
 */
export function showLastMove(root, event, module, ctx, since = []) {
  const words = event ? moveWords(event, module, ctx) : null;
  const notes = [];
  if (event && !markLastMove(root, event, words, module).length) notes.push(lastMoveNote(ctx.name(event.seat), words));
  // After the last move's mark, which keeps its own colour where both fall.
  if (markSinceMyTurn(root, since, module, ctx).length) {
    // A phone's (and a tablet's) turn panel sticks to the foot of the screen, over the
    // note under the board for the whole of a turn's actions: the blue marks went
    // unexplained. There, during the person's turn, the panel says it itself in a line
    // ("Blue: changed since your turn · red: the last move"). Not above the board: the
    // board would jump down when the others' first move came (test_game_night_phone_words).
    const panel = narrowScreen?.matches ? root.querySelector(".panel.decision.yours") : null;
    if (panel) panel.prepend(h("p", { class: "since-turn-note since-turn-legend", id: "since-turn-note" }, t("board.since_turn.legend")));
    else notes.push(h("p", { class: "since-turn-note", id: "since-turn-note" }, t("board.since_turn.note")));
  }
  if (!notes.length) return;
  const board = root.querySelector(".board-area svg.board");
  if (board) (board.closest(".board-frame") || board).after(...notes);
  else root.querySelector(".board-area")?.append(...notes);
}

/** A move in the words the log says it in (the face's describe), else in its notation. */
export function moveWords(event, module, ctx) {
  try {
    return module.describe(event.notation, event, ctx);
  } catch {
    return event.notation; // a move the face cannot word is still shown, in notation
  }
}
