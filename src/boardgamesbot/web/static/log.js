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
      g.lines.push({ text: `${who}: ${module.describe(event.notation, event, ctx)}${byWords(event.by)}`, kind: "action",
        number: event.number, seat: event.seat });
      for (const extra of (before && module.logExtra ? module.logExtra(before, after, event, ctx, this.memo) : [])) {
        const target = extra.group ? this.open(extra.group.key, extra.group.title) : g;
        target.lines.push(extra);
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
      g.lines.push({ text: t("log.undo", { name: who, action: module.describe(event.notation, undone?.notation === event.notation ? undone : event, ctx) }), kind: "undo" });
    } else {
      const text = tableLine(event, who);
      if (!text) return;
      const inTable = this.group?.key.startsWith("table-");
      const g = (event.type === "autopilot" && this.group) || inTable ? this.group : this.open(`table-${this.groups.length}`, t("log.group.table"));
      g.lines.push({ text, kind: "table" });
    }
  }
}

export function buildLog(events, module, ctx) {
  const builder = new LogBuilder(module, ctx);
  for (const event of events) builder.add(event);
  return builder.groups;
}

function tableLine(event, who) {
  switch (event.type) {
    case "created": return t("log.created");
    case "joined": return t("log.joined", { name: event.name });
    case "started": return t("log.started");
    case "autopilot": return event.level ? t("log.autopilot.on", { name: who, level: t(`level.${event.level}`) }) : t("log.autopilot.off", { name: who });
    case "over": return t("log.over");
    default: return null;
  }
}

/**
 * The log as a list of groups, newest first, each a <details> with its turn title; a
 * computer's long turn starts collapsed. `openState` (key -> bool) keeps the reader's
 * own choices across re-renders.
 */
export function logList(groups, openState = new Map(), limit = 80) {
  const shown = groups.slice(-limit).reverse();
  return shown.map((g) => {
    const long = g.lines.filter((l) => l.kind === "action").length > 3;
    const isOpen = openState.has(g.key) ? openState.get(g.key) : !(g.bot && long);
    // The reader's own choice is kept (a click on the summary; "toggle" also fires when
    // the element is built open, which is not a choice).
    const details = h("details", { class: `log-group${g.bot ? " bot" : ""}`, "data-group": g.key, open: isOpen },
    h("summary", { onclick: (e) => openState.set(g.key, !e.currentTarget.parentElement.open) }, h("span", { class: "log-title" }, g.title), " ", h("span", { class: "muted log-count" }, t("log.lines", { n: g.lines.length }))),
    h("ul", {}, g.lines.map((l) => h("li", { class: `log-${l.kind}${l.undone ? " undone" : ""}` }, l.text))));
    return h("li", {}, details);
  });
}
