// A table: the waiting room, then the game screen (board, panels, log, help, undo, summary).
import { api, Live } from "./api.js";
import { h, PLAYER_COLOURS } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { createTable, seatName } from "./lobby.js";
import { seatAt, saveSeat } from "./store.js";
import { go, notify, notifyError, openRules } from "./ui.js";
import * as tikal from "./tikal.js";
import * as cartographers from "./cartographers.js";
import { scoreChart } from "./chart.js";

export const GAMES = { tikal, cartographers };
const LEVELS = ["easy", "medium", "hard", "random"];

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
    this.sel = {};
    this.showHelp = false;
    this.filter = "";
    this.autopilotLevel = "easy";
    this.live = new Live(id, this.mine?.token, (m) => this.onMessage(m), (up) => this.onStatus(up));
  }

  get game() {
    return this.msg?.table?.game;
  }

  destroy() {
    this.live.close();
  }

  onStatus(up) {
    this.connected = up;
    const badge = this.root.querySelector(".connection");
    if (badge) badge.hidden = up;
  }

  onMessage(m) {
    if (m.type === "state") {
      const changed = !this.msg || this.msg.state_id !== m.state_id;
      this.msg = m;
      if (changed) this.sel = {};
      if (m.your_turn && (!this.legal || this.legal.state_id !== m.state_id)) {
        this.legal = null;
        this.live.send({ type: "legal" });
      }
      this.render();
    } else if (m.type === "legal") {
      this.legal = { state_id: m.state_id, actions: m.actions };
      this.render();
    } else if (m.type === "events") {
      const seen = new Set(this.events.map((e) => e.n));
      for (const event of m.events) if (!seen.has(event.n)) this.events.push(event);
      this.events.sort((a, b) => a.n - b.n);
      this.renderLog();
    } else if (m.type === "error") {
      this.pending = false;
      notify(errorText(m.error), "error");
      if (m.error.code === "stale_state") this.live.send({ type: "view" });
      if (m.error.code === "unknown_table" || m.error.code === "bad_token") this.fatal = m.error;
      this.render();
    } else if (m.type === "ack") {
      this.pending = false;
      notify("");
    }
  }

  /** Play `notation` for my seat on the state I see. */
  act(notation) {
    if (!this.msg) return;
    this.pending = true;
    this.live.send({ type: "act", action: notation, state_id: this.msg.state_id });
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
      view: msg.view,
      msg,
      legal: msg.your_turn && this.legal?.state_id === msg.state_id ? this.legal.actions : [],
      yourTurn: msg.your_turn,
      sel: this.sel,
      act: (notation) => this.act(notation),
      preview: (notation) => this.preview(notation),
      rerender: () => this.render(),
      interactive: true,
    });
  }

  render() {
    const focusKey = document.activeElement?.dataset?.key;
    if (this.fatal) {
      this.root.replaceChildren(h("section", { class: "card narrow" }, h("h1", {}, t("table.missing")),
        h("p", {}, errorText(this.fatal)), h("a", { class: "button", href: "#/" }, t("nav.lobby"))));
      return;
    }
    if (!this.msg) {
      this.root.replaceChildren(h("p", { class: "loading" }, t("table.loading")));
      return;
    }
    const summary = this.msg.table;
    if (summary.status === "open") {
      this.root.replaceChildren(this.waitingRoom(summary));
    } else {
      this.root.replaceChildren(this.gameScreen());
    }
    this.renderLog();
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  }

  waitingRoom(summary) {
    const invite = this.mine?.invite;
    const link = invite ? `${location.origin}${location.pathname}#/join/${invite}` : null;
    let fill = "medium";
    return h("section", { class: "card narrow waiting" },
      h("h1", {}, t(`game.${summary.game}`)),
      h("p", {}, t("wait.lead")),
      h("ul", { class: "seat-list" }, summary.seats.map((seat) => h("li", {},
        h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[seat.seat]}` }), " ",
        seat.seat === this.msg.seat ? t("seat.you", { name: seatName(seat) }) : seatName(seat)))),
      link ? h("div", { class: "field invite" },
        h("label", { for: "invite-link" }, t("wait.invite")),
        h("div", { class: "row" },
          h("input", { id: "invite-link", type: "text", readonly: true, value: link, onfocus: (e) => e.target.select() }),
          h("button", { type: "button", "data-key": "copy", onclick: async () => {
            try {
              await navigator.clipboard.writeText(link);
              notify(t("wait.copied"));
            } catch {
              document.getElementById("invite-link").select();
              notify(t("wait.copy.manual"));
            }
          } }, t("wait.copy")))) : null,
      this.mine?.token ? h("div", { class: "field row" },
        h("label", { for: "fill-level" }, t("wait.fill")),
        h("select", { id: "fill-level", onchange: (e) => { fill = e.target.value; } },
          LEVELS.map((level) => h("option", { value: level, selected: level === fill }, t(`level.${level}`)))),
        h("button", { type: "button", class: "primary", "data-key": "start", onclick: async () => {
          try {
            await api("POST", `/api/tables/${encodeURIComponent(this.id)}/start`, { fill }, this.mine.token);
          } catch (error) {
            notifyError(error);
          }
        } }, t("wait.start"))) : null,
      h("p", {}, h("a", { href: "#/" }, t("nav.lobby"))));
  }

  gameScreen() {
    const ctx = this.context();
    const module = GAMES[this.game];
    const summary = this.msg.table;
    const drawn = module.render(ctx);
    const seat = this.msg.seat;
    const mySeatRow = seat !== null ? summary.seats[seat] : null;
    const over = summary.status === "over";
    const buttons = h("div", { class: "toolbar", role: "toolbar", "aria-label": t("table.tools") },
      seat !== null && !over ? h("button", { type: "button", "data-key": "undo", disabled: !this.msg.can_undo,
        title: this.msg.can_undo ? "" : t("table.undo.not"), onclick: () => this.undo() }, t("table.undo")) : null,
      seat !== null && !over ? h("button", { type: "button", "data-key": "help", "aria-expanded": String(this.showHelp),
        onclick: () => { this.showHelp = !this.showHelp; this.render(); } }, t("table.whatcan")) : null,
      h("button", { type: "button", "data-key": "rules", onclick: () => openRules(this.game) }, t("rules.button")),
      seat !== null && !over ? this.autopilotControl(mySeatRow) : null,
      over ? h("a", { class: "button", href: `#/replay/${this.id}` }, t("lobby.replay")) : null,
      over && this.mine?.spec ? h("button", { type: "button", "data-key": "rematch", class: "primary",
        onclick: () => createTable(this.mine.spec).catch(notifyError) }, t("lobby.rematch")) : null,
      h("a", { class: "button ghost", href: "#/" }, t("nav.lobby")));
    return h("div", { class: `table-screen game-${this.game}` },
      h("div", { class: "table-head" },
        h("h1", {}, t(`game.${this.game}`), h("span", { class: "sub" }, ` · ${module.optionText(summary)}`)),
        h("p", { class: `status-line ${this.msg.your_turn ? "yours" : ""}`, id: "status-line", role: "status" }, this.statusText()),
        h("span", { class: "connection", hidden: this.connected !== false }, t("table.offline")),
        buttons),
      this.showHelp ? this.helpPanel(module) : null,
      over ? this.summaryPanel(module, ctx) : null,
      h("div", { class: "table-body" },
        h("div", { class: "board-area" }, drawn.main),
        h("aside", { class: "side" }, drawn.side, h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
          h("h2", { id: "log-title" }, t("log.title")), h("ul", { class: "log", id: "log" })))));
  }

  autopilotControl(row) {
    if (row?.autopilot) {
      return h("button", { type: "button", "data-key": "autopilot-off", class: "warn", onclick: () => this.autopilot(null) },
        t("table.autopilot.off", { level: t(`level.${row.autopilot}`) }));
    }
    return h("span", { class: "autopilot" },
      h("label", { for: "autopilot-level", class: "sr-only" }, t("table.autopilot.level")),
      h("select", { id: "autopilot-level", "data-key": "autopilot-level", onchange: (e) => { this.autopilotLevel = e.target.value; } },
        LEVELS.map((level) => h("option", { value: level, selected: level === this.autopilotLevel }, t(`level.${level}`)))),
      h("button", { type: "button", "data-key": "autopilot-on", onclick: () => this.autopilot(this.autopilotLevel) }, t("table.autopilot.on")));
  }

  statusText() {
    const summary = this.msg.table;
    const ctx = baseContext(summary, this.msg.seat);
    if (summary.status === "over") return t("status.over");
    if (this.msg.your_turn) return GAMES[this.game].turnHint(this.context()) || t("status.your_turn");
    const waiting = (this.msg.to_act || []).map((s) => (ctx.thinking(s) ? t("status.thinking", { name: ctx.name(s) }) : ctx.name(s)));
    if (this.msg.seat !== null && this.msg.view?.you?.choice) return t("status.chosen");
    return waiting.length ? t("status.waiting", { names: waiting.join(", ") }) : "";
  }

  helpPanel(module) {
    const actions = this.context().legal;
    const filter = this.filter.trim().toLowerCase();
    const described = actions.map((a) => ({ ...a, words: module.describe(a.notation, a.text) }))
      .filter((a) => !filter || a.words.toLowerCase().includes(filter) || a.notation.includes(filter));
    const shown = described.slice(0, 60);
    return h("section", { class: "panel help-panel", "aria-labelledby": "help-title" },
      h("h2", { id: "help-title" }, t("help.title")),
      !this.msg.your_turn ? h("p", {}, t("help.notyours")) : !actions.length ? h("p", {}, "…") : [
        h("p", {}, t("help.count", { n: actions.length })),
        h("label", { for: "help-filter", class: "sr-only" }, t("help.filter")),
        h("input", { id: "help-filter", type: "search", "data-key": "help-filter", placeholder: t("help.filter"), value: this.filter,
          oninput: (e) => { this.filter = e.target.value; this.render(); } }),
        h("ul", { class: "legal-list" }, shown.map((a) => h("li", {},
          h("button", { type: "button", class: "link", "data-key": `legal-${a.notation}`, onclick: () => this.act(a.notation) }, a.words),
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
      h("p", { class: "winners" }, t("summary.winners", { names: winners })),
      h("ol", { class: "final-scores" }, (result.scores || []).map((score, s) => ({ score, s }))
        .sort((a, b) => b.score - a.score)
        .map(({ score, s }) => h("li", {}, h("span", { class: "swatch", style: `background:${ctx.colour(s)}` }), ` ${ctx.name(s)}: ${module.scoreText(score)}`))),
      module.summaryExtra ? module.summaryExtra(this.msg.view, ctx) : null,
      scoreChart(chart, ctx));
  }

  renderLog() {
    const list = this.root.querySelector("#log");
    if (!list || !this.msg) return;
    const module = GAMES[this.game];
    const ctx = baseContext(this.msg.table, this.msg.seat);
    const items = this.events.slice(-150).map((event) => logLine(event, module, ctx)).filter(Boolean);
    list.replaceChildren(...items.reverse().map((text) => h("li", {}, text)));
  }
}

export function logLine(event, module, ctx) {
  const who = event.seat !== null && event.seat !== undefined ? ctx.name(event.seat) : "";
  switch (event.type) {
    case "created": return t("log.created");
    case "joined": return t("log.joined", { name: event.name });
    case "started": return t("log.started");
    case "action": {
      const by = event.by === "autopilot" ? t("log.by.autopilot") : event.by === "clock" ? t("log.by.clock") : "";
      return `${who}: ${module.describe(event.notation)}${by}`;
    }
    case "undo": return t("log.undo", { name: who, action: module.describe(event.notation) });
    case "autopilot": return event.level ? t("log.autopilot.on", { name: who, level: t(`level.${event.level}`) }) : t("log.autopilot.off", { name: who });
    case "over": return t("log.over");
    default: return null;
  }
}
