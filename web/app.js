// The page's glue: it reads the form, asks the WebAssembly module
// (web/rollplan_web.cpp, the rollplan command's own code) and shows its
// answer. It computes no plan itself: a sitting is the list of faces given so
// far, replayed by the module on every face, so that a face taken back is one
// element dropped. What it adds is the page's own: the plan shown (a sitting
// rolls that plan, whatever the form says since), the address, the copies,
// this visit's history, and virtual dice (crypto.getRandomValues).
"use strict";

var Module = {
  onRuntimeInitialized: function () { page.ready(); }
};

var page = (function () {
  var $ = function (id) { return document.getElementById(id); };
  var faces = [];        // the sitting's faces so far: {face: 1 to K, label: as the die shows it, virtual: bool}
  var shown = null;      // the fields of the plan shown; a sitting rolls this plan
  var planTitle = "";    // its title, for the history
  var next = null;       // the die the sitting waits for, or null
  var recorded = false;  // whether this sitting's results are in the history
  var tens = null;       // the tens digit chosen on the pad, or null

  function call(name, args) {
    var types = args.map(function () { return "string"; });
    return JSON.parse(Module.ccall(name, "string", types, args));
  }

  function show(element, on) { element.hidden = !on; }

  function text(tag, content, className) {
    var element = document.createElement(tag);
    element.textContent = content;
    if (className) element.className = className;
    return element;
  }

  // A message, next to the field it is about, which takes the focus (none: the message is cleared).
  function say(message, fieldId) {
    var box = $("message");
    Array.prototype.forEach.call(document.querySelectorAll("[aria-invalid]"), function (field) {
      field.removeAttribute("aria-invalid");
    });
    box.textContent = message || "";
    show(box, !!message);
    if (!message) return;
    var field = $(fieldId);
    var place = field.closest(".field") || field;
    place.parentNode.insertBefore(box, place.nextSibling);
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-errormessage", "message");
    field.focus();
  }

  // The field a message of the module is about.
  function fieldOf(message) {
    if (/^The table/.test(message)) return "table";
    if (/^The dice held|^Tick the dice/.test(message)) return "other-dice";
    if (/^How many/.test(message)) return "count";
    if (/^The strategy/.test(message)) return "strategy";
    return $("kind-table").checked ? "table" : "target";
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
      table: table ? $("table").value : "",  // its lines as typed: the notation reads commas and lines alike
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

  var svgns = "http://www.w3.org/2000/svg";
  function svgText(x, y, content, anchor, className) {
    var label = document.createElementNS(svgns, "text");
    label.setAttribute("x", x);
    label.setAttribute("y", y);
    label.setAttribute("text-anchor", anchor);
    if (className) label.setAttribute("class", className);
    label.textContent = content;
    return label;
  }

  function showChart(bars) {
    var width = 320, height = 150, gap = 4, bottom = 22, top = 16;
    var step = width / bars.length;
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
      svg.appendChild(svgText(x + (step - gap) / 2, height - 6, String(i + 1), "middle"));
      if (p > 0) {
        var value = p >= 0.995 ? "100%" : (100 * p).toFixed(p < 0.1 ? 1 : 0) + "%";
        svg.appendChild(svgText(x + (step - gap) / 2, height - bottom - h - 3, value, "middle", "value"));
      }
    });
    $("chart").textContent = "";
    $("chart").appendChild(svg);
  }

  // The chance of each result: the module's exact fractions in a table, and a bar each (up to 40).
  function showChances(rows) {
    var table = $("chances");
    table.textContent = "";
    var head = document.createElement("tr");
    ["result", "chance", "percent"].forEach(function (name) {
      var cell = text("th", name);
      cell.setAttribute("scope", "col");
      head.appendChild(cell);
    });
    table.appendChild(head);
    rows.forEach(function (row) {
      var line = document.createElement("tr");
      row.forEach(function (cell) { line.appendChild(text("td", cell)); });
      table.appendChild(line);
    });
    var box = $("chance-chart");
    box.textContent = "";
    show(box, rows.length > 1 && rows.length <= 40);
    if (rows.length <= 1 || rows.length > 40) return;
    var most = Math.max.apply(null, rows.map(function (row) { return parseFloat(row[2]); }));
    var line = 18, label = 90, width = 320, height = line * rows.length;
    var svg = document.createElementNS(svgns, "svg");
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "The chance of each result: " + rows.map(function (row) {
      return row[0] + " " + row[2];
    }).join(", "));
    rows.forEach(function (row, i) {
      var share = most > 0 ? parseFloat(row[2]) / most : 0;
      var bar = document.createElementNS(svgns, "rect");
      bar.setAttribute("x", label);
      bar.setAttribute("y", i * line + 3);
      bar.setAttribute("width", Math.max((width - label - 50) * share, 0));
      bar.setAttribute("height", line - 6);
      bar.setAttribute("class", "bar");
      svg.appendChild(bar);
      svg.appendChild(svgText(label - 6, i * line + line - 5, row[0], "end"));
      svg.appendChild(svgText(label + (width - label - 50) * share + 4, i * line + line - 5, row[2], "start", "value"));
    });
    box.appendChild(svg);
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

  function sittingUnderway() { return !$("sitting").hidden && faces.length > 0 && next !== null; }

  function plan() {
    if (sittingUnderway() && !window.confirm("A sitting is under way. Plan again and end it?")) return;
    var f = fields();
    var answer = call("rollplan_plan", [f.target, f.table, f.dice, f.strategy, f.count]);
    if (answer.error) {
      say(answer.error, fieldOf(answer.error));
      return;  // the plan shown, and a sitting of it, stay as they were
    }
    say("");
    $("copied").textContent = "";
    shown = f;
    planTitle = answer.title;
    show($("sitting"), false);
    show($("stale"), false);
    $("plan-title").textContent = answer.title;
    showSteps(answer.steps);
    $("expected").textContent = answer.expected;
    $("tails").textContent = "";
    answer.tails.forEach(function (line) { $("tails").appendChild(text("li", line)); });
    $("enough").textContent = answer.enough;
    $("offer").textContent = answer.offer;
    show($("offer"), !!answer.offer);
    showChances(answer.chances);
    showChart(answer.chart);
    show($("chart").parentNode, answer.chart[0] > 0);  // a plan of one roll has no tail to draw
    $("count-cost").textContent = answer.count || "";
    show($("count-cost"), !!answer.count);
    showComparison(answer.compare);
    $("plan-name").textContent = answer.plan;
    show($("plan"), true);
    try {
      window.history.replaceState(null, "", answer.address);
    } catch (e) {
      // some browsers refuse a new address for a page opened from disk; the link is then this page's own
    }
  }

  // The form edited after a plan is shown: the plan (and a sitting of it) stays, marked as not the form's.
  function edited() {
    if (!$("plan").hidden) show($("stale"), true);
  }

  // A pad of digits for a die of 21 to 100 faces: tens, then units (00 is 100 on a d100).
  function digitPad(die) {
    var box = $("face-buttons");
    [["tens", "Tens"], ["units", "Units"]].forEach(function (part) {
      var row = document.createElement("div");
      row.className = "pad";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", part[1]);
      row.appendChild(text("span", part[1], "pad-name"));
      for (var d = 0; d < 10; d++) {
        var label = part[0] === "tens" ? String(d) + "0" : String(d);
        var button = text("button", label, "face");
        button.type = "button";
        button.setAttribute("data-" + part[0], String(d));
        button.setAttribute("aria-label", part[0] + " " + label);
        if (part[0] === "tens") button.setAttribute("aria-pressed", String(tens === d));
        (function (digit, which) {
          button.addEventListener("click", function () {
            if (which === "tens") {
              tens = digit;
              Array.prototype.forEach.call(box.querySelectorAll("[data-tens]"), function (b) {
                b.setAttribute("aria-pressed", String(Number(b.getAttribute("data-tens")) === digit));
              });
              return;
            }
            var number = 10 * (tens === null ? 0 : tens) + digit;
            var face = number === 0 ? 100 : number;
            tens = null;
            Array.prototype.forEach.call(box.querySelectorAll("[data-tens]"), function (b) {
              b.setAttribute("aria-pressed", "false");
            });
            if (face > Number(die.faces)) {
              say("'" + number + "' is not a face of the die (" + die.words + ")", "typed-face");
              return;
            }
            give(String(face));
          });
        })(d, part[0]);
        row.appendChild(button);
      }
      box.appendChild(row);
    });
  }

  // One button per face, labelled as the die shows it (the module's labels, up to 20 faces; a pad of
  // tens and units up to 100).
  function faceButtons(die) {
    var box = $("face-buttons");
    box.textContent = "";
    if (!die) return;
    if (die.labels.length > 20) {
      digitPad(die);
      return;
    }
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
    var f = shown;
    var focused = document.activeElement;
    var place = focused && $("face-buttons").contains(focused) ?
      (focused.getAttribute("data-face") ? "[data-face='" + focused.getAttribute("data-face") + "']" :
        focused.getAttribute("data-units") ? "[data-units='" + focused.getAttribute("data-units") + "']" : null) : null;
    var answer = call("rollplan_sitting", [f.target, f.table, f.dice, f.strategy, f.count, faces.map(function (f) { return f.face; }).join(",")]);
    if (answer.error) {
      faces.pop();
      say(answer.error, "typed-face");
      return;
    }
    say("");
    next = answer.next;
    $("sitting-what").textContent = answer.title;
    $("prompt").textContent = next ? next.prompt + " and give its face (" + next.words + ")." : "Done.";
    faceButtons(next);
    show($("typed"), !!next);
    // virtual dice up to 1000 results: each face replays the sitting, so the work grows as their square
    show($("roll-for-me"), !!next && Number(f.count) <= 1000);
    $("faces-so-far").textContent = faces.length ? "Faces so far: " + faces.map(function (f) {
      return f.label + (f.virtual ? " (rolled for you)" : "");
    }).join(", ") : "No faces yet.";
    // the numbers the steps carry from roll to roll, as the person following them should have them
    var carried = next && answer.carried ? answer.carried : "";
    $("carried").textContent = carried ? "Carried so far, as in the steps: " + carried + "." : "";
    show($("carried"), carried !== "");
    $("undo").disabled = faces.length === 0;
    $("results").textContent = "";
    answer.results.forEach(function (line) { $("results").appendChild(text("li", line)); });
    $("sitting-cost").textContent = answer.cost || "";
    show($("copy-result"), !next && answer.results.length > 0);
    if (!next && !recorded && answer.results.length > 0) {
      var entry = text("li", planTitle + ": " + answer.results.join(" "));
      $("history").appendChild(entry);
      show($("history-box"), true);
      recorded = true;
    }
    // the focus stays where it was: the same face's button, else the first of the next die's
    if (place) {
      var again = $("face-buttons").querySelector(place) || $("face-buttons").querySelector("button");
      (again || $("copy-result")).focus();
    }
  }

  function give(face, virtual) {
    if (!next) return;
    faces.push({face: face, label: next.labels[Number(face) - 1] || face, virtual: !!virtual});
    replay();
  }

  // A fair face of 1 to K from the browser's randomness: 64 random bits, those past the largest
  // multiple of K drawn again, then the remainder.
  function fairFace(faces) {
    var k = BigInt(faces), span = BigInt(1) << BigInt(64), limit = span - span % k;
    var words = new Uint32Array(2);
    for (;;) {
      window.crypto.getRandomValues(words);
      var value = (BigInt(words[0]) << BigInt(32)) | BigInt(words[1]);
      if (value < limit) return String(value % k + BigInt(1));
    }
  }

  function rollForMe() {
    while (next) give(fairFace(next.faces), true);
    $("copy-result").focus();
  }

  function start() {
    faces = [];
    recorded = false;
    tens = null;
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
    if (answer.error) { say(answer.error, "typed-face"); $("typed-face").select(); return; }
    $("typed-face").value = "";
    tens = null;  // a face typed: a tens digit chosen on the pad before is dropped
    give(answer.face);
    $("typed-face").focus();
  }

  // Copies text, and says so (data-copied holds what was copied, for a reader and for the tests).
  function copy(content) {
    var status = $("copied");
    var done = function () { status.textContent = "Copied."; status.setAttribute("data-copied", content); };
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = content;
      area.setAttribute("aria-hidden", "true");
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
      document.body.removeChild(area);
      done();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(content).then(done, fallback);
    } else {
      fallback();
    }
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
      $("table").value = query.get("table").split(/[,\n]/).map(function (line) { return line.trim(); })
        .filter(function (line) { return line; }).join("\n");
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
      $("ask").addEventListener("input", edited);
      $("ask").addEventListener("change", edited);
      $("kind-number").addEventListener("change", kind);
      $("kind-table").addEventListener("change", kind);
      $("start").addEventListener("click", start);
      $("typed").addEventListener("submit", typed);
      $("undo").addEventListener("click", function () {
        faces.pop();
        tens = null;
        if (recorded) { $("history").removeChild($("history").lastChild); recorded = false; }
        replay();
      });
      $("again").addEventListener("click", start);
      $("roll-for-me").addEventListener("click", rollForMe);
      $("copy-link").addEventListener("click", function () { copy(window.location.href); });
      $("copy-result").addEventListener("click", function () {
        copy(planTitle + ": " + Array.prototype.map.call($("results").querySelectorAll("li"), function (li) {
          return li.textContent;
        }).join(" "));
      });
      if (fromAddress()) plan();
      document.body.setAttribute("data-ready", "yes");
    }
  };
})();
