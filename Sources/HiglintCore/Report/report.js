(function () {
  "use strict";
  var root = document.documentElement;
  var errors = 0;
  window.addEventListener("error", function () { errors += 1; root.setAttribute("data-errors", String(errors)); });
  var NS = "http://www.w3.org/2000/svg";
  var SEVERITY = { e: "error", w: "warning", i: "info" };
  var RANK = { error: 3, warning: 2, info: 1 };
  var BATCH = 40;
  var started = performance.now();
  var data = JSON.parse(document.getElementById("higlint-data").textContent);
  var storeKey = "higlint-report:" + location.pathname;

  function pluginOf(rule) { var dot = rule.indexOf("."); return dot < 0 ? rule : rule.slice(0, dot); }

  // Ids, rule ids and plugin names are the spec's and the plugins' words: a key such as
  // `constructor` or `__proto__` reads Object.prototype's member from a plain object, so
  // maps keyed by them are Maps, and objects parsed from JSON are read by own keys only.
  function own(object, key) {
    return object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
  }

  // Cards: one per screen, and one per file for findings on no screen.
  var cards = [];
  data.files.forEach(function (file) {
    var perScreen = file.s.map(function () { return []; });
    var loose = [];
    file.x.forEach(function (x) {
      var finding = { file: file.f, line: x.l, col: x.c, rule: x.r, severity: SEVERITY[x.v] || "info", bar: x.b,
        plugin: pluginOf(x.r), message: x.m, element: x.e, url: x.u, hint: x.h !== undefined ? x.h : ((own(data.rules, x.r) || {}).h || "") };
      if (x.k !== undefined && perScreen[x.k]) { perScreen[x.k].push(finding); } else { loose.push(finding); }
    });
    file.s.forEach(function (screen, index) {
      cards.push({ file: file.f, name: screen.n, wire: screen, findings: perScreen[index] });
    });
    if (loose.length || file.s.length === 0) { cards.push({ file: file.f, name: null, wire: null, findings: loose }); }
  });

  var state = { severity: { error: true, warning: true, info: true }, plugins: new Map(), clean: false, query: "", dark: false };

  // A colour pair from the data, [light, dark], in the appearance shown.
  function shade(pair) { return pair ? pair[state.dark ? 1 : 0] : undefined; }
  function hasColors(w) {
    return w.bg !== undefined || w.i.some(function (item) { return item.fc !== undefined || item.fb !== undefined; });
  }
  var shown = [];
  var drawn = 0;
  var observe = function () {};
  var main = document.getElementById("cards");
  var status = document.getElementById("status");

  function visibleFindings(card) {
    return card.findings.filter(function (f) { return state.severity[f.severity] && state.plugins.get(f.plugin) !== false; });
  }

  function matches(card, findings) {
    if (!state.query) { return true; }
    var q = state.query;
    if (card.file.toLowerCase().indexOf(q) >= 0 || (card.name || "").toLowerCase().indexOf(q) >= 0) { return true; }
    return findings.some(function (f) {
      return f.rule.indexOf(q) >= 0 || f.message.toLowerCase().indexOf(q) >= 0 || (f.element || "").toLowerCase().indexOf(q) >= 0;
    });
  }

  function refilter() {
    shown = [];
    cards.forEach(function (card) {
      var findings = visibleFindings(card);
      var keep = findings.length > 0 || (state.clean && card.findings.length === 0);
      if (keep && matches(card, findings)) { shown.push({ card: card, findings: findings }); }
    });
    drawn = 0;
    main.textContent = "";
    if (shown.length === 0) {
      var empty = el("p", "empty", cards.length ? "No screen matches the filters." : "No spec was reviewed.");
      main.appendChild(empty);
    }
    drawMore();
    observe();
    status.textContent = shown.length + " of " + cards.length + " screen" + (cards.length === 1 ? "" : "s") + " shown";
  }

  function drawMore() {
    var end = Math.min(shown.length, drawn + BATCH);
    var fragment = document.createDocumentFragment();
    for (; drawn < end; drawn += 1) { fragment.appendChild(renderCard(shown[drawn].card, shown[drawn].findings)); }
    main.appendChild(fragment);
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function svg(tag, attrs, parent) {
    var node = document.createElementNS(NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, String(attrs[key])); });
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function worst(findings) {
    var best = null;
    findings.forEach(function (f) { if (!best || RANK[f.severity] > RANK[best]) { best = f.severity; } });
    return best;
  }

  function renderCard(card, findings) {
    var section = el("section", "card");
    var head = el("header");
    head.appendChild(el("h2", null, card.name !== null ? card.name : (card.wire ? "(unnamed screen)" : "(file)")));
    head.appendChild(el("span", "path", card.file));
    var counts = el("span", "counts");
    ["error", "warning", "info"].forEach(function (severity) {
      var n = findings.filter(function (f) { return f.severity === severity; }).length;
      if (n) { counts.appendChild(el("span", "pill sev-" + severity, n + " " + severity + (n === 1 || severity === "info" ? "" : "s"))); }
    });
    head.appendChild(counts);
    section.appendChild(head);
    var body = el("div", "body");
    var marks = new Map();
    if (card.wire) { body.appendChild(wireframe(card, findings, marks)); }
    body.appendChild(list(findings, marks));
    section.appendChild(body);
    return section;
  }

  function list(findings, marks) {
    if (!findings.length) { return el("p", "clean", "No findings."); }
    var ol = el("ol", "findings");
    findings.forEach(function (f) {
      var li = el("li", "sev-" + f.severity);
      var top = el("div");
      top.appendChild(el("span", "rule", f.rule));
      top.appendChild(document.createTextNode(" "));
      top.appendChild(el("span", "where", f.file + ":" + f.line + ":" + f.col + (f.element ? " · " + f.element : "")));
      li.appendChild(top);
      li.appendChild(el("p", "msg", f.message));
      if (f.hint) { li.appendChild(withCode(el("p", "hint"), f.hint)); }
      // Only web links open: the page never follows a javascript: or file: address.
      if (typeof f.url === "string" && f.url.indexOf("https://") === 0) {
        var link = el("a", "design-link", "Open in the design");
        link.href = f.url;
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        li.appendChild(link);
      }
      var mark = f.element !== undefined ? marks.get(f.element) : undefined;
      if (mark) {
        li.addEventListener("mouseenter", function () { mark.classList.add("lit"); });
        li.addEventListener("mouseleave", function () { mark.classList.remove("lit"); });
        mark.addEventListener("mouseenter", function () { li.classList.add("lit"); });
        mark.addEventListener("mouseleave", function () { li.classList.remove("lit"); });
      }
      ol.appendChild(li);
    });
    return ol;
  }

  // Hints quote keys and values in backticks, as the docs do: those parts show as code.
  function withCode(node, value) {
    value.split("`").forEach(function (part, index) {
      if (!part) { return; }
      node.appendChild(index % 2 ? el("code", null, part) : document.createTextNode(part));
    });
    return node;
  }

  function fit(text, width, size) {
    var max = Math.max(1, Math.floor(width / (size * 0.58)));
    return text.length > max ? text.slice(0, Math.max(1, max - 1)) + "\u2026" : text;
  }

  function text(parent, x, y, value, cls, size, anchor, width) {
    var node = svg("text", { x: x, y: y, "font-size": size, "text-anchor": anchor || "start", "class": cls }, parent);
    node.textContent = width ? fit(value, width, size) : value;
    return node;
  }

  function rect(parent, r, cls, radius) {
    return svg("rect", { x: r[0], y: r[1], width: Math.max(0, r[2]), height: Math.max(0, r[3]), rx: radius || 0, "class": cls }, parent);
  }

  function wireframe(card, findings, marks) {
    var w = card.wire;
    var cw = w.c[0], ch = w.c[1];
    // The view box grows to show elements placed off the canvas (a finding is often about them).
    var minX = 0, minY = 0, maxX = cw, maxY = ch;
    w.i.forEach(function (item) {
      var f = item.a || item.f;
      minX = Math.min(minX, f[0]); minY = Math.min(minY, f[1]);
      maxX = Math.max(maxX, f[0] + f[2]); maxY = Math.max(maxY, f[1] + f[3]);
    });
    var pad = 6;
    var vw = maxX - minX + 2 * pad, vh = maxY - minY + 2 * pad;
    var scale = Math.min(300 / vw, 540 / vh);
    var u = 1 / scale;
    var figure = el("figure");
    var pic = svg("svg", { viewBox: [minX - pad, minY - pad, vw, vh].join(" "), width: Math.round(vw * scale),
      height: Math.round(vh * scale), role: "img" });
    var title = svg("title", {}, pic);
    title.textContent = "Wireframe of " + (card.name || "unnamed screen");
    var canvas = rect(pic, [0, 0, cw, ch], "canvas", 10 * u);
    canvas.setAttribute("stroke-width", u);
    // A screen with colours is drawn in them, on the system background of the appearance
    // when it sets none: what text.contrast measured, in light or dark.
    if (hasColors(w)) {
      canvas.style.fill = shade(w.bg) || (state.dark ? "#000000" : "#FFFFFF");
      pic.setAttribute("data-appearance", state.dark ? "dark" : "light");
    }
    var content = w.i.filter(function (item) { return !item.p; });
    var barItems = w.i.filter(function (item) { return item.p; });
    content.forEach(function (item) { drawItem(pic, item, u); });
    if (w.sb) {
      rect(pic, w.sb, "bar").setAttribute("stroke-width", 0);
      text(pic, w.sb[0] + 8 * u, w.sb[1] + w.sb[3] / 2 + 4 * u, "9:41", "bar-text", 10 * u);
    }
    if (w.nb) {
      var nb = w.nb.r;
      rect(pic, nb, "bar").setAttribute("stroke-width", u);
      if (w.nb.t !== undefined) {
        text(pic, nb[0] + nb[2] / 2, nb[1] + nb[3] / 2 + 4 * u, w.nb.t, "bar-text", 12 * u, "middle", nb[2] * 0.5)
          .setAttribute("font-weight", "600");
      }
      if (w.nb.b !== undefined) {
        text(pic, nb[0] + 6 * u, nb[1] + nb[3] / 2 + 4 * u, "\u2039 " + w.nb.b, "label-button", 11 * u, "start", nb[2] * 0.28);
      }
    }
    if (w.tb) { rect(pic, w.tb, "bar").setAttribute("stroke-width", u); }
    if (w.tab) { rect(pic, w.tab, "bar").setAttribute("stroke-width", u); }
    barItems.forEach(function (item) { drawItem(pic, item, u); });

    // Outlines last, so they sit on top: one per element, and one per bar a finding is about
    // as a whole (six tabs), each in its worst severity's colour and labelled with its rules.
    function outline(f, list, bar) {
      var attributes = { "class": "sev-" + worst(list) };
      if (bar !== undefined) { attributes["data-bar"] = bar; }
      var group = svg("g", attributes, pic);
      var mark = svg("rect", { x: f[0] - 2 * u, y: f[1] - 2 * u, width: f[2] + 4 * u, height: f[3] + 4 * u,
        rx: 3 * u, "class": "mark", "stroke-width": 2.5 * u }, group);
      var rules = [];
      list.forEach(function (x) { if (rules.indexOf(x.rule) < 0) { rules.push(x.rule); } });
      var label = rules.join(", ");
      var size = 10 * u;
      var tagWidth = Math.min(label.length * size * 0.6 + 6 * u, vw - 2 * pad);
      var tx = Math.min(Math.max(f[0] - 2 * u, minX - pad), minX - pad + vw - tagWidth);
      var ty = f[1] - 2 * u - size * 1.45;
      if (ty < minY - pad) { ty = f[1] + f[3] + 2 * u; }
      var tag = svg("g", { "class": "tag" }, group);
      svg("rect", { x: tx, y: ty, width: tagWidth, height: size * 1.45, rx: 2 * u }, tag);
      text(tag, tx + 3 * u, ty + size * 1.08, label, "", size, "start", tagWidth - 6 * u);
      return mark;
    }
    var BARS = { "tab-bar": w.tab, "toolbar": w.tb, "navigation-bar": w.nb ? w.nb.r : undefined };
    var byBar = new Map();
    var byElement = new Map();
    var order = [];
    findings.forEach(function (f) {
      if (f.element === undefined) {
        if (f.bar === undefined || !own(BARS, f.bar)) { return; }
        if (!byBar.has(f.bar)) { byBar.set(f.bar, []); }
        byBar.get(f.bar).push(f);
        return;
      }
      if (!byElement.has(f.element)) { byElement.set(f.element, []); order.push(f.element); }
      byElement.get(f.element).push(f);
    });
    byBar.forEach(function (list, place) { outline(BARS[place], list, place); });
    var undrawn = [];
    order.forEach(function (name) {
      var item = null;
      for (var k = 0; k < w.i.length; k += 1) { if (w.i[k].n === name) { item = w.i[k]; break; } }
      if (!item) { undrawn.push(name); return; }
      marks.set(name, outline(item.f, byElement.get(name)));
    });
    figure.appendChild(pic);
    var notes = [];
    if (w.u && w.u.length) { notes.push("Not drawn (no frame): " + w.u.join(", ") + "."); }
    var missing = undrawn.filter(function (name) { return !w.u || w.u.indexOf(name) < 0; });
    if (missing.length) { notes.push("Also about parts not drawn: " + missing.join(", ") + "."); }
    if (notes.length) { figure.appendChild(el("figcaption", null, notes.join(" "))); }
    return figure;
  }

  function drawItem(parent, item, u) {
    var f = item.f, t = item.t;
    var x = f[0], y = f[1], wd = f[2], ht = f[3];
    var label = item.l !== undefined ? item.l : (item.o !== undefined ? item.o : "");
    var size = Math.min(12 * u, Math.max(7 * u, ht * 0.45));
    var cy = y + ht / 2 + size * 0.35;
    var g = svg("g", {}, parent);
    if (item.a) { rect(g, item.a, "hit").setAttribute("stroke-width", u); }
    var sw = u;
    if (t === "button") {
      rect(g, f, "el el-button", Math.min(8 * u, ht / 2)).setAttribute("stroke-width", sw);
      text(g, x + wd / 2, cy, label || item.n, "label label-button", size, "middle", wd - 4 * u);
    } else if (t === "text") {
      rect(g, f, "el el-text").setAttribute("stroke-width", sw);
      text(g, x + 2 * u, cy, label || item.n, label ? "label" : "label label-muted", size, "start", wd - 4 * u);
    } else if (t === "image") {
      rect(g, f, "el el-image", 4 * u).setAttribute("stroke-width", sw);
      svg("path", { d: "M" + x + " " + y + "L" + (x + wd) + " " + (y + ht) + "M" + (x + wd) + " " + y + "L" + x + " " + (y + ht),
        stroke: "#c4c9d2", "stroke-width": sw }, g);
      if (label) { text(g, x + wd / 2, cy, label, "label label-muted", size, "middle", wd - 4 * u); }
    } else if (t === "text-field") {
      rect(g, f, "el el-field", 6 * u).setAttribute("stroke-width", sw);
      text(g, x + 6 * u, cy, label || item.n, "label label-muted", size, "start", wd - 10 * u);
    } else if (t === "switch") {
      rect(g, f, "el el-on", ht / 2).setAttribute("stroke-width", sw);
      svg("circle", { cx: x + wd - ht / 2, cy: y + ht / 2, r: Math.max(0, ht / 2 - 2 * u), fill: "#fff" }, g);
    } else if (t === "slider") {
      svg("line", { x1: x, y1: y + ht / 2, x2: x + wd, y2: y + ht / 2, stroke: "#0a62b8", "stroke-width": 3 * u }, g);
      svg("circle", { cx: x + wd * 0.4, cy: y + ht / 2, r: Math.min(ht / 2, 12 * u), fill: "#fff", stroke: "#a1a1a6", "stroke-width": sw }, g);
    } else if (t === "segmented-control") {
      rect(g, f, "el el-field", 7 * u).setAttribute("stroke-width", sw);
      for (var s = 1; s < 3; s += 1) {
        svg("line", { x1: x + wd * s / 3, y1: y + 3 * u, x2: x + wd * s / 3, y2: y + ht - 3 * u, stroke: "#a9afb9", "stroke-width": sw }, g);
      }
      if (label) { text(g, x + wd / 6, cy, label, "label", size, "middle", wd / 3 - 4 * u); }
    } else if (t === "list" || t === "grid") {
      rect(g, f, "el el-container").setAttribute("stroke-width", sw);
      var rows = Math.min(40, Math.floor(ht / 44));
      for (var r = 1; r <= rows; r += 1) {
        svg("line", { x1: x + 12 * u, y1: y + r * 44, x2: x + wd, y2: y + r * 44, stroke: "#e5e5ea", "stroke-width": sw }, g);
      }
      if (t === "grid") {
        for (var c = 1; c < 3; c += 1) {
          svg("line", { x1: x + wd * c / 3, y1: y, x2: x + wd * c / 3, y2: y + ht, stroke: "#e5e5ea", "stroke-width": sw }, g);
        }
      }
      text(g, x + 6 * u, y + 14 * u, item.n + " (" + t + ")", "label label-muted", 10 * u, "start", wd - 8 * u);
    } else if (t === "alert" || t === "action-sheet") {
      rect(g, f, "el el-modal", 12 * u).setAttribute("stroke-width", 1.5 * u);
      text(g, x + wd / 2, y + 18 * u, label || item.n, "label", 11 * u, "middle", wd - 8 * u).setAttribute("font-weight", "600");
    } else if (t === "group" || t === "custom") {
      rect(g, f, "el el-container", 4 * u).setAttribute("stroke-width", sw);
      if (t === "custom" || label) { text(g, x + 4 * u, y + 12 * u, label || item.n, "label label-muted", 9 * u, "start", wd - 8 * u); }
    } else if (t === "tab") {
      svg("circle", { cx: x + wd / 2, cy: y + ht * 0.36, r: Math.min(ht * 0.18, 9 * u), fill: "#c7c7cc" }, g);
      text(g, x + wd / 2, y + ht * 0.82, label || item.n, "label", 9 * u, "middle", wd - 4 * u);
      if (item.g !== undefined) {
        svg("circle", { cx: x + wd / 2 + 9 * u, cy: y + ht * 0.2, r: 6 * u, fill: "#ff3b30" }, g);
        text(g, x + wd / 2 + 9 * u, y + ht * 0.2 + 3 * u, item.g, "", 8 * u, "middle", 12 * u).setAttribute("fill", "#fff");
      }
    } else {
      rect(g, f, item.p ? "el el-button" : "el", 4 * u).setAttribute("stroke-width", sw);
      text(g, x + wd / 2, cy, label || item.n, item.p ? "label label-button" : "label", size, "middle", wd - 4 * u);
    }
    if (item.fb !== undefined) {
      var shape = g.querySelector("rect.el");
      if (shape) { shape.style.fill = shade(item.fb); }
    }
    if (item.fc !== undefined) {
      Array.prototype.forEach.call(g.querySelectorAll("text.label"), function (label) { label.style.fill = shade(item.fc); });
    }
  }

  // Filters.
  Array.prototype.forEach.call(document.querySelectorAll("input[data-plugin]"), function (box) {
    state.plugins.set(box.getAttribute("data-plugin"), box.checked);
  });
  function readFilters() {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-severity]"), function (box) {
      state.severity[box.getAttribute("data-severity")] = box.checked;
    });
    Array.prototype.forEach.call(document.querySelectorAll("input[data-plugin]"), function (box) {
      state.plugins.set(box.getAttribute("data-plugin"), box.checked);
    });
    state.clean = document.getElementById("show-clean").checked;
    var dark = document.getElementById("appearance-dark");
    state.dark = dark ? dark.checked : false;
    state.query = document.getElementById("query").value.trim().toLowerCase();
  }
  function writeFilters(saved) {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-severity]"), function (box) {
      var v = own(saved.severity, box.getAttribute("data-severity"));
      if (typeof v === "boolean") { box.checked = v; }
    });
    Array.prototype.forEach.call(document.querySelectorAll("input[data-plugin]"), function (box) {
      var v = own(saved.plugins, box.getAttribute("data-plugin"));
      if (typeof v === "boolean") { box.checked = v; }
    });
    if (typeof saved.clean === "boolean") { document.getElementById("show-clean").checked = saved.clean; }
    var dark = document.getElementById("appearance-dark");
    if (dark && typeof saved.dark === "boolean") { dark.checked = saved.dark; }
    if (typeof saved.query === "string") { document.getElementById("query").value = saved.query; }
  }
  document.querySelector("nav.filters").addEventListener("change", function () { readFilters(); refilter(); });
  var typing = 0;
  document.getElementById("query").addEventListener("input", function () {
    clearTimeout(typing);
    typing = setTimeout(function () { readFilters(); refilter(); }, 150);
  });

  // The appearance starts as the system's, and the toggle switches it.
  var darkToggle = document.getElementById("appearance-dark");
  if (darkToggle && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) { darkToggle.checked = true; }

  // Live mode (watch): reload on a timer, keeping the scroll position and the filters.
  var saved = null;
  if (data.live) {
    if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
    try { saved = JSON.parse(sessionStorage.getItem(storeKey) || "null"); } catch (e) { saved = null; }
    if (saved) { writeFilters(saved); }
    setTimeout(function () {
      try {
        // A null-prototype object, so that a plugin named `__proto__` is a key like any other.
        var plugins = Object.create(null);
        state.plugins.forEach(function (checked, name) { plugins[name] = checked; });
        sessionStorage.setItem(storeKey, JSON.stringify({ scrollY: window.scrollY, severity: state.severity,
          plugins: plugins, clean: state.clean, dark: state.dark, query: document.getElementById("query").value }));
      } catch (e) { /* storage off: the reload just starts at the top */ }
      location.reload();
    }, data.live * 1000);
  }

  readFilters();
  refilter();
  if (saved && typeof saved.scrollY === "number") {
    while (drawn < shown.length && document.body.scrollHeight < saved.scrollY + window.innerHeight) { drawMore(); }
    window.scrollTo(0, saved.scrollY);
  }
  if ("IntersectionObserver" in window) {
    // Observing afresh after each batch makes the observer report again while the end is still in view.
    var sentinel = document.getElementById("more");
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) { return; }
      drawMore();
      observer.unobserve(sentinel);
      if (drawn < shown.length) { observer.observe(sentinel); }
    }, { rootMargin: "1200px" });
    observe = function () { observer.unobserve(sentinel); if (drawn < shown.length) { observer.observe(sentinel); } };
    observe();
  } else {
    while (drawn < shown.length) { drawMore(); }
  }
  root.setAttribute("data-rendered-ms", String(Math.round(performance.now() - started)));
  root.setAttribute("data-cards", String(cards.length));
})();
