// A table: the waiting room, then the game screen (board, panels, log, help, undo, summary).
import { api, Live } from "./api.js";
import { h, PLAYER_COLOURS } from "./dom.js";
import { asQuestion, errorText, has, inMood, lang, t } from "./i18n.js";
import { gameTitle, rematch, seatName } from "./lobby.js";
import { confirmFinal, forgetSeat, moveSpeed, saveName, seatAt, saveSeat, setConfirmFinal, setMoveSpeed } from "./store.js";
import { announce, LogBuilder, logList, renamedLine } from "./log.js";
import { CATCH_UP, movesSinceMyTurn, moveWords, Pacer, showLastMove, SPEEDS, stepsOf } from "./pace.js";
import { go, nameInput, notify, notifyError, openRules, placeNotice } from "./ui.js";
import { faceOf, facesLoaded, facesReady } from "./faces.js";
import { scoreChart } from "./chart.js";
import { bringBoardIntoView, bringIntoView, bringLastMoveIntoView, bringTargetsIntoView, framePans, keepPans, markBoardTop } from "./board.js";

const LEVELS = ["easy", "medium", "hard", "random"];
/** The table whose turn panel is folded away for the rest of the person's turn (sessionStorage). */
const FOLDED = "bgbot.turn-folded";
// A phone on its side (style.css: the screen's height is what is short).
const sideways = globalThis.matchMedia?.("(min-width: 601px) and (max-width: 900px) and (max-height: 500px)");
/** Refusals that are not the rules' (the connection, the table): no "why not?" for them. */
const NOT_RULES = new Set(["stale_state", "unknown_table", "bad_token", "token_required", "offline",
  "rate_limited", "message_too_large", "bad_message", "internal_error"]);

/** Context shared by the game renderers: names, colours, who is thinking. */
export function baseContext(summary, seat) {
  const seats = summary?.seats || [];
  return {
    seat,
    seats,
    name(index) {
      const name = seatName(seats[index]);
      return index === seat ? t("seat.you", { name }) : name;
    },
    colour: (index) => PLAYER_COLOURS[index % PLAYER_COLOURS.length],
    thinking(index) {
      const row = seats[index];
      return Boolean(summary?.status === "playing" && summary.to_act?.includes(index) && row && (row.kind === "bot" || row.autopilot));
    },
  };
}

