// A finished game, step by step: every state as a spectator saw it, with the log and the chart.
import { api } from "./api.js";
import { h, s } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { baseContext, logLine } from "./table.js";
import { faceOf, facesLoaded, facesReady } from "./faces.js";
import { gameTitle } from "./lobby.js";
import { buildLog, logList } from "./log.js";
import { scoreChart } from "./chart.js";
import { showLastMove } from "./pace.js";

export class ReplayScreen {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.index = 0;
    this.logOpen = new Map();
    // One function for the screen's lifetime (board.js redraws once per batch of pictures).
    this.rerender = () => { if (!this.gone) this.render(); };
    this.load();
  }

  destroy() {
    this.gone = true;
  }

  get game() {
    return this.summary?.game;
  }

  get options() {
    return this.summary?.options;
  }

  async load() {
    try {
      const id = encodeURIComponent(this.id);
      [this.summary, this.replay] = await Promise.all([
        api("GET", `/api/tables/${id}`),
        api("GET", `/api/tables/${id}/replay`),
      ]);
      // The states come a page at a time (a long game has thousands): fetch the rest.
      const states = this.replay.states;
      while (states.length < this.replay.total) {
        const page = await api("GET", `/api/tables/${id}/replay/states?from=${states.length}`);
        if (!page.states.length) break;
        states.push(...page.states);
      }
      this.index = states.length - 1;
    } catch (error) {
      this.error = error.error;
    }
    this.render();
  }

  step(to) {
    this.index = Math.max(0, Math.min(this.replay.states.length - 1, to));
    this.render();
  }

  render() {
    if (this.error) {
      this.root.replaceChildren(h("section", { class: "card narrow" }, h("h1", {}, t("replay.title")), h("p", { class: "error" }, errorText(this.error)),
        h("a", { class: "button", href: "#/" }, t("nav.lobby"))));
      return;
    }
    if (!this.replay || !facesReady()) {
      if (this.replay) facesLoaded.then(() => { if (!this.gone) this.render(); });
      this.root.replaceChildren(h("p", { class: "loading" }, t("table.loading")));
      return;
    }
    const focusKey = document.activeElement?.dataset?.key;
    const module = faceOf(this.game);
    const ctx = Object.assign(baseContext({ ...this.summary, status: "over" }, null), {
      game: this.game, view: this.replay.states[this.index], legal: [], yourTurn: false, sel: {}, interactive: false,
      act: () => {}, preview: async () => ({}), rerender: this.rerender, msg: { state_id: 0 },
    });
    const last = this.replay.states.length - 1;
    const drawn = module.render(ctx);
    // Step n's label is the record's n-th action (the events also hold taken-back actions).
    const steps = this.replay.steps || (this.replay.record?.actions || []).map(([seat, notation]) => ({ seat, notation }));
    const step = this.index > 0 ? steps[this.index - 1] : null;
    // The step's own event (typed) when there is one; the last of that number is the one kept.
    const event = step && this.replay.events?.findLast((e) => e.type === "action" && e.number === step.number && e.notation === step.notation);
    const current = step ? { ...(event || {}), type: "action", ...step } : null;
    const final = this.replay.states[last];
    this.root.replaceChildren(h("div", { class: `table-screen game-${this.game}` },
      h("div", { class: "table-head" },
        h("h1", {}, t("replay.title"), h("span", { class: "sub" }, ` · ${gameTitle(this.game)} · ${module.optionText(this.summary)}`)),
        h("div", { class: "toolbar replay-controls", role: "toolbar", "aria-label": t("replay.controls") },
          h("button", { type: "button", "data-key": "first", onclick: () => this.step(0) }, stepMark("first"), h("span", { class: "sr-only" }, t("replay.first"))),
          h("button", { type: "button", "data-key": "prev", onclick: () => this.step(this.index - 1) }, stepMark("prev"), h("span", { class: "sr-only" }, t("replay.prev"))),
          h("label", { for: "replay-step", class: "sr-only" }, t("replay.step")),
          h("input", { type: "range", id: "replay-step", "data-key": "slider", min: 0, max: last, value: this.index, oninput: (e) => this.step(Number(e.target.value)) }),
          h("button", { type: "button", "data-key": "next", onclick: () => this.step(this.index + 1) }, stepMark("next"), h("span", { class: "sr-only" }, t("replay.next"))),
          h("button", { type: "button", "data-key": "last", onclick: () => this.step(last) }, stepMark("last"), h("span", { class: "sr-only" }, t("replay.last"))),
          h("span", { class: "muted" }, t("replay.position", { n: this.index, total: last })),
          h("a", { class: "button ghost", href: "#/" }, t("nav.lobby"))),
        h("p", { class: "status-line", role: "status", id: "replay-label" }, current ? logLine(current, module, ctx) : t("replay.start"))),
      h("div", { class: "table-body" },
        h("div", { class: "board-area" }, drawn.main),
        h("aside", { class: "side" },
          h("section", { class: "panel summary" }, h("h2", {}, t("summary.title")),
            h("p", {}, t("summary.winners", { names: (this.replay.result?.winners || []).map((s) => ctx.name(s)).join(", ") })),
            module.summaryExtra ? module.summaryExtra(final, ctx) : null,
            scoreChart(module.chartData(final, ctx), ctx)),
          drawn.side,
          h("section", { class: "panel log-panel", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, t("log.title")),
            h("ul", { class: "log", id: "log" }, logList(buildLog(this.replay.events, module, ctx), this.logOpen)))))));
    // The move just replayed, marked as the live table marks the last move.
    showLastMove(this.root, current, module, ctx);
    if (focusKey) this.root.querySelector(`[data-key="${focusKey}"]`)?.focus();
  }
}

/**
 * The mark of a step button, drawn: "⏮" and "⏭" are in no font many systems have
 * (Debian's DejaVu, older phones), where they show as empty boxes.
 */
const STEP_MARKS = {
  first: ["M3 2h2v12H3z", "M14 2v12L6 8z"],
  prev: ["M13 2v12L4 8z"],
  next: ["M3 2v12l9-6z"],
  last: ["M11 2h2v12h-2z", "M2 2v12l8-6z"],
};

function stepMark(kind) {
  return s("svg", { class: "step-mark", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    STEP_MARKS[kind].map((d) => s("path", { d, fill: "currentColor" })));
}
