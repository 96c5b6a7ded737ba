/* Gazette — a report page that knows its own expiry (docs/guide/freshness.md).
 *
 * The page says "Valid until …" in words and is complete without this script. Its stale banner
 * is hidden and carries the page's valid-until time (`data-valid-until`, Unix seconds); once the
 * reader's own clock (Date.now()) passes it, the banner is shown, so a page read days after its
 * last build says it may be out of date. The words are the page's, in its language.
 */
(function () {
  "use strict";

  var banner = document.querySelector("[data-valid-until]");
  if (!banner) return;
  var until = Number(banner.getAttribute("data-valid-until"));
  if (!isFinite(until)) return;

  function update() {
    if (Date.now() / 1000 < until) return false;
    banner.hidden = false;
    document.documentElement.className += " gazette-stale";
    return true;
  }

  if (!update()) {
    var timer = setInterval(function () {
      if (update()) clearInterval(timer);
    }, 30000);
  }
})();
