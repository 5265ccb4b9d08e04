// The lobby: create a table, resume my tables, replay finished games, rematch; joining by invite.
import { api } from "./api.js";
import { h } from "./dom.js";
import { has, lang, t } from "./i18n.js";
import { forgetSeat, myName, mySeats, saveName, saveSeat, seatAt } from "./store.js";
import { go, nameInput, notify, notifyError, openRules } from "./ui.js";

const LEVELS = ["easy", "medium", "hard", "random"];
// Clock presets, as on BoardGameArena: per move (each decision) or per game (a bank).
export const CLOCKS = {
  none: { mode: "none" },
  "decision-30": { mode: "decision", seconds: 30 },
  "decision-60": { mode: "decision", seconds: 60 },
  "decision-120": { mode: "decision", seconds: 120 },
  "decision-300": { mode: "decision", seconds: 300 },
  "bank-300": { mode: "bank", seconds: 300 },
  "bank-600": { mode: "bank", seconds: 600 },
  "bank-1200": { mode: "bank", seconds: 1200 },
  "bank-2400": { mode: "bank", seconds: 2400 },
};
// The games as GET /api/games declares them: the registry is the only list of games.
let games = [];

/**
 * The games as the server describes them. Reads both shapes of GET /api/games: today's
 * ({options: {variant: [..]}}) and the registry's ({options: [{name, choices, default,
 * labels: {lang: {choice: label}}}], titles: {lang: title}}).
 */
export async function loadGames() {
  try {
    const answer = await api("GET", "/api/games");
    if (Array.isArray(answer)) games = answer.map(normaliseGame);
  } catch (error) {
    notifyError(error);
  }
  return games;
}

function normaliseGame(game) {
  let options = game.options || [];
  if (!Array.isArray(options)) {
    options = Object.entries(options).map(([name, choices]) => ({ name, choices, default: choices[0] }));
  }
  return { ...game, options: options.map((o) => ({ ...o, default: o.default ?? o.choices[0] })) };
}

export function gameInfo(name) {
  return games.find((g) => g.name === name) || normaliseGame({ name, min_players: 1, max_players: 1, options: [] });
}

/** A game's title in the current language: the server's, else our catalog's. */
export function gameTitle(name) {
  const info = games.find((g) => g.name === name);
  return info?.titles?.[lang()] || (has(`game.${name}`) ? t(`game.${name}`) : info?.titles?.en || name);
}

/** An option choice's label: the server's labels, else our catalog (opt.game.option.choice). */
export function optionLabel(game, option, choice) {
  const info = gameInfo(game).options.find((o) => o.name === option);
  const label = info?.labels?.[lang()]?.[choice] ?? info?.labels?.[lang()]?.[String(choice)];
  if (label) return label;
  const key = `opt.${game}.${option}.${choice}`;
  return has(key) ? t(key) : info?.labels?.en?.[choice] || String(choice);
}

export function optionName(game, option) {
  const title = gameInfo(game).options.find((o) => o.name === option)?.titles?.[lang()];
  if (title) return title;
  const key = `opt.${game}.${option}`;
  return has(key) ? t(key) : option;
}

/** The JSON text of `body` with its `seed`. Seeds have up to 128 bits and a JS Number keeps
 * 53, so a seed of digits is written into the text digit for digit (anything else goes as a
 * Number, for the server to refuse with its own message). */
function withSeed(body, seed) {
  if (!/^\d+$/.test(seed)) return JSON.stringify({ ...body, seed: Number(seed) });
  return `${JSON.stringify(body).slice(0, -1)},"seed":${seed.replace(/^0+(?=\d)/, "")}}`;
}

/** Create a table from `spec` ({game, options, seats, seed}); remember my seat; open it. */
export async function createTable(spec) {
  const body = { game: spec.game, options: spec.options, seats: spec.seats };
  if (spec.clock && spec.clock.mode !== "none") body.clock = spec.clock;
  if (spec.hints === false) body.hints = false;
  const seed = spec.seed === undefined || spec.seed === null ? "" : String(spec.seed).trim();
  const created = await api("POST", "/api/tables", seed === "" ? body : withSeed(body, seed));
  const mine = created.seats[0];
  saveSeat(created.table.id, {
    seat: mine ? mine.seat : null, token: mine ? mine.token : null, game: spec.game,
    invite: created.invite, spec: { game: spec.game, options: spec.options, seats: spec.seats, clock: spec.clock, hints: spec.hints },
  });
  go(`#/table/${created.table.id}`);
  return created;
}

