// Runs before the app's first paint (a blocking classic script: the CSP allows no inline script).
// The stored choice is 'light', 'dark' or 'system'; anything else counts as 'system'.
(function () {
  var choice = 'system';
  try {
    choice = localStorage.getItem('theme') || 'system';
  } catch {
    // Storage can be blocked; fall back to the system preference.
  }
  var isDark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
})();
