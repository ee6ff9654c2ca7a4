/* app.js - the pegsol web game: draws the server's state as an SVG board
 * and sends taps and buttons to the JSON API (docs/play.md).  The page
 * holds no rules: every legal jump and verdict comes from the server. */
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
let st = null;        /* the last state from the server */
let sel = null;       /* selected hole index */
let busy = false;
let animating = null;

function hintsParam() {
	return $('strength').value === 'off' ? 'off' : 'on';
}

async function api(call, params) {
	params = Object.assign({ hints: hintsParam() }, params || {});
	const r = await fetch('/api/' + call, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(params),
	});
	const j = await r.json();
	if (!r.ok)
		throw new Error(j.error || ('HTTP ' + r.status));
	return j;
}

function message(text) {
	$('message').textContent = text || '';
}

async function run(call, params) {
	if (busy)
		return null;
	busy = true;
	try {
		const s = await api(call, params);
		setState(s);
		return s;
	} catch (e) {
		message(e.message);
		return null;
	} finally {
		busy = false;
	}
}

function setState(s) {
	st = s;
	if (sel !== null && !jumpsFrom(sel).length)
		sel = null;
	const link = shareLink();
	history.replaceState(null, '', '#g=' + encodeURIComponent(st.game));
	$('share').href = link;
	draw();
}

function shareLink() {
	return location.origin + location.pathname + '#g=' +
		encodeURIComponent(st.game);
}

function jumpsFrom(h) {
	return st ? st.legal.filter((j) => j.f === h) : [];
}

function screenXY(b, x, y, i) {
	if (b.lattice === 'triangular')
		return [x - y / 2, y * 0.8660254];
	if (b.lattice === 'square')
		return [x, y];
	const a = (2 * Math.PI * i) / b.holes, r = Math.max(1.5, b.holes / 5);
	return [r * Math.cos(a), r * Math.sin(a)];
}

function el(name, attrs, parent) {
	const e = document.createElementNS(SVGNS, name);
	for (const k in attrs)
		e.setAttribute(k, attrs[k]);
	if (parent)
		parent.appendChild(e);
	return e;
}

function bomb(g) {
	el('circle', { class: 'bomb-body mark', cx: 0.02, cy: 0.05, r: 0.22 }, g);
	el('path', { class: 'bomb-fuse mark', d: 'M0.12 -0.13 Q0.22 -0.3 0.3 -0.26' }, g);
	el('circle', { class: 'bomb-spark mark', cx: 0.31, cy: -0.27, r: 0.07 }, g);
}

function draw() {
	const svg = $('board-svg'), b = st.board, strength = $('strength').value;
	const pts = b.hole_list.map((h, i) => screenXY(b, h[1], h[2], i));
	const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
	const x0 = Math.min(...xs) - 0.7, y0 = Math.min(...ys) - 0.7;
	const w = Math.max(...xs) - x0 + 0.7, hgt = Math.max(...ys) - y0 + 0.7;
	svg.setAttribute('viewBox', `${x0} ${y0} ${w} ${hgt}`);
	svg.replaceChildren();
	svg.dataset.status = st.status;
	svg.dataset.pegs = st.pegs_left;
	const targets = new Map();
	if (sel !== null)
		for (const j of jumpsFrom(sel))
			targets.set(j.t, j.verdict);
	b.hole_list.forEach((h, i) => {
		const [x, y] = pts[i];
		const g = el('g', { class: 'hole', transform: `translate(${x} ${y})`,
			'data-hole': h[0], tabindex: 0, role: 'button',
			'aria-label': h[0] + (st.pegs[i] ? ' peg' : ' empty') }, svg);
		el('circle', { class: 'pit', r: 0.3 }, g);
		if (st.goal_hole === h[0])
			g.classList.add('goal');
		if (st.pegs[i]) {
			g.classList.add('has-peg');
			el('circle', { class: 'peg', r: 0.38 }, g);
			const mine = jumpsFrom(i);
			if (strength === 'all' && mine.length &&
			    mine.every((j) => j.verdict === 'lose')) {
				g.classList.add('doomed');
				bomb(g);
			}
		}
		if (i === sel)
			g.classList.add('selected');
		if (targets.has(i)) {
			const v = targets.get(i);
			g.classList.add('target');
			el('circle', { class: 'ring', r: 0.44 }, g);
			if (strength === 'all' && v) {
				g.classList.add(v);
				if (v === 'lose')
					bomb(g);
				else if (v === 'win')
					el('path', { class: 'check mark', d: 'M-0.15 0 L-0.03 0.13 L0.17 -0.14' }, g);
				else {
					const t = el('text', { class: 'qmark mark', y: 0.17 }, g);
					t.textContent = '?';
				}
			}
		}
		g.addEventListener('click', () => tap(i));
		g.addEventListener('keydown', (e) => {
			if (e.key === 'Enter' || e.key === ' ') {
				e.preventDefault();
				tap(i);
			}
		});
	});
	const status = $('status');
	status.className = st.status;
	status.textContent = st.status === 'won' ? 'Solved! One peg left' +
		(st.goal_hole ? ' at ' + st.goal_hole : '') + '.'
		: st.status === 'stuck' ? 'No jump left: ' + st.pegs_left + ' pegs.'
		: b.title + ', goal: ' + st.goal + '.';
	$('counters').textContent = `Jumps: ${st.jumps}  Moves: ${st.moves}  Pegs: ${st.pegs_left}`;
	const vd = $('verdict');
	vd.className = st.verdict || '';
	vd.textContent = strength === 'off' || !st.verdict || st.status !== 'playing' ? ''
		: 'Still winnable: ' + ({ win: 'yes', lose: 'no', unknown: 'not decided in time' })[st.verdict] +
		  (st.oracle && st.oracle.note ? ' (' + st.oracle.note + ')' : '');
	$('undo').disabled = !st.can_undo;
	$('redo').disabled = !st.can_redo;
	$('reset').disabled = !st.can_undo;
	$('history').textContent = st.history ? 'Moves: ' + st.history : '';
}

