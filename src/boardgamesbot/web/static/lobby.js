// The lobby: create a table, resume my tables, replay finished games, rematch; joining by invite.
import { api } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { forgetSeat, myName, mySeats, saveName, saveSeat } from "./store.js";
import { go, notifyError, openRules } from "./ui.js";

const LEVELS = ["easy", "medium", "hard", "random"];
const LIMITS = { tikal: [2, 4], cartographers: [1, 6] };

/** Create a table from `spec` ({game, options, seats, seed}); remember my seat; open it. */
export async function createTable(spec) {
  const body = { game: spec.game, options: spec.options, seats: spec.seats };
  if (spec.seed !== undefined && spec.seed !== null && spec.seed !== "") body.seed = Number(spec.seed);
  const created = await api("POST", "/api/tables", body);
  const mine = created.seats[0];
  saveSeat(created.table.id, {
    seat: mine ? mine.seat : null, token: mine ? mine.token : null, game: spec.game,
    invite: created.invite, spec: { game: spec.game, options: spec.options, seats: spec.seats },
  });
  go(`#/table/${created.table.id}`);
  return created;
}

export class LobbyScreen {
  constructor(root) {
    this.root = root;
    this.form = { game: "tikal", variant: "basic", side: "A", players: 4, seed: "",
      seats: ["me", "medium", "medium", "medium"], name: myName() };
    this.summaries = {};
    this.finished = [];
    this.load();
  }

  async load() {
    const ids = Object.keys(mySeats());
    await Promise.all(ids.map(async (id) => {
      try {
        this.summaries[id] = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
      } catch (error) {
        if (error.status === 404) forgetSeat(id);
      }
    }));
    try {
      this.finished = await api("GET", "/api/tables?status=over&limit=20");
    } catch {
      this.finished = [];
    }
    this.loaded = true;
    this.render();
  }

  setPlayers(count) {
    const [low, high] = LIMITS[this.form.game];
    count = Math.max(low, Math.min(high, count));
    this.form.players = count;
    const seats = this.form.seats.slice(0, count);
    while (seats.length < count) seats.push("medium");
    if (!seats.includes("me")) seats[0] = "me";
    this.form.seats = seats;
  }