export class TableScreen {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.mine = seatAt(id);
    this.msg = null;
    this.legal = null;
    this.events = [];
    this.opened = false; // the page's first news read (the game so far: not shown move by move)
    this.sel = {};
    this.showHelp = false;
    this.filter = "";
    this.autopilotLevel = "easy";
    this.confirming = null; // {notation, words}: an action that cannot be taken back, awaiting "Confirm"
    this.hints = null; // {state_id, hints} or {state_id, error}
    this.logOpen = new Map();
    this.waiting = null; // a drawing asked for before the next frame: "screen" or "log" (drawSoon)
    this.afterDrawing = [];
    this.restUntil = 0;
    // One function for the screen's lifetime. A game's face calls it after a person's tap
    // (a shape turned, a space chosen): drawn at once, so what the tap changed is on the
    // page when the handler returns. Pictures arriving from the server call its `soon`
    // (board.js): drawn once however many arrive together, with the messages of that frame.
    this.rerender = () => { if (!this.gone) this.render(); };
    this.rerender.soon = () => this.drawSoon();
    this.clockTimer = setInterval(() => this.tickClocks(), 1000);
    // Others' moves, shown one at a time (pace.js): while one is shown the screen draws
    // the public view after it, and nothing on it can be played.
    this.pacer = new Pacer((step) => this.showStep(step), (skipped, rest) => this.caughtUp(skipped, rest),
      () => SPEEDS[moveSpeed()]);
    // Back on a tab left a while: the present at once, not a backlog played out.
    this.onVisible = () => { if (document.visibilityState === "visible") this.pacer.skip(); };
    document.addEventListener("visibilitychange", this.onVisible);
    // A tap anywhere but the toolbar folds its "More" menu (a phone's) away.
    this.onOutside = (event) => {
      if (!this.moreOpen || event.target.closest?.(".toolbar")) return;
      this.moreOpen = false;
      this.root.querySelector("#more-tools")?.classList.remove("open");
      this.root.querySelector("#more-button")?.setAttribute("aria-expanded", "false");
    };
    document.addEventListener("click", this.onOutside);
    // A phone turned onto its side or back: the turn panel's handle comes or goes.
    sideways?.addEventListener?.("change", this.rerender);
    this.live = new Live(id, this.mine?.token, (m) => this.onMessage(m), (up, retryAt) => this.onStatus(up, retryAt));
    if (!facesReady()) facesLoaded.then(() => { if (!this.gone) this.render(); });
  }

  get game() {
    return this.msg?.table?.game;
  }

  /** The table's options (the rules dialog asks with them: a variant not played). */
  get options() {
    return this.msg?.table?.options;
  }

  destroy() {
    this.gone = true; // a screen left behind draws nothing more
    cancelAnimationFrame(this.frame);
    clearTimeout(this.frameTimer);
    this.live.close();
    clearInterval(this.clockTimer);
    this.pacer.stop();
    document.removeEventListener("visibilitychange", this.onVisible);
    document.removeEventListener("click", this.onOutside);
    sideways?.removeEventListener?.("change", this.rerender);
  }

  onStatus(up, retryAt) {
    this.connected = up;
    // When the page tries again (its badge's data-retry-at, Date.now() time: for tests and
    // tools, which compare how soon it was back).
    this.retryAt = retryAt;
    // The first news after a connection (made again) is what was missed while away.
    if (up) this.back = true;
    const badge = this.root.querySelector(".connection");
    if (badge) {
      badge.hidden = up;
      if (retryAt) badge.dataset.retryAt = retryAt;
      else delete badge.dataset.retryAt;
    }
  }

  onMessage(m) {
    if (m.type === "state") {
      const changed = !this.msg || this.msg.state_id !== m.state_id;
      this.msg = m;
      this.clockAt = performance.now();
      if (changed) {
        this.sel = {};
        this.confirming = null;
        if (this.hints?.state_id !== m.state_id) this.hints = null;
      }
      const ask = m.your_turn && (!this.legal || this.legal.state_id !== m.state_id);
      if (ask) this.legal = null;
      this.noteTurn(m.your_turn, m.step);
      // Asked after drawing: a game's picture of the new view is requested first (the
      // list of legal actions is larger and not needed to see the board).
      this.drawSoon(ask ? () => this.live.send({ type: "legal" }) : null);
    } else if (m.type === "legal") {
      this.legal = { state_id: m.state_id, actions: m.actions };
      this.drawSoon();
    } else if (m.type === "events") {
      const seen = new Set(this.events.map((e) => e.n));
      const fresh = m.events.filter((event) => !seen.has(event.n));
      // The page's first news (opened, reloaded) is the game so far: drawn as it is, no
      // move of it shown one at a time.
      const opening = !this.opened;
      this.opened = true;
      // The game ended with this news while the page was away (the first news after a
      // connection made again): straight to its end (follow).
      const endedAway = this.back && fresh.some((event) => event.type === "over");
      this.back = false;
      this.events.push(...fresh);
      this.events.sort((a, b) => a.n - b.n);
      // New events after the ones read extend the log; one from the past (a hidden
      // choice made public) rebuilds it. Either way the others' moves in it are shown one
      // at a time, news after a connection made again too: a phone whose Wi-Fi dropped a
      // moment while a drawing was revealed saw the others' drawings jump onto their maps.
      if (this.log && fresh.every((event) => event.n > this.log.lastN)) {
        this.follow(fresh.sort((a, b) => a.n - b.n), endedAway);
      } else {
        this.log = null;
        if (!opening && !endedAway && facesReady()) this.showRevealed(fresh);
      }
      this.drawSoon(null, "log");
    } else if (m.type === "error") {
      this.pending = false;
      notify(errorText(m.error), "error");
      if (this.tried && !NOT_RULES.has(m.error.code)) this.offerWhy(this.tried);
      this.tried = null;
      if (m.error.code === "stale_state") this.live.send({ type: "view" });
      if (m.error.code === "unknown_table" || m.error.code === "bad_token") this.fatal = m.error;
      this.render();
    } else if (m.type === "ack") {
      this.pending = false;
      this.tried = null;
      // A valid action makes any earlier refusal stale: clear the red box (only: the news
      // the action made, a season's score, may be in the notice already).
      if (document.getElementById("notice")?.classList.contains("error")) notify("");
    }
  }

  /**
   * Add `events` (new, in order) to the log, and show its news (stepsOf, pace.js): the
   * moves of others (bots, friends, this seat's autopilot) one at a time, each with the
   * public view after it and the lines it adds to the log (said when shown). This seat's
   * own moves are not held back: the present is shown at once; nor are the moves that ended
   * the game while the page was away (`endedAway`: in the first news after a connection).
   */
  follow(events, endedAway = false) {
    const entries = events.map((event) => {
      const said = [];
      this.log.speak = (text, entry) => said.push(entry?.headline ? { text, headline: entry.headline } : text);
      this.log.add(event);
      return { event, view: this.log.view, said, news: true };
    });
    this.log.speak = (text, entry) => tell(entry?.headline ? { text, headline: entry.headline } : text);
    this.showNews(stepsOf(entries, this.msg?.seat), endedAway);
  }

  /**
   * The others' choices a move made public (a simultaneous step's drawings, hidden until
   * the last is made), with the rest of that news, shown as follow() shows news (stepsOf):
   * the log was read again with them and the present drawn at once, and the friend who
   * had drawn first and waited saw only the last one named above the board (a bot's
   * drawing never was). Their own move may be among this news when a public event came
   * between the others' drawings and theirs (a friend who changed their name meanwhile:
   * tests/web/test_simultaneous_reveal.py). Shown too when they come as the news a
   * connection made again brings (tests/web/test_watching_after_a_drop.py); not on the
   * page's first news, nor when the game ended while the page was away (the present at once).
   */
  showRevealed(fresh) {
    if (!this.msg || !fresh.length) return;
    // The log read again now (its lines history, not spoken), for the view after each
    // event: the state that says it may come after this news.
    this.log = new LogBuilder(faceOf(this.game), baseContext(this.msg.table, this.msg.seat));
    const after = new Map(); // an event's number -> the public view once it was in
    for (const event of this.events) {
      this.log.add(event);
      after.set(event.n, this.log.view);
    }
    this.logLang = document.documentElement.lang;
    this.logSeats = JSON.stringify(this.msg.table.seats);
    // Each piece of news's lines, said as it is shown (the spoken log, once), in the page's
    // language: rebuilt as history, they were said by nothing, and a screen reader heard
    // none of the drawings it revealed.
    const said = new Map();
    for (const group of this.log.groups) {
      for (const line of group.lines) {
        if (!said.has(line.n)) said.set(line.n, []);
        said.get(line.n).push(line.headline ? { text: line.text, headline: line.headline } : line.text);
      }
    }
    // From the first piece of news on: the events read before in between leave the boards
    // the news was seen on (a rename; one's own drawing the others' revealed ones came with).
    const news = new Set(fresh.map((event) => event.n));
    const first = Math.min(...news);
    const entries = this.events.filter((event) => event.n >= first).map((event) => ({
      event, view: after.get(event.n), said: (news.has(event.n) && said.get(event.n)) || [], news: news.has(event.n) }));
    this.showNews(stepsOf(entries, this.msg.seat));
  }

  /** Show news as stepsOf (pace.js) says: its lines said at once, its steps queued. */
  showNews({ steps, now, present }, endedAway = false) {
    if (present) this.pacer.skip(); // one's own move, made on another device too: the present
    now.forEach(tell);
    if (endedAway) {
      // The game ended with these moves while the page was away: straight to its final
      // position and result, with any moves still waiting to be shown. A page back after
      // the end (a phone that slept through it) replayed the last moves one at a time
      // before its result, until "Skip to the present"; whoever wants the moves has the
      // replay, linked under the result. A page watching as they come shows them (a bot's
      // last turn, 8 moves, went by unseen: the result came at once in its place).
      this.pacer.skip();
      for (const step of steps) step.said.forEach(tell);
      return;
    }
    if (!steps.length || !this.msg) {
      for (const step of steps) step.said.forEach(tell);
      return;
    }
    // The steps' pictures asked for now, so each is drawn by the time its turn comes (not
    // when they will not be shown: at once, or in a hidden tab), each view's once (a
    // step's choices share one).
    if (SPEEDS[moveSpeed()] > 0 && document.visibilityState !== "hidden" && steps.length <= CATCH_UP) {
      for (const [i, step] of steps.entries()) if (step.view !== steps[i - 1]?.view) this.drawAhead(step);
    }
    this.pacer.push(steps);
  }

  /**
   * The pictures `step` will show, asked for now (drawn by the time its turn comes): a
   * face that says which (`picturesAhead(ctx)`) asks for them alone; else its screen is
   * drawn for the step and thrown away: a whole board was built for each queued move,
   * its names sized and its size watched, never to be shown.
   */
  drawAhead(step) {
    this.withStep(step, () => {
      try {
        const face = faceOf(this.game);
        if (face.picturesAhead) face.picturesAhead(this.context());
        else face.render(this.context());
      } catch { /* drawn when shown */ }
    });
  }

  /** What the screen draws while `step` is shown: the table as it is, the view after the move, no turn of mine. */
  withStep(step, draw) {
    const real = this.msg;
    // A game that ended with these moves is over once they are shown (its summary after them).
    const table = real.table?.status === "over" ? { ...real.table, status: "playing" } : real.table;
    this.msg = { ...real, table, view: step.view ?? real.view, your_turn: false, can_undo: false, to_act: [step.event.seat] };
    this.drawingStep = true;
    this.present = real;
    try {
      return draw();
    } finally {
      this.msg = real;
      this.drawingStep = false;
      this.present = null;
    }
  }

  drawStep() {
    this.withStep(this.pacer.current, () => this.render());
  }

  showStep(step) {
    step.said.forEach(tell);
    step.fresh = true;
    this.render();
  }

  /** The queue is empty (or skipped): the present drawn; a skipped move's lines still said. */
  caughtUp(skipped, rest = []) {
    for (const step of rest) step.said.forEach(tell);
    this.drawSoon();
  }

  /**
   * Draw the screen (or only its log: `what` "log") once before the next frame, however
   * many messages arrive before it; `then` after that drawing. Moves posted at API speed
   * (bots, "moves shown at once") came one message each, and each message redrew the
   * whole screen with a layout of it: by the end of a game the page spent longer on a
   * move than the moves took to arrive and fell seconds behind. A drawing asked for at
   * once (render()) takes the place of the one waiting.
   */
  drawSoon(then = null, what = "screen") {
    if (then) this.afterDrawing.push(then);
    if (this.waiting === "screen" || this.waiting === what) return;
    const first = !this.waiting;
    this.waiting = what;
    if (!first) return;
    const run = () => {
      if (!this.waiting) return;
      cancelAnimationFrame(this.frame);
      clearTimeout(this.frameTimer);
      if (this.gone) return;
      // A drawing that took longer than a frame (a long game's page) is followed by at
      // least as long a pause: the messages waiting meanwhile are read, and drawn together.
      const rest = this.restUntil - performance.now();
      if (rest > 0) {
        this.frameTimer = setTimeout(run, rest);
        return;
      }
      if (this.waiting === "log") {
        this.waiting = null;
        this.renderLog();
        this.runAfterDrawing();
      } else {
        const start = performance.now();
        this.render();
        const end = performance.now();
        this.restUntil = end + (end - start);
      }
    };
    this.frame = requestAnimationFrame(run);
    this.frameTimer = setTimeout(run, 100); // a tab out of sight draws no frames
  }

  runAfterDrawing() {
    const then = this.afterDrawing.splice(0);
    for (const next of then) next();
  }

  /** The move the board marks as the last: the one shown, else the latest action not taken back. */
  lastMove() {
    if (this.pacer.current) return this.pacer.current.event.type === "action" ? this.pacer.current.event : null;
    const undone = new Set();
    for (let i = this.events.length - 1; i >= 0; i--) {
      const event = this.events[i];
      if (event.type === "undo") undone.add(`${event.seat}:${event.number}`);
      else if (event.type === "action" && !undone.has(`${event.seat}:${event.number}`)) return event;
    }
    return null;
  }

  /** After the game screen is drawn: the last move marked, the pace controls, a shown step's timing. */
  afterDraw() {
    const module = faceOf(this.game);
    // What the others did since my turn stays marked, the moves shown so far while they
    // are shown one at a time, everything at once after "Skip" or back on the page. Not
    // once the game is over: there is no next turn to prepare, and the marks and their
    // note ("Outlined in blue…") stood under the final board. (While the moves that ended
    // it are being shown, the table still reads as playing: withStep.)
    const over = this.msg?.table?.status === "over";
    const since = over ? [] : movesSinceMyTurn(this.events, this.msg?.seat ?? null, this.pacer.current?.event.n ?? Infinity);
    showLastMove(this.root, this.lastMove(), module, this.context(), since);
    this.foldHandle();
    const pace = this.paceControls();
    if (pace) this.root.querySelector(".table-head")?.append(pace);
    const step = this.pacer.current;
    const board = this.root.querySelector(".board-area svg.board");
    // Every picture of the step drawn: on a screen of several maps the mover's may be one
    // of the others' (beside or below the first), still the previous view's while the
    // first is drawn, and the move's moment went by before its mark was.
    const drawing = Boolean(this.root.querySelector("svg.board[data-stale], .board-loading"));
    if (step?.fresh && !drawing) {
      // The step's own picture is in view: its fade and its moment start now (the
      // measure docs/benchmarks.md reports: from the move's turn to be shown to this).
      step.fresh = false;
      board?.classList.add("pace-step");
      // (the notice placed for the screen as drawn now, with its pace bar: the marks are
      // brought clear of both)
      placeNotice();
      bringLastMoveIntoView(this.root);
      performance.measure("move-shown", { start: step.due, end: performance.now() });
      this.pacer.drawn();
    } else if (step && !step.fresh && step.drawing === false && !drawing) {
      // Drawn again in the middle of its moment (a later move's picture arriving, asked
      // ahead; the language changed): a new board, which lost the mark of the step shown
      // (its frames went pace-step, then none for the rest of the move). Kept, not faded
      // in again (style.css: pace-step-held).
      board?.classList.add("pace-step", "pace-step-held");
    }
  }

  /**
   * A phone on its side (740×360): the turn panel stuck to the foot of the screen took a
   * quarter of its height from the board. A handle folds it to one button (drawn on such a
   * screen only; the screen turned draws the table again). The fold is kept for the rest of the turn, through
   * each of its actions and a reload, and the panel unfolds by itself when a tap on the
   * board makes it ask something new, and when the person's next turn starts: the turn's choices (a card's terrain and shape, the tile to place)
   * are in it, and a friend who put the phone down between turns would otherwise come
   * back to a bare board and hunt for them.
   */
  foldHandle() {
    const panel = this.root.querySelector(".panel.decision.yours");
    if (!panel || !sideways?.matches) return;
    // A tap on the board that makes the panel ask something new (a tile laid on a
    // space, to turn and place; a space's figures and actions) unfolds it: the answer is
    // in it. Only between two drawings of one position with its legal actions known (a
    // new position, or its legal actions arriving, changes the buttons by itself).
    const asks = [...panel.querySelectorAll("[data-key]")].map((e) => e.dataset.key).join(" ");
    const ready = this.legal?.state_id === this.msg.state_id ? this.msg.state_id : null;
    if (this.turnFolded && ready && this.panelAsked?.ready === ready && this.panelAsked.asks !== asks) {
      sessionStorage.removeItem(FOLDED);
    }
    this.panelAsked = { ready, asks };
    const folded = this.turnFolded;
    panel.id ||= "turn-panel";
    panel.classList.toggle("folded", folded);
    // Open, a chevron at the end of the panel's last row (a word beside it sent it to a row
    // of its own when a card's two terrains and shapes filled the row), named for what it
    // does; folded, the button says its whole name: that is where the way back is looked for.
    const name = t(folded ? "table.panel.unfold" : "table.panel.fold");
    panel.prepend(h("button", { type: "button", class: "fold-handle", id: "fold-handle", "data-key": "fold-handle",
      "aria-expanded": String(!folded), "aria-controls": panel.id, "aria-label": folded ? null : name, title: name,
      onclick: () => this.foldTurn(!folded) },
    h("span", { "aria-hidden": "true" }, folded ? "▴" : "▾"), folded ? ` ${name}` : null));
  }

  /**
   * A phone on its side: the status line stuck to the top keeps one line (style.css), a
   * longer text cut with "…" ("Your choice is made; waiting for" three long names ran to a
   * second line and pushed the board down). A tap on it shows the whole text over the
   * board, which stays where it is, until a second tap or the text changes. Screen readers
   * read the whole text in any case: only its drawing is cut.
   */
  fitStatusLine() {
    const line = this.root.querySelector("#status-line");
    if (!line || !sideways?.matches) return;
    const text = line.textContent;
    if (this.statusWhole !== text) this.statusWhole = null;
    // Whole, the line's extra height is taken back from its margin: what follows stays put.
    const show = (whole) => {
      line.classList.remove("whole");
      line.style.marginBottom = "";
      if (!whole) return;
      const one = line.offsetHeight;
      line.classList.add("whole");
      line.style.marginBottom = `calc(.4rem - ${line.offsetHeight - one}px)`;
    };
    const cut = line.scrollWidth > line.clientWidth + 1;
    line.classList.toggle("cut", cut);
    if (!cut) return;
    show(this.statusWhole === text);
    line.onclick = () => {
      this.statusWhole = this.statusWhole === text ? null : text;
      show(this.statusWhole === text);
    };
  }

  /**
   * A state from the server says whether it is the person's turn: a turn starts with one
   * that says so after one that did not (or on load), or after one of another step (the
   * server's `step`: actions that could not be taken back) — the last to act in a
   * simultaneous step (everyone draws the same card) goes from their move straight to the
   * next card, never "not your turn" between. Then the board is fitted to the turn's
   * targets once drawn (render), and a turn panel folded for the last turn unfolds.
   * Read from every state that arrives, not from the drawings: the states that arrive
   * together are drawn once (drawSoon), and "not yours" between two of the person's turns
   * (Ana's map after her move, before Bea's) was often never drawn — the next turn then
   * kept the last one's fit, a monster drawn at the far corner of a phone's map out of sight.
   */
  noteTurn(yours, step) {
    // Another step while it stayed mine: the last turn ends here (the next lines) first.
    const next = yours && this.fittedTurn && this.turnStep !== step;
    if (yours && !next) {
      if (!this.fittedTurn) this.fittedTurn = "pending";
      this.turnStep = step;
      return;
    }
    this.fittedTurn = yours ? "pending" : null;
    this.turnStep = yours ? step : null;
    if (this.turnFolded) sessionStorage.removeItem(FOLDED);
  }

  get turnFolded() {
    return sessionStorage.getItem(FOLDED) === this.id;
  }

  foldTurn(folded) {
    if (folded) sessionStorage.setItem(FOLDED, this.id);
    else if (this.turnFolded) sessionStorage.removeItem(FOLDED);
    this.render();
  }

  /** The speed of others' moves (a setting: in the toolbar's "More" on a phone). */
  speedControl() {
    return h("div", { class: "pace pace-speed", role: "group", "aria-label": t("pace.label") },
      h("label", { for: "pace-speed" }, t("pace.label"), " "),
      h("select", { id: "pace-speed", "data-key": "pace-speed", onchange: (e) => {
        setMoveSpeed(e.target.value);
        if (SPEEDS[e.target.value] <= 0) this.pacer.skip();
      } }, Object.keys(SPEEDS).map((speed) => h("option", { value: speed, selected: speed === moveSpeed() }, t(`pace.${speed}`)))));
  }

  /** While others' moves are being shown: whose, and a way past them (null otherwise). */
  paceControls() {
    const step = this.pacer.current;
    if (!step) return null;
    const ctx = baseContext(this.msg.table, this.msg.seat);
    return h("div", { class: "pace", role: "group", "aria-label": t("pace.label") },
      // The last one queued is "the latest", not "· 0 more": friends read a count of
      // nothing as moves still to come.
      h("span", { class: "pace-showing", role: "status" }, this.pacer.queue.length
        ? t("pace.showing", { name: ctx.name(step.event.seat), n: this.pacer.queue.length })
        : t("pace.showing.last", { name: ctx.name(step.event.seat) })),
      h("button", { type: "button", id: "pace-skip", "data-key": "pace-skip", onclick: () => this.pacer.skip() }, t("pace.skip")));
  }

  /** A "why not?" link after a refused action: the reason and the rule it rests on. */
  offerWhy(notation) {
    const notice = document.getElementById("notice");
    const explain = async () => {
      try {
        const why = await api("POST", `/api/tables/${encodeURIComponent(this.id)}/why`,
          { action: notation, lang: lang() }, this.mine?.token);
        if (why.legal) { notify(t("why.allowed", { action: notation })); return; }
        notify(why.reason || errorText({ code: why.code }), "error");
        if (why.text) {
          // With the rule's sentence that says this refusal (its `lead`), that sentence alone,
          // first and in bold: on a phone the whole passage filled the notice and the answer
          // to "why" was somewhere in its middle. The button shows the passage, the sentence
          // highlighted in it.
          const open = h("button", { type: "button", class: "link why-open",
            onclick: () => openRules({ game: this.game, passage: why.passage, lead: why.lead }) }, t("why.open"));
          notice.append(h("span", { class: "why-rule" }, t("why.rule", { source: why.source }), " ",
            why.lead ? h("strong", { class: "why-lead" }, why.lead) : why.text, " ", open));
        }
      } catch (error) {
        notify(errorText(error.error), "error");
      }
    };
    notice.append(h("button", { type: "button", class: "link why", onclick: explain }, t("why.link")));
  }

  /** Play `notation` for my seat on the state I see. */
  act(notation) {
    if (!this.msg) return;
    this.tried = notation;
    this.pending = true;
    this.confirming = null;
    this.live.send({ type: "act", action: notation, state_id: this.msg.state_id });
  }

  /**
   * Play `notation`, first asking to confirm when it cannot be taken back (the game's
   * module says which: module.isFinal) and the player has not turned asking off.
   */
  request(notation, judged = null) {
    const module = faceOf(this.game);
    // `judged`: the server's preview of it, for a face that asks before the legal
    // actions came (its info says the action in words, as a legal action's does).
    const info = this.infoOf(notation) ?? judged ?? undefined;
    if (confirmFinal() && module.isFinal?.(notation, this.msg.view, info)) {
      // the question the catalog asks ("End your turn?"), else "Confirm: …?"
      this.confirming = { notation, words: asQuestion(() => module.describe(notation, info, this.context())) };
      this.render();
      this.root.querySelector("#confirm-action")?.focus();
      return;
    }
    this.act(notation);
  }

  /** The legal action `notation` names, as typed data (kind, cost, code + params), if known. */
  infoOf(notation) {
    return this.legal?.state_id === this.msg?.state_id ? this.legal.actions.find((a) => a.notation === notation) : undefined;
  }

  cancelConfirm() {
    this.confirming = null;
    this.render();
  }

  async askHints() {
    const stateId = this.msg.state_id;
    this.hints = { state_id: stateId, loading: true };
    this.render();
    try {
      const answer = await api("POST", `/api/tables/${encodeURIComponent(this.id)}/hint`, { state_id: stateId }, this.mine?.token);
      this.hints = { state_id: answer.state_id ?? stateId, hints: answer.hints || [] };
    } catch (error) {
      this.hints = { state_id: stateId, error: error.error };
    }
    this.render();
    // The answer where the person can read it: on a phone the hints panel is drawn far
    // below the board (the side comes after it), and only a numbered badge showed.
    const panel = this.root.querySelector("#hints-panel");
    if (panel) bringIntoView(this.root, panel);
  }

  /** The turn begun with nothing to tap on the board: where its buttons are brought into sight. */
  bringDecisionIntoView() {
    const panel = this.root.querySelector(".decision-now");
    if (!panel) return bringBoardIntoView(this.root);
    bringIntoView(this.root, panel);
    return true;
  }

  undo() {
    this.live.send({ type: "undo", state_id: this.msg.state_id });
  }

  autopilot(level) {
    this.live.send({ type: "autopilot", level });
  }

  preview(notation) {
    return api("POST", `/api/tables/${encodeURIComponent(this.id)}/preview`, { action: notation }, this.mine?.token);
  }

  context() {
    const msg = this.msg;
    const ctx = baseContext(msg.table, msg.seat);
    return Object.assign(ctx, {
      game: this.game,
      view: msg.view,
      msg,
      legal: msg.your_turn && this.legal?.state_id === msg.state_id ? this.legal.actions : [],
      yourTurn: msg.your_turn,
      sel: this.sel,
      act: (notation, judged) => this.request(notation, judged),
      actNow: (notation) => this.act(notation),
      confirming: this.confirming,
      cancelConfirm: () => this.cancelConfirm(),
      hints: this.hints?.state_id === msg.state_id ? this.hints.hints || [] : [],
      preview: (notation) => this.preview(notation),
      rerender: this.rerender,
      interactive: true,
      // The move the board marks as the last (the one shown while moves are shown one at a time).
      lastMove: this.lastMove(),
      // A move of another's being shown (one at a time) and the person not in the middle of
      // their own (a drawing awaiting "Confirm"): a game may show the part of its board the
      // move was made on where the person is looking (a map game: the mover's map).
      watching: Boolean(this.drawingStep && this.pacer.current && !this.confirming),
    });
  }

  render() {
    if (!this.drawingStep && this.waiting) {
      // this drawing is the one that was waiting (drawSoon)
      this.waiting = null;
      queueMicrotask(() => this.runAfterDrawing());
    }
    if (this.pacer.current && !this.drawingStep && this.msg) {
      this.drawStep();
      return;
    }
    const focused = document.activeElement;
    const focusKey = focused?.dataset?.key;
    // Playing on the board's targets (board.js) keeps the focus on the board across moves:
    // the target played is gone, and the next state's come a moment later. Confirming
    // the move (the bar takes the focus) is part of playing it. Only for a person playing
    // by keyboard (the focus shown, :focus-visible): a tap focuses the target tapped too,
    // and on a phone the next state's first target then took the focus, a space never
    // touched shown focused (its ring, its preview) after every confirmed move.
    if (focused?.closest?.("svg.board")) this.onBoard = focused.matches(":focus-visible");
    else if (focused && focused !== document.body && !focused.closest(".confirm-bar")) this.onBoard = false;
    if (this.fatal) {
      this.root.replaceChildren(h("section", { class: "card narrow" }, h("h1", {}, t("table.missing")),
        h("p", {}, errorText(this.fatal)), h("a", { class: "button", href: "#/" }, t("nav.lobby"))));
      return;
    }
    if (!this.msg || !facesReady()) {
      this.root.replaceChildren(h("p", { class: "loading" }, t("table.loading")));
      return;
    }
    const summary = this.msg.table;
    if (summary.status === "open") {
      this.root.replaceChildren(this.waitingRoom(summary));
    } else {
      // The board's pan survives the redraw; the turn's fit below may then move it.
      const pans = framePans(this.root);
      this.root.replaceChildren(this.gameScreen());
      keepPans(this.root, pans);
      this.afterDraw();
    }
    this.renderLog();
    markBoardTop(this.root);
    // After markBoardTop's layout, with no change to the page between: its measure is free.
    this.fitStatusLine();
    // The board in view on load and when the person's turn starts (noteTurn; once: a
    // scroll made by hand afterwards is kept); tried on each render until the board's
    // targets are drawn. Not while others' moves are shown: their board has no targets of mine.
    if (this.fittedTurn === "pending" && !this.drawingStep) {
      // Its legal actions known and none on the board: the game's panel that holds the
      // turn's buttons (.decision-now, e.g. an auction's bid and pass) in sight, else the
      // board itself. At 360×740 the board alone took the page past a bid's buttons.
      const fitted = bringTargetsIntoView(this.root)
        || (this.legal?.state_id === this.msg.state_id && this.bringDecisionIntoView());
      if (fitted) this.fittedTurn = "done";
      // The new position's picture still being drawn (a phone's connection: a second and
      // more): the board as last drawn is brought into sight meanwhile, and its targets once
      // drawn. A person who scrolled up to "What can I do?" to play from it had the board
      // off the screen under the list for that long at each turn's start.
      else bringBoardIntoView(this.root, { drawing: true });
    }
    if (!this.drawingStep) this.bringResultIntoView(summary);
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      // Where it was: restoring the focus moves neither the page nor a board's pan.
      if (again) again.focus({ preventScroll: true });
    }
    if (this.onBoard && !this.root.contains(document.activeElement)) {
      this.root.querySelector("svg.board .target")?.focus({ preventScroll: true });
    }
  }

  waitingRoom(summary) {
    const invite = this.mine?.invite;
    // The game's name rides in the link, so that the friend who opens it reads what they
    // are invited to play (the invite code alone tells nothing before joining).
    const link = invite ? `${location.origin}${location.pathname}#/join/${invite}/${encodeURIComponent(summary.game)}` : null;
    let fill = "medium";
    const me = this.mine?.token ? this.msg.seat : null;
    const host = summary.host ?? null;
    const hosting = me !== null && me === host;
    // The host left and this person hosts now: told so (the "left" event names the new host).
    const handed = hosting ? [...this.events].reverse().find((event) => event.type === "left" && event.host === me) : null;
    const url = `/api/tables/${encodeURIComponent(this.id)}`;
    return h("section", { class: "card narrow waiting" },
      h("h1", {}, gameTitle(summary.game)),
      h("p", {}, t("wait.lead")),
      handed ? h("p", { class: "host-now", role: "status" }, t("wait.host.now", { name: handed.name || t("seat.unnamed", { n: handed.seat + 1 }) })) : null,
      h("ul", { class: "seat-list" }, summary.seats.map((seat) => h("li", {},
        h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[seat.seat]}` }), " ",
        seat.seat === this.msg.seat ? t("seat.you", { name: seatName(seat) }) : seatName(seat)))),
      me !== null ? this.nameForm(summary, me, "wait-name") : null,
      link ? h("div", { class: "field invite" },
        h("label", { for: "invite-link" }, t("wait.invite")),
        h("div", { class: "row" },
          h("input", { id: "invite-link", type: "text", readonly: true, value: link, onfocus: (e) => e.target.select() }),
          h("button", { type: "button", "data-key": "copy", onclick: () => copyInvite(link) }, t("wait.copy")),
          canShare() ? h("button", { type: "button", "data-key": "share", onclick: () => shareInvite(link, gameTitle(summary.game)) }, t("wait.share")) : null)) : null,
      // Only the host starts early; everyone else is told whom the table waits for.
      hosting ? h("div", { class: "field row" },
        h("label", { for: "fill-level" }, t("wait.fill")),
        h("select", { id: "fill-level", onchange: (e) => { fill = e.target.value; } },
          LEVELS.map((level) => h("option", { value: level, selected: level === fill }, t(`level.${level}`)))),
        h("button", { type: "button", class: "primary", "data-key": "start", onclick: async () => {
          try {
            await api("POST", `${url}/start`, { fill }, this.mine.token);
          } catch (error) {
            notifyError(error);
          }
        } }, t("wait.start")))
        : me !== null && host !== null ? h("p", { class: "wait-host", role: "status" }, t("wait.host.waiting", { name: seatName(summary.seats[host]) })) : null,
      h("p", { class: "row" },
        me !== null ? h("button", { type: "button", class: "ghost", "data-key": "leave", onclick: async () => {
          try {
            await api("POST", `${url}/leave`, {}, this.mine.token);
            forgetSeat(this.id);
            go("#/");
          } catch (error) {
            notifyError(error);
          }
        } }, t("wait.leave")) : null,
        h("a", { href: "#/" }, t("nav.lobby"))));
  }

  /**
   * One's own name, changed here and shown to the others at once ("": the friendly default
   * of each viewer's language): in the waiting room, and during the game from "More"
   * (friends sit down as "Player 2" and give their name once it has begun). A draft
   * survives the redraws others cause.
   */
  nameForm(summary, me, id) {
    const rename = async () => {
      const name = this.nameDraft ?? "";
      try {
        await api("POST", `/api/tables/${encodeURIComponent(this.id)}/name`, { name }, this.mine.token);
        this.nameDraft = null;
        this.renaming = false;
        if (name.trim()) saveName(name.trim());
        this.render();
      } catch (error) {
        notifyError(error);
      }
    };
    return h("form", { class: `field row ${id}`, onsubmit: (e) => { e.preventDefault(); rename(); } },
      h("label", { for: id }, t("wait.name")),
      nameInput({ id, "data-key": id,
        value: this.nameDraft ?? summary.seats[me].name,
        placeholder: seatName({ ...summary.seats[me], name: "" }),
        oninput: (e) => { this.nameDraft = e.target.value; } }),
      h("button", { type: "submit", "data-key": `${id}-save` }, t("wait.name.save")));
  }

  gameScreen() {
    const ctx = this.context();
    const module = faceOf(this.game);
    const summary = this.msg.table;
    const drawn = module.render(ctx);
    const seat = this.msg.seat;
    const mySeatRow = seat !== null ? summary.seats[seat] : null;
    const over = summary.status === "over";
    const playing = seat !== null && !over;
    // One row on a phone: Undo, Suggest and "More", which holds the rest (on a wide
    // screen the menu's items stand in the row as before: style.css shows them inline).
    const more = h("div", { class: `more-tools${this.moreOpen ? " open" : ""}`, id: "more-tools", onkeydown: (e) => {
      if (e.key !== "Escape" || !this.moreOpen) return;
      this.moreOpen = false; // Escape folds the menu and gives the focus back to "More"
      this.render();
      this.root.querySelector("#more-button")?.focus();
    } },
      playing ? h("button", { type: "button", "data-key": "help", "aria-expanded": String(this.showHelp),
        onclick: () => { this.showHelp = !this.showHelp; this.moreOpen = false; this.render(); } }, t("table.whatcan")) : null,
      h("button", { type: "button", "data-key": "rules", onclick: () => { this.moreOpen = false; openRules(this.game); this.render(); } }, t("rules.button")),
      playing ? this.autopilotControl(mySeatRow) : null,
      playing ? h("label", { class: "setting" },
        h("input", { type: "checkbox", id: "confirm-setting", "data-key": "confirm-setting", checked: confirmFinal(),
          onchange: (e) => { setConfirmFinal(e.target.checked); this.confirming = null; this.render(); } }), " ", t("table.confirm.setting")) : null,
      // The speed of others' moves: a control for a game being played, gone at its end.
      over ? null : this.speedControl(),
      // One's own name, during the game too: a button that opens the waiting room's form
      // (always there, it took a text box's room in a wide screen's toolbar).
      playing && this.mine?.token ? (this.renaming ? this.nameForm(summary, seat, "seat-name")
        : h("button", { type: "button", "data-key": "rename", id: "rename-button",
          onclick: () => { this.renaming = true; this.render(); this.root.querySelector("#seat-name")?.focus(); } }, t("table.rename"))) : null,
      h("a", { class: "button ghost", href: "#/" }, t("nav.lobby")));
    const buttons = h("div", { class: "toolbar table-tools", role: "toolbar", "aria-label": t("table.tools") },
      playing ? h("button", { type: "button", "data-key": "undo", disabled: !this.msg.can_undo,
        title: this.msg.can_undo ? "" : t("table.undo.not"), onclick: () => this.undo() }, t("table.undo")) : null,
      playing && this.msg.your_turn && summary.hints !== false
        ? h("button", { type: "button", "data-key": "hint", id: "hint-button", onclick: () => this.askHints() }, t("hint.button")) : null,
      over ? h("a", { class: "button", href: `#/replay/${this.id}` }, t("lobby.replay")) : null,
      h("button", { type: "button", class: "more-button", id: "more-button", "data-key": "more", "aria-expanded": String(Boolean(this.moreOpen)),
        "aria-controls": "more-tools", onclick: () => { this.moreOpen = !this.moreOpen; this.render(); },
        onkeydown: (e) => { if (e.key === "Escape" && this.moreOpen) { this.moreOpen = false; this.render(); } } }, t("table.more")),
      more);
    // Which of the server's states the screen shows (its state_id), and whether the legal
    // actions drawn are that state's (typed, for tests and tools: a check of the page waits
    // for the server's present, drawn whole, rather than reading a frame between messages).
    const legalDrawn = this.msg.your_turn && this.legal?.state_id === this.msg.state_id;
    return h("div", { class: `table-screen game-${this.game}${this.confirming && this.msg.your_turn ? " confirming" : ""}`,
      "data-state": this.msg.state_id, "data-legal": legalDrawn ? this.msg.state_id : null },
      h("div", { class: "table-head" },
        h("h1", {}, gameTitle(this.game), h("span", { class: "sub" }, ` · ${module.optionText(summary)}`)),
        h("p", { class: `status-line ${this.msg.your_turn ? "yours" : ""}`, id: "status-line", role: "status" }, this.statusText()),
        h("span", { class: "connection", hidden: this.connected !== false, "data-retry-at": this.retryAt }, t("table.offline")),
        buttons,
        this.clocks()),
      // Only while the game is played: at its end "What can I do?" stayed open above the
      // result saying "It is not your turn", with its button gone from the toolbar.
      this.showHelp && playing ? this.helpPanel(module) : null,
      over ? this.summaryPanel(module, ctx) : null,
      h("div", { class: "table-body" },
        h("div", { class: "board-area" }, h("p", { class: "move-line", id: "move-line", hidden: true }, "\u00a0"), drawn.main),
        h("aside", { class: "side" }, this.hintsPanel(module, ctx), drawn.side, h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
          h("h2", { id: "log-title" }, t("log.title")), h("ul", { class: "log", id: "log" })))),
      this.confirmBar());
  }

  /**
   * The game ended while this page watched it: its result brought into sight, once, below
   * the status line that a phone keeps stuck to the top. The page held the board where the
   * last move was made, and the result drawn above it had its title and winner out of
   * sight (a laptop) or under the status line (a phone). A page opened on a game already
   * over starts at the top, the result in sight, and is left as it is.
   */
  bringResultIntoView(summary) {
    if (summary.status === "playing") this.watchedPlaying = true;
    if (summary.status !== "over" || !this.watchedPlaying || this.resultBrought) return;
    const result = this.root.querySelector(".panel.summary");
    if (!result) return;
    this.resultBrought = true;
    // A moment of the game told over the page (a final scoring round beginning: "… the
    // final scoring begins with Ana") is past once the result is shown: it lay over the
    // result for the rest of its 6 s when the last turns were played quickly. An error stays.
    if (!document.getElementById("notice")?.classList.contains("error")) notify("");
    const line = this.root.querySelector("#status-line");
    const below = line && getComputedStyle(line).position === "sticky" ? line.getBoundingClientRect().bottom : 0;
    const top = result.getBoundingClientRect().top;
    if (top < below + 4 || top > innerHeight / 2) window.scrollBy({ top: top - below - 8, behavior: "instant" });
  }

  /** The sticky bar that asks to confirm an action that cannot be taken back. */
  confirmBar() {
    if (!this.confirming || !this.msg.your_turn) return null;
    return h("div", { class: "confirm-bar", role: "alertdialog", "aria-labelledby": "confirm-text",
      onkeydown: (e) => { if (e.key === "Escape") this.cancelConfirm(); } },
      h("p", { id: "confirm-text" }, this.confirming.words),
      h("p", { class: "muted" }, t("table.confirm.final")),
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", id: "confirm-action", "data-key": "confirm-action", onclick: () => this.act(this.confirming.notation) }, t("table.confirm.button")),
        h("button", { type: "button", id: "confirm-cancel", "data-key": "confirm-cancel", onclick: () => this.cancelConfirm() }, t("table.confirm.cancel"))));
  }

  /** One clock per seat when the table has a clock; counts down between messages. */
  clocks() {
    const clock = this.msg.clock;
    if (!clock?.remaining) return null;
    const ctx = baseContext(this.msg.table, this.msg.seat);
    return h("ul", { class: "clocks", "aria-label": t("clock.title") }, Object.keys(clock.remaining).map((seat) => h("li", {
      class: `clock${(this.msg.to_act || []).includes(Number(seat)) ? " running" : ""}`, "data-seat": seat },
    h("span", { class: "swatch", style: `background:${ctx.colour(Number(seat))}` }), " ", ctx.name(Number(seat)), " ",
    h("time", { class: "clock-time" }, clockText(this.clockLeft(seat))))));
  }

  clockLeft(seat) {
    const left = this.msg?.clock?.remaining?.[seat];
    if (left === null || left === undefined) return null;
    const running = (this.msg.to_act || []).includes(Number(seat)) && this.msg.table.status === "playing";
    return running ? Math.max(0, left - (performance.now() - this.clockAt) / 1000) : left;
  }

  tickClocks() {
    for (const item of this.root.querySelectorAll(".clock.running")) {
      const time = item.querySelector(".clock-time");
      if (time) time.textContent = clockText(this.clockLeft(item.dataset.seat));
    }
  }

  hintsPanel(module, ctx) {
    const hints = this.hints;
    if (!hints || hints.state_id !== this.msg.state_id) return null;
    let body;
    if (hints.loading) body = h("p", {}, t("hint.thinking"));
    else if (hints.error) body = h("p", { class: "error" }, hints.error.code === "hints_disabled" ? t("hint.disabled") : errorText(hints.error));
    else if (!hints.hints.length) body = h("p", {}, t("hint.none"));
    else {
      body = h("ol", { class: "hints" }, hints.hints.map((hint, i) => h("li", { "data-hint": hint.notation },
        h("button", { type: "button", class: "link", "data-key": `hint-${i}`, onclick: () => (module.showHint ? module.showHint(ctx, hint) : this.request(hint.notation)) },
          inMood("button", () => module.describe(hint.notation, this.infoOf(hint.notation), ctx))),
        h("p", { class: "hint-reason" }, reasonText(hint, module)))));
    }
    return h("section", { class: "panel hints-panel", "aria-labelledby": "hints-title", id: "hints-panel" },
      h("h2", { id: "hints-title" }, t("hint.title")), body);
  }

  autopilotControl(row) {
    if (row?.autopilot) {
      return h("button", { type: "button", "data-key": "autopilot-off", class: "warn", onclick: () => this.autopilot(null) },
        t("table.autopilot.off", { level: t(`level.${row.autopilot}`) }));
    }
    return h("span", { class: "autopilot" },
      // Read above the choice in the phone's "More" (style.css); beside the toolbar's
      // other controls on a wide screen it is for screen readers only.
      h("label", { for: "autopilot-level", class: "autopilot-label" }, t("table.autopilot.level")),
      h("select", { id: "autopilot-level", "data-key": "autopilot-level", onchange: (e) => { this.autopilotLevel = e.target.value; } },
        LEVELS.map((level) => h("option", { value: level, selected: level === this.autopilotLevel }, t(`level.${level}`)))),
      h("button", { type: "button", "data-key": "autopilot-on", onclick: () => this.autopilot(this.autopilotLevel) }, t("table.autopilot.on")));
  }

  statusText() {
    const summary = this.msg.table;
    const ctx = baseContext(summary, this.msg.seat);
    if (summary.status === "over") return t("status.over");
    if (this.msg.your_turn) return faceOf(this.game).turnHint(this.context()) || t("status.your_turn");
    const step = this.drawingStep ? this.pacer.current : null;
    if (step) {
      // Another's moves being shown one at a time: the mover is not awaited (it said
      // "Waiting for Bot 2" with Bot 2's turn played and being shown). "Bot 2 is moving"
      // while more of its moves are to come (queued, or it is still to act: a bot's turn
      // can arrive in two pushes), "Bot 2 has moved" at its last one.
      const seat = step.event.seat;
      const more = this.pacer.queue.some((next) => next.event.seat === seat) ||
        (this.present?.table?.status === "playing" && (this.present.to_act || []).includes(seat));
      return t(more ? "status.moving" : "status.moved", { name: ctx.name(seat) });
    }
    const awaited = this.msg.to_act || [];
    if (this.msg.seat !== null && this.msg.view?.you?.choice) {
      // Who is still choosing, by name ("waiting for Bea"): the line sticks to the top of a
      // phone's screen, read from anywhere on the page.
      const others = awaited.filter((s) => s !== this.msg.seat);
      return others.length ? t("status.chosen.waiting", { names: others.map((s) => ctx.name(s)).join(", ") }) : t("status.chosen");
    }
    // "Bot 4 (hard) is thinking…" for computers; "Waiting for Bea" for people: one phrase each.
    const thinking = awaited.filter((s) => ctx.thinking(s)).map((s) => ctx.name(s));
    const people = awaited.filter((s) => !ctx.thinking(s)).map((s) => ctx.name(s));
    const parts = [];
    if (people.length) parts.push(t("status.waiting", { names: people.join(", ") }));
    if (thinking.length) parts.push(t("status.thinking", { name: thinking.join(", "), n: thinking.length }));
    return parts.join(" · ");
  }

  helpPanel(module) {
    const actions = this.context().legal;
    const filter = this.filter.trim().toLowerCase();
    const described = actions.map((a) => ({ ...a, words: inMood("button", () => module.describe(a.notation, a, this.context())) }))
      .filter((a) => !filter || a.words.toLowerCase().includes(filter) || a.notation.includes(filter));
    const shown = described.slice(0, 60);
    // Closed where it is read (on a phone it was opened from "More", far from here now).
    const close = () => {
      this.showHelp = false;
      this.render();
      [...this.root.querySelectorAll('#more-button, [data-key="help"]')].find((e) => e.offsetParent)?.focus();
    };
    return h("section", { class: "panel help-panel", "aria-labelledby": "help-title" },
      h("div", { class: "panel-head" }, h("h2", { id: "help-title" }, t("help.title")),
        h("button", { type: "button", class: "ghost close", id: "help-close", "data-key": "help-close", "aria-label": t("help.close"), onclick: close }, "×")),
      !this.msg.your_turn ? h("p", {}, t("help.notyours")) : !actions.length ? h("p", {}, "…") : [
        h("p", {}, t("help.count", { n: actions.length })),
        h("label", { for: "help-filter", class: "sr-only" }, t("help.filter")),
        h("input", { id: "help-filter", type: "search", "data-key": "help-filter", placeholder: t("help.filter"), value: this.filter,
          oninput: (e) => { this.filter = e.target.value; this.render(); } }),
        h("ul", { class: "legal-list" }, shown.map((a) => h("li", {},
          h("button", { type: "button", class: "link", "data-key": `legal-${a.notation}`, onclick: () => this.request(a.notation) }, a.words),
          " ", h("code", {}, a.notation)))),
        described.length > shown.length ? h("p", { class: "muted" }, t("help.more", { n: described.length - shown.length })) : null,
      ]);
  }

  summaryPanel(module, ctx) {
    const result = this.msg.table.result || { scores: [], winners: [] };
    const winners = (result.winners || []).map((s) => ctx.name(s)).join(", ");
    const chart = module.chartData(this.msg.view, ctx);
    return h("section", { class: "panel summary", "aria-labelledby": "summary-title" },
      h("h2", { id: "summary-title" }, t("summary.title")),
      // a solo game has no winner: its result (the rating and its title) is the module's
      result.scores?.length === 1 && module.summaryExtra ? null : h("p", { class: "winners" }, t("summary.winners", { names: winners })),
      h("ol", { class: "final-scores" }, (result.scores || []).map((score, s) => ({ score, s }))
        .sort((a, b) => b.score - a.score)
        .map(({ score, s }) => h("li", {}, h("span", { class: "swatch", style: `background:${ctx.colour(s)}` }), ` ${ctx.name(s)}: ${module.scoreText(score)}`))),
      module.summaryExtra ? module.summaryExtra(this.msg.view, ctx) : null,
      this.rematchLine(ctx),
      scoreChart(chart, ctx));
  }

  /**
   * The same game again, under the result where every friend reads it (the server's
   * rematch: docs/api.md). Before anyone asked: "Rematch" for each person at the table.
   * Once someone did (their page, and everyone's, is told: the table's `rematch`),
   * "Bea started a rematch." and "Join the rematch" for each of the others, which takes
   * their own seat in it; "Go to the rematch" for whoever holds a seat there already;
   * "Watch the rematch" for a spectator.
   */
  rematchLine(ctx) {
    const next = this.msg.table.rematch;
    const token = this.mine?.token;
    if (!next) {
      return token ? h("p", { class: "rematch-line" }, h("button", { type: "button", class: "primary", "data-key": "rematch",
        onclick: () => this.rematch() }, t("lobby.rematch"))) : null;
    }
    const started = [...this.events].reverse().find((event) => event.type === "rematch" && event.table === next);
    const who = started && started.seat !== null && started.seat !== undefined ? t("table.rematch.started", { name: ctx.name(started.seat) }) : null;
    const link = (key) => h("a", { class: "button primary", href: `#/table/${encodeURIComponent(next)}`, "data-key": "rematch" }, t(key));
    return h("p", { class: "rematch-line", role: "status" }, who ? `${who} ` : null,
      seatAt(next) ? link("table.rematch.go")
        : token ? h("button", { type: "button", class: "primary", "data-key": "rematch", onclick: () => this.rematch() }, t("table.rematch.join"))
          : link("table.rematch.watch"));
  }

  /** Start this game's rematch, or take my seat in the one a friend started; then go to it. */
  rematch() {
    rematch(this.id, this.mine, this.msg?.table?.rematch).catch(notifyError);
  }

  /**
   * The last move in one line above the board, for a phone: there the log is at the foot
   * of the page, and the board marks a move without words. "Last move — Bea: builds a camp
   * on C5", in the words of the log and of the note under the board (board.last_move.by),
   * following each move as it is shown (style.css shows it up to 900 px wide only).
   */
  fillMoveLine() {
    const line = this.root.querySelector("#move-line");
    if (!line) return;
    const event = this.lastMove();
    line.hidden = !event;
    // Before the first move its room is kept (style.css), saying there is no move yet: the
    // first move's words came and pushed the board down by the line's height, once.
    if (!event) {
      delete line.dataset.n;
      line.textContent = t("board.last_move.none");
      return;
    }
    const ctx = this.context();
    line.textContent = t("board.last_move.by", { name: ctx.name(event.seat), move: moveWords(event, faceOf(this.game), ctx) });
    line.dataset.n = event.n; // which of the table's events it says (typed, as a board's data-space)
  }

  renderLog() {
    const list = this.root.querySelector("#log");
    if (!list || !this.msg) return;
    this.fillMoveLine();
    const module = faceOf(this.game);
    if (!this.log || this.logLang !== document.documentElement.lang || this.logSeats !== JSON.stringify(this.msg.table.seats)) {
      // Built afresh when the language or the seats' names change.
      this.log = new LogBuilder(module, baseContext(this.msg.table, this.msg.seat));
      for (const event of this.events) this.log.add(event);
      this.logLang = document.documentElement.lang;
      this.logSeats = JSON.stringify(this.msg.table.seats);
    }
    // The groups drawn from this log, kept for the next drawing (a log built afresh: none).
    if (this.logNodes?.log !== this.log) this.logNodes = { log: this.log, kept: new Map() };
    list.replaceChildren(...logList(this.log.groups, this.logOpen, 80, this.pacer.current?.event.n ?? Infinity, this.logNodes.kept));
  }
}

