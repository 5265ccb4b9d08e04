// The Mini App's first page: prove who this is with Telegram's signed initData, keep the
// seat's token the server answers with (as the browser keeps every seat), open the table.
// Telegram passes the launch data in the page's fragment (tgWebAppData=...).

const SEATS = "bgbot.seats"; // the browser app's own store of seats (web/static/store.js)
const WORDS = {
  en: { wait: "Opening your seat…", failed: "This board cannot be opened: " },
  pt: { wait: "Abrindo seu lugar…", failed: "Não foi possível abrir o tabuleiro: " },
  ca: { wait: "Obrint el teu lloc…", failed: "No s'ha pogut obrir el tauler: " },
};

function initData() {
  const fromScript = window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData;
  if (fromScript) return fromScript;
  const hash = new URLSearchParams(location.hash.slice(1));
  return hash.get("tgWebAppData") || "";
}

async function open() {
  const words = WORDS[(navigator.language || "en").slice(0, 2)] || WORDS.en;
  const status = document.getElementById("status");
  status.textContent = words.wait;
  const table = new URLSearchParams(location.search).get("table");
  const answer = await fetch("/api/telegram/seat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ init_data: initData(), table }),
  });
  const body = await answer.json();
  if (!answer.ok) {
    status.textContent = words.failed + ((body.detail && body.detail.message) || answer.status);
    return;
  }
  let seats = {};
  try {
    seats = JSON.parse(localStorage.getItem(SEATS)) || {};
  } catch {
    seats = {};
  }
  seats[body.table] = { ...(seats[body.table] || {}), token: body.token, seat: body.seat, saved: Date.now() };
  localStorage.setItem(SEATS, JSON.stringify(seats));
  location.replace(`/#/table/${encodeURIComponent(body.table)}`);
}

open();
