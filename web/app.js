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
let mode = 'game';    /* 'game', 'edit' (board editor) or 'demo' */
let edit = null;      /* editor: { board, pegs, goal, seq } */
let demo = null;      /* demo: { board, pegs, jumps, i, timer, els } */

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

/* Size the SVG to the board; returns the screen points of the holes. */
function frame(svg, b) {
	const pts = b.hole_list.map((h, i) => screenXY(b, h[1], h[2], i));
	let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
	for (const [x, y] of pts) {
		x0 = Math.min(x0, x); y0 = Math.min(y0, y);
		x1 = Math.max(x1, x); y1 = Math.max(y1, y);
	}
	x0 -= 0.7; y0 -= 0.7;
	svg.setAttribute('viewBox', `${x0} ${y0} ${x1 - x0 + 0.7} ${y1 - y0 + 0.7}`);
	svg.replaceChildren();
	return pts;
}

/* A board with pegs and no rules (the editor and the demo). */
function drawPlain(b, pegs, onTap) {
	const svg = $('board-svg');
	const pts = frame(svg, b), els = [];
	b.hole_list.forEach((h, i) => {
		const [x, y] = pts[i];
		const g = el('g', { class: 'hole' + (pegs[i] ? ' has-peg' : ''),
			transform: `translate(${x} ${y})`, 'data-hole': h[0] }, svg);
		el('circle', { class: 'pit', r: 0.3 }, g);
		el('circle', { class: 'peg', r: 0.38 }, g);
		if (onTap) {
			g.setAttribute('tabindex', 0);
			g.setAttribute('role', 'button');
			g.addEventListener('click', () => onTap(i));
			g.addEventListener('keydown', (e) => {
				if (e.key === 'Enter' || e.key === ' ') {
					e.preventDefault();
					onTap(i);
				}
			});
		}
		els.push(g);
	});
	svg.dataset.pegs = pegs.reduce((a, v) => a + v, 0);
	return els;
}

function draw() {
	if (mode === 'edit')
		return drawEdit();
	if (mode === 'demo')
		return;
	const svg = $('board-svg'), b = st.board, strength = $('strength').value;
	const pts = frame(svg, b);
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
	if (st.status === 'won' && !st.optShown && st.board.holes <= 21)
		optimum(true);
}

/* ---- fewest moves ---- */
async function optimum(quiet) {
	if (!st)
		return;
	st.optShown = true;
	try {
		const s = await api('shortest', { game: st.game, hints: 'off' });
		const r = s.shortest;
		$('optinfo').textContent = r.moves === null || r.moves === undefined
			? (quiet ? '' : 'Fewest moves: ' + (r.note || 'unknown'))
			: `Fewest moves from the start: ${r.moves} (you: ${st.moves}` +
			  (st.status === 'won' ? (st.moves <= r.moves ? ', optimal!)' : ')') : ' so far)') +
			  (quiet ? '' : ' e.g. ' + r.solution);
		$('optinfo').dataset.optimum = r.moves === null ? '' : r.moves;
	} catch (e) {
		if (!quiet)
			message(e.message);
	}
}

/* ---- puzzles ---- */
async function puzzle() {
	leaveModes();
	sel = null;
	message('');
	const params = { board: $('board').value, level: $('plevel').value };
	if ($('ppegs').value.trim())
		params.pegs = $('ppegs').value.trim();
	if ($('pseed').value.trim())
		params.seed = $('pseed').value.trim();
	const s = await run('puzzle', params);
	if (!s)
		return;
	const p = s.puzzle;
	$('puzzleinfo').textContent = `Puzzle seed ${p.seed}: ${p.pegs} pegs, finish at ${p.finish}; ` +
		`graded ${p.grade} (${Math.round(p.score * 100)}% of the jumps on the way lose).`;
	$('puzzleinfo').dataset.seed = p.seed;
	$('optinfo').textContent = '';
}

/* ---- the board editor ---- */
function posText(b, pegs) {
	return 'pegs:' + b.hole_list.filter((h, i) => pegs[i]).map((h) => h[0]).join(',');
}

function drawEdit() {
	drawPlain(edit.board, edit.pegs, (i) => {
		edit.pegs[i] = edit.pegs[i] ? 0 : 1;
		drawEdit();
		analyse(0);
	});
	$('board-svg').dataset.status = 'edit';
}

async function analyse(round) {
	const seq = ++edit.seq;
	if (round === 0)
		$('editinfo').textContent = 'Class: ...';
	try {
		const r = await api('analyse', { board: edit.board.spec,
			position: posText(edit.board, edit.pegs), goal: edit.goal });
		if (!edit || seq !== edit.seq)
			return;       /* the position changed meanwhile */
		const cls = r.class ? `Class ${r.class}, a last peg can only be at ` +
			(r.finish_holes.join(' ') || 'no hole') + '. ' : '';
		const verdict = r.verdict === 'win' ? 'solvable (goal ' + r.goal + ')'
			: r.verdict === 'lose' ? 'not solvable (goal ' + r.goal + ')'
			: 'searching...';
		$('editinfo').textContent = cls + 'Search: ' + verdict;
		$('editinfo').dataset.verdict = r.verdict || '';
		$('editinfo').dataset.cls = r.class || '';
		if (r.verdict === 'unknown' && round < 40)
			setTimeout(() => { if (edit && seq === edit.seq) analyse(round + 1); }, 150);
	} catch (e) {
		if (edit && seq === edit.seq)
			$('editinfo').textContent = e.message;
	}
}

