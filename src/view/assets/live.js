// baraza's live page: while the event runs, reload every few seconds and keep the spectator's
// place (the game and ply in the address, the list's filters). A spectator at the latest ply
// of a game stays at its latest ply; one who arrives without a game in the address follows the
// first game being played. Runs before the viewer's script, which reads the address.
(function () {
  'use strict';
  var LIVE = JSON.parse(document.getElementById('live-data').textContent);
  var KEY = 'baraza-live:' + location.pathname;
  var FILTERS = ['f-bot', 'f-result', 'f-term'];
  var saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(KEY) || 'null'); } catch (e) { saved = null; }
  var m = /^#g(\d+)(?:p(\d+))?(f?)$/.exec(location.hash);
  var target = null;
  if (m) {
    if (saved && saved.follow === m[1] && LIVE.plies[m[1]] !== undefined) {
      target = '#g' + m[1] + 'p' + LIVE.plies[m[1]] + m[3];
    }
  } else if (LIVE.running.length) {
    target = '#g' + LIVE.running[0] + 'p' + LIVE.plies[LIVE.running[0]];
  }
  if (target && target !== location.hash) { history.replaceState(null, '', target); }

  function byId(id) { return document.getElementById(id); }
  // A browser may refuse storage (a file:// page, a private window): the page still reloads.
  function store(value) {
    try {
      if (value === null) { sessionStorage.removeItem(KEY); } else { sessionStorage.setItem(KEY, value); }
    } catch (e) { /* the place is kept by the address alone */ }
  }

  document.addEventListener('DOMContentLoaded', function () {
    if (saved && saved.filters) {
      FILTERS.forEach(function (id, i) {
        var sel = byId(id);
        if (sel && saved.filters[i] && sel.value !== saved.filters[i]) {
          sel.value = saved.filters[i];
          if (sel.onchange) { sel.onchange(); }
        }
      });
    }
    document.body.setAttribute('data-reload', LIVE.final ? 'off' : String(LIVE.every));
    if (LIVE.final) { store(null); return; }
    setTimeout(function () {
      var slider = byId('slider');
      var game = byId('board').getAttribute('data-game');
      var atEnd = slider && Number(slider.value) === Number(slider.max);
      store(JSON.stringify({
        follow: atEnd ? game : null,
        filters: FILTERS.map(function (id) { return byId(id) ? byId(id).value : ''; })
      }));
      location.reload();
    }, LIVE.every);
  });
}());
