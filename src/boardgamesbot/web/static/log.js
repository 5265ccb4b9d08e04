// The table's log: grouped by turn (or step), newest group first, with what each action
// revealed and how rounds scored. Built from the events alone: the "started" event holds
// the public start view and every action or undo the public diff it made (docs/api.md),
// so the public view before and after each action is rebuilt here and each game's
// module says what changed in its own words (module.logGroup / module.logExtra).
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** `view` with the diff applied ([path, value] sets, [path] deletes); a new object. */
export function applyDiff(view, diff) {
  if (!diff?.length) return view;
  const out = structuredClone(view);
  for (const change of diff) {
    const path = change[0];
    if (!path.length) return structuredClone(change[1]);
    let target = out;
    for (const key of path.slice(0, -1)) target = target[key];
    if (change.length === 1) delete target[path[path.length - 1]];
    else target[path[path.length - 1]] = change[1];
  }
  return out;
}

// The spoken log: a visually hidden role="log" region (polite live region) that hears
// each new line as it arrives. It lives on <body>, outside the screens, because a
// screen is redrawn wholesale (a live region that is rebuilt announces nothing, or
// everything again); the visible log is rebuilt with each redraw and so is not live.
const SPOKEN_LINES = 12; // older lines leave the region: it is heard, not read back

/** The live region, made on first use (its name follows the page's language). */
export function announcer() {
  let region = document.getElementById("log-announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "log-announcer";
    region.className = "sr-only";
    region.setAttribute("role", "log");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-relevant", "additions");
    document.body.append(region);
  }
  region.setAttribute("aria-label", t("log.title"));
  return region;
}

/** Say `text` to a screen reader: one new line in the spoken log. */
export function announce(text) {
  if (!text) return;
  const region = announcer();
  region.append(h("p", {}, text));
  while (region.childElementCount > SPOKEN_LINES) region.firstElementChild.remove();
}

const byWords = (by) => (by === "autopilot" ? t("log.by.autopilot") : by === "clock" ? t("log.by.clock") : "");

/**
 * The log, built one event at a time (events come in order of `n`): groups of lines,
 * oldest first: [{key, title, seat, bot, lines: [{text, kind, undone}]}].
 * ctx: {name(seat), seats}; module: the game's renderer.
 */
export class LogBuilder {
  constructor(module, ctx) {
    this.module = module;
    this.ctx = ctx;
    this.groups = [];
    this.group = null;
    this.memo = {};
    this.actions = new Map(); // action number -> its latest event (typed), for undo lines
    this.view = null; // the public view after the last event
    this.lastN = 0;
    // The lines of the events a builder is made with are history: only lines added
    // after that are spoken. A builder is filled in the same task that makes it (the
    // screen reads its events in a loop), so it starts speaking once that task ends.
    // `speak` may be replaced by whoever shows the moves one at a time, to speak each
    // as it is shown (or set to null to stay silent).
    this.speak = undefined;
    queueMicrotask(() => { if (this.speak === undefined) this.speak = announce; });
  }

  /** Add a line to group `g`, and speak it when it is news. */
  line(g, entry) {
    // The event a line tells of: a screen showing moves one at a time shows its lines with it.
    entry.n = this.n;
    g.lines.push(entry);
    if (this.speak) this.speak(entry.text, entry);
  }

  open(key, title, seat = null) {
    if (this.group && this.group.key === key) return this.group;
    this.group = { key, title, seat, bot: false, lines: [] };
    this.groups.push(this.group);
    return this.group;
  }

  add(event) {
    const { module, ctx } = this;
    this.lastN = Math.max(this.lastN, event.n || 0);
    this.n = event.n || 0;
    const before = this.view;
    if (event.type === "started" && event.view) this.view = event.view;
    let after = before;
    if ((event.type === "action" || event.type === "undo") && before) {
      after = applyDiff(before, event.public);
      this.view = after;
    }
    const who = event.seat !== null && event.seat !== undefined ? ctx.name(event.seat) : "";
    if (event.type === "action") {
      const place = before && module.logGroup ? module.logGroup(before, event, ctx, this.memo) : null;
      const g = place ? this.open(place.key, place.title, event.seat) : this.open(`seat-${event.seat}-${this.groups.length}`, who, event.seat);
      if ((event.by && event.by !== "person") || ctx.seats?.[event.seat]?.kind === "bot") g.bot = true;
      this.actions.set(event.number, event);
      this.line(g, { text: `${who}: ${module.describe(event.notation, event, ctx)}${byWords(event.by)}`, kind: "action",
        number: event.number, seat: event.seat });
      for (const extra of (before && module.logExtra ? module.logExtra(before, after, event, ctx, this.memo) : [])) {
        const target = extra.group ? this.open(extra.group.key, extra.group.title) : g;
        this.line(target, extra);
      }
    } else if (event.type === "undo") {
      const g = this.group || this.open(`table-${this.groups.length}`, t("log.group.table"));
      for (const gg of [...this.groups].reverse()) {
        const line = [...gg.lines].reverse().find((l) => l.kind === "action" && l.number === event.number && l.seat === event.seat && !l.undone);
        if (line) {
          line.undone = true;
          break;
        }
      }
      // An undo names the action it takes back: described from that action's own event.
      const undone = this.actions.get(event.number);
      this.line(g, { text: t("log.undo", { name: who, action: module.describe(event.notation, undone?.notation === event.notation ? undone : event, ctx) }), kind: "undo" });
    } else {
      const text = tableLine(event, who);
      if (!text) return;
      const inTable = this.group?.key.startsWith("table-");
      const g = (event.type === "autopilot" && this.group) || inTable ? this.group : this.open(`table-${this.groups.length}`, t("log.group.table"));
      this.line(g, { text, kind: "table" });
    }
  }
}