/**
 * A log line that is news, as it is shown: said to a screen reader, and when its face
 * makes it a headline (the person's season score) written in the notice too, over the
 * page: on a phone the log is at the page's foot, where a season ended unseen.
 */
function tell(said) {
  if (typeof said === "string") return announce(said);
  announce(said.text);
  notify(said.headline);
}

/** The invitation link copied for the friends, saying so (or how to copy it where the page may not). */
async function copyInvite(link) {
  try {
    await navigator.clipboard.writeText(link);
    notify(t("wait.copied"));
  } catch {
    document.getElementById("invite-link").select();
    notify(t("wait.copy.manual"));
  }
}

/**
 * Where a Share button stands beside the invitation: where the browser has a share sheet,
 * and on any touch screen (a phone): there the host copied the link, left for the chat app
 * and pasted it. A phone's browser without a share sheet copies the link instead.
 */
const canShare = () => Boolean(navigator.share) || Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches);

/** The invitation handed to the phone's share sheet (a chat app, a message), else copied. */
async function shareInvite(link, game) {
  if (!navigator.share) return copyInvite(link);
  try {
    await navigator.share({ title: game, text: t("wait.share.text", { game }), url: link });
  } catch (error) {
    // Closing the sheet without sharing is the person's choice; a sheet that failed copies.
    if (error?.name !== "AbortError") await copyInvite(link);
  }
}

