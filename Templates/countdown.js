/* Gazette — keeps a next-to-go page current (the rules: docs/inputs.md and docs/next-to-go.md).
 *
 * The page is complete without this script, as of the build. With it, every countdown ticks from
 * the reader's own clock (Date.now()), not the build's: a page opened long after a scheduled build
 * still counts to the real start. A race leaves the list one minute after its start and the next
 * race the page holds back takes its place, so `data-limit` stay on show; when every race the
 * build listed has gone, the status line says so with the build's time (`data-built-at`).
 * The wording follows CountdownText.swift and NextToGoPresenter.swift, in the page's language
 * (`data-words`): keep them in step.
 */
(function () {
  "use strict";
  var GRACE = 60;

  /* The page's words: English, as the English catalog has them, unless the list carries its
   * language's (`data-words`: the language, then these messages in this order, placeholders
   * numbered; CountdownText.swift). A plural message is its forms by CLDR category (CATEGORIES). */
  var ORDER = ["hoursMinutes", "hours", "minutes", "minutesSeconds", "seconds", "past", "now", "startsIn",
    "startedAgo", "hour", "minute", "second", "join", "sentence", "statusNone", "statusOnly", "goneAll", "goneSome"];
  var CATEGORIES = ["zero", "one", "two", "few", "many", "other"];
  var ENGLISH = {
    lang: "en",
    hoursMinutes: "{0}h {1}m", hours: "{0}h", minutes: "{0}m", minutesSeconds: "{0}m {1}s", seconds: "{0}s",
    past: "-{0}", now: "starts now", startsIn: "starts in {0}", startedAgo: "started {0} ago",
    hour: [null, "{0} hour", null, null, null, "{0} hours"],
    minute: [null, "{0} minute", null, null, null, "{0} minutes"],
    second: [null, "{0} second", null, null, null, "{0} seconds"],
    join: "{0} {1}", sentence: "{0}, {1}.",
    statusNone: "No races left to go.",
    statusOnly: [null, "Only {0} race left to go.", null, null, null, "Only {0} races left to go."],
    goneAll: "No races left to go: every race listed at the build ({0}) has gone.",
    goneSome: [null, "Only {0} race left of those listed at the build ({1}).", null, null, null,
      "Only {0} races left of those listed at the build ({1})."]
  };

  function wordsOf(section) {
    var text = section.getAttribute("data-words"), list, words = { lang: "en" }, i;
    if (!text) return ENGLISH;
    try { list = JSON.parse(text); } catch (e) { return ENGLISH; }
    if (!list || list.length !== ORDER.length + 1) return ENGLISH;
    words.lang = list[0];
    for (i = 0; i < ORDER.length; i += 1) words[ORDER[i]] = list[i + 1];
    return words;
  }

  function fill(text, values) {
    return String(text).replace(/\{([0-9]+)\}/g, function (all, index) {
      return index < values.length ? String(values[index]) : all;
    });
  }

  /* The form of a plural message for `value` by the language's CLDR rules. */
  function plural(words, message, value) {
    if (typeof message === "string") return message;
    var category = value === 1 ? "one" : "other", form;
    if (words.lang !== "en" && typeof Intl !== "undefined" && Intl.PluralRules) {
      try { category = new Intl.PluralRules(words.lang).select(value); } catch (e) { /* as English */ }
    }
    form = message[CATEGORIES.indexOf(category)];
    return form === null || form === undefined ? message[5] : form;
  }

  function say(words, key, values) { return fill(words[key], values || []); }

  function countdown(words, delta) {
    var total = Math.abs(delta), text;
    var h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60);
    var allMinutes = Math.floor(total / 60), s = total % 60;
    if (total >= 3600) text = m === 0 ? say(words, "hours", [h]) : say(words, "hoursMinutes", [h, m]);
    else if (total >= 300) text = say(words, "minutes", [allMinutes]);
    else if (total >= 60) text = s === 0 ? say(words, "minutes", [allMinutes]) : say(words, "minutesSeconds", [allMinutes, s]);
    else text = say(words, "seconds", [s]);
    return delta < 0 ? say(words, "past", [text]) : text;
  }

  /* A plural message for `value`: {0} is the value, the rest follow. */
  function count(words, value, key, rest) {
    return fill(plural(words, words[key], value), [value].concat(rest || []));
  }

  function join(words, first, second) {
    return second === null ? first : say(words, "join", [first, second]);
  }

  function spoken(words, delta) {
    if (delta === 0) return words.now;
    var total = Math.abs(delta), text;
    var h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60);
    var allMinutes = Math.floor(total / 60), s = total % 60;
    if (total >= 3600) text = join(words, count(words, h, "hour"), m === 0 ? null : count(words, m, "minute"));
    else if (total >= 300) text = count(words, allMinutes, "minute");
    else if (total >= 60) text = join(words, count(words, allMinutes, "minute"), s === 0 ? null : count(words, s, "second"));
    else text = count(words, s, "second");
    return say(words, delta > 0 ? "startsIn" : "startedAgo", [text]);
  }

  /* As NextToGoPresenter.status while nothing has left since the build; once races have left,
   * the page no longer knows the whole market, so it says what its count is measured against. */
  function status(words, shown, limit, left, builtAt) {
    if (!left || !builtAt) {
      if (shown === 0) return words.statusNone;
      return shown < limit ? count(words, shown, "statusOnly") : "";
    }
    if (shown === 0) return say(words, "goneAll", [builtAt]);
    if (shown < limit) return count(words, shown, "goneSome", [builtAt]);
    return "";
  }

  function setText(node, text) {
    if (node && node.textContent !== text) node.textContent = text;
  }

  /* The reader's clock in whole Unix seconds, as the build's rules count. */
  function now() {
    return Math.floor(Date.now() / 1000);
  }

  function start(section) {
    var limit = parseInt(section.getAttribute("data-limit"), 10) || 5;
    var builtAt = section.getAttribute("data-built-at");
    var list = section.querySelector(".ntg-list");
    var statusNode = section.querySelector(".ntg-status");
    var words = wordsOf(section);
    var left = false;
    var rows = Array.prototype.slice.call(list.querySelectorAll(".ntg-race")).map(function (node) {
      return {
        node: node,
        start: parseInt(node.getAttribute("data-start"), 10),
        label: node.getAttribute("data-label"),
        countdown: node.querySelector(".ntg-countdown"),
        sentence: node.querySelector(".ntg-sentence")
      };
    });

    function update() {
      var t = now(), shown = 0;
      // Races past start + 60 s leave for good; the rows after them move up.
      rows = rows.filter(function (row) {
        if (t < row.start + GRACE) return true;
        if (row.node.parentNode) row.node.parentNode.removeChild(row.node);
        left = true;
        return false;
      });
      rows.forEach(function (row) {
        var show = shown < limit, delta = row.start - t;
        if (show) shown += 1;
        setText(row.countdown, countdown(words, delta));
        setText(row.sentence, say(words, "sentence", [row.label, spoken(words, delta)]));
        if (row.node.hidden === show) row.node.hidden = !show;
      });
      setText(statusNode, status(words, shown, limit, left, builtAt));
      section.setAttribute("data-shown", String(shown));
    }

    function tick() {
      update();
      // Wake just after the reader's clock reaches its next whole second, so ticks do not drift.
      window.setTimeout(tick, 1000 - Date.now() % 1000 + 5);
    }

    section.setAttribute("data-live", "true");
    tick();
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".ntg[data-limit]"), start);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
