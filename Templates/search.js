/* Gazette — the front page's search box (README: "The front page"; the index: SearchIndex.swift).
 *
 * The pages list every report without this script, and its box stays hidden. With it, the box
 * shows, and a query lists the reports whose title or headline has a word starting with each of
 * the query's words. The index is script files under `search/` that call back into
 * `window.GazetteSearch` (a browser runs a local `<script src>`, not a `fetch()` of a local
 * file), loaded only as a query needs them: the directory, then the words pieces of the query's
 * rarest word (at most WORD_PIECES) and of other words that take at most OTHER_WORD_PIECES (at
 * most PIECES in all), then the entries of the reports all those words have, each checked against
 * every word, until RESULTS are found or ENTRY_PIECES are read.
 * Words are split as SearchIndex.words splits them: keep the two in step. The messages come from
 * the page (`data-words`: the language, then the messages in ORDER, placeholders numbered).
 */
(function () {
  "use strict";
  var RESULTS = 50, WORD_PIECES = 4, OTHER_WORD_PIECES = 2, PIECES = 8, ENTRY_PIECES = 8, LONGEST_WORD = 32;
  var PAUSE = 120;
  var ORDER = ["found", "foundFirst", "many", "none", "noneSearched", "failed"];
  var CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

  var box = document.querySelector("search[data-index]");
  if (!box) return;
  var words = wordsOf(box);
  if (!words) return;
  var base = box.getAttribute("data-index"), root = box.getAttribute("data-root") || "";
  var input = box.querySelector("input"), status = box.querySelector("[role=status]");
  var list = box.querySelector(".search-results"), cards = document.querySelector(".front-cards");
  var loaded = {}, waiting = {}, latest = 0, timer = null;

  window.GazetteSearch = {
    directory: function (data) { deliver("directory", data); },
    piece: function (name, data) { deliver(name, data); }
  };

  function wordsOf(element) {
    var list, result = {}, i;
    try { list = JSON.parse(element.getAttribute("data-words") || ""); } catch (e) { return null; }
    if (!list || list.length !== ORDER.length + 1) return null;
    result.lang = list[0];
    for (i = 0; i < ORDER.length; i += 1) result[ORDER[i]] = list[i + 1];
    return result;
  }

  /* A message with {0}, {1}… filled, numbers as the reader writes them; a plural one in the form
   * its first value takes. */
  function say(key, values) {
    var message = words[key], category = values[0] === 1 ? "one" : "other", form;
    if (typeof message !== "string") {
      if (typeof Intl !== "undefined" && Intl.PluralRules) {
        try { category = new Intl.PluralRules(words.lang).select(values[0]); } catch (e) { /* one or other */ }
      }
      form = message[CATEGORIES.indexOf(category)];
      message = form === null || form === undefined ? message[5] : form;
    }
    return String(message).replace(/\{([0-9]+)\}/g, function (all, index) {
      if (index >= values.length) return all;
      return typeof values[index] === "number" ? number(values[index]) : String(values[index]);
    });
  }

  function number(value) {
    try { return value.toLocaleString(words.lang); } catch (e) { return String(value); }
  }

  function deliver(name, data) {
    var entry = waiting[name];
    loaded[name] = data;
    if (entry) { delete waiting[name]; entry.resolve(data); }
  }

  /* A piece of the index, loaded once; a failed load may be tried again by a later query. */
  function load(name) {
    if (Object.prototype.hasOwnProperty.call(loaded, name)) return Promise.resolve(loaded[name]);
    if (waiting[name]) return waiting[name].promise;
    var entry = {}, script = document.createElement("script");
    entry.promise = new Promise(function (resolve, reject) { entry.resolve = resolve; entry.reject = reject; });
    waiting[name] = entry;
    script.src = base + name + ".js";
    script.onerror = function () {
      delete waiting[name];
      script.parentNode.removeChild(script);
      entry.reject(new Error(name));
    };
    document.head.appendChild(script);
    return entry.promise;
  }

  /* Each word once, in order: NFKC, lower case, final sigma as sigma, runs of letters, marks and
   * digits; `cut` shortens each to LONGEST_WORD characters, as the index keeps them. */
  function split(text, cut) {
    var parts = String(text).normalize("NFKC").toLowerCase().replace(/ς/g, "σ").split(/[^\p{L}\p{M}\p{N}]+/u);
    var result = [];
    parts.forEach(function (part) {
      if (cut) part = Array.from(part).slice(0, LONGEST_WORD).join("");
      if (part && result.indexOf(part) < 0) result.push(part);
    });
    return result;
  }

  function startsWith(text, prefix) { return text.lastIndexOf(prefix, 0) === 0; }

  /* The words pieces that may hold words starting with `prefix`: pieces are in word order. */
  function piecesFor(directory, prefix) {
    var found = [];
    directory.words.forEach(function (range, index) {
      if (range[1] >= prefix && (range[0] < prefix || startsWith(range[0], prefix))) found.push(index);
    });
    return found;
  }

  /* The ids of the reports with a word starting with `prefix`, from loaded words pieces. */
  function idsOf(pieces, prefix) {
    var ids = new Set();
    pieces.forEach(function (piece) {
      piece.forEach(function (item) {
        if (!startsWith(item[0], prefix)) return;
        var id = 0;
        item[1].forEach(function (step, index) {
          id = index === 0 ? step : id + step;
          ids.add(id);
        });
      });
    });
    return ids;
  }

  /* The entries piece holding report `id`: the last whose first report is not after it. */
  function entriesPiece(directory, id) {
    var low = 0, high = directory.entries.length - 1, middle;
    while (low < high) {
      middle = (low + high + 1) >> 1;
      if (directory.entries[middle] <= id) low = middle; else high = middle - 1;
    }
    return low;
  }

  function matches(entry, query) {
    var own = split(entry[0] + " " + entry[1], false);
    return query.every(function (word) {
      return own.some(function (mine) { return startsWith(mine, word); });
    });
  }

  /* Candidates from the index, then their entries checked against every word of the query. */
  function find(query) {
    return load("directory").then(function (directory) {
      var plans = query.map(function (word) {
        var key = Array.from(word).slice(0, LONGEST_WORD).join("");
        return { key: key, pieces: piecesFor(directory, key) };
      });
      plans.sort(function (a, b) { return a.pieces.length - b.pieces.length; });
      if (plans[0].pieces.length === 0) return { found: [], total: 0, complete: true };
      var budget = PIECES, complete = true, chosen = [];
      plans.forEach(function (plan, index) {
        var take = plan.pieces;
        if (index === 0) {
          take = plan.pieces.slice(0, WORD_PIECES);
          complete = take.length === plan.pieces.length;
        } else if (take.length > OTHER_WORD_PIECES || take.length > budget) {
          return;  // checked on the entries' text instead
        }
        budget -= take.length;
        chosen.push(Promise.all(take.map(function (piece) { return load("words-" + piece); }))
          .then(function (pieces) { return idsOf(pieces, plan.key); }));
      });
      var everyWordIndexed = chosen.length === plans.length;
      return Promise.all(chosen).then(function (sets) {
        sets.sort(function (a, b) { return a.size - b.size; });
        var candidates = Array.from(sets[0]).filter(function (id) {
          return sets.every(function (set) { return set.has(id); });
        }).sort(function (a, b) { return a - b; });
        return check(directory, candidates, query, complete, everyWordIndexed);
      });
    });
  }

  function check(directory, candidates, query, complete, everyWordIndexed) {
    var found = [], next = 0, piecesRead = 0;
    function step() {
      if (found.length >= RESULTS || next >= candidates.length || piecesRead >= ENTRY_PIECES) {
        var checkedAll = next >= candidates.length;
        var total = complete && everyWordIndexed ? candidates.length : complete && checkedAll ? found.length : -1;
        return { found: found, total: total, complete: complete && checkedAll };
      }
      var piece = entriesPiece(directory, candidates[next]);
      piecesRead += 1;
      return load("entries-" + piece).then(function (entries) {
        var first = directory.entries[piece], end = first + entries.length;
        for (; next < candidates.length && candidates[next] < end && found.length < RESULTS; next += 1) {
          var entry = entries[candidates[next] - first];
          if (matches(entry, query)) found.push(entry);
        }
        return step();
      });
    }
    return Promise.resolve().then(step);
  }

  function show(result, text) {
    list.textContent = "";
    result.found.forEach(function (entry) {
      var item = document.createElement("li"), link = document.createElement("a"), headline = document.createElement("p");
      link.href = root + entry[2] + "/index.html";
      link.textContent = entry[0];
      headline.textContent = entry[1];
      item.appendChild(link);
      item.appendChild(headline);
      list.appendChild(item);
    });
    var shown = result.found.length;
    if (shown === 0) status.textContent = result.complete ? say("none", [text]) : say("noneSearched", []);
    else if (result.total < 0) status.textContent = say("many", [shown]);
    else if (result.total > shown) status.textContent = say("foundFirst", [result.total, shown]);
    else status.textContent = say("found", [result.total]);
    list.hidden = shown === 0;
    if (cards) cards.hidden = true;
  }

  function clear() {
    latest += 1;
    list.textContent = "";
    list.hidden = true;
    status.textContent = "";
    if (cards) cards.hidden = false;
  }

  function run() {
    var text = input.value.trim(), query = split(text, false), ticket;
    if (query.length === 0) { clear(); return; }
    latest += 1;
    ticket = latest;
    find(query).then(function (result) {
      if (ticket === latest) show(result, text);
    }, function () {
      if (ticket === latest) status.textContent = say("failed", []);
    });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(run, PAUSE);
  });
  box.hidden = false;
  // A query the browser kept when the reader came back to the page.
  if (input.value) run();
})();