  render() {
    const focused = document.activeElement?.id;
    this.root.replaceChildren(
      h("h1", {}, t("lobby.title")),
      h("p", { class: "lead" }, t("lobby.lead")),
      h("div", { class: "lobby" }, this.createForm(), h("div", { class: "lobby-lists" }, this.myTables(), this.finishedList())),
    );
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  createForm() {
    const f = this.form;
    const radio = (name, value, label, checked, onchange) => h("label", { class: "choice" },
      h("input", { type: "radio", name, value, id: `${name}-${value}`, checked, onchange }), " ", label);
    const seatRows = f.seats.map((kind, index) => h("div", { class: "seat-row" },
      h("label", { for: `seat-${index}` }, t("lobby.seat", { n: index + 1 })),
      h("select", { id: `seat-${index}`, onchange: (event) => {
        const value = event.target.value;
        if (value === "me") f.seats = f.seats.map((k) => (k === "me" ? "friend" : k));
        f.seats[index] = value;
        if (!f.seats.includes("me")) f.seats[0] = "me";
        this.render();
      } },
      h("option", { value: "me", selected: kind === "me" }, t("lobby.kind.me")),
      ...LEVELS.map((level) => h("option", { value: level, selected: kind === level },
        t("lobby.kind.bot", { level: t(`level.${level}`) }))),
      h("option", { value: "friend", selected: kind === "friend" }, t("lobby.kind.friend")))));
    const [low, high] = LIMITS[f.game];
    return h("section", { class: "card create", "aria-labelledby": "create-title" },
      h("h2", { id: "create-title" }, t("lobby.create")),
      h("fieldset", {}, h("legend", {}, t("lobby.game")),
        radio("game", "tikal", t("game.tikal"), f.game === "tikal", () => { f.game = "tikal"; this.setPlayers(4); this.render(); }),
        radio("game", "cartographers", t("game.cartographers"), f.game === "cartographers", () => { f.game = "cartographers"; this.setPlayers(1); this.render(); })),
      f.game === "tikal"
        ? h("fieldset", {}, h("legend", {}, t("lobby.variant")),
          radio("variant", "basic", t("tikal.variant.basic"), f.variant === "basic", () => { f.variant = "basic"; }),
          radio("variant", "auction", t("tikal.variant.auction"), f.variant === "auction", () => { f.variant = "auction"; }))
        : h("fieldset", {}, h("legend", {}, t("lobby.side")),
          radio("side", "A", t("carto.side.A"), f.side === "A", () => { f.side = "A"; }),
          radio("side", "B", t("carto.side.B"), f.side === "B", () => { f.side = "B"; })),
      h("div", { class: "field" },
        h("label", { for: "players" }, t("lobby.players")),
        h("input", { id: "players", type: "number", min: low, max: high, value: f.players,
          onchange: (event) => { this.setPlayers(Number(event.target.value) || low); this.render(); } }),
        f.game === "cartographers" && f.players === 1 ? h("span", { class: "hint" }, t("lobby.solo")) : null),
      h("div", { class: "field" },
        h("label", { for: "my-name" }, t("lobby.name")),
        h("input", { id: "my-name", type: "text", maxlength: 40, value: f.name, autocomplete: "nickname",
          oninput: (event) => { f.name = event.target.value; } })),
      h("fieldset", { class: "seats" }, h("legend", {}, t("lobby.seats")), ...seatRows),
      h("details", { open: f.advanced, ontoggle: (event) => { f.advanced = event.target.open; } }, h("summary", { id: "advanced" }, t("lobby.advanced")),
        h("div", { class: "field" }, h("label", { for: "seed" }, t("lobby.seed")),
          h("input", { id: "seed", type: "number", min: 0, value: f.seed, placeholder: t("lobby.seed.random"),
            oninput: (event) => { f.seed = event.target.value; } }))),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "create-button", class: "primary", onclick: () => this.create() }, t("lobby.create.button")),
        h("button", { type: "button", class: "ghost", onclick: () => openRules(f.game) }, t("rules.button"))));
  }

  async create() {
    const f = this.form;
    saveName(f.name.trim());
    const seats = f.seats.map((kind) => {
      if (kind === "me") return { kind: "person", name: f.name.trim() || null };
      if (kind === "friend") return { kind: "open" };
      return { kind: "bot", level: kind };
    });
    const options = f.game === "tikal" ? { variant: f.variant } : { side: f.side };
    try {
      await createTable({ game: f.game, options, seats, seed: f.seed });
    } catch (error) {
      notifyError(error);
    }
  }

  myTables() {
    const seats = mySeats();
    const ids = Object.keys(seats).sort((a, b) => (seats[b].saved || 0) - (seats[a].saved || 0));
    const rows = ids.filter((id) => this.summaries[id]).map((id) => {
      const table = this.summaries[id];
      const info = seats[id];
      return h("li", { class: "table-row" },
        h("span", { class: "table-name" }, describeTable(table)),
        h("span", { class: `status ${table.status}` }, t(`status.${table.status}`)),
        h("span", { class: "buttons" },
          table.status === "over"
            ? h("a", { class: "button", href: `#/replay/${id}` }, t("lobby.replay"))
            : h("a", { class: "button primary", href: `#/table/${id}` }, t("lobby.resume")),
          info.spec ? h("button", { type: "button", onclick: () => createTable(info.spec).catch(notifyError) }, t("lobby.rematch")) : null,
          h("button", { type: "button", class: "ghost", "aria-label": t("lobby.forget.label"),
            onclick: () => { forgetSeat(id); delete this.summaries[id]; this.render(); } }, t("lobby.forget"))));
    });
    return h("section", { class: "card", "aria-labelledby": "mine-title" },
      h("h2", { id: "mine-title" }, t("lobby.mine")),
      rows.length ? h("ul", { class: "tables" }, rows) : h("p", { class: "muted" }, this.loaded ? t("lobby.mine.none") : "…"));
  }

  finishedList() {
    const rows = this.finished.map((table) => h("li", { class: "table-row" },
      h("span", { class: "table-name" }, describeTable(table)),
      h("span", { class: "buttons" }, h("a", { class: "button", href: `#/replay/${table.id}` }, t("lobby.replay")))));
    return h("section", { class: "card", "aria-labelledby": "finished-title" },
      h("h2", { id: "finished-title" }, t("lobby.finished")),
      rows.length ? h("ul", { class: "tables" }, rows) : h("p", { class: "muted" }, t("lobby.finished.none")));
  }
}

export function seatName(seat) {
  if (!seat) return "?";
  if (seat.kind === "bot") return t("bot.name", { n: seat.seat + 1, level: t(`level.${seat.level}`) });
  if (seat.kind === "open") return t("seat.open", { n: seat.seat + 1 });
  return seat.name;
}

export function describeTable(table) {
  const game = t(`game.${table.game}`);
  const option = table.game === "tikal"
    ? t(`tikal.variant.${table.options?.variant || "basic"}`)
    : table.seats.length === 1 ? t("carto.solo") : t(`carto.side.${table.options?.side || "A"}`);
  const players = table.seats.map(seatName).join(", ");
  const date = new Date((table.created || 0) * 1000).toLocaleString(lang());
  return `${game} · ${option} · ${players} · ${date}`;
}

export class JoinScreen {
  constructor(root, invite) {
    this.root = root;
    this.invite = invite;
    this.name = myName();
  }

  render() {
    this.root.replaceChildren(h("section", { class: "card narrow" },
      h("h1", {}, t("join.title")),
      h("p", {}, t("join.lead")),
      h("div", { class: "field" }, h("label", { for: "join-name" }, t("lobby.name")),
        h("input", { id: "join-name", type: "text", maxlength: 40, value: this.name,
          oninput: (event) => { this.name = event.target.value; } })),
      h("div", { class: "buttons" }, h("button", { type: "button", id: "join-button", class: "primary", onclick: () => this.join() }, t("join.button")))));
  }

  async join() {
    saveName(this.name.trim());
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(this.invite)}`, { name: this.name.trim() || null });
      saveSeat(joined.table.id, { seat: joined.seat, token: joined.token, game: joined.table.game });
      go(`#/table/${joined.table.id}`);
    } catch (error) {
      notifyError(error);
    }
  }
}
