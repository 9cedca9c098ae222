// The page's glue: it reads the form, asks the WebAssembly module
// (web/rollplan_web.cpp, the rollplan command's own code) and shows its
// answer. It computes nothing itself: a sitting is the list of faces given so
// far, replayed by the module on every click, so that a face taken back is one
// element dropped.
"use strict";

var Module = {
  onRuntimeInitialized: function () { page.ready(); }
};

var page = (function () {
  var $ = function (id) { return document.getElementById(id); };
  var faces = [];      // the sitting's faces so far: {face: 1 to K, label: as the die shows it}
  var asked = null;    // the fields the sitting was started with
  var next = null;     // the die the sitting waits for, or null

  function call(name, args) {
    var types = args.map(function () { return "string"; });
    return JSON.parse(Module.ccall(name, "string", types, args));
  }

  function show(element, on) { element.hidden = !on; }

  function say(message) {
    $("message").textContent = message || "";
    show($("message"), !!message);
  }

  function text(tag, content, className) {
    var element = document.createElement(tag);
    element.textContent = content;
    if (className) element.className = className;
    return element;
  }

  // The fields as the module reads them.
  function fields() {
    var table = $("kind-table").checked;
    var dice = Array.prototype.filter.call($("dice").querySelectorAll("input"), function (box) { return box.checked; })
      .map(function (box) { return box.value; });
    var other = $("other-dice").value.trim();
    if (other) dice.push(other);
    return {
      target: table ? "" : $("target").value,
      table: table ? $("table").value.split("\n").filter(function (line) { return line.trim(); }).join(",") : "",
      dice: dice.join(", "),
      strategy: $("strategy").value,
      count: $("count").value
    };
  }

  // describe's steps: a heading line, numbered steps, then any closing lines.
  function showSteps(steps) {
    var box = $("steps");
    box.textContent = "";
    var list = null;
    steps.split("\n").filter(function (line) { return line; }).forEach(function (line) {
      var numbered = /^(\d+)\. (.*)$/.exec(line);
      if (numbered) {
        if (!list) { list = document.createElement("ol"); box.appendChild(list); }
        var item = text("li", numbered[2]);
        item.value = Number(numbered[1]);
        list.appendChild(item);
      } else {
        box.appendChild(text("p", line));
        if (list) list = null;
      }
    });
  }

  function showChart(bars) {
    var width = 320, height = 150, gap = 4, bottom = 22, top = 16;
    var step = width / bars.length, svgns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(svgns, "svg");
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "The chance of needing more than k rolls: " + bars.map(function (p, i) {
      return "k = " + (i + 1) + ": " + (100 * p).toFixed(2) + "%";
    }).join(", "));
    bars.forEach(function (p, i) {
      var h = (height - bottom - top) * p, x = i * step + gap / 2;
      var bar = document.createElementNS(svgns, "rect");
      bar.setAttribute("x", x);
      bar.setAttribute("y", height - bottom - h);
      bar.setAttribute("width", Math.max(step - gap, 1));
      bar.setAttribute("height", h);
      bar.setAttribute("class", "bar");
      svg.appendChild(bar);
      var label = document.createElementNS(svgns, "text");
      label.setAttribute("x", x + (step - gap) / 2);
      label.setAttribute("y", height - 6);
      label.setAttribute("text-anchor", "middle");
      label.textContent = String(i + 1);
      svg.appendChild(label);
      if (p > 0) {
        var value = document.createElementNS(svgns, "text");
        value.setAttribute("x", x + (step - gap) / 2);
        value.setAttribute("y", height - bottom - h - 3);
        value.setAttribute("text-anchor", "middle");
        value.setAttribute("class", "value");
        value.textContent = p >= 0.995 ? "100%" : (100 * p).toFixed(p < 0.1 ? 1 : 0) + "%";
        svg.appendChild(value);
      }
    });
    $("chart").textContent = "";
    $("chart").appendChild(svg);
  }

  function showComparison(rows) {
    var table = $("compare");
    table.textContent = "";
    rows.forEach(function (row, r) {
      var line = document.createElement("tr");
      row.forEach(function (cell, c) {
        var element = text(r === 0 ? "th" : "td", cell, c === row.length - 1 ? "plan-name" : "");
        if (r === 0) element.setAttribute("scope", "col");
        line.appendChild(element);
      });
      table.appendChild(line);
    });
  }

  function plan() {
    var f = fields();
    var answer = call("rollplan_plan", [f.target, f.table, f.dice, f.strategy, f.count]);
    show($("sitting"), false);
    if (answer.error) {
      say(answer.error);
      show($("plan"), false);
      return;
    }
    say("");
    $("plan-title").textContent = answer.title;
    showSteps(answer.steps);
    $("expected").textContent = answer.expected;
    $("tails").textContent = "";
    answer.tails.forEach(function (line) { $("tails").appendChild(text("li", line)); });
    $("enough").textContent = answer.enough;
    $("offer").textContent = answer.offer;
    show($("offer"), !!answer.offer);
    showChart(answer.chart);
    show($("chart").parentNode, answer.chart[0] > 0);  // a plan of one roll has no tail to draw
    $("count-cost").textContent = answer.count || "";
    show($("count-cost"), !!answer.count);
    showComparison(answer.compare);
    $("plan-name").textContent = answer.plan;
    show($("plan"), true);
  }

  // One button per face, labelled as the die shows it (the module's labels; none past a d100).
  function faceButtons(die) {
    var box = $("face-buttons");
    box.textContent = "";
    if (!die) return;
    die.labels.forEach(function (label, i) {
      var face = String(i + 1);
      var button = text("button", label.charAt(0).toUpperCase() + label.slice(1), "face");
      button.type = "button";
      button.setAttribute("data-face", face);
      if (/^\d/.test(label)) button.setAttribute("aria-label", "face " + label);
      button.addEventListener("click", function () { give(face); });
      box.appendChild(button);
    });
  }

  function replay() {
    var f = asked;
    var answer = call("rollplan_sitting", [f.target, f.table, f.dice, f.strategy, f.count, faces.map(function (f) { return f.face; }).join(",")]);
    if (answer.error) {
      faces.pop();
      say(answer.error);
      return;
    }
    say("");
    next = answer.next;
    $("sitting-what").textContent = answer.title;
    $("prompt").textContent = next ? next.prompt + " and give its face (" + next.words + ")." : "Done.";
    faceButtons(next);
    show($("typed"), !!next);
    $("faces-so-far").textContent = faces.length ? "Faces so far: " + faces.map(function (f) { return f.label; }).join(", ") : "No faces yet.";
    $("undo").disabled = faces.length === 0;
    $("results").textContent = "";
    answer.results.forEach(function (line) { $("results").appendChild(text("li", line)); });
    $("sitting-cost").textContent = answer.cost || "";
  }

  function give(face) {
    if (!next) return;
    faces.push({face: face, label: next.labels[Number(face) - 1] || face});
    replay();
  }

  function start() {
    asked = fields();
    faces = [];
    $("typed-face").value = "";
    show($("sitting"), true);
    replay();
    var first = $("face-buttons").querySelector("button") || $("typed-face");
    first.focus();
  }

  function typed(event) {
    event.preventDefault();
    if (!next) return;
    var answer = call("rollplan_face", [$("typed-face").value, next.faces, next.read]);
    if (answer.error) { say(answer.error); $("typed-face").select(); return; }
    $("typed-face").value = "";
    give(answer.face);
  }

  function kind() {
    var table = $("kind-table").checked;
    show($("number-field"), !table);
    show($("table-field"), table);
  }

  // ?target=d29&with=d6 (or table=goblin=3,orc=2) fills the form and plans.
  function fromAddress() {
    var query = new URLSearchParams(window.location.search);
    if (!query.has("with")) return false;
    var standard = {};
    Array.prototype.forEach.call($("dice").querySelectorAll("input"), function (box) {
      standard[box.value] = box; box.checked = false;
    });
    var other = [];
    query.get("with").split(",").forEach(function (die) {
      die = die.trim();
      if (standard[die.toLowerCase()]) standard[die.toLowerCase()].checked = true; else if (die) other.push(die);
    });
    $("other-dice").value = other.join(", ");
    if (query.has("table")) {
      $("kind-table").checked = true;
      $("table").value = query.get("table").split(",").join("\n");
    } else if (query.has("target")) {
      $("target").value = query.get("target");
    }
    if (query.has("strategy")) $("strategy").value = query.get("strategy");
    if (query.has("count")) $("count").value = query.get("count");
    kind();
    return true;
  }

  return {
    ready: function () {
      $("ask").addEventListener("submit", function (event) { event.preventDefault(); plan(); });
      $("kind-number").addEventListener("change", kind);
      $("kind-table").addEventListener("change", kind);
      $("start").addEventListener("click", start);
      $("typed").addEventListener("submit", typed);
      $("undo").addEventListener("click", function () { faces.pop(); replay(); });
      $("again").addEventListener("click", start);
      if (fromAddress()) plan();
      document.body.setAttribute("data-ready", "yes");
    }
  };
})();