export function buildLog(events, module, ctx) {
  const builder = new LogBuilder(module, ctx);
  builder.speak = null; // a whole log at once (a replay) is read, not heard line by line
  for (const event of events) builder.add(event);
  return builder.groups;
}

/**
 * A seat's new name in the log: who it was too, when the event says it (a rename during
 * the game: "Player 2 is now called Bea", or the others could not tell who Bea is); the
 * waiting room's older events name the new name alone.
 */
export function renamedLine(event, who) {
  if (event.was === undefined) return t("log.renamed", { name: who });
  const named = (name) => name || t("seat.unnamed", { n: event.seat + 1 });
  return t("log.renamed.was", { was: named(event.was), name: named(event.name) });
}

function tableLine(event, who) {
  switch (event.type) {
    case "created": return t("log.created");
    case "joined": return t("log.joined", { name: event.name || who }); // "": joined unnamed
    case "left": return t("log.left", { name: event.name || t("seat.unnamed", { n: event.seat + 1 }) });
    case "renamed": return renamedLine(event, who);
    case "started": return t("log.started");
    case "autopilot": return event.level ? t("log.autopilot.on", { name: who, level: t(`level.${event.level}`) }) : t("log.autopilot.off", { name: who });
    case "over": return t("log.over");
    case "rematch": return t("log.rematch", { name: who });
    default: return null;
  }
}

/**
 * The log as a list of groups, newest first, each a <details> with its turn title; the
 * latest is open (its moves are the ones being followed), an older computer's long turn
 * starts collapsed. `openState` (key -> bool) keeps the reader's own choices across
 * re-renders. `upTo`: the last event shown (moves shown one at a time); lines of later
 * events are not in the log yet. `kept` (key -> {said, node}), given again on each drawing
 * of the same groups: a group whose lines and fold are as they were is the node drawn
 * before, not built anew. A move adds to the newest group; late in a game each message
 * built all 80 groups of lines again (tests/web/test_fast_moves_layout.py).
 */
export function logList(groups, openState = new Map(), limit = 80, upTo = Infinity, kept = null) {
  const upToNow = groups.map((g) => ({ ...g, lines: g.lines.filter((l) => !(l.n > upTo)) })).filter((g) => g.lines.length);
  const shown = upToNow.slice(-limit).reverse();
  return shown.map((g, index) => {
    const long = g.lines.filter((l) => l.kind === "action").length > 3;
    const isOpen = openState.has(g.key) ? openState.get(g.key) : index === 0 || !(g.bot && long);
    // Lines are only added to a group or marked undone: their count and the undone's say it all.
    const said = `${isOpen} ${g.bot} ${g.lines.length} ${g.lines.filter((l) => l.undone).length}`;
    const before = kept?.get(g.key);
    if (before?.said === said) return before.node;
    // The reader's own choice is kept (a click on the summary; "toggle" also fires when
    // the element is built open, which is not a choice).
    const details = h("details", { class: `log-group${g.bot ? " bot" : ""}`, "data-group": g.key, open: isOpen },
    h("summary", { onclick: (e) => openState.set(g.key, !e.currentTarget.parentElement.open) }, h("span", { class: "log-title" }, g.title), " ", h("span", { class: "muted log-count" }, t("log.lines", { n: g.lines.length }))),
    h("ul", {}, g.lines.map((l) => h("li", { class: `log-${l.kind}${l.undone ? " undone" : ""}` }, l.text))));
    const node = h("li", {}, details);
    kept?.set(g.key, { said, node });
    return node;
  });
}
