// A classic script at the top of <head> (scripts/theme-script.ts puts it there): it runs before
// the first paint and before any module, and sets the `.dark` class on <html> when the page is to
// be dark, so a dark page is never painted light first. lib/theme.ts keeps the class up to date
// afterwards by the same rule (theme.test.ts holds the two together). Classic and served from the
// app because the Content-Security-Policy allows no inline script.
/* global document, matchMedia */
(function () {
  var systemDark = matchMedia("(prefers-color-scheme: dark)").matches;
  var choice = null;
  try {
    choice = localStorage.getItem("portico-theme");
  } catch {
    // Storage refused: the system's setting, as on a first visit.
  }
  if (choice === "dark" || (choice !== "light" && systemDark)) document.documentElement.classList.add("dark");
})();
