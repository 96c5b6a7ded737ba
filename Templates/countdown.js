/* Gazette — keeps a next-to-go page current (the rules: docs/inputs.md and docs/next-to-go.md).
 *
 * The page is complete without this script, as of the build. With it, every countdown ticks from
 * the reader's own clock (Date.now()), not the build's: a page opened long after a scheduled build
 * still counts to the real start. A race leaves the list one minute after its start and the next
 * race the page holds back takes its place, so `data-limit` stay on show; when every race the
 * build listed has gone, the status line says so with the build's time (`data-built-at`).
 * The wording follows Countdown.swift and NextToGoPresenter.swift: keep them in step.
 */
(function () {
  "use strict";
  var GRACE = 60;

  function countdown(delta) {
    var total = Math.abs(delta), sign = delta < 0 ? "-" : "";
    var h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60);
    var allMinutes = Math.floor(total / 60), s = total % 60;
    if (total >= 3600) return sign + (m === 0 ? h + "h" : h + "h " + m + "m");
    if (total >= 300) return sign + allMinutes + "m";
    if (total >= 60) return sign + (s === 0 ? allMinutes + "m" : allMinutes + "m " + s + "s");
    return sign + s + "s";
  }

  function count(value, unit) { return value + " " + unit + (value === 1 ? "" : "s"); }

  function spoken(delta) {
    if (delta === 0) return "starts now";
    var total = Math.abs(delta), words;
    var h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60);
    var allMinutes = Math.floor(total / 60), s = total % 60;
    if (total >= 3600) words = count(h, "hour") + (m === 0 ? "" : " " + count(m, "minute"));
    else if (total >= 300) words = count(allMinutes, "minute");
    else if (total >= 60) words = count(allMinutes, "minute") + (s === 0 ? "" : " " + count(s, "second"));
    else words = count(s, "second");
    return delta > 0 ? "starts in " + words : "started " + words + " ago";
  }

  /* As NextToGoPresenter.status while nothing has left since the build; once races have left,
   * the page no longer knows the whole market, so it says what its count is measured against. */
  function status(shown, limit, left, builtAt) {
    if (!left || !builtAt) {
      if (shown === 0) return "No races left to go.";
      if (shown === 1) return "Only 1 race left to go.";
      return shown < limit ? "Only " + shown + " races left to go." : "";
    }
    if (shown === 0) return "No races left to go: every race listed at the build (" + builtAt + ") has gone.";
    if (shown < limit) return "Only " + count(shown, "race") + " left of those listed at the build (" + builtAt + ").";
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
        setText(row.countdown, countdown(delta));
        setText(row.sentence, row.label + ", " + spoken(delta) + ".");
        if (row.node.hidden === show) row.node.hidden = !show;
      });
      setText(statusNode, status(shown, limit, left, builtAt));
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