/** A hint's reason in words: the catalog's entry for its code, else "worth +{value}". */
export function reasonText(hint, module) {
  const reason = hint.reason || {};
  const key = `reason.${reason.code}`;
  let params = { value: hint.value, ...(reason.params || {}) };
  if (module?.reasonParams) params = module.reasonParams(params);
  if (reason.code && has(key)) return t(key, params);
  return t("reason.fallback", { value: formatValue(hint.value) });
}

function formatValue(value) {
  const n = Number(value);
  // a number, said by t() in the language's way ("+0,5" in pt-BR and ca)
  return Number.isFinite(n) ? Math.round(n * 10) / 10 : String(value ?? "?");
}

export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "–";
  const whole = Math.ceil(seconds);
  const m = Math.floor(whole / 60), sec = whole % 60;
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(sec).padStart(2, "0")}` : `${m}:${String(sec).padStart(2, "0")}`;
}

export function logLine(event, module, ctx) {
  const who = event.seat !== null && event.seat !== undefined ? ctx.name(event.seat) : "";
  switch (event.type) {
    case "created": return t("log.created");
    case "joined": return t("log.joined", { name: event.name || who });
    case "left": return t("log.left", { name: event.name || t("seat.unnamed", { n: event.seat + 1 }) });
    case "renamed": return renamedLine(event, who);
    case "started": return t("log.started");
    case "action": {
      const by = event.by === "autopilot" ? t("log.by.autopilot") : event.by === "clock" ? t("log.by.clock") : "";
      return `${who}: ${module.describe(event.notation, event, ctx)}${by}`;
    }
    case "undo": return t("log.undo", { name: who, action: module.describe(event.notation, event, ctx) });
    case "autopilot": return event.level ? t("log.autopilot.on", { name: who, level: t(`level.${event.level}`) }) : t("log.autopilot.off", { name: who });
    case "over": return t("log.over");
    case "rematch": return t("log.rematch", { name: who });
    default: return null;
  }
}