function startEdit() {
	if (!st)
		return;
	stopDemo();
	mode = 'edit';
	edit = { board: st.board, pegs: st.pegs.slice(),
		goal: st.goal === 'complement' ? (st.goal_hole || 'anywhere') : st.goal, seq: 0 };
	$('editplay').disabled = false;
	$('edit').textContent = 'Back to the game';
	drawEdit();
	analyse(0);
}

function leaveModes() {
	stopDemo();
	if (mode === 'edit') {
		mode = 'game';
		edit = null;
		$('editplay').disabled = true;
		$('edit').textContent = 'Edit this board';
	}
	mode = 'game';
}

async function editPlay() {
	if (!edit)
		return;
	const params = { board: edit.board.spec, position: posText(edit.board, edit.pegs),
		goal: edit.goal };
	leaveModes();
	sel = null;
	await run('new', params);
}

/* ---- the ultimate demo: the constructive solution of T_n ---- */
function stopDemo() {
	if (demo && demo.timer)
		clearTimeout(demo.timer);
	if (demo) {
		demo = null;
		$('demostop').disabled = true;
	}
	if (mode === 'demo') {
		mode = 'game';
		if (st)
			draw();
	}
}

async function startDemo() {
	stopDemo();
	clearInterval(animating);
	const n = $('dsize').value, vacate = $('dvacate').value.trim() || 'a1';
	$('demoinfo').textContent = 'Constructing T' + n + '...';
	let r;
	try {
		const res = await fetch('/api/construct?n=' + encodeURIComponent(n) +
			'&vacate=' + encodeURIComponent(vacate));
		r = await res.json();
		if (!res.ok)
			throw new Error(r.error || 'HTTP ' + res.status);
	} catch (e) {
		$('demoinfo').textContent = e.message;
		return;
	}
	mode = 'demo';
	const pegs = r.board.hole_list.map(() => 1);
	pegs[r.vacate_index] = 0;
	demo = { board: r.board, pegs, jumps: r.jumps, i: 0, timer: null, info: r };
	demo.els = drawPlain(r.board, pegs, null);
	const svg = $('board-svg');
	svg.dataset.status = 'demo';
	$('demostop').disabled = false;
	const step = () => {
		if (!demo)
			return;
		const speed = +$('dspeed').value;
		const batch = speed === 0 ? Math.max(1, Math.ceil(demo.jumps.length / 120)) : 1;
		for (let k = 0; k < batch && demo.i < demo.jumps.length; k++) {
			const [f, o, t] = demo.jumps[demo.i++];
			for (const [h, v] of [[f, 0], [o, 0], [t, 1]]) {
				demo.pegs[h] = v;
				demo.els[h].classList.toggle('has-peg', v === 1);
			}
			demo.els.forEach((e) => e.classList.remove('moved'));
			demo.els[t].classList.add('moved');
		}
		const left = demo.board.holes - 1 - demo.i;
		svg.dataset.pegs = left;
		$('demoinfo').textContent = `T${n} from ${r.vacate}: jump ${demo.i} of ${demo.jumps.length}, ` +
			`${left} peg${left === 1 ? '' : 's'} left` + (demo.i === demo.jumps.length
				? `. Done: one peg at ${r.finish} (${r.n_moves} moves, ${r.purges} purges, verified by the server).`
				: '');
		if (demo.i < demo.jumps.length)
			demo.timer = setTimeout(step, speed);
		else {
			svg.dataset.status = 'demo-done';
			$('demostop').disabled = true;
		}
	};
	demo.timer = setTimeout(step, 300);
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
	const kinds = { shortest: 'fewest moves from here (proved)',
		constructive: 'the constructive solution of T_n',
		oracle: 'a winning line (not the shortest)' };
	message(`Solving with ${kinds[r.line] || 'a winning line'}: ` +
		`${r.solution_moves} moves, ${r.solution_jumps} jumps: ${r.solution}`);
	$('message').dataset.line = r.line || '';
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
	leaveModes();
	$('optinfo').textContent = '';
	$('puzzleinfo').textContent = '';
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
$('optimum').addEventListener('click', () => optimum(false));
$('puzzle').addEventListener('click', puzzle);
$('edit').addEventListener('click', () => (mode === 'edit' ? (leaveModes(), draw()) : startEdit()));
$('editplay').addEventListener('click', editPlay);
$('demo').addEventListener('click', startDemo);
$('demostop').addEventListener('click', stopDemo);
$('share').addEventListener('click', (e) => {
	e.preventDefault();
	const link = shareLink();
	if (navigator.clipboard)
		navigator.clipboard.writeText(link).catch(() => {});
	message('Link to this game: ' + link);
});
document.addEventListener('keydown', (e) => {
	if (!st || mode !== 'game' || e.target.tagName === 'INPUT' ||
	    e.target.tagName === 'SELECT' || e.ctrlKey || e.metaKey)
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

window.pegsol = { state: () => st, mode: () => mode,
	demo: () => demo && { i: demo.i, n: demo.jumps.length, pegs: demo.pegs.reduce((a, v) => a + v, 0) } };
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
