/* Gazette — keeps a race card honest after its build (the rules: docs/reference/inputs.md,
 * "Results and the race's state").
 *
 * The page is complete without this script, as of the build. A race still to run at the build
 * carries its start (`data-off`, Unix seconds) on a hidden `Result pending` line; once the
 * reader's own clock (Date.now()) passes that start, the line is shown, so a card opened after its
 * races were run never offers them as still to come. The words are the page's, in its language.
 */
(function () {
  "use strict";

  function update() {
    var now = Date.now() / 1000, marks = document.querySelectorAll("[data-off]"), i, off;
    for (i = 0; i < marks.length; i += 1) {
      off = Number(marks[i].getAttribute("data-off"));
      if (isFinite(off) && now >= off) marks[i].hidden = false;
    }
  }

  update();
  setInterval(update, 30000);
})();
