// baraza's game viewer. It draws position strings that baraza's engines computed when the
// page was written, and steps through them: it knows no rule of any game.
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('data').textContent);
  var games = DATA.games;
  // Games by their number on the page (the log's game number: `#g<n>`).
  var byN = {};
  games.forEach(function (g) { byN[g.n] = g; });
  var cur = null;
  var ply = 0;
  var timer = null;
  // The board turned half a turn (`f` in the address): the other player's side at the bottom.
  var flipped = false;

  function $(id) { return document.getElementById(id); }
  // A bot's text with the characters that turn a line around (bidirectional controls, line
  // and paragraph separators) written visibly, as the terminal and the tables write them.
  function visible(text) {
    return String(text).replace(/[\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, function (c) {
      return '\\u{' + c.charCodeAt(0).toString(16) + '}';
    });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = visible(text); }
    return e;
  }
  function family(rs) { return rs.split('-')[0]; }
  function position(g, k) { return g.rs + ' ' + expand(g).p[k]; }
  function plies(g) { return expand(g).p.length - 1; }

  // ---- a game's per-ply data, read back when it is first shown ----------------------------
  // baraza writes it compactly (src/view/wire.rs says how): each position as the tokens that
  // changed from the one before, the think times in digits, the captures as one string. No
  // rule is needed to read it back.

  var ALPHA = "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
  var BASE = 45;
  function digitValue(c) {
    var v = ALPHA.indexOf(c);
    return v >= 0 ? v : c.charCodeAt(0) - 0xC0 + ALPHA.length;
  }
  function cut(p) {
    return { tokens: p.split(/[,\/ ]/), cuts: p.replace(/[^,\/ ]/g, '') };
  }
  function join(tokens, cuts) {
    var s = tokens[0];
    for (var i = 1; i < tokens.length; i++) { s += cuts[i - 1] + tokens[i]; }
    return s;
  }
  function decodePositions(text) {
    var bang = text.indexOf('!');
    var first = text.slice(0, bang);
    var c = cut(first);
    var tokens = c.tokens;
    var cuts = c.cuts;
    var t = tokens.length;
    var out = [first];
    var i = bang + 1;
    if (i >= text.length) { return out; }
    function untilBang() {
      var end = text.indexOf('!', i);
      var v = text.slice(i, end);
      i = end + 1;
      return v;
    }
    while (i < text.length) {
      var ch = text[i++];
      if (ch === ' ') { out.push(join(tokens, cuts)); continue; }
      var v = digitValue(ch);
      var kind = Math.floor(v / t);
      var k = v % t;
      if (kind === 0) { tokens[k] = String(Number(tokens[k]) + 1); }
      else if (kind === 1) { tokens[k] = '0'; }
      else if (kind === 2) { tokens[k] = untilBang(); }
      else if (kind === 3) { tokens[k] = String(Number(tokens[k]) - 1); }
      else { c = cut(untilBang()); tokens = c.tokens; cuts = c.cuts; t = tokens.length; }
    }
    out.push(join(tokens, cuts));
    return out;
  }
  function decodeTimes(text) {
    var out = [];
    var n = 0;
    for (var i = 0; i < text.length; i++) {
      var d = digitValue(text[i]);
      if (d >= BASE) { n = n * BASE + d - BASE; } else { out.push(n * BASE + d); n = 0; }
    }
    return out;
  }
  function expand(g) {
    if (g.ready) { return g; }
    if (typeof g.p === 'string') { g.p = decodePositions(g.p); }
    if (typeof g.ms === 'string') { g.ms = decodeTimes(g.ms); }
    if (typeof g.x === 'string') {
      g.x = g.x.split(';').map(function (c) { var v = c.split(','); return [Number(v[0]), v[1], Number(v[2])]; });
    }
    if (g.by === undefined) {
      g.by = '';
      for (var i = 0; i < g.p.length - 1; i++) { g.by += i % 2 ? '2' : '1'; }
    }
    g.ready = true;
    return g;
  }
  function name(g, p) { return p === 1 ? g.w : g.b; }

  // ---- the game list --------------------------------------------------------------------

  function options(sel, values) {
    Object.keys(values).sort().forEach(function (n) {
      var o = el('option', null, n);
      o.value = n;
      sel.appendChild(o);
    });
    sel.onchange = renderList;
  }

  function fillFilters() {
    var names = {};
    var terms = {};
    games.forEach(function (g) { names[g.w] = 1; names[g.b] = 1; terms[g.t] = 1; });
    options($('f-bot'), names);
    options($('f-term'), terms);
    $('f-result').onchange = renderList;
  }

  function keep(g, bot, res, term) {
    if (bot && g.w !== bot && g.b !== bot) { return false; }
    if (term && g.t !== term) { return false; }
    if (!res) { return true; }
    if (res === 'win' || res === 'loss') {
      if (!bot || g.r === '1/2-1/2') { return false; }
      var won = (g.r === '1-0') === (g.w === bot);
      return res === 'win' ? won : !won;
    }
    return g.r === res;
  }

  var LIST_COLUMNS = ['game', 'player 1', 'player 2', 'result', 'termination', 'plies'];

  // Text for innerHTML: the page builds the game list as one string (10,000 rows of elements
  // made one by one took seconds).
  function html(text) {
    return visible(text).replace(/[&<>"]/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
    });
  }

  // By number: the order of the schedule, not of the games' ends.
  var ORDER = games.slice().sort(function (x, y) { return x.n - y.n; });
  // The list draws the games the filters keep a few hundred rows at a time, more as it is
  // scrolled to its end: a table of 10,000 rows took the browser over ten seconds to lay out.
  var LIST_STEP = 300;
  var listed = [];
  var drawn = 0;

  function rowHtml(g) {
    // A narrow window shows each row as a card: every cell names its column.
    var cells = '<td data-label="game"><a href="#g' + g.n + '">' + g.n + '</a>' +
      (g.id ? ' <span class="gid">' + html(g.id) + '</span>' : '') + '</td>';
    [g.w, g.b, g.r, g.t, g.m.length].forEach(function (v, i) {
      cells += '<td data-label="' + LIST_COLUMNS[i + 1] + '">' + html(v) + '</td>';
    });
    return '<tr id="row-g' + g.n + '"' + (cur && cur.n === g.n ? ' class="current"' : '') +
      '>' + cells + '</tr>';
  }

  function renderList() {
    var bot = $('f-bot').value;
    var res = $('f-result').value;
    var term = $('f-term').value;
    listed = ORDER.filter(function (g) { return keep(g, bot, res, term); });
    drawn = 0;
    $('games').tBodies[0].textContent = '';
    moreRows();
    $('count').textContent = listed.length + ' of ' + games.length + ' games';
  }

  function moreRows() {
    var next = listed.slice(drawn, drawn + LIST_STEP);
    drawn += next.length;
    $('games').tBodies[0].insertAdjacentHTML('beforeend', next.map(rowHtml).join(''));
  }

  function listScrolled() {
    var wrap = $('games-wrap');
    if (drawn < listed.length && wrap.scrollTop + 2 * wrap.clientHeight >= wrap.scrollHeight) {
      moreRows();
    }
  }

  function listClick(e) {
    var tr = e.target.closest && e.target.closest('tr');
    if (tr && tr.id.indexOf('row-g') === 0) { go(Number(tr.id.slice(5)), 0); }
  }

  // ---- boards ---------------------------------------------------------------------------

  function ints(s) { return s.split(',').map(Number); }

  // The change of each cell from the previous ply: 'sown' (more seeds), 'taken' (fewer).
  function change(now, before) {
    if (before === undefined || now === before) { return ''; }
    return now > before ? ' sown' : ' taken';
  }

  function hole(count, cls, label) {
    var h = el('div', 'hole' + cls);
    h.appendChild(el('span', 'count', count));
    var seeds = el('span', 'seeds');
    for (var i = 0; i < Math.min(count, 12); i++) { seeds.appendChild(el('i')); }
    h.appendChild(seeds);
    if (label) {
      h.appendChild(el('span', 'coord', label));
      h.setAttribute('data-cell', label);
      h.title = label;
    }
    return h;
  }

  function store(label, count, gained) {
    var s = el('div', 'store' + (gained ? ' gain' : ''));
    s.id = 'store-' + label.toLowerCase();
    s.appendChild(el('span', 'store-label', label));
    s.appendChild(el('span', 'count', count));
    return s;
  }

  // Darra: row A (player 1) on top, holes nA..1A left to right; row B below, 1B..nB; each
  // player's captured seeds in a store at the end of its row.
  // `fin`: the final scores at the last ply of a scored game. The board is the rules' final
  // position (darra.md section 8): the seeds still on the board stay in their holes and the
  // stores hold what was captured; the note says who those seeds go to and the final score.
  function drawDarra(board, f, pf, mv, fin) {
    var rows = f[1].split('/').map(ints);
    var prev = pf ? pf[1].split('/').map(ints) : [[], []];
    var left = sum(rows[0].concat(rows[1]));
    var extra = fin ? [fin[0] - Number(f[3]), fin[1] - Number(f[4])] : [0, 0];
    var n = rows[0].length;
    // The holes take the width there is, up to 64 px; long boards get small holes (no seed
    // dots). A narrow column puts the stores above and below the rows, not beside them.
    var room = boardRoom();
    var narrow = room < 480;
    var fixed = narrow ? 0 : 2 * (58 + 10);
    var gap = n <= 8 ? 8 : narrow ? 2 : 4;
    var size = Math.max(14, Math.min(64, Math.floor((room - fixed - (n - 1) * gap) / n)));
    board.style.setProperty('--hole', size + 'px');
    board.style.setProperty('--gap', gap + 'px');
    // Holes too small for their labels keep them in a tooltip only (2x18 on a phone).
    var grid = el('div', 'darra' + (size < 36 ? ' small' : '') + (size < 22 ? ' tiny' : '') + (narrow ? ' narrow' : ''));
    grid.appendChild(store('P1', Number(f[3]), pf && f[3] !== pf[3]));
    var top = el('div', 'row');
    for (var i = n - 1; i >= 0; i--) {
      var la = (i + 1) + 'A';
      top.appendChild(hole(rows[0][i], change(rows[0][i], prev[0][i]) + (mv === la ? ' origin' : ''), la));
    }
    var bottom = el('div', 'row');
    for (var j = 0; j < n; j++) {
      var lb = (j + 1) + 'B';
      bottom.appendChild(hole(rows[1][j], change(rows[1][j], prev[1][j]) + (mv === lb ? ' origin' : ''), lb));
    }
    var mid = el('div', 'rows');
    mid.appendChild(top);
    mid.appendChild(bottom);
    grid.appendChild(mid);
    grid.appendChild(store('P2', Number(f[4]), pf && f[4] !== pf[4]));
    board.appendChild(grid);
    var last = f[5] === '-' ? 'nobody yet' : 'player ' + f[5];
    if (fin) {
      board.appendChild(el('div', 'note', 'game over: the ' + left + ' seeds left on the board go to ' +
        (extra[0] > 0 ? 'player 1' : extra[1] > 0 ? 'player 2' : 'nobody') +
        ' (last capture by ' + last + ') · final score ' + fin[0] + '-' + fin[1]));
      return;
    }
    board.appendChild(el('div', 'note', 'seeds on board ' + left +
      ' · last capture by ' + last + ' · plies without capture ' + f[6]));
  }

  function sum(a) { return a.reduce(function (x, y) { return x + y; }, 0); }

  // Bao: rows d, c (player 2) above rows b, a (player 1), columns 1..8 left to right; the
  // nyumba (b5, c4) square, the kichwa (b1, b8, c1, c8) marked, seeds in hand beside.
  function drawBao(board, f, pf, mv) {
    var rows = f[1].split('/').map(ints);
    var prev = pf ? pf[1].split('/').map(ints) : [[], [], [], []];
    var houses = f[5];
    var takasia = f[6];
    var from = mv ? mv.slice(0, 2) : '';
    var wrap = el('div', 'bao');
    // Eight columns share the width there is (axis 18 px, gaps 6 px), up to 64 px each.
    var col = Math.max(24, Math.min(64, Math.floor((boardRoom() - 18 - 8 * 6) / 8)));
    board.style.setProperty('--col', col + 'px');
    board.style.setProperty('--hole', (col - 6) + 'px');
    if (col < 42) { wrap.className += ' small'; }
    wrap.appendChild(hand('P2 in hand', Number(f[3]), pf && f[3] !== pf[3]));
    var grid = el('div', 'bao-grid');
    grid.appendChild(el('span', 'axis'));
    for (var c = 1; c <= 8; c++) { grid.appendChild(el('span', 'axis', c)); }
    [3, 2, 1, 0].forEach(function (r) {
      var letter = 'abcd'[r];
      grid.appendChild(el('span', 'axis', letter));
      for (var k = 0; k < 8; k++) {
        var id = letter + (k + 1);
        var cls = change(rows[r][k], prev[r][k]);
        if (r === 1 || r === 2) { cls += ' front'; } else { cls += ' back'; }
        if (r >= 2) { cls += ' p2'; } else { cls += ' p1'; }
        if (id === 'b5') { cls += ' house' + (houses[0] === 'H' ? '' : ' lost'); }
        if (id === 'c4') { cls += ' house' + (houses[1] === 'H' ? '' : ' lost'); }
        if ((r === 1 || r === 2) && (k === 0 || k === 7)) { cls += ' kichwa'; }
        if (id === takasia) { cls += ' takasia'; }
        if (id === from) { cls += ' origin'; }
        grid.appendChild(hole(rows[r][k], cls, id));
      }
    });
    wrap.appendChild(grid);
    wrap.appendChild(hand('P1 in hand', Number(f[2]), pf && f[2] !== pf[2]));
    board.appendChild(wrap);
    var stage = (f[2] !== '0' || f[3] !== '0') ? 'namua' : 'mtaji';
    board.appendChild(el('div', 'note', 'stage ' + stage + ' · square = nyumba (house' +
      (houses === 'HH' ? 's' : '') + ' ' + houses + ') · notched = kichwa · takasia ' + takasia));
  }

  function hand(label, count, changed) {
    var h = el('div', 'hand' + (changed ? ' gain' : ''));
    h.appendChild(el('span', 'store-label', label));
    h.appendChild(el('span', 'count', count));
    return h;
  }

  // Dara: ranks 5..1 top to bottom, files a..f; x = player 1 (dark), o = player 2 (light);
  // the pieces each player has not dropped yet beside the board.
  function drawDara(board, f, pf) {
    var ranks = f[1].split('/');
    var before = pf ? pf[1].split('/') : null;
    var moverPiece = pf && pf[2] === '1' ? 'x' : 'o';
    var wrap = el('div', 'dara');
    // Six files share the width there is (axis 18 px, grid padding 8 px), up to 60 px each.
    var cellPx = Math.max(30, Math.min(60, Math.floor((boardRoom() - 18 - 8) / 6)));
    board.style.setProperty('--cell', cellPx + 'px');
    board.style.setProperty('--piece', Math.round(cellPx * 0.74) + 'px');
    wrap.appendChild(pieces('P2 (o) in hand', Number(f[4]), 'o'));
    var grid = el('div', 'dara-grid');
    ranks.forEach(function (row, i) {
      grid.appendChild(el('span', 'axis', 5 - i));
      for (var k = 0; k < 6; k++) {
        var ch = row[k];
        var was = before ? before[i][k] : ch;
        var cls = 'cell';
        if (was !== ch) { cls += ch !== '.' ? ' to' : was === moverPiece ? ' from' : ' removed'; }
        var cell = el('div', cls);
        cell.title = 'abcdef'[k] + (5 - i);
        cell.setAttribute('data-cell', cell.title);
        if (ch !== '.') { cell.appendChild(el('span', 'piece ' + ch)); }
        grid.appendChild(cell);
      }
    });
    grid.appendChild(el('span', 'axis'));
    for (var k2 = 0; k2 < 6; k2++) { grid.appendChild(el('span', 'axis', 'abcdef'[k2])); }
    wrap.appendChild(grid);
    wrap.appendChild(pieces('P1 (x) in hand', Number(f[3]), 'x'));
    board.appendChild(wrap);
    var on = f[1].split('').filter(function (c) { return c === 'x'; }).length;
    var off = f[1].split('').filter(function (c) { return c === 'o'; }).length;
    board.appendChild(el('div', 'note', 'on the board: x ' + on + ', o ' + off +
      ' · steps without removal ' + f[5]));
  }

  function pieces(label, count, who) {
    var h = el('div', 'hand pieces');
    h.appendChild(el('span', 'store-label', label + ' ' + count));
    var row = el('span', 'row-pieces');
    for (var i = 0; i < count; i++) { row.appendChild(el('span', 'piece small ' + who)); }
    h.appendChild(row);
    return h;
  }

  // The width the board's drawing may take: the game column's, less its padding and the
  // board frame's (13 px a side, its edge included).
  function boardRoom() {
    var column = $('game');
    var style = getComputedStyle(column);
    return column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2 * 13;
  }

  // Mark the holes (Dara: cells) that ply k emptied by a capture, in the taker's colour.
  function markCaptures(board, g, k) {
    var taken = (g.x || []).filter(function (c) { return c[0] === k; });
    taken.forEach(function (c) {
      var cell = board.querySelector('[data-cell="' + c[1] + '"]');
      if (!cell) { return; }
      cell.classList.add('cap', 'cap' + c[2]);
      cell.setAttribute('data-captured-by', c[2]);
      cell.title = c[1] + ': captured by player ' + c[2];
    });
  }

  var DRAW = { darra: drawDarra, bao: drawBao, dara: drawDara };
  // Which player's side of the board is drawn on top.
  var TOP = { darra: 1, bao: 2, dara: 2 };

  // ---- one ply of one game --------------------------------------------------------------

  function clockText(ms) {
    var s = ms / 1000;
    var m = Math.floor(s / 60);
    var rest = (s - 60 * m).toFixed(1);
    return m > 0 ? m + ':' + (rest < 10 ? '0' : '') + rest : rest + 's';
  }

  function playerBar(bar, g, p, k, toMove) {
    bar.textContent = '';
    bar.className = 'player' + (toMove ? ' to-move' : '');
    var fam = family(g.rs);
    var role = fam === 'dara' ? (p === 1 ? 'x' : 'o') : fam === 'darra' ? (p === 1 ? 'row A' : 'row B') : (p === 1 ? 'rows a-b' : 'rows c-d');
    bar.appendChild(el('span', 'swatch cap' + p));
    bar.appendChild(el('span', 'pname', 'P' + p + ' ' + name(g, p)));
    bar.appendChild(el('span', 'role', role));
    var think = '';
    for (var i = k - 1; i >= 0; i--) {
      if (g.by[i] === String(p)) { think = 'last move ' + g.ms[i] + ' ms'; break; }
    }
    bar.appendChild(el('span', 'think', think));
    // The bot's own evaluation: its last info line up to this ply.
    var said = '';
    (g.i || []).forEach(function (x) { if (x[1] === p && x[0] <= k) { said = x[2]; } });
    var ev = el('span', 'eval', said);
    ev.id = 'eval-p' + p;
    bar.appendChild(ev);
    var clock = g.c ? clockText(g.c[2 * k + p - 1]) : 'no game clock';
    var c = el('span', 'clock', clock);
    c.id = 'clock-p' + p;
    bar.appendChild(c);
  }

  function show(g, k) {
    expand(g);
    k = Math.max(0, Math.min(k, plies(g)));
    var changed = cur !== g;
    cur = g;
    ply = k;
    var fam = family(g.rs);
    var pos = position(g, k);
    var f = pos.split(' ');
    var pf = k > 0 ? position(g, k - 1).split(' ') : null;
    var mv = k > 0 ? g.m[k - 1] : null;
    var board = $('board');
    board.setAttribute('data-position', pos);
    board.setAttribute('data-game', g.n);
    board.setAttribute('data-ply', k);
    board.textContent = '';
    board.className = 'board-' + fam + (flipped ? ' flipped' : '');
    var fin = k === plies(g) && g.fs ? g.fs : null;
    (DRAW[fam] || function (b) { b.appendChild(el('pre', null, pos)); })(board, f, pf, mv, fin);
    markCaptures(board, g, k);
    var side = fam === 'bao' ? Number(f[4]) : Number(f[2]);
    var over = k === plies(g);
    var top = flipped ? 3 - (TOP[fam] || 2) : TOP[fam] || 2;
    playerBar($('player-top'), g, top, k, !over && side === top);
    playerBar($('player-bottom'), g, 3 - top, k, !over && side === 3 - top);
    $('slider').max = plies(g);
    $('slider').value = k;
    $('ply-label').textContent = visible('ply ' + k + ' / ' + plies(g) + (mv ? ' · ' + 'P' + g.by[k - 1] + ' played ' + mv : ''));
    var status = $('status');
    status.textContent = '';
    if (over) {
      status.appendChild(el('strong', null, g.r + ' · ' + g.t));
      status.appendChild(el('span', null, ' ' + g.why));
      if (g.bad) { status.appendChild(el('div', 'bad', 'cannot replay further: ' + g.bad)); }
    } else {
      status.appendChild(el('span', null, 'player ' + side + ' (' + name(g, side) + ') to move'));
    }
    if (changed) { gameChanged(g); }
    markMove(k);
    markGraph(g, k);
    var want = '#g' + g.n + 'p' + k + (flipped ? 'f' : '');
    if (location.hash !== want) { history.replaceState(null, '', want); }
  }

  function gameChanged(g) {
    $('game-head').textContent = visible('game ' + g.n + (g.id ? ' (' + g.id + ')' : '') + ' · ' + g.rs + ' · ' + g.w + ' vs ' + g.b +
      ' · ' + g.r + ' ' + g.t + ' · ' + (g.tc || '') + (g.rd && g.rd !== '?' ? ' · round ' + g.rd : ''));
    var body = $('movelist').tBodies[0];
    body.textContent = '';
    var info = {};
    (g.i || []).forEach(function (x) { (info[x[0]] = info[x[0]] || []).push(x[2]); });
    var rows = document.createDocumentFragment();
    var start = el('tr');
    start.id = 'ply-0';
    [0, '', 'start', '', '', ''].forEach(function (v) { start.appendChild(el('td', null, v)); });
    start.onclick = function () { show(g, 0); };
    rows.appendChild(start);
    for (var i = 0; i < g.m.length; i++) {
      var tr = el('tr');
      tr.id = 'ply-' + (i + 1);
      var ev = g.e && g.e[i] ? g.e[i][1] : '';
      [i + 1, 'P' + g.by[i], g.m[i] + captureText(g, i + 1), g.ms[i] + ' ms', ev].forEach(function (v) { tr.appendChild(el('td', null, v)); });
      tr.lastChild.className = 'ev';
      tr.appendChild(infoCell(info[i + 1] || []));
      tr.onclick = (function (k) { return function () { show(g, k); }; })(i + 1);
      rows.appendChild(tr);
    }
    body.appendChild(rows);
    drawGraph(g);
    var old = document.querySelector('#games tr.current');
    if (old) { old.className = ''; }
    var row = $('row-g' + g.n);
    if (row) { row.className = 'current'; }
  }

  // What ply k captured, from the positions before and after it: ` ×8` (the mover's gain),
  // with ` P2 +4` when the other player gained too (a Darra sowing can fill its holes).
  function captureText(g, k) {
    var f = position(g, k).split(' ');
    var pf = position(g, k - 1).split(' ');
    var me = Number(g.by[k - 1]);
    var fam = family(g.rs);
    var gain = [0, 0];
    if (fam === 'darra') {
      gain = [Number(f[3]) - Number(pf[3]), Number(f[4]) - Number(pf[4])];
    } else if (fam === 'bao') {
      // A player sows only in its own rows: the other side's seeds drop only by a capture.
      var side = function (q, p) { var r = q[1].split('/').map(ints); return p === 1 ? sum(r[0].concat(r[1])) : sum(r[2].concat(r[3])); };
      gain[me - 1] = side(pf, 3 - me) - side(f, 3 - me);
    } else if (fam === 'dara') {
      var count = function (q, c) { return q[1].split('').filter(function (x) { return x === c; }).length; };
      var theirs = me === 1 ? 'o' : 'x';
      gain[me - 1] = count(pf, theirs) - count(f, theirs);
    }
    var t = gain[me - 1] > 0 ? ' \u00d7' + gain[me - 1] : '';
    if (gain[2 - me] > 0) { t += ' P' + (3 - me) + ' +' + gain[2 - me]; }
    return t;
  }

  // A move's info lines, folded: the list keeps one line per move, the lines open on a click.
  function infoCell(lines) {
    var td = el('td', 'info');
    if (!lines.length) { return td; }
    var d = el('details');
    d.appendChild(el('summary', null, lines.length + ' line' + (lines.length === 1 ? '' : 's')));
    lines.forEach(function (t) { d.appendChild(el('div', 'info-line', t)); });
    d.onclick = function (e) { e.stopPropagation(); };
    td.appendChild(d);
    return td;
  }

  // ---- the evaluation graph -------------------------------------------------------------

  var SVG = 'http://www.w3.org/2000/svg';
  var GW = 600;
  var GH = 120;
  function svgEl(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    return e;
  }

  // Player 1's side up: each move's evaluation as a point at its ply; forced wins at the edge.
  function drawGraph(g) {
    var box = $('evalgraph');
    box.textContent = '';
    var pts = (g.e || []).map(function (e, i) { return e ? [i + 1, e[0]] : null; }).filter(Boolean);
    box.hidden = pts.length === 0;
    if (!pts.length) { return; }
    var span = 100;
    pts.forEach(function (p) { if (Math.abs(p[1]) < 900000) { span = Math.max(span, Math.abs(p[1])); } });
    var n = Math.max(1, plies(g));
    var x = function (k) { return (k / n) * GW; };
    var y = function (cp) { return GH / 2 - (Math.max(-span, Math.min(span, cp)) / span) * (GH / 2 - 4); };
    var svg = svgEl('svg', { viewBox: '0 0 ' + GW + ' ' + GH, preserveAspectRatio: 'none', id: 'evalsvg' });
    svg.appendChild(svgEl('line', { x1: 0, x2: GW, y1: GH / 2, y2: GH / 2, 'class': 'axis0' }));
    svg.appendChild(svgEl('polyline', {
      points: pts.map(function (p) { return x(p[0]).toFixed(1) + ',' + y(p[1]).toFixed(1); }).join(' '),
      'class': 'evalline'
    }));
    var mark = svgEl('line', { x1: 0, x2: 0, y1: 0, y2: GH, id: 'evalmark' });
    svg.appendChild(mark);
    svg.onclick = function (e) {
      var r = svg.getBoundingClientRect();
      show(g, Math.round(((e.clientX - r.left) / r.width) * n));
    };
    box.appendChild(svg);
    box.appendChild(el('div', 'graph-label', 'evaluation from player 1\'s side (' + g.w + ' up), ±' +
      (span / 100).toFixed(2) + ' full height, forced wins at the edge'));
  }

  function markGraph(g, k) {
    var m = $('evalmark');
    if (!m) { return; }
    var xk = (k / Math.max(1, plies(g))) * GW;
    m.setAttribute('x1', xk);
    m.setAttribute('x2', xk);
    $('evalgraph').setAttribute('data-ply', k);
  }

  function markMove(k) {
    var old = document.querySelector('#movelist tr.current');
    if (old) { old.className = ''; }
    var tr = $('ply-' + k);
    if (tr) {
      tr.className = 'current';
      var box = $('moves');
      if (tr.offsetTop < box.scrollTop || tr.offsetTop > box.scrollTop + box.clientHeight - 30) {
        box.scrollTop = tr.offsetTop - box.clientHeight / 2;
      }
    }
  }

  function go(n, k) {
    var g = byN[n];
    if (!g) { return; }
    stop();
    show(g, k);
  }

  function step(d) { if (cur) { show(cur, ply + d); } }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    $('b-play').textContent = 'play';
  }

  function toggle() {
    if (timer) { stop(); return; }
    if (!cur) { return; }
    if (ply >= plies(cur)) { show(cur, 0); }
    $('b-play').textContent = 'pause';
    timer = setInterval(function () {
      if (ply >= plies(cur)) { stop(); } else { step(1); }
    }, 500);
  }

  function fromHash() {
    var m = /^#g(\d+)(?:p(\d+))?(f?)$/.exec(location.hash);
    if (m) { flipped = m[3] === 'f'; go(Number(m[1]), m[2] ? Number(m[2]) : 0); return true; }
    return false;
  }

  // ---- wiring ---------------------------------------------------------------------------

  function init() {
    fillFilters();
    renderList();
    $('games').tBodies[0].onclick = listClick;
    $('games-wrap').onscroll = listScrolled;
    $('summary').textContent = games.length + ' game' + (games.length === 1 ? '' : 's');
    $('b-first').onclick = function () { stop(); if (cur) { show(cur, 0); } };
    $('b-prev').onclick = function () { stop(); step(-1); };
    $('b-next').onclick = function () { stop(); step(1); };
    $('b-last').onclick = function () { stop(); if (cur) { show(cur, plies(cur)); } };
    $('b-play').onclick = toggle;
    $('b-flip').onclick = function () { flipped = !flipped; if (cur) { show(cur, ply); } };
    $('slider').oninput = function () { stop(); if (cur) { show(cur, Number(this.value)); } };
    document.addEventListener('keydown', function (e) {
      var t = e.target && e.target.tagName;
      if (t === 'SELECT' || t === 'TEXTAREA' || (t === 'INPUT' && e.target.type !== 'range')) { return; }
      if (!cur || e.altKey || e.ctrlKey || e.metaKey) { return; }
      // Space on a focused button is that button's click.
      if (t === 'BUTTON' && e.key === ' ') { return; }
      var keys = {
        ArrowLeft: function () { stop(); step(-1); },
        ArrowRight: function () { stop(); step(1); },
        Home: function () { stop(); show(cur, 0); },
        End: function () { stop(); show(cur, plies(cur)); },
        ' ': toggle
      };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    // The board's holes are sized to its column: draw it again when the window changes.
    window.addEventListener('resize', function () { if (cur) { show(cur, ply); } });
    window.addEventListener('hashchange', function () {
      if (fromHash()) { $('viewer').scrollIntoView(); }
    });
    if (!fromHash() && games.length) { go(games[0].n, 0); }
  }

  init();
}());