async function tap(i) {
	if (!st || busy)
		return;
	if (sel !== null && jumpsFrom(sel).some((j) => j.t === i)) {
		const from = st.board.hole_list[sel][0], to = st.board.hole_list[i][0];
		message('');
		sel = null;
		const s = await run('play', { game: st.game, from, to });
		if (s && jumpsFrom(i).length)
			sel = i;       /* the same peg may jump on: one move */
		if (s)
			draw();
		return;
	}
	sel = st.pegs[i] && jumpsFrom(i).length && sel !== i ? i : null;
	draw();
}

async function hint() {
	const s = await run('hint', { game: st.game });
	if (!s)
		return;
	const h = s.hint;
	if (h && h.jump) {
		sel = h.jump.f;
		message('Hint: ' + h.jump.from + '-' + h.jump.to);
		draw();
	} else {
		message(h && h.verdict === 'lose' ? 'No winning jump from here.'
			: 'No hint: ' + ((h && h.note) || 'not decided in time'));
	}
}

async function solve() {
	const s = await run('solve', { game: st.game });
	if (!s)
		return;
	const r = s.solve;
	if (!r || r.verdict !== 'win' || !s.can_redo) {
		message(r && r.verdict === 'lose' ? 'The goal can no longer be reached.'
			: 'No solution found: ' + ((r && r.note) || 'not decided in time'));
		return;
	}
	message('Solution: ' + r.solution);
	sel = null;
	clearInterval(animating);
	animating = setInterval(async () => {
		if (!st.can_redo) {
			clearInterval(animating);
			return;
		}
		await run('redo', { game: st.game });
	}, 350);
}

function newGame(e) {
	if (e)
		e.preventDefault();
	sel = null;
	message('');
	run('new', { board: $('board').value, vacate: $('vacate').value,
		goal: $('goal').value });
}

$('newgame').addEventListener('submit', newGame);
$('undo').addEventListener('click', () => run('undo', { game: st.game }));
$('redo').addEventListener('click', () => run('redo', { game: st.game }));
$('reset').addEventListener('click', () => run('reset', { game: st.game }));
$('hint').addEventListener('click', hint);
$('solve').addEventListener('click', solve);
$('strength').addEventListener('change', () => st && run('state', { game: st.game }));
$('share').addEventListener('click', (e) => {
	e.preventDefault();
	const link = shareLink();
	if (navigator.clipboard)
		navigator.clipboard.writeText(link).catch(() => {});
	message('Link to this game: ' + link);
});
document.addEventListener('keydown', (e) => {
	if (!st || e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey)
		return;
	if (e.key === 'u' || e.key === 'z')
		run('undo', { game: st.game });
	else if (e.key === 'r' || e.key === 'y')
		run('redo', { game: st.game });
	else if (e.key === 'h')
		hint();
	else if (e.key === 's')
		solve();
	else if (e.key === 'Escape') {
		sel = null;
		draw();
	}
});

window.pegsol = { state: () => st };
(function start() {
	const m = location.hash.match(/^#g=(.*)$/);
	if (m) {
		const game = decodeURIComponent(m[1]);
		run('state', { game }).then((s) => {
			if (!s)
				newGame();
		});
	} else {
		newGame();
	}
})();
