/* The game-night phone page: one page for every game and seat.
 *
 * It shows what the host sends (tabletop/net/protocol.py): the seat's own view, the prompt,
 * the legal moves with the rules' descriptions, the recent log. Nothing here decides
 * legality: a tap sends a move in the game's notation and the host judges it. Machiavelli,
 * whose plays cannot all be listed, has its play builder (pick cards, ask the host to lay
 * them, confirm or cancel; or lay them as a new meld).
 *
 * The game's How to play sheet (sent in the welcome) opens over the table; with Teach as we
 * play on, the seat's state carries a one-line tip; on its turn the seat may ask the host for
 * a hint, which lights the hinted move and offers to play it.
 *
 * For tests, #state carries data attributes (ready, status, seat, ply, your-turn, refusal,
 * proposal, howto, hint) and window.phone exposes the socket's send.
 */
"use strict";
(function () {
  const VERSION = 1;
  const $ = (id) => document.getElementById(id);
  const root = $("state");
  const match = location.pathname.match(/^\/j\/([^/]+)$/);
  const token = match ? decodeURIComponent(match[1]) : null;
  const prefix = Array.from(crypto.getRandomValues(new Uint8Array(6)),
    (b) => b.toString(16).padStart(2, "0")).join("");

  // What other view fields a seat sees privately, per game (the rest is generic: per-seat
  // lists where others' entries are hidden, and "my_" fields). "cards": shown as card images.
  const S = {
    ws: null, stop: false, backoff: 500, timer: 0, counter: 0,
    seat: null, names: [], game: "", title: "", state: null, log: [],
    selected: null, picks: [], proposal: null, asking: null, wasMine: false,
    howto: null, hints: false, hinting: null, hint: null,
  };

  function nextId(kind) { S.counter += 1; return kind + "-" + prefix + "-" + S.counter; }

  function send(msg) {
    if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
      notice("Not connected: reconnecting…", "info");
      return false;
    }
    S.ws.send(JSON.stringify(Object.assign({ v: VERSION }, msg)));
    return true;
  }

  function sendMove(text, ply) {
    const st = S.state;
    const at = ply === undefined ? (st ? st.ply : 0) : ply;
    const msg = { type: "move", id: nextId("m"), ply: at, move: text };
    if (S.seat !== null) msg.seat = S.seat;
    if (send(msg)) {
      S.selected = null; S.picks = []; S.proposal = null;
      notice("Sent…", "info");
      render();
    }
  }

  function askProposal() {
    if (!S.state || !S.picks.length) return;
    const id = nextId("p");
    if (send({ type: "propose", id: id, ply: S.state.ply, cards: S.picks.slice() })) {
      S.asking = id; S.proposal = null;
      notice("Asking the host to lay " + S.picks.length + " card(s)…", "info");
      render();
    }
  }

  // ---- the socket ------------------------------------------------------------------------
  function setStatus(status) { root.dataset.status = status; }

  function connect() {
    S.timer = 0;
    if (S.stop) return;
    setStatus(S.state ? "reconnecting" : "connecting");
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") +
      location.host + "/ws");
    S.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ v: VERSION, type: "hello", token: token }));
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (ws === S.ws) receive(msg);
    };
    ws.onclose = (e) => {
      if (ws !== S.ws) return;
      S.ws = null; S.asking = null; S.hinting = null;
      if (S.stop) return;
      setStatus("reconnecting");
      if (e.code === 4007) {  // the room's next game: join it at once, on the same link
        S.state = null; S.log = []; S.selected = null; S.picks = []; S.proposal = null;
        S.backoff = 50;
        $("turn").textContent = "The next game starts: joining it…";
        schedule();
        return;
      }
      $("turn").textContent = e.code === 4004
        ? "This screen fell behind the table: reconnecting…"
        : "Connection lost: reconnecting…";
      schedule();
    };
  }

  function schedule() {
    if (S.timer || S.stop) return;
    S.timer = setTimeout(connect, S.backoff);
    S.backoff = Math.min(S.backoff * 2, 10000);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !S.ws && !S.stop) {
      clearTimeout(S.timer); S.timer = 0; S.backoff = 500; connect();
    }
  });

  function finish(status, text) {
    S.stop = true; setStatus(status);
    clearTimeout(S.timer);
    S.selected = null; S.picks = []; S.proposal = null;
    $("turn").textContent = text;  // said once, in the banner (not again as a notice)
    notice("");
    render();
  }

  function receive(msg) {
    switch (msg.type) {
      case "welcome":
        S.backoff = 500; S.seat = msg.seat; S.names = msg.names || [];
        S.game = msg.game || ""; S.title = msg.title || "";
        S.proposals = !!msg.proposals;  // a game whose play is a whole new table of melds
        S.howto = msg.howto || null; S.hints = !!msg.hints;
        $("howto-open").hidden = !S.howto;
        setStatus("open");
        root.dataset.seat = msg.seat === null ? "" : String(msg.seat);
        root.dataset.game = S.game;
        $("who").textContent = msg.name || "The table";
        $("game").textContent = S.title;
        document.title = (msg.name ? msg.name + " · " : "") + S.title;
        notice("");
        break;
      case "state": onState(msg); break;
      case "accepted": notice(""); break;
      case "held": notice(""); break;  // chosen ahead of its turn: played when the rules ask
      case "refused":
        root.dataset.refusal = msg.code;
        if (msg.id && msg.id === S.asking) S.asking = null;
        if (msg.id && msg.id === S.hinting) S.hinting = null;
        if (msg.code === "bad-token") { finish("bad-token", msg.message); return; }
        if (msg.code === "full") { finish("full", msg.message); return; }
        notice(msg.message || "Refused.");
        render();
        break;
      case "proposal":
        if (msg.id !== S.asking) return;
        S.asking = null;
        if (!S.state || msg.ply !== S.state.ply) return;
        S.proposal = msg;
        root.dataset.proposal = msg.table ? "ok" : "none";
        notice(msg.table ? "" : msg.message, "info");
        render();
        break;
      case "hint": onHint(msg); break;
      case "taken-over": finish("taken-over", msg.message); break;
      case "closed": finish("closed", "The game night is over. Thank you for playing!"); break;
      case "dropped": notice(msg.message || "", "info"); break;
      case "next-game": notice(""); break;  // the socket closes (4007): onclose rejoins
      case "reload": S.stop = true; location.reload(); break;
      default: break;
    }
  }

  function onState(msg) {
    const old = S.state;
    S.state = msg;
    if (msg.log_reset) S.log = msg.events.slice(-40);
    else S.log = S.log.concat(msg.events).slice(-40);
    // Another seat's move while this one chooses at once changes nothing it chose from.
    const stillChoosing = old && old.choosing && msg.choosing;
    if (!old || (old.ply !== msg.ply && !stillChoosing)) {
      S.selected = null; S.picks = []; S.proposal = null; S.asking = null;
      S.hint = null; S.hinting = null;  // a hint belongs to the position it was asked in
      root.dataset.proposal = ""; root.dataset.hint = "";
      if (old && !S.stop) notice("");
    }
    const asked = !!(msg.your_turn || msg.choosing);
    if (asked && !S.wasMine && navigator.vibrate) {
      try { navigator.vibrate([120, 60, 120]); } catch (err) { /* not allowed yet */ }
    }
    const turnStarts = asked && !S.wasMine && !!old;
    S.wasMine = asked;
    render();
    // A turn begins: bring the turn banner and the prompt back into view (after a tap low
    // on the page the phone stays scrolled down, the banner hidden).
    if (turnStarts) $("turn").scrollIntoView({ block: "nearest" });
    root.dataset.ready = "1";
  }

  // ---- rendering -------------------------------------------------------------------------
  function notice(text, kind) {
    const box = $("notice");
    box.textContent = text || "";
    box.className = kind || "";
    box.hidden = !text;
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("data-")) node.setAttribute(k, v);
      else node[k] = v;
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardNode(card, opts) {
    const o = opts || {};
    const node = el(o.button ? "button" : "div", { class: "card" + (o.cls ? " " + o.cls : "") });
    node.dataset.card = card;
    if (o.button) node.type = "button";
    const img = el("img", { alt: words(card) || card, draggable: false });
    // the game in the address: a room's next game may use the same card ids
    img.src = "/card/" + encodeURIComponent(card) + ".png?g=" + encodeURIComponent(S.game);
    img.dataset.tries = "0";
    img.onerror = () => { // the host was busy rendering: ask again a few times
      const tries = Number(img.dataset.tries) + 1;
      img.dataset.tries = String(tries);
      if (tries <= 3) {
        setTimeout(() => { img.src = img.src.split("&")[0] + "&t=" + tries; }, 800 * tries);
      }
    };
    node.appendChild(img);
    if (!o.button) node.onclick = () => zoom(card);
    return node;
  }

  // ---- a card seen large, with its full words ----------------------------------------------
  function words(card) {
    const w = S.state && S.state.words;
    return (w && w[card]) || "";
  }

  function zoom(card) {
    zoomSrc("/card/" + encodeURIComponent(card) + ".png?g=" + encodeURIComponent(S.game),
      words(card), card);
  }

  function zoomSrc(src, text, card) {
    $("zoom-img").src = src;
    $("zoom-img").alt = text || card || "";
    $("zoom-words").textContent = text || "";
    $("zoom").hidden = false;
    root.dataset.zoom = card || src;
    $("zoom-close").focus();
  }

  function unzoom() { $("zoom").hidden = true; root.dataset.zoom = ""; }
  $("zoom-close").onclick = unzoom;
  $("zoom").onclick = (e) => { if (e.target === $("zoom")) unzoom(); };

  function cardsNode(cards, small) {
    const box = el("div", { class: "cards" + (small ? " small" : "") });
    for (const c of cards) box.appendChild(cardNode(c));
    return box;
  }

  function hand() {
    const st = S.state;
    if (!st || S.seat === null || !st.view || !Array.isArray(st.view.hands)) return null;
    const h = st.view.hands[S.seat];
    return Array.isArray(h) ? h : null;
  }

  // Cards this seat holds to choose from besides its hand (Alliances' drafting packet).
  function packet() {
    const v = S.state && S.state.view;
    return v && Array.isArray(v.packet) ? v.packet : [];
  }

  function moveButton(m, cls) {
    const lit = S.hint && S.hint.move === m.text ? " hinted" : "";
    const b = el("button", { type: "button", class: "move" + (cls ? " " + cls : "") + lit },
      m.description || m.text);
    b.dataset.move = m.text;
    b.onclick = () => sendMove(m.text);
    return b;
  }

  function render() {
    const st = S.state;
    // a decision to make now: its turn, or a secret choice everyone makes at once
    const mine = !!(st && (st.your_turn || st.choosing) && !S.stop);
    document.body.classList.toggle("mine", mine);
    document.body.classList.toggle("over", !!(st && st.over));
    root.dataset.yourTurn = st && st.your_turn && !S.stop ? "1" : "0";
    root.dataset.choosing = st && st.choosing && !S.stop ? "1" : "0";
    root.dataset.ply = st ? String(st.ply) : "";
    if (!st) return;
    if (!S.stop) {
      $("turn").textContent = st.over ? "The game is over." :
        st.choosing ? "Your choice: everyone chooses at once" :
        st.chosen ? "Chosen: waiting for " + (st.waiting || "the others") + "…" :
        mine ? "Your turn!" :
        S.seat === null ? "Watching the table" + (st.waiting ? ": " + st.waiting + " to play" : ".") :
        st.waiting ? "Waiting for " + st.waiting + "…" : "Waiting…";
    }
    const held = (st.held || []).join("; ");
    $("prompt").textContent = mine ? st.prompt : held ? "Your choice: " + held : "";
    $("prompt").hidden = !$("prompt").textContent;
    $("tip-text").textContent = mine && st.tip ? st.tip : "";
    $("tip").hidden = !$("tip-text").textContent;
    renderTable();
    if (S.proposals) renderMelds(mine);
    else renderGeneric(mine);
    renderInfo();
    renderOutcome();
    renderLog();
    renderHint();
    fitDock();
  }

  // ---- the table, as the game tells it (tabletop/net/phone_table.py) ------------------------
  function renderTable() {
    const t = S.state && S.state.table;
    const box = $("table-view");
    box.replaceChildren();
    $("table-sec").hidden = !t;
    if (!t) return;
    $("table-title").textContent = S.proposals ? "Players" : "Table";  // the melds are the table
    for (const part of t.sections) {
      const sec = box.appendChild(el("div", { class: "part" }));
      sec.appendChild(el("h3", {}, part.title));
      if (part.note) sec.appendChild(el("p", { class: "note" }, part.note));
      for (const it of part.items) {
        const one = it.cards.length && it.cards.length <= 2 ? " inline" : "";  // beside its words
        const row = sec.appendChild(el("div", { class: "row" + one + (it.mark ? " " + it.mark : "") }));
        if (it.key) row.dataset.key = it.key;
        row.appendChild(el("span", { class: "label" }, it.label));
        if (it.text) row.appendChild(el("span", { class: "text" }, it.text));
        if (it.cards.length) row.appendChild(cardsNode(it.cards, true));
      }
    }
    $("score").textContent = t.score;
    $("score").hidden = !t.score;
  }

  // The rows of the table a decision names ("Build … on stack 5") are lit while it is offered.
  function lightNamed(moves) {
    const named = new Set();
    for (const m of moves) {
      for (const hit of (m.description || m.text).matchAll(/stack (\d+)/gi)) named.add("stack " + hit[1]);
    }
    for (const row of document.querySelectorAll("#table-view .row")) {
      row.classList.toggle("named", named.has(row.dataset.key));
    }
  }

  // The dock (hand, decisions) stays at the bottom; the page keeps room for it to scroll past.
  function fitDock() {
    const dock = $("dock");
    const parts = ["hint-box", "hint-row", "sheet", "machi-actions", "decisions-sec", "hand-sec"];
    dock.hidden = parts.every((id) => $(id).hidden);
    root.style.setProperty("--dock", (dock.hidden ? 24 : dock.offsetHeight + 16) + "px");
  }

  function renderGeneric(mine) {
    const st = S.state;
    const held = hand();
    const pack = packet();
    // the packet's cards first: choosing from them is what the seat does now
    const cards = held ? pack.concat(held) : null;
    const byCard = new Map();
    const others = [];
    const moves = mine ? st.moves : [];
    for (const m of moves) {
      const first = cards ? m.cards.find((c) => cards.includes(c)) : undefined;
      if (first === undefined) { others.push(m); continue; }
      if (!byCard.has(first)) byCard.set(first, []);
      byCard.get(first).push(m);
    }
    if (S.selected !== null && !byCard.has(S.selected)) S.selected = null;
    $("machi").hidden = true;
    const box = $("hand");
    box.replaceChildren();
    $("hand-sec").hidden = !cards;
    $("hand-title").textContent = !held ? "Your hand" : pack.length
      ? "Your packet (" + pack.length + "), then your hand (" + held.length + ")"
      : "Your hand (" + held.length + ")";
    for (const c of cards || []) {
      const playable = byCard.has(c);
      const node = cardNode(c, { button: true,
        cls: (playable ? "playable" : "") + (S.selected === c ? " selected" : "") +
          (pack.includes(c) ? " packet" : "") + (hintCards().includes(c) ? " hinted" : "") });
      node.setAttribute("aria-disabled", playable ? "false" : "true");
      node.setAttribute("aria-label", (words(c) || c) + (playable ? ": playable" : ""));
      node.onclick = () => {
        if (!byCard.has(c)) { zoom(c); return; }  // not playable now: see it large
        S.selected = S.selected === c ? null : c;
        render();
      };
      box.appendChild(node);
    }
    const dec = $("decisions");
    dec.replaceChildren();
    for (const m of others) dec.appendChild(moveButton(m));
    $("decisions-sec").hidden = !others.length;
    const sheetMoves = S.selected !== null ? byCard.get(S.selected) : null;
    showSheet(sheetMoves ? S.selected : null, sheetMoves || []);
  }

  function showSheet(card, moves) {
    const sheet = $("sheet");
    const targets = $("targets");
    targets.replaceChildren();
    lightNamed(moves);
    if (card === null) {
      sheet.hidden = true;
      root.dataset.selected = "";
      return;
    }
    root.dataset.selected = card;
    $("sheet-title").textContent = moves.length === 1 ? "Play it?" : "Where to? (" + moves.length + ")";
    $("sheet-words").textContent = words(card);
    $("sheet-words").hidden = !words(card);
    for (const m of moves) targets.appendChild(moveButton(m, "target"));
    sheet.hidden = false;
    $("dock").scrollTop = 0;  // the sheet, at the dock's top, in sight
  }

  $("sheet-cancel").onclick = () => { S.selected = null; render(); };

  // ---- the meld builder (a game with proposals: a play is a whole new table) ---------------
  function renderMelds(mine) {
    const st = S.state;
    const view = st.view;
    const cards = hand() || [];
    showSheet(null, []);
    S.picks = S.picks.filter((c) => cards.includes(c));
    root.dataset.picks = String(S.picks.length);
    const prop = S.proposal && S.proposal.table ? S.proposal : null;
    $("machi").hidden = false;
    $("machi-title").textContent = prop ? "Proposed table" : "Table (" + view.table.length + " melds)";
    $("machi-note").textContent = prop ? prop.message : "";
    $("machi-note").hidden = !prop;
    const melds = $("melds");
    melds.replaceChildren();
    const before = new Set(view.table.map((m) => m.join("-")));
    for (const meld of prop ? prop.table : view.table) {
      const row = el("div", { class: "meld small" + (prop && !before.has(meld.join("-")) ? " changed" : "") });
      for (const c of meld) row.appendChild(cardNode(c, { cls: prop && prop.cards.includes(c) ? "fresh" : "" }));
      melds.appendChild(row);
    }
    if (!melds.children.length) melds.appendChild(el("p", {}, "The table is empty."));
    const acts = $("machi-actions");
    acts.replaceChildren();
    if (mine && prop) {
      const ok = el("button", { type: "button", class: "primary", id: "confirm" }, "Confirm: play this table");
      ok.onclick = () => sendMove(prop.move);
      const no = el("button", { type: "button", class: "quiet", id: "cancel" }, "Cancel");
      no.onclick = () => { S.proposal = null; root.dataset.proposal = ""; render(); };
      acts.append(ok, no);
    } else if (mine) {
      const n = S.picks.length;
      const ask = el("button", { type: "button", class: "primary", id: "propose" },
        n ? "Lay " + n + " selected card" + (n > 1 ? "s" : "") + " (the host arranges the table)" :
          "Tap cards in your hand to lay them");
      ask.disabled = !n || S.asking !== null;
      ask.onclick = askProposal;
      const meld = el("button", { type: "button", id: "new-meld" }, "Lay them as a new meld");
      meld.disabled = n < 3;
      meld.onclick = () => {
        const table = view.table.map((m) => m.join("-"));
        sendMove("play " + table.concat([S.picks.join("-")]).join(" "));
      };
      acts.append(ask);
      if (n >= 3) acts.append(meld);  // three cards or more may be a meld of their own
      if (n) {
        const clear = el("button", { type: "button", class: "quiet", id: "clear" }, "Clear selection");
        clear.onclick = () => { S.picks = []; S.proposal = null; render(); };
        acts.append(clear);
      }
    }
    acts.hidden = !acts.children.length;
    const box = $("hand");
    box.replaceChildren();
    $("hand-sec").hidden = S.seat === null;
    $("hand-title").textContent = "Your hand (" + cards.length + ")" + (mine && !prop ? ": tap to select" : "");
    for (const c of cards) {
      const picked = S.picks.includes(c);
      const lit = S.hint && prop && prop.cards.includes(c) ? " hinted" : "";  // the hint's cards
      const node = cardNode(c, { button: true,
        cls: (mine && !prop ? "playable" : "") + (picked ? " selected" : "") + lit });
      node.setAttribute("aria-pressed", picked ? "true" : "false");
      node.setAttribute("aria-disabled", mine && !prop ? "false" : "true");
      node.onclick = () => {
        if (!mine || prop) return;
        S.picks = picked ? S.picks.filter((x) => x !== c) : S.picks.concat([c]);
        render();
      };
      box.appendChild(node);
    }
    const dec = $("decisions");
    dec.replaceChildren();
    if (mine && !prop) for (const m of st.moves) dec.appendChild(moveButton(m));
    $("decisions-sec").hidden = !dec.children.length;
  }

  // ---- private information, outcome, log --------------------------------------------------
  function human(key) {
    const words = key.replace(/^my_/, "").replace(/_/g, " ");
    return "Your " + words;
  }

  function summary(value) {
    if (value === null || value === undefined) return "";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) return value.map(summary).filter((x) => x !== "").join(", ");
    if (typeof value === "object") {
      return Object.entries(value).map(([k, v]) => {
        const name = /^\d+$/.test(k) && S.names[Number(k)] ? S.names[Number(k)] : k;
        return name + ": " + summary(v);
      }).join("; ");
    }
    return String(value);
  }

  function empty(value) {
    return value === null || value === undefined || value === "" ||
      (Array.isArray(value) && !value.length) ||
      (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length);
  }

  // A game without a phone table (tabletop/net/phone_table.py): what its view holds for this
  // seat alone, each field by its name.
  function renderInfo() {
    const st = S.state;
    const dl = $("info");
    dl.replaceChildren();
    if (!st || S.seat === null || st.table) { $("info-sec").hidden = true; return; }
    const view = st.view || {};
    for (const [k, v] of Object.entries(view)) {
      if (k === "hands" || empty(v)) continue;
      const perSeat = Array.isArray(v) && v.length === view.players;
      const secret = perSeat && v.some((x, i) => i !== S.seat && x === null) && v[S.seat] !== null;
      if (!secret && !k.startsWith("my_")) continue;
      dl.append(el("dt", {}, human(k)), el("dd", {}, summary(secret ? v[S.seat] : v)));
    }
    $("info-sec").hidden = !dl.children.length;
  }

  function renderOutcome() {
    const st = S.state;
    const out = st && st.outcome;
    $("outcome-sec").hidden = !out;
    document.body.classList.toggle("won", !!out && out.winners.includes(S.seat));
    if (!out) return;
    $("headline").textContent = out.headline;
    $("outcome").textContent = out.detail;
    const table = $("scores");
    const stacked = $("scores-stacked");
    table.replaceChildren();
    stacked.replaceChildren();
    const { head, rows } = out.table;
    if (head.length <= 4) {
      // few columns: the TV's table as it is
      const tr = el("tr");
      for (const cell of head) tr.appendChild(el("th", {}, cell));
      table.appendChild(el("thead")).appendChild(tr);
      const body = table.appendChild(el("tbody"));
      for (const row of rows) {
        const line = body.appendChild(el("tr"));
        row.forEach((cell, i) => line.appendChild(el(i ? "td" : "th", {}, cell)));
      }
    } else {
      // too wide for a phone: each row a block of "column: value" lines
      for (const row of rows) {
        const block = stacked.appendChild(el("div", { class: "row" }));
        block.appendChild(el("h3", {}, row[0]));
        const dl = block.appendChild(el("dl"));
        row.slice(1).forEach((cell, i) => {
          if (cell === "") return;
          dl.append(el("dt", {}, head[i + 1]), el("dd", {}, cell));
        });
      }
    }
    table.hidden = !table.children.length;
    stacked.hidden = !stacked.children.length;
  }

  function renderLog() {
    const list = $("log");
    list.replaceChildren();
    for (const e of S.log.slice(-8)) list.appendChild(el("li", {}, e.text));
    $("log-sec").hidden = !S.log.length;
  }

  // ---- hints: the host's move for this decision, and why ------------------------------------
  function askHint() {
    const st = S.state;
    if (!st || !st.your_turn || S.hinting) return;
    const id = nextId("h");
    if (send({ type: "hint", id: id, ply: st.ply })) {
      S.hinting = id; S.hint = null;
      render();
    }
  }

  function onHint(msg) {
    if (msg.id !== S.hinting) return;
    S.hinting = null;
    if (!S.state || msg.ply !== S.state.ply) return;  // the table moved on: dropped
    S.hint = msg;
    root.dataset.hint = msg.move;
    // a game whose play is a whole new table: the hint is shown as a proposal to confirm
    if (S.proposals && /^play /.test(msg.move)) {
      const table = msg.move.slice(5).trim().split(/\s+/).map((m) => m.split("-"));
      const held = hand() || [];
      S.proposal = { table: table, move: msg.move, message: msg.text,
        cards: table.flat().filter((c) => held.includes(c)) };
    }
    render();
  }

  // The cards of the hinted move (lit in the hand).
  function hintCards() {
    if (!S.hint || !S.state) return [];
    const m = (S.state.moves || []).find((x) => x.text === S.hint.move);
    return m ? m.cards : [];
  }

  function renderHint() {
    const st = S.state;
    const mine = !!(st && st.your_turn && !S.stop);
    const shown = mine && !!S.hint;
    $("hint-box").hidden = !shown;
    $("hint-text").textContent = shown ? S.hint.text : "";
    $("hint-play").hidden = !shown || (S.proposals && !!S.proposal);  // Confirm plays it there
    $("hint-row").hidden = !(mine && S.hints && !shown);
    $("hint-ask").disabled = !!S.hinting;
    $("hint-ask").textContent = S.hinting ? "Thinking about a hint…" : "Hint: what would you play?";
  }

  $("hint-ask").onclick = askHint;
  $("hint-play").onclick = () => { if (S.hint) sendMove(S.hint.move); };
  $("hint-dismiss").onclick = () => {
    S.hint = null; root.dataset.hint = "";
    if (S.proposals) { S.proposal = null; root.dataset.proposal = ""; }
    render();
  };

  // ---- How to play: the game's sheet, over the table ----------------------------------------
  function paragraphs(text) {
    const out = [];
    let list = null;
    for (const line of text.split("\n")) {
      if (line.startsWith("• ")) {
        if (!list) { list = el("ul"); out.push(list); }
        list.appendChild(el("li", {}, line.slice(2)));
      } else if (line.trim()) {
        list = null;
        out.push(el("p", {}, line));
      }
    }
    return out;
  }

  function openHowto() {
    if (!S.howto) return;
    const body = $("howto-body");
    body.replaceChildren();
    $("howto-title").textContent = "How to play " + S.title;
    for (const part of S.howto.sections) {
      body.appendChild(el("h3", {}, part.title));
      body.append(...paragraphs(part.text));
      if (part.pictures.length) {
        const row = body.appendChild(el("div", { class: "cards" }));
        for (const n of part.pictures) {
          const src = "/howto/" + n + ".png?g=" + encodeURIComponent(S.game);
          const card = row.appendChild(el("div", { class: "card" }));
          card.dataset.picture = String(n);
          card.appendChild(el("img", { src: src, alt: "", draggable: false }));
          card.onclick = () => zoomSrc(src, "");
        }
      }
    }
    $("howto").hidden = false;
    $("howto").scrollTop = 0;
    root.dataset.howto = "1";
    $("howto-close").focus();
  }

  function closeHowto() { $("howto").hidden = true; root.dataset.howto = ""; }
  $("howto-open").onclick = openHowto;
  $("howto-close").onclick = closeHowto;
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !$("howto").hidden && $("zoom").hidden) closeHowto();
  });

  window.phone = {
    send: send,
    sendMove: sendMove,
    state: () => S.state,
    seat: () => S.seat,
  };
  connect();
})();
