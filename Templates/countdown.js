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
   * language's (`data-words`, from the `countdown` and `nextToGo` messages; CountdownText.swift). */
  var ENGLISH = {
    lang: "en",
    hoursMinutes: "{hours}h {minutes}m", hours: "{hours}h", minutes: "{minutes}m",
    minutesSeconds: "{minutes}m {seconds}s", seconds: "{seconds}s", past: "-{time}",
    now: "starts now", startsIn: "starts in {time}", startedAgo: "started {time} ago",
    hour: { one: "{count} hour", other: "{count} hours" },
    minute: { one: "{count} minute", other: "{count} minutes" },
    second: { one: "{count} second", other: "{count} seconds" },
    join: "{first} {second}", sentence: "{label}, {countdown}.",
    statusNone: "No races left to go.",
    statusOnly: { one: "Only {count} race left to go.", other: "Only {count} races left to go." },
    goneAll: "No races left to go: every race listed at the build ({time}) has gone.",
    goneSome: {
      one: "Only {count} race left of those listed at the build ({time}).",
      other: "Only {count} races left of those listed at the build ({time})."
    }
  };

  function wordsOf(section) {
    var text = section.getAttribute("data-words");
    if (!text) return ENGLISH;
    try { return JSON.parse(text); } catch (e) { return ENGLISH; }
  }

  function fill(text, values) {
    return String(text).replace(/\{([A-Za-z0-9_]+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  /* The form of a plural message for `value` by the language's CLDR rules. */
  function plural(words, message, value) {
    if (typeof message === "string") return message;
    var category = value === 1 ? "one" : "other";
    if (words.lang !== "en" && typeof Intl !== "undefined" && Intl.PluralRules) {
      try { category = new Intl.PluralRules(words.lang).select(value); } catch (e) { /* as English */ }
    }
    return message[category] !== undefined ? message[category] : message.other;
  }

  function say(words, key, values) { return fill(words[key], values || {}); }

  function countdown(words, delta) {
    var total = Math.abs(delta), text;
    var h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60);
    var allMinutes = Math.floor(total / 60), s = total % 60;
    if (total >= 3600) text = m === 0 ? say(words, "hours", { hours: h }) : say(words, "hoursMinutes", { hours: h, minutes: m });
    else if (total >= 300) text = say(words, "minutes", { minutes: allMinutes });
    else if (total >= 60) {
      text = s === 0 ? say(words, "minutes", { minutes: allMinutes })
        : say(words, "minutesSeconds", { minutes: allMinutes, seconds: s });
    } else text = say(words, "seconds", { seconds: s });
    return delta < 0 ? say(words, "past", { time: text }) : text;
  }

  function count(words, value, key, values) {
    var filled = { count: value }, name;
    for (name in values || {}) filled[name] = values[name];
    return fill(plural(words, words[key], value), filled);
  }

  function join(words, first, second) {
    return second === null ? first : say(words, "join", { first: first, second: second });
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
    return say(words, delta > 0 ? "startsIn" : "startedAgo", { time: text });
  }

  /* As NextToGoPresenter.status while nothing has left since the build; once races have left,
   * the page no longer knows the whole market, so it says what its count is measured against. */
  function status(words, shown, limit, left, builtAt) {
    if (!left || !builtAt) {
      if (shown === 0) return words.statusNone;
      return shown < limit ? count(words, shown, "statusOnly") : "";
    }
    if (shown === 0) return say(words, "goneAll", { time: builtAt });
    if (shown < limit) return count(words, shown, "goneSome", { time: builtAt });
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
        setText(row.sentence, say(words, "sentence", { label: row.label, countdown: spoken(words, delta) }));
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
