// MobileExercises live pages (Docs/Web.md). This script only forwards what the person does to
// the server over a WebSocket and applies the screens the server sends back: every decision
// (what a tap selects, whether a drag scrubs or scrolls, which images load) is the server's
// view-model's; the browser scrolls, and the page reports where to. No third-party code; runs
// under a Content-Security-Policy without inline script.
"use strict";
(() => {
  const body = document.body;
  const root = document.getElementById("live-root");
  const status = document.getElementById("live-status");
  const session = body.dataset.session;
  const pointerSurface = body.dataset.surface === "pointer";
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  // What tests read: the last event acknowledged, the screen's version, errors the server sent.
  const stats = (window.liveStats = { sent: 0, acked: 0, version: 0, renders: 0, patches: 0, resyncs: 0, errors: [], connected: false });
  let socket = null, seq = 0, retry = 0, queue = [], lastVisible = "", lastSize = "", awaitingWhole = false;
  // The pointer held down on a pointer surface, if any (its drag may be scrolling the surface).
  let down = null;

  const content = () => root.querySelector(".content");
  const say = (text) => { if (status.textContent !== text) status.textContent = text; };

  function connect() {
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live/" + session);
    socket.onopen = () => {
      retry = 0; stats.connected = true; say("");
      lastSize = ""; lastVisible = "";
      reportViewport(); reportScroll();
      for (const message of queue.splice(0)) socket.send(message);
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      socket = null; stats.connected = false;
      say(body.dataset.reconnecting || "Connection lost. Reconnecting…");
      setTimeout(connect, Math.min(5000, 200 * 2 ** retry++));
    };
  }

  function send(message) {
    message.seq = ++seq;
    const text = JSON.stringify(message);
    stats.sent = seq;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
    else if (message.type !== "pointer" && queue.length < 50) queue.push(text);
  }

  function addRules(message) {
    if (message.reset) sheet.replaceSync("");
    for (const rule of message.css || []) {
      try { sheet.insertRule(rule, sheet.cssRules.length); } catch (error) { /* a rule this browser does not know */ }
    }
  }
  function rendered(message) {
    position();
    stats.version = message.version; stats.renders++;
    if (message.title) document.title = message.title + " · MobileExercises";
    // A list's rows in view may change with a render; a pointer surface reports when it rests.
    if (!pointerSurface) requestAnimationFrame(reportScroll);
  }

  function receive(message) {
    if (message.ack) stats.acked = Math.max(stats.acked, message.ack);
    if (message.type === "render") {
      addRules(message);
      if (message.html !== undefined) {
        morphChildren(root, parse(message.html));
        awaitingWhole = false;
        rendered(message);
      }
      settleWork();
    } else if (message.type === "patch") {
      // Only what changed since the screen this page has (`base`); a page that has another
      // screen, or finds another node than the patch expects, asks for the whole screen.
      // Patches that were on their way when the page asked for the whole screen are not for it.
      addRules(message);
      if (awaitingWhole) { settleWork(); return; }
      if (message.base !== stats.version) { resync(); return; }
      try {
        applyPatch(message.ops || []);
        rendered(message);
        stats.patches++;
      } catch (error) {
        resync();
      }
      settleWork();
    } else if (message.type === "error") {
      stats.errors.push(message.message);
      say(message.message);
    } else if (message.type === "expired") {
      location.reload();
    }
  }

  // A patch (Docs/Web.md, "Messages"): operations addressed by paths of child indices from the
  // root, counting what the server rendered (elements on their way out do not count):
  // ["t", path, text], ["a", path, tag, [[name, value]…], [removed…]?], ["s", path, tag, at, remove, html].
  const present = (node) => [...node.childNodes].filter((child) => !leaving(child) && child.nodeType !== Node.COMMENT_NODE);
  const nameOf = (node) => (node.nodeType === Node.TEXT_NODE ? "#text" : node.nodeName.toLowerCase());
  function nodeAt(path, expected) {
    let node = root;
    for (const index of path) {
      node = present(node)[index];
      if (!node) throw new Error("no node at " + path);
    }
    if (path.length && nameOf(node) !== expected.toLowerCase()) throw new Error("another node at " + path);
    return node;
  }
  function applyPatch(operations) {
    for (const operation of operations) {
      const kind = operation[0], path = operation[1];
      if (kind === "t") {
        const node = nodeAt(path, "#text");
        if (node.data !== operation[2]) node.data = operation[2];
      } else if (kind === "a") {
        const node = nodeAt(path, operation[2]);
        for (const name of operation[4] || []) if (name !== "style") node.removeAttribute(name);
        for (const [name, value] of operation[3]) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
      } else if (kind === "s") {
        const parent = nodeAt(path, operation[2]);
        const children = present(parent), at = operation[3], remove = operation[4];
        if (at + remove > children.length) throw new Error("too few children at " + path);
        const next = children[at + remove] || null;
        for (const gone of children.slice(at, at + remove)) leave(gone);
        parent.insertBefore(parse(operation[5]), next);
      } else {
        throw new Error("unknown operation " + kind);
      }
    }
  }
  function resync() {
    awaitingWhole = true;
    stats.resyncs++;
    send({ type: "resync" });
  }

  // Swaps the new markup in by patching the old: elements stay where they are (focus, scroll
  // position and loaded images survive), only what changed is touched. Elements with an id are
  // matched by it (a Hoo stays the same element when the selection's buttons appear before it).
  function parse(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }
  const keyOf = (node) => (node.nodeType === Node.ELEMENT_NODE && node.id) || "";
  function morph(old, next) {
    if (old.nodeType === Node.TEXT_NODE) { if (old.data !== next.data) old.data = next.data; return; }
    if (old.nodeType !== Node.ELEMENT_NODE) return;
    // `style` is never the server's (its markup has none): it is the page's own, set through the
    // CSSOM (a list pulled down), and stays.
    for (const attribute of [...old.attributes]) {
      if (attribute.name !== "style" && !next.hasAttribute(attribute.name)) old.removeAttribute(attribute.name);
    }
    for (const attribute of next.attributes) {
      if (old.getAttribute(attribute.name) !== attribute.value) old.setAttribute(attribute.name, attribute.value);
    }
    morphChildren(old, next);
  }
  function morphChildren(old, next) {
    const wanted = new Set([...next.childNodes].map(keyOf).filter(Boolean));
    const keyed = new Map();
    for (const node of old.childNodes) if (keyOf(node) && !leaving(node)) keyed.set(keyOf(node), node);
    let cursor = old.firstChild;
    // Old elements whose id the new markup no longer has go first, so nothing focused moves;
    // elements already on their way out are stepped over.
    const skip = () => {
      while (cursor && (leaving(cursor) || (keyOf(cursor) && !wanted.has(keyOf(cursor))))) {
        const gone = cursor; cursor = cursor.nextSibling;
        if (!leaving(gone)) leave(gone);
      }
    };
    for (const node of [...next.childNodes]) {
      skip();
      const key = keyOf(node);
      let match = null;
      if (key) {
        match = keyed.get(key) || null;
        if (match && match.nodeName !== node.nodeName) match = null;
        keyed.delete(key);
      } else if (cursor && !keyOf(cursor) && cursor.nodeType === node.nodeType && cursor.nodeName === node.nodeName) {
        match = cursor;
      }
      if (!match) { old.insertBefore(node, cursor); continue; }
      if (match === cursor) cursor = cursor.nextSibling;
      else old.insertBefore(match, cursor);
      morph(match, node);
    }
    while (cursor) { const gone = cursor; cursor = cursor.nextSibling; if (!leaving(gone)) leave(gone); }
  }

  // Motion. An element the markup gives a `data-motion` enters with its animation (live.css)
  // and, when a render removes it, stays until its exit animation has played: the calendar
  // slides in from the top and away again, as on the phone. With Reduce Motion, nothing moves.
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const leaving = (node) => node.nodeType === Node.ELEMENT_NODE && node.classList.contains("live-leaving");
  function leave(node) {
    if (node.nodeType !== Node.ELEMENT_NODE || !node.dataset.motion || reducedMotion.matches) { node.remove(); return; }
    node.classList.add("live-leaving");
    node.removeAttribute("id");
    node.setAttribute("aria-hidden", "true");
    node.inert = true;
    const done = () => node.remove();
    node.addEventListener("animationend", done, { once: true });
    setTimeout(done, 700);
  }

  // Controls: a click (mouse, touch, Enter or Space) on anything with data-action.
  document.addEventListener("click", (event) => {
    const control = event.target.closest("[data-action]");
    if (!control || control.disabled) return;
    // On a pointer surface the pointer samples are the input; only keyboard clicks (detail 0) count.
    if (pointerSurface && event.detail > 0 && content() && content().contains(control)) return;
    event.preventDefault();
    const message = { type: "action", action: control.dataset.action };
    if (control.dataset.value !== undefined) message.value = control.dataset.value;
    send(message);
  });

  // A panel that goes away on a tap anywhere outside it, or on Escape (CarFit's calendar): the
  // markup says which action dismisses it (`data-dismiss-action`) and which control gets the
  // focus back (`data-dismiss-focus`). The tap that dismisses does nothing else, as on a phone.
  const openPanel = () => document.querySelector("[data-dismiss-action]:not(.live-leaving)");
  let swallowClick = false;
  function dismiss(panel, refocus) {
    if (panel.dataset.dismissSent) return;
    panel.dataset.dismissSent = "1";
    send({ type: "action", action: panel.dataset.dismissAction });
    const target = refocus && panel.dataset.dismissFocus && document.getElementById(panel.dataset.dismissFocus);
    if (target) target.focus();
  }
  document.addEventListener("pointerdown", (event) => {
    const panel = openPanel();
    if (!panel || panel.contains(event.target) || !root.contains(event.target)) return;
    // The control that opened it closes it by itself.
    const toggle = panel.dataset.dismissFocus && document.getElementById(panel.dataset.dismissFocus);
    if (toggle && toggle.contains(event.target)) return;
    swallowClick = true;
    dismiss(panel, false);
  }, true);
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const panel = openPanel();
    if (!panel) return;
    event.preventDefault();
    dismiss(panel, true);
  });

  function reportViewport() {
    const area = content();
    if (!area) return;
    const size = area.clientWidth + "x" + area.clientHeight;
    if (size === lastSize) return;
    lastSize = size;
    send({ type: "viewport", width: area.clientWidth, height: area.clientHeight });
  }

  // The list's scroll position and the rows in view, as a table view knows its visible rows; on
  // a pointer surface (no rows), where the scroll came to rest: the view-model's visible region.
  function reportScroll() {
    const area = content();
    if (!area) return;
    const box = area.getBoundingClientRect();
    let first = null, last = null;
    for (const row of area.querySelectorAll("[data-row]")) {
      const rect = row.getBoundingClientRect();
      if (rect.bottom > box.top && rect.top < box.bottom) {
        const index = Number(row.dataset.row);
        if (first === null || index < first) first = index;
        if (last === null || index > last) last = index;
      }
    }
    const key = pointerSurface ? String(Math.round(area.scrollTop)) : first + ":" + last;
    if (key === lastVisible) return;
    lastVisible = key;
    const message = { type: "scroll", top: area.scrollTop };
    if (first !== null) { message.first = first; message.last = last; }
    send(message);
  }
  // A list reports on the next frame; a pointer surface once its scroll rests (`scrollend`, or
  // 150 ms without a scroll event where that event is missing): a flick sends one report, not one
  // a frame. Keyboard focus, find in page and the scroll keys are the browser's own scrolling.
  let scrollPending = false, scrollRest = null;
  document.addEventListener("scroll", (event) => {
    if (pointerSurface) {
      if (event.target !== content()) return;
      clearTimeout(scrollRest);
      scrollRest = setTimeout(reportScroll, 150);
      return;
    }
    if (scrollPending) return;
    scrollPending = true;
    requestAnimationFrame(() => { scrollPending = false; reportScroll(); });
  }, true);
  document.addEventListener("scrollend", (event) => {
    if (!pointerSurface || event.target !== content() || down) return;
    clearTimeout(scrollRest);
    reportScroll();
  }, true);
  window.addEventListener("resize", () => requestAnimationFrame(reportViewport));

  // Work a control starts (a refresh) shows that it runs, from the moment it is asked for until
  // the server's screen says it is done (no `aria-busy="true"` left) and at least `minBusy` ms
  // have passed, so an instant refresh is still seen. The bar's button spins; a pull keeps its
  // spinner under the bar (`#live-pull`, outside the rendered markup).
  const minBusy = 800;
  let working = null;
  const serverBusy = () => !!root.querySelector('[aria-busy="true"]:not(.live-working)');
  // The busy marks are the page's own, so a render (which morphs the server's markup in) would
  // take them away: they are put back after each one while the work runs.
  const markBusy = (control, busy) => {
    if (!control) return;
    if (busy) { control.setAttribute("aria-busy", "true"); control.classList.add("live-working"); }
    else { control.removeAttribute("aria-busy"); control.classList.remove("live-working"); }
  };
  const workingControl = () => working && working.control && document.getElementById(working.control);
  function startWork(action, control) {
    const message = { type: "action", action };
    send(message);
    working = { seq: message.seq, since: performance.now(), control: control && control.id };
    markBusy(control, true);
    body.classList.add("live-refreshing");
    setTimeout(settleWork, minBusy);
  }
  function settleWork() {
    if (!working) return;
    if (stats.acked < working.seq || serverBusy() || performance.now() - working.since < minBusy) {
      markBusy(workingControl(), true);
      return;
    }
    markBusy(workingControl(), false);
    working = null;
    body.classList.remove("live-refreshing");
    releasePull();
  }
  document.addEventListener("click", (event) => {
    const control = event.target.closest('[data-action="refresh"]');
    if (!control || control.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (working) return;
    startWork("refresh", control);
  }, true);

  // Pull to refresh on a list that offers `refresh`, as UIRefreshControl: the list follows the
  // finger down with resistance and a spinner turns in the gap it leaves; let go past
  // `threshold` and the list stays open on the spinning spinner until the refresh is done (and
  // `minBusy` has passed), then closes. Meanwhile the screen's own refresh spinner
  // (`data-refresh-spinner`) is hidden: one spinner, where the finger left it.
  const pull = document.getElementById("live-pull") || document.createElement("div");
  const spinner = pull.firstElementChild || pull;
  const threshold = 64, held = 56;
  let pullStart = null, pulled = 0, pulledArea = null;
  const canPull = () => !pointerSurface && !!root.querySelector('[data-action="refresh"]');
  function showPull(area, gap, turn) {
    area.style.transform = gap ? `translateY(${gap}px)` : "";
    pull.style.top = area.getBoundingClientRect().top - gap + "px";
    pull.style.transform = gap ? `translateY(${gap / 2}px)` : "";
    spinner.style.transform = turn === null ? "" : `rotate(${turn}deg)`;
  }
  function releasePull() {
    if (!pulledArea) return;
    const area = pulledArea;
    pulledArea = null;
    body.classList.add("live-pull-settling");
    showPull(area, 0, null);
    pull.classList.remove("live-pull-held", "live-pull-ready");
    body.classList.remove("live-pulling");
    setTimeout(() => body.classList.remove("live-pull-settling"), 250);
  }
  document.addEventListener("touchstart", (event) => {
    const area = content();
    pulled = 0;
    pullStart = area && canPull() && !working && area.scrollTop <= 0 && area.contains(event.target) ? event.touches[0].clientY : null;
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    if (pullStart === null) return;
    const area = content();
    if (!area || area.scrollTop > 0) { pullStart = null; if (area) showPull(area, 0, null); return; }
    pulled = Math.max(0, event.touches[0].clientY - pullStart);
    pulledArea = area;
    const gap = Math.min(threshold * 1.5, pulled * 0.5);
    showPull(area, gap, pulled * 2);
    pull.classList.toggle("live-pull-ready", gap >= threshold * 0.75);
  }, { passive: true });
  document.addEventListener("touchend", () => {
    if (pullStart === null) return;
    pullStart = null;
    const area = pulledArea;
    if (!area) return;
    pull.classList.remove("live-pull-ready");
    if (pulled * 0.5 >= threshold * 0.75) {
      body.classList.add("live-pulling", "live-pull-settling");
      pull.classList.add("live-pull-held");
      showPull(area, held, null);
      startWork("refresh", null);
    } else {
      releasePull();
    }
  }, { passive: true });

  // A pointer surface: the browser scrolls it natively (live.css gives it `touch-action: pan-y`,
  // so a vertical pan is the browser's, with momentum, and the pointer is cancelled when it takes
  // over); every other sample goes to the server's gesture arbiter in content coordinates (the
  // scroll offset added), with a "stationary" sample every 100 ms while the pointer rests, so that
  // a press and hold can scrub. While the server's render says the touch scrubs
  // (`data-gesture="scrubbing"`), a non-passive touchmove stops the native scroll; while it says
  // the drag scrolls, moves are not sent, and a mouse or pen (which the browser does not pan)
  // scrolls the area itself.
  if (pointerSurface) {
    let idle = null;
    const gesture = () => { const marked = root.querySelector("[data-gesture]"); return marked ? marked.dataset.gesture : "idle"; };
    const sample = (phase, event) => {
      const area = content(), box = area.getBoundingClientRect();
      send({ type: "pointer", phase, time: event.timeStamp / 1000,
        x: event.clientX - box.left + area.scrollLeft, y: event.clientY - box.top + area.scrollTop });
    };
    // A resting pointer's time runs on from its last event's time stamp, so that events handled
    // late (a busy page) never look like a finger held still.
    const rest = (event) => {
      const stamp = event.timeStamp, handled = performance.now();
      clearInterval(idle);
      idle = setInterval(() => {
        if (!down || gesture() === "scrolling") return;
        sample("stationary", { timeStamp: stamp + performance.now() - handled, clientX: down.x, clientY: down.y });
      }, 100);
    };
    root.addEventListener("pointerdown", (event) => {
      if (!content() || !content().contains(event.target) || event.button > 0) return;
      event.preventDefault();
      content().setPointerCapture(event.pointerId);
      down = { id: event.pointerId, x: event.clientX, y: event.clientY, startY: event.clientY, following: false };
      sample("began", event); rest(event);
    });
    root.addEventListener("pointermove", (event) => {
      if (!down || event.pointerId !== down.id) return;
      // The first move the page scrolls by catches up with the pointer since it went down.
      const dy = event.clientY - (down.following ? down.y : down.startY);
      down.x = event.clientX; down.y = event.clientY;
      if (gesture() === "scrolling") {
        if (event.pointerType !== "touch") content().scrollTop -= dy;
        down.following = true;
        return;
      }
      sample("moved", event); rest(event);
    });
    const finish = (phase) => (event) => {
      if (!down || event.pointerId !== down.id) return;
      // A cancelled pointer (the browser took the pan) has no position of its own: the last one.
      sample(phase, phase === "cancelled" ? { timeStamp: event.timeStamp, clientX: down.x, clientY: down.y } : event);
      down = null; clearInterval(idle);
      reportScroll();
    };
    root.addEventListener("pointerup", finish("ended"));
    root.addEventListener("pointercancel", finish("cancelled"));
    root.addEventListener("touchmove", (event) => {
      if (down && event.cancelable && gesture() === "scrubbing") event.preventDefault();
    }, { passive: false });
  }

  // Where the list was (a reload resumes the session), else the screen's starting row (its
  // section's header pinned above it), once: at load, or when the first screen with it arrives.
  let positioned = false;
  function position() {
    const area = content();
    if (positioned || !area) return;
    const top = Number(root.dataset.scrollTop || "NaN");
    const start = document.getElementById("initial-row");
    if (top >= 0) {
      area.scrollTop = top;
    } else if (start) {
      const row = start.closest("li") || start;
      const header = row.closest("section")?.querySelector(".schedule-header");
      area.scrollTop += row.getBoundingClientRect().top - area.getBoundingClientRect().top - (header ? header.offsetHeight : 0);
    } else {
      return;
    }
    positioned = true;
  }
  position();
  connect();
})();