/**
 * The same game again with the same people (POST /api/tables/{id}/rematch): the first
 * to ask at a finished table starts it, everyone there is told, and each other person's
 * ask takes their own seat in it. `info` is this browser's seat at the finished table.
 */
export async function rematch(id, info, next = null) {
  let made;
  try {
    made = await api("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, undefined, info.token);
  } catch (error) {
    // Started without me (filled with the computer, or my seat taken): watched instead.
    if (!next || !["table_started", "seat_taken"].includes(error?.error?.code)) throw error;
    // (said once there: the new screen clears the notices of the one left)
    addEventListener("hashchange", () => notify(t("table.rematch.late")), { once: true });
    go(`#/table/${encodeURIComponent(next)}`);
    return null;
  }
  // Asked twice (a double tap), the second answer has no invitation: the first's is kept.
  saveSeat(made.table.id, { seat: made.seat, token: made.token, game: made.table.game, invite: made.invite ?? seatAt(made.table.id)?.invite ?? null, spec: info.spec });
  go(`#/table/${made.table.id}`);
  return made;
}

export class LobbyScreen {
  constructor(root) {
    this.root = root;
    this.form = { game: games[0].name, options: {}, players: 4, seed: "", clock: "none", hints: true,
      seats: ["me", "medium", "medium", "medium"], name: myName() };
    this.chooseGame(games[0].name, games[0].min_players === 1 ? 1 : Math.min(4, games[0].max_players));
    this.summaries = {};
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
    this.loaded = true;
    this.drawLists();
  }

  chooseGame(name, players) {
    const info = gameInfo(name);
    this.form.game = info.name;
    const options = {};
    for (const option of info.options) options[option.name] = option.choices.includes(this.form.options[option.name]) ? this.form.options[option.name] : option.default;
    this.form.options = options;
    this.setPlayers(players ?? info.min_players);
  }

  setPlayers(count) {
    const info = gameInfo(this.form.game);
    const [low, high] = [info.min_players, info.max_players];
    count = Math.max(low, Math.min(high, count));
    this.form.players = count;
    const seats = this.form.seats.slice(0, count);
    while (seats.length < count) seats.push("medium");
    if (!seats.includes("me")) seats[0] = "me";
    this.form.seats = seats;
  }

  /**
   * The whole screen, drawn when it opens and when the language changes. Afterwards a
   * change in the form redraws only the parts that depend on it (the options of the game
   * chosen, the players' range, the seat rows) and the lists redraw on their own: the
   * fields a person types in are never rebuilt, so they keep their focus, caret and text.
   */
  render() {
    const focused = document.activeElement?.id;
    this.lists = h("div", { class: "lobby-lists" });
    this.root.replaceChildren(
      h("h1", {}, t("lobby.title")),
      h("p", { class: "lead" }, t("lobby.lead")),
      h("div", { class: "lobby" }, this.createForm(), this.lists),
    );
    this.drawLists();
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  drawLists() {
    this.lists?.replaceChildren(this.myTables(), this.finishedList());
  }

  /** The fieldsets of the chosen game's options (redrawn when another game is chosen). */
  drawOptions() {
    const f = this.form;
    this.optionsBox.replaceChildren(...gameInfo(f.game).options.map((option) => h("fieldset", {}, h("legend", {}, optionName(f.game, option.name)),
      option.choices.map((choice) => choiceInput(option.name, choice, optionLabel(f.game, option.name, choice), f.options[option.name] === choice,
        () => { f.options[option.name] = choice; })))));
  }

  /** The players field's range and hints, in place: the field itself is left alone unless
   * its number must change (another game, or a count out of range once typed). */
  drawPlayers() {
    const f = this.form;
    const info = gameInfo(f.game);
    const [low, high] = [info.min_players, info.max_players];
    this.playersInput.min = low;
    this.playersInput.max = high;
    if (Number(this.playersInput.value) !== f.players && document.activeElement !== this.playersInput) this.playersInput.value = f.players;
    this.rangeHint.textContent = t("lobby.players.range", { min: low, max: high });
    this.soloHint.hidden = !(f.players === 1 && low === 1);
  }

  /** The seat rows; a seat's select that had the focus gets it back. */
  drawSeats() {
    const f = this.form;
    const focused = this.seatsBox.contains(document.activeElement) ? document.activeElement.id : null;
    const seatRows = f.seats.map((kind, index) => h("div", { class: "seat-row" },
      h("label", { for: `seat-${index}` }, t("lobby.seat", { n: index + 1 })),
      h("select", { id: `seat-${index}`, onchange: (event) => {
        const value = event.target.value;
        if (value === "me") f.seats = f.seats.map((k) => (k === "me" ? "friend" : k));
        f.seats[index] = value;
        if (!f.seats.includes("me")) f.seats[0] = "me";
        this.drawSeats();
      } },
      h("option", { value: "me", selected: kind === "me" }, t("lobby.kind.me")),
      ...LEVELS.map((level) => h("option", { value: level, selected: kind === level },
        t("lobby.kind.bot", { level: t(`level.${level}`) }))),
      h("option", { value: "friend", selected: kind === "friend" }, t("lobby.kind.friend")))));
    this.seatsBox.className = `seats${seatRows.length > 8 ? " many" : ""}`;
    // replaceChildren, unlike h(), would write a null child as the text "null"
    this.seatsBox.replaceChildren(...[h("legend", {}, t("lobby.seats")),
      seatRows.length > 2 ? h("div", { class: "seat-row all" }, h("label", { for: "seat-all" }, t("lobby.seats.all")),
        h("select", { id: "seat-all", onchange: (event) => {
          const value = event.target.value;
          if (!value) return;
          f.seats = f.seats.map((k) => (k === "me" ? k : value));
          this.drawSeats();
        } }, h("option", { value: "" }, "—"), ...LEVELS.map((level) => h("option", { value: level }, t("lobby.kind.bot", { level: t(`level.${level}`) }))),
        h("option", { value: "friend" }, t("lobby.kind.friend")))) : null,
      h("div", { class: "seat-rows" }, seatRows)].filter(Boolean));
    if (focused) document.getElementById(focused)?.focus();
    // What an unnamed seat is called, shown and not sent: each face names it in its
    // viewer's language ("Seat 2", "Lugar 2"), so no name is stored for it.
    this.nameInput.placeholder = t("seat.unnamed", { n: f.seats.indexOf("me") + 1 });
  }

  createForm() {
    const f = this.form;
    const info = gameInfo(f.game);
    this.optionsBox = h("div", { class: "game-options" });
    this.playersInput = h("input", { id: "players", type: "number", min: info.min_players, max: info.max_players, value: f.players,
      // While typing, the seats follow a count in range without the field being rewritten
      // ("1" on the way to "12" stays); when the field is left, its number is settled.
      oninput: (event) => {
        const count = Number(event.target.value);
        const now = gameInfo(f.game);
        if (Number.isInteger(count) && count >= now.min_players && count <= now.max_players && count !== f.players) {
          this.setPlayers(count);
          this.drawPlayers();
          this.drawSeats();
        }
      },
      onchange: (event) => {
        this.setPlayers(Number(event.target.value) || gameInfo(f.game).min_players);
        event.target.value = f.players;
        this.drawPlayers();
        this.drawSeats();
      } });
    this.rangeHint = h("span", { class: "hint" });
    this.soloHint = h("span", { class: "hint" }, t("lobby.solo"));
    this.seatsBox = h("fieldset", { class: "seats" });
    // A form: Enter in a field (a phone keyboard's Go) makes the table, as the button does.
    const form = h("form", { class: "card create", "aria-labelledby": "create-title", onsubmit: (event) => { event.preventDefault(); this.create(); } },
      h("h2", { id: "create-title" }, t("lobby.create")),
      h("fieldset", {}, h("legend", {}, t("lobby.game")),
        games.map((game) => choiceInput("game", game.name, gameTitle(game.name), f.game === game.name, () => {
          this.chooseGame(game.name, game.min_players === 1 ? 1 : Math.min(4, game.max_players));
          this.playersInput.value = this.form.players;
          this.drawOptions();
          this.drawPlayers();
          this.drawSeats();
        }))),
      this.optionsBox,
      h("div", { class: "field" },
        h("label", { for: "players" }, t("lobby.players")),
        this.playersInput,
        this.rangeHint,
        this.soloHint),
      h("div", { class: "field" },
        h("label", { for: "my-name" }, t("lobby.name")),
        this.nameInput = nameInput({ id: "my-name", value: f.name,
          oninput: (event) => { f.name = event.target.value; } })),
      this.seatsBox,
      h("div", { class: "field" }, h("label", { for: "clock" }, t("lobby.clock")),
        h("select", { id: "clock", onchange: (event) => { f.clock = event.target.value; } },
          h("option", { value: "none", selected: f.clock === "none" }, t("clock.none")),
          h("optgroup", { label: t("clock.per_move") }, Object.entries(CLOCKS).filter(([, c]) => c.mode === "decision").map(([key, c]) =>
            h("option", { value: key, selected: f.clock === key }, t("clock.decision", { time: durationText(c.seconds) })))),
          h("optgroup", { label: t("clock.per_game") }, Object.entries(CLOCKS).filter(([, c]) => c.mode === "bank").map(([key, c]) =>
            h("option", { value: key, selected: f.clock === key }, t("clock.bank", { time: durationText(c.seconds) })))))),
      h("div", { class: "field" }, h("label", { class: "choice" },
        h("input", { type: "checkbox", id: "no-hints", checked: !f.hints, onchange: (event) => { f.hints = !event.target.checked; } }), " ", t("lobby.nohints"))),
      h("details", { open: f.advanced, ontoggle: (event) => { f.advanced = event.target.open; } }, h("summary", { id: "advanced" }, t("lobby.advanced")),
        h("div", { class: "field" }, h("label", { for: "seed" }, t("lobby.seed")),
          h("input", { id: "seed", type: "number", min: 0, value: f.seed, placeholder: t("lobby.seed.random"),
            oninput: (event) => { f.seed = event.target.value; } }))),
      h("div", { class: "buttons" },
        h("button", { type: "submit", id: "create-button", class: "primary" }, t("lobby.create.button")),
        h("button", { type: "button", class: "ghost", onclick: () => openRules(f.game) }, t("rules.button"))));
    this.drawOptions();
    this.drawPlayers();
    this.drawSeats();
    return form;
  }

  async create() {
    const f = this.form;
    saveName(f.name.trim());
    const seats = f.seats.map((kind) => {
      // No name typed, none sent: a name stored in the creator's language ("Jogador 1")
      // would be the one everyone sees, whatever their language.
      if (kind === "me") return f.name.trim() ? { kind: "person", name: f.name.trim() } : { kind: "person" };
      if (kind === "friend") return { kind: "open" };
      return { kind: "bot", level: kind };
    });
    const options = { ...f.options };
    try {
      await createTable({ game: f.game, options, seats, seed: f.seed, clock: CLOCKS[f.clock], hints: f.hints });
    } catch (error) {
      notifyError(error);
    }
  }

  /** This browser's tables (the seats it holds) that `wanted` keeps, newest first, as rows. */
  seatRows(wanted) {
    const seats = mySeats();
    const ids = Object.keys(seats).sort((a, b) => (seats[b].saved || 0) - (seats[a].saved || 0));
    return ids.filter((id) => this.summaries[id] && wanted(this.summaries[id])).map((id) => {
      const table = this.summaries[id];
      const info = seats[id];
      return h("li", { class: "table-row" },
        h("span", { class: "table-name" }, describeTable(table)),
        h("span", { class: `status ${table.status}` }, t(`status.${table.status}`)),
        h("span", { class: "buttons" },
          table.status === "over"
            ? h("a", { class: "button", href: `#/replay/${id}` }, t("lobby.replay"))
            : h("a", { class: "button primary", href: `#/table/${id}` }, t("lobby.resume")),
          table.status !== "over" ? null
            : table.rematch && seatAt(table.rematch) ? h("a", { class: "button", href: `#/table/${encodeURIComponent(table.rematch)}` }, t("table.rematch.go"))
              : info.token ? h("button", { type: "button", onclick: () => rematch(id, info, table.rematch).catch(notifyError) }, t(table.rematch ? "table.rematch.join" : "lobby.rematch")) : null,
          h("button", { type: "button", class: "ghost", "aria-label": t("lobby.forget.label"),
            onclick: () => { forgetSeat(id); delete this.summaries[id]; this.drawLists(); } }, t("lobby.forget"))));
    });
  }

  /** The tables this browser sits at that are still to be played (or waiting for players). */
  myTables() {
    const rows = this.seatRows((table) => table.status !== "over");
    return h("section", { class: "card", "aria-labelledby": "mine-title" },
      h("h2", { id: "mine-title" }, t("lobby.mine")),
      rows.length ? h("ul", { class: "tables" }, rows) : h("p", { class: "muted" }, this.loaded ? t("lobby.mine.none") : "…"));
  }

  /**
   * The finished games this browser took part in (it holds their seats' tokens): to replay,
   * rematch or forget. Not every finished table on the server: on a server shared by
   * several groups of friends that list was strangers' games, their names and all, and
   * one's own game went down it as soon as others finished theirs. A stranger's replay
   * is still opened by its link (#/replay/<id>).
   */
  finishedList() {
    const rows = this.seatRows((table) => table.status === "over");
    return h("section", { class: "card", "aria-labelledby": "finished-title" },
      h("h2", { id: "finished-title" }, t("lobby.finished")),
      rows.length ? h("ul", { class: "tables" }, rows) : h("p", { class: "muted" }, this.loaded ? t("lobby.finished.none") : "…"));
  }
}

function choiceInput(name, value, label, checked, onchange) {
  return h("label", { class: "choice" },
    h("input", { type: "radio", name, value, id: `${name}-${value}`, checked, onchange }), " ", label);
}

export function seatName(seat) {
  if (!seat) return "?";
  if (seat.kind === "bot") return t("bot.name", { n: seat.seat + 1, level: t(`level.${seat.level}`) });
  if (seat.kind === "open") return t("seat.open", { n: seat.seat + 1 });
  // A person who gave no name has none stored: "Seat 2" in the viewer's own language.
  return seat.name || t("seat.unnamed", { n: seat.seat + 1 });
}

export function durationText(seconds) {
  return seconds >= 60 ? t("time.minutes", { n: Math.round(seconds / 60) }) : t("time.seconds", { n: seconds });
}

export function describeTable(table) {
  const game = gameTitle(table.game);
  const option = Object.entries(table.options || {}).map(([name, choice]) => optionLabel(table.game, name, choice)).join(", ");
  const players = table.seats.map(seatName).join(", ");
  const date = new Date((table.created || 0) * 1000).toLocaleString(lang());
  return [game, option, players, date].filter(Boolean).join(" · ");
}

export class JoinScreen {
  /** `game`: the game the link names (links made before it did name none); one this
   * server does not offer is not shown, since a link can be written by anyone. */
  constructor(root, invite, game = null) {
    this.root = root;
    this.invite = invite;
    this.game = games.some((g) => g.name === game) ? game : null;
    this.name = myName();
  }

  render() {
    // Someone already at the table (a friend back through the link in the chat, the host
    // trying the link sent): back to their own seat, not a second one.
    const seated = Object.entries(mySeats()).find(([, info]) => info.invite === this.invite);
    if (seated) {
      go(`#/table/${encodeURIComponent(seated[0])}`);
      return;
    }
    this.root.replaceChildren(h("section", { class: "card narrow" },
      h("h1", {}, t("join.title")),
      h("p", { id: "join-lead" }, this.game ? t("join.lead.game", { game: gameTitle(this.game) }) : t("join.lead")),
      this.game ? h("p", {}, h("button", { type: "button", class: "ghost", "data-key": "join-rules", onclick: () => openRules(this.game) }, t("rules.button"))) : null,
      // A form: the phone keyboard's Go (Enter) in the name field takes the seat, as the button does.
      h("form", { class: "join-form", onsubmit: (event) => { event.preventDefault(); this.join(); } },
        h("div", { class: "field" }, h("label", { for: "join-name" }, t("lobby.name")),
          nameInput({ id: "join-name", autocomplete: null, value: this.name, enterkeyhint: "go",
            oninput: (event) => { this.name = event.target.value; } })),
        h("div", { class: "buttons" }, h("button", { type: "submit", id: "join-button", class: "primary" }, t("join.button"))))));
  }

  async join() {
    saveName(this.name.trim());
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(this.invite)}`, { name: this.name.trim() || null });
      // The invitation kept with the seat: opened again, it leads back here (render), and
      // the waiting room shows it to pass on to the next friend.
      saveSeat(joined.table.id, { seat: joined.seat, token: joined.token, game: joined.table.game, invite: this.invite });
      go(`#/table/${joined.table.id}`);
    } catch (error) {
      notifyError(error);
    }
  }
}
