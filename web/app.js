/* app.js - the pegsol web game: draws the server's state as an SVG board
 * and sends taps, drags, keys and buttons to the JSON API (docs/play.md):
 * the server's, or the same API compiled to WebAssembly and answered in
 * a Web Worker when it is served statically (make wasm; transport() is the
 * one place that knows which).  The page holds no rules: every legal jump
 * and verdict comes from the API.  Requests run one at a time through a queue, so a tap made while
 * the server answers is played after it, never dropped. */
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
/* the boards the page offers, with a start that can be won on each (the
 * oracle found every a1 start of T4 and T7 lost): /api/boards' "offered"
 * list, spec -> { vacate, goal } */
let offers = {};
const ORACLE_MAX_HOLES = 63;
const MAX_QUEUED = 6;         /* requests waiting beyond this are refused */
const SOLVE_STEP_MS = 350;
const VERDICT_WORDS = { win: 'keeps the goal reachable', lose: 'loses', unknown: 'not decided in time' };
/* three colours (seed 004): these calls go to /api/tri/CALL for a game id
 * of the variant (BOARD;tri:COLOURS;JUMPS) */
const TRI_CALLS = ['new', 'state', 'play', 'undo', 'redo', 'reset', 'solve'];
const COLOUR_WORDS = ['', 'colour 1 (blue, dot)', 'colour 2 (orange, diamond)'];

let st = null;        /* the last state from the server */
let sel = null;       /* selected hole index */
let cursor = 0;       /* the board's one Tab stop (roving tabindex) */
let mode = 'game';    /* 'game', 'start' (set start), 'edit' (board editor) or 'demo' */
let edit = null;      /* editor: { board, pegs, goal, seq } */
let demo = null;      /* demo: { board, pegs, jumps, i, timer, els } */
let view = null;      /* the drawn holes: { spec, els, pts, vb } */
let pristine = true;  /* the address is left alone until the player acts */
let helped = false;   /* the computer's Solve played moves of this game */
let solving = null;   /* { ctl, timer } while Solve asks or plays */
let optKey = null;    /* the won game whose optimum was asked for */
let down = null;      /* pointer pressed on a hole: { i, cur, x, y, id, moved } */
let pointerTapAt = -1e9;

/* ---- preferences, kept in localStorage ---- */
const prefs = Object.assign({ strength: 'all', labels: false, autojump: false, zoom: false },
	loadPrefs());

function loadPrefs() {
	try {
		const p = JSON.parse(localStorage.getItem('pegsol.prefs'));
		return p && typeof p === 'object' ? p : {};
	} catch (e) {
		return {};
	}
}

function savePrefs() {
	try {
		localStorage.setItem('pegsol.prefs', JSON.stringify(prefs));
	} catch (e) { /* private mode: the options last for this page */ }
}

function applyPrefs() {
	if (['off', 'winnable', 'all'].includes(prefs.strength))
		$('strength').value = prefs.strength;
	$('labels').checked = !!prefs.labels;
	$('autojump').checked = !!prefs.autojump;
	$('zoom').checked = !!prefs.zoom;
	$('board-svg').classList.toggle('labels', !!prefs.labels);
}

/* ---- messages: a status line above the board (live regions) ---- */
function say(text) {
	$('message').textContent = text || '';
	if (!text)
		delete $('message').dataset.line;
}

function showError(text) {
	$('error').textContent = text || '';
}

function clearMessages() {
	say('');
	showError('');
}

/* server messages in player words: no command-line advice */
function plainWords(text, status, reason) {
	text = String(text).replace(/\s*\(try '[^']*'\)/g, '');
	if (/^unknown board/.test(text) && !/pick one from the list/.test(text))
		text += '; pick one from the list';
	if (status === 503)
		text = 'the server is busy (' + (reason || text) + '); try again in a few seconds';
	return text;
}

/* ---- the server ---- */
function noOracle() {
	return st && (st.hints_available === undefined ? st.board.holes > ORACLE_MAX_HOLES
		: !st.hints_available);
}

function hintsParam() {
	return $('strength').value === 'off' || noOracle() ? 'off' : 'on';
}

/* ---- the transport: the server, or the WebAssembly module ---- */
/* build/wasm/index.html names the engine's worker (make wasm): the module
 * answers there, off the page's thread, and a call is stopped by ending
 * the worker (the next call starts a fresh one) */
const engineMeta = document.querySelector('meta[name="pegsol-engine"]');
const engineUrl = engineMeta ? engineMeta.content : null;
let engine = null;    /* { worker, calls: Map id -> { resolve, reject } } */
let engineSeq = 0;

/* End the worker; the call with id `stopped` (if any) gets err, the
 * others in flight a plain Error, so only the stopped one is silent. */
function engineEnd(err, stopped) {
	if (!engine)
		return;
	const calls = engine.calls;
	engine.worker.terminate();
	engine = null;
	for (const [id, c] of calls)
		c.reject(id === stopped || stopped === undefined ? err
			: new Error('the game engine was restarted to stop a search: try again'));
}

function engineGet() {
	if (engine)
		return engine;
	const worker = new Worker(engineUrl);
	const me = { worker, calls: new Map() };
	worker.onmessage = (e) => {
		const c = me.calls.get(e.data.id);
		if (!c)
			return;
		me.calls.delete(e.data.id);
		if (e.data.failed) {
			if (engine === me)   /* the worker closed itself */
				engineEnd(new Error('the game engine was restarted: try again'));
			c.reject(new Error(e.data.failed));
			return;
		}
		try {
			c.resolve({ status: e.data.status, json: JSON.parse(e.data.text) });
		} catch (err) {
			c.reject(new Error('the game engine sent a bad answer'));
		}
	};
	worker.onerror = (e) => {
		e.preventDefault();
		if (engine === me)
			engineEnd(new Error('the game engine stopped (' + (e.message || 'error') +
				'); try again, or reload the page'));
	};
	engine = me;
	return me;
}

/* METHOD /api/PATH with a JSON body (or none): { status, json }.  An
 * aborted signal ends the call at once, on the server or in the worker. */
async function transport(method, path, body, signal) {
	if (engineUrl) {
		if (signal && signal.aborted)
			throw new DOMException('aborted', 'AbortError');
		const e = engineGet();
		const id = ++engineSeq;
		let onAbort = null;
		try {
			return await new Promise((resolve, reject) => {
				e.calls.set(id, { resolve, reject });
				if (signal) {
					onAbort = () => engineEnd(new DOMException('aborted', 'AbortError'), id);
					signal.addEventListener('abort', onAbort, { once: true });
				}
				e.worker.postMessage({ id, method, path: '/api/' + path, body: body || '' });
			});
		} finally {
			if (onAbort)
				signal.removeEventListener('abort', onAbort);
		}
	}
	let r;
	try {
		r = await fetch('/api/' + path, body === undefined ? { signal } : {
			method,
			headers: { 'Content-Type': 'application/json' },
			body,
			signal,
		});
	} catch (e) {
		if (e.name === 'AbortError')
			throw e;
		throw new Error('the server did not answer; is pegsol serve still running?');
	}
	try {
		return { status: r.status, json: await r.json() };
	} catch (e) {
		throw new Error('the server sent a bad answer (HTTP ' + r.status + ')');
	}
}

/* an API call's answer, or an Error in player words */
async function ask(method, path, body, signal) {
	const { status, json } = await transport(method, path, body, signal);
	if (status < 200 || status > 299) {
		const e = new Error(plainWords(json.error || ('HTTP ' + status), status, json.reason));
		e.answer = json;   /* a broken game id's answer carries its legal prefix */
		throw e;
	}
	return json;
}

function isTri(id) {
	return typeof id === 'string' && id.includes(';tri:');
}

function triGame() {
	return !!st && st.variant === 'tri';
}

async function api(call, params, signal) {
	params = Object.assign({ hints: hintsParam() }, params || {});
	const tri = TRI_CALLS.includes(call) && (params.game !== undefined ? isTri(params.game)
		: params.variant === 'tri');
	delete params.variant;
	return ask('POST', tri ? 'tri/' + call : call, JSON.stringify(params), signal);
}

/* One request at a time, in order; a busy sign while any waits. */
let chain = Promise.resolve(), pending = 0, busyTimer = null;

function busySign() {
	const svg = $('board-svg');
	if (pending > 0) {
		svg.setAttribute('aria-busy', 'true');
		if (!busyTimer && $('busy').hidden)
			busyTimer = setTimeout(() => { $('busy').hidden = false; }, 200);
	} else {
		svg.removeAttribute('aria-busy');
		clearTimeout(busyTimer);
		busyTimer = null;
		$('busy').hidden = true;
	}
}

function enqueue(fn) {
	if (pending >= MAX_QUEUED) {
		say('Still working on earlier requests: that one was not taken, try again in a moment.');
		return Promise.resolve(null);
	}
	pending++;
	busySign();
	const p = chain.then(fn).catch((e) => {
		if (e && e.name !== 'AbortError')
			showError(e.message);
		return null;
	}).finally(() => {
		pending--;
		busySign();
	});
	chain = p;
	return p;
}

/* a player's action: from now on the address follows the game */
function act(fn) {
	pristine = false;
	return enqueue(fn);
}

async function call(name, params) {
	const s = await api(name, params);
	setState(s);
	return s;
}

function setState(s) {
	st = s;
	if (sel !== null && (sel >= st.board.holes || !jumpsFrom(sel).length))
		sel = null;
	if (cursor >= st.board.holes)
		cursor = 0;
	if (!pristine)
		history.replaceState(null, '', '#g=' + encodeURIComponent(st.game));
	$('share').href = shareLink();
	$('tri').checked = triGame();
	triPanel();
	fillHoles();
	draw();
}

/* the three-colour panel: rules, the start's seed, a new random start */
function triPanel() {
	const on = triGame();
	$('tribox').hidden = !on;
	$('optimum').disabled = on;
	$('edit').disabled = on;
	$('puzzle').disabled = on;
	if (!on)
		return;
	$('triinfo').textContent = 'Three colours: a jump over the same colour turns the jumped peg ' +
		'to the other colour and leaves it. ' + (st.seed !== null && st.seed !== undefined
		? 'Random start, seed ' + st.seed + '.' : 'Start: ' + st.start + '.');
	$('triinfo').dataset.seed = st.seed === null || st.seed === undefined ? '' : st.seed;
}

function shareLink() {
	return location.origin + location.pathname + '#g=' + encodeURIComponent(st.game);
}

function jumpsFrom(h) {
	return st ? st.legal.filter((j) => j.f === h) : [];
}

function holeName(i) {
	return st.board.hole_list[i][0];
}

function normBoard(text) {
	text = text.trim();
	const m = text.match(/^t(\d+)$/i);
	return m ? 'triangle:' + m[1] : text;
}

/* ---- drawing: the holes are built once per board and updated in place,
 * so keyboard focus stays on its hole across moves ---- */
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

function buildView(b) {
	const svg = $('board-svg');
	const pts = b.hole_list.map((h, i) => screenXY(b, h[1], h[2], i));
	let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
	for (const [x, y] of pts) {
		x0 = Math.min(x0, x); y0 = Math.min(y0, y);
		x1 = Math.max(x1, x); y1 = Math.max(y1, y);
	}
	const vb = [x0 - 0.7, y0 - 0.7, x1 - x0 + 1.4, y1 - y0 + 1.4];
	svg.setAttribute('viewBox', vb.join(' '));
	svg.replaceChildren();
	const els = b.hole_list.map((h, i) => {
		const [x, y] = pts[i];
		const g = el('g', { class: 'hole', transform: `translate(${x} ${y})`,
			'data-hole': h[0], 'data-i': i, role: 'button', tabindex: -1 }, svg);
		el('circle', { class: 'hit', r: 0.5 }, g);
		el('circle', { class: 'ring', r: 0.44 }, g);
		el('circle', { class: 'pit', r: 0.3 }, g);
		el('circle', { class: 'peg', r: 0.38 }, g);
		el('circle', { class: 'c1mark', r: 0.11 }, g);
		el('rect', { class: 'c2mark', x: -0.13, y: -0.13, width: 0.26, height: 0.26,
			transform: 'rotate(45)' }, g);
		el('circle', { class: 'selring', r: 0.45 }, g);
		el('g', { class: 'marks' }, g);
		const t = el('text', { class: 'label', y: -0.08, 'aria-hidden': 'true' }, g);
		t.textContent = h[0];
		el('circle', { class: 'focus1', r: 0.47 }, g);
		el('circle', { class: 'focus2', r: 0.47 }, g);
		return g;
	});
	view = { spec: b.spec, els, pts, vb };
	if (cursor >= els.length)
		cursor = 0;
	els[cursor].setAttribute('tabindex', 0);
	fitBoard();
}

function ensureView(b) {
	if (!view || view.spec !== b.spec || view.els.length !== b.holes)
		buildView(b);
	return view;
}

/* Zoom: big boards get holes of 48 px inside a scrolling frame. */
function fitBoard() {
	const svg = $('board-svg');
	if (!view)
		return;
	svg.classList.remove('zoomed');
	svg.style.width = '';
	svg.style.height = '';
	const r = svg.getBoundingClientRect();
	const unit = Math.min(r.width / view.vb[2], r.height / view.vb[3]);
	if (prefs.zoom && unit < 44) {
		svg.classList.add('zoomed');
		svg.style.width = Math.round(view.vb[2] * 48) + 'px';
		svg.style.height = Math.round(view.vb[3] * 48) + 'px';
		const wrap = $('boardwrap');
		wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
	}
	svg.dataset.unit = Math.round(unit);
}

function setCursor(i, focus) {
	if (!view || i < 0 || i >= view.els.length)
		return;
	if (view.els[cursor])
		view.els[cursor].setAttribute('tabindex', -1);
	cursor = i;
	view.els[i].setAttribute('tabindex', 0);
	if (focus) {
		view.els[i].focus();
		if (view.els[i].scrollIntoView && $('board-svg').classList.contains('zoomed'))
			view.els[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
	}
}

function setHoleClasses(g, cls) {
	g.setAttribute('class', ['hole'].concat(cls).join(' '));
}

function gameButtons(on) {
	for (const id of ['undo', 'redo', 'reset', 'hint', 'solve'])
		$(id).disabled = !on;
}

function draw() {
	if (mode === 'edit')
		return drawEdit();
	if (mode === 'demo' || !st)
		return;
	const b = st.board, strength = noOracle() ? 'off' : $('strength').value;
	ensureView(b);
	const svg = $('board-svg');
	svg.dataset.status = mode === 'start' ? 'start' : st.status;
	svg.dataset.pegs = st.pegs_left;
	svg.setAttribute('aria-label', mode === 'start'
		? `board ${b.title}: choose the hole to leave empty at the start`
		: `board ${b.title}: ${st.pegs_left} pegs`);
	const targets = new Map();
	if (sel !== null)
		for (const j of jumpsFrom(sel))
			targets.set(j.t, j.verdict);
	view.els.forEach((g, i) => {
		const name = b.hole_list[i][0], cls = [], marks = g.querySelector('.marks');
		marks.replaceChildren();
		let label = name;
		if (mode === 'start') {
			setHoleClasses(g, ['has-peg', 'startpick']);
			g.setAttribute('aria-label', name + ': make this the empty start hole');
			g.setAttribute('tabindex', i === cursor ? 0 : -1);
			return;
		}
		if (st.goal_hole === name)
			cls.push('goal');
		if (st.pegs[i]) {
			cls.push('has-peg');
			label += ' peg';
			if (triGame()) {
				cls.push('c' + st.pegs[i]);
				label += ' ' + COLOUR_WORDS[st.pegs[i]];
			}
			const mine = jumpsFrom(i);
			if (strength === 'all' && mine.length && mine.every((j) => j.verdict === 'lose')) {
				cls.push('doomed');
				bomb(marks);
				label += ', every jump loses';
			}
		} else {
			label += ' empty';
		}
		if (i === sel) {
			cls.push('selected');
			label += ', selected';
		}
		if (targets.has(i)) {
			const v = targets.get(i);
			cls.push('target');
			label += ', landing for ' + b.hole_list[sel][0];
			if (triGame()) {
				const j = jumpsFrom(sel).find((x) => x.t === i);
				label += j.recolours ? ' (' + j.over + ' changes colour)' : ' (removes ' + j.over + ')';
			}
			if (strength === 'all' && v) {
				cls.push(v);
				label += ': ' + VERDICT_WORDS[v];
				if (v === 'lose')
					bomb(marks);
				else if (v === 'win')
					el('path', { class: 'check mark', d: 'M-0.15 0 L-0.03 0.13 L0.17 -0.14' }, marks);
				else
					el('text', { class: 'qmark mark', y: 0.17, 'aria-hidden': 'true' }, marks).textContent = '?';
			}
		}
		if (st.goal_hole === name)
			label += ', goal';
		setHoleClasses(g, cls);
		g.setAttribute('aria-label', label);
		g.setAttribute('tabindex', i === cursor ? 0 : -1);
	});
	const status = $('status');
	status.className = mode === 'start' ? '' : st.status;
	status.textContent = mode === 'start' ? 'Set start: click or tap the hole to leave empty (Esc cancels).'
		: st.status === 'won' ? 'Solved! One peg left' + (st.goal_hole ? ' at ' + st.goal_hole : '') + '.'
		: st.status === 'stuck' ? 'No jump left: ' + st.pegs_left + ' pegs.'
		: triGame() ? b.title + ', three colours: leave one peg anywhere.'
		: b.title + ', goal: ' + (st.goal === 'complement' && st.goal_hole ? 'one peg at ' + st.goal_hole
			: st.goal === 'anywhere' ? 'one peg anywhere' : 'one peg at ' + st.goal) + '.';
	$('counters').textContent = `Jumps: ${st.jumps}  Moves: ${st.moves}  Pegs: ${st.pegs_left}`;
	const vd = $('verdict');
	vd.className = st.verdict || '';
	vd.textContent = strength === 'off' || !st.verdict || st.status !== 'playing' ? ''
		: 'Still winnable: ' + ({ win: 'yes', lose: 'no', unknown: 'not decided in time' })[st.verdict] +
		  (st.oracle && st.oracle.note ? ' (' + st.oracle.note + ')' : '');
	$('undo').disabled = !st.can_undo;
	$('redo').disabled = !st.can_redo && !solving;
	$('reset').disabled = !st.can_undo;
	$('hint').disabled = noOracle() || st.status !== 'playing';
	$('solve').disabled = st.status !== 'playing' && !solving;
	$('history').textContent = st.history ? 'Moves: ' + st.history : '';
	hintsInfo();
	if (st.status === 'won' && optKey !== st.game && st.board.holes <= 21 && !triGame()) {
		optKey = st.game;
		optimum(true);
	}
}

/* say before play which hints this board has */
function hintsInfo() {
	const info = $('hintsinfo'), strength = $('strength');
	strength.disabled = !!noOracle();
	if (noOracle()) {
		info.textContent = 'Never-lose hints are unavailable on this board: ' + (st.hints_reason ||
			`it has ${st.board.holes} holes and hints work on boards of up to ${ORACLE_MAX_HOLES}`) + '.';
		return;
	}
	if (strength.value === 'off' || !st.oracle || st.status !== 'playing') {
		info.textContent = '';
		return;
	}
	const src = st.oracle.source;
	info.textContent = (src === 'table' ? 'Hints on this board are exact (the three-colour table).'
		: src === 'search' ? 'Three colours past 16 holes: a search with a limit decides the ' +
			'position and each jump; a ? marks a jump not decided in time.'
		: src === 'sets' ? 'Hints on this board are exact (precomputed winning sets).'
		: 'Hints on this board come from a search with a time limit; a ? marks a jump not decided in time.') +
		(st.oracle.note ? ' Note: ' + st.oracle.note + '.' : '');
}

/* ---- fewest moves ---- */
async function optimum(quiet) {
	if (!st)
		return;
	const game = st, mine = st.moves;
	try {
		const s = await api('shortest', { game: game.game, hints: 'off' });
		const r = s.shortest;
		$('optinfo').textContent = r.moves === null || r.moves === undefined
			? (quiet ? '' : 'Fewest moves: ' + (r.note || 'unknown'))
			: `Fewest moves from the start: ${r.moves} (you: ${mine}` +
			  (game.status === 'won' ? (helped ? ', with the computer\'s Solve)'
				: mine <= r.moves ? ', optimal!)' : ')') : ' so far)') +
			  (quiet ? '' : ' e.g. ' + r.solution);
		$('optinfo').dataset.optimum = r.moves === null ? '' : r.moves;
	} catch (e) {
		if (!quiet)
			showError(e.message);
	}
}

/* ---- playing ---- */
function activate(i) {
	if (!st || !view)
		return;
	if (mode === 'demo')
		return;
	if (mode === 'edit')
		return editToggle(i);
	setCursor(i, false);
	if (mode === 'start')
		return act(() => pickStart(i));
	if (solving)
		stopSolve('Solve stopped: your move.');
	return act(() => tapNow(i));
}

async function tapNow(i) {
	showError('');
	if (sel !== null && jumpsFrom(sel).some((j) => j.t === i))
		return jump(sel, i);
	const mine = st.pegs[i] ? jumpsFrom(i) : [];
	if (mine.length === 1 && prefs.autojump && sel !== i)
		return jump(i, mine[0].t);
	sel = mine.length && sel !== i ? i : null;
	draw();
}

async function jump(f, t) {
	const from = holeName(f), to = holeName(t);
	sel = null;
	say('');
	await call('play', { game: st.game, from, to });
	if (jumpsFrom(t).length)
		sel = t;       /* the same peg may jump on: one move */
	if (cursor === f)
		setCursor(t, document.activeElement === view.els[f]);
	draw();
}

function undo() {
	if (!st || mode !== 'game')
		return;
	stopSolve('Solve stopped.');
	act(() => call('undo', { game: st.game }));
}

function redo() {
	if (!st || mode !== 'game')
		return;
	stopSolve('Solve stopped.');
	act(() => call('redo', { game: st.game }));
}

function hint() {
	if (!st || mode !== 'game' || noOracle())
		return;
	stopSolve('Solve stopped.');
	if (triGame())
		return act(async () => {
			const s = await call('state', { game: st.game, hints: 'on' });
			const j = s.legal.find((x) => x.verdict === 'win');
			if (j) {
				sel = j.f;
				say('Hint: ' + j.from + '-' + j.to);
				draw();
			} else {
				say(s.verdict === 'lose' ? 'No winning jump from here: undo to get back on track.'
					: 'No hint: not decided in time (try Solve)');
			}
		});
	act(async () => {
		const s = await call('hint', { game: st.game });
		const h = s.hint;
		if (h && h.jump) {
			sel = h.jump.f;
			say('Hint: ' + h.jump.from + '-' + h.jump.to);
			draw();
		} else {
			say(h && h.verdict === 'lose' ? 'No winning jump from here: undo to get back on track.'
				: 'No hint: ' + ((h && h.note) || 'not decided in time'));
		}
	});
}

/* Solve: ask for a line, then play its jumps one by one from the redo
 * tail; the button turns into Stop, and any move of the player stops it. */
function solveButton(on) {
	$('solve').textContent = on ? 'Stop' : 'Solve';
	$('solve').title = on ? 'stop solving (s, Esc)' : 'play a solution from here (s)';
	$('solve').disabled = false;
}

function stopSolve(text) {
	if (!solving)
		return;
	solving.ctl.abort();
	clearTimeout(solving.timer);
	solving = null;
	solveButton(false);
	if (text)
		say(text);
	if (st)
		draw();
}

function solve() {
	if (!st || mode !== 'game')
		return;
	if (solving)
		return stopSolve('Solve stopped.');
	const me = { ctl: new AbortController(), timer: null };
	solving = me;
	solveButton(true);
	showError('');
	say('Solving...');
	act(async () => {
		if (solving !== me)
			return;
		let s;
		try {
			s = await api('solve', { game: st.game }, me.ctl.signal);
		} catch (e) {
			if (solving === me)
				stopSolve();
			throw e;
		}
		if (solving !== me)
			return;        /* stopped while the server searched */
		setState(s);
		const r = s.solve;
		if (!r || r.verdict !== 'win' || !s.can_redo) {
			stopSolve(r && r.verdict === 'lose' ? 'The goal can no longer be reached from here: undo to get back on track.'
				: 'No solution found: ' + ((r && r.note) || 'not decided in time'));
			return;
		}
		const kinds = { shortest: 'fewest moves from here (proved)',
			constructive: 'the constructive solution of T_n',
			oracle: 'a winning line (not the shortest)',
			table: 'a winning line from the three-colour table', search: 'a winning line found by search' };
		say(`Solving with ${kinds[r.line] || 'a winning line'}: ` +
			`${r.solution_moves} moves, ${r.solution_jumps} jumps: ${r.solution}`);
		$('message').dataset.line = r.line || '';
		sel = null;
		draw();
		me.timer = setTimeout(() => solveStep(me), SOLVE_STEP_MS);
	});
}

function solveStep(me) {
	if (solving !== me)
		return;
	me.timer = null;
	enqueue(async () => {
		if (solving !== me)
			return;
		if (!st.can_redo || st.status !== 'playing')
			return stopSolve();
		const s = await api('redo', { game: st.game }, me.ctl.signal);
		if (solving !== me)
			return;
		helped = true;
		setState(s);
		if (st.can_redo && st.status === 'playing')
			me.timer = setTimeout(() => solveStep(me), SOLVE_STEP_MS);
		else
			stopSolve();
	});
}

/* ---- new games ---- */
async function startGame(params) {
	const s = await api('new', params);
	helped = false;
	optKey = null;
	sel = null;
	cursor = 0;
	setState(s);
	startNote();
	return s;
}

function startNote() {
	if (st.jumps === 0 && st.status === 'playing' && st.verdict === 'lose')
		say('From this start the goal cannot be reached: the game is lost before the first move. ' +
			'Pick another start hole (Set start) or goal.');
	else if (st.jumps === 0 && st.status === 'stuck')
		say('No jump is possible from this start: pick another start hole (Set start).');
}

function newGame(e) {
	if (e)
		e.preventDefault();
	stopSolve();
	leaveModes();
	$('optinfo').textContent = '';
	$('puzzleinfo').textContent = '';
	clearMessages();
	const params = { board: normBoard($('board').value), vacate: $('vacate').value.trim(),
		goal: $('goal').value.trim() || 'anywhere' };
	if ($('tri').checked)
		params.variant = 'tri';
	act(() => startGame(params));
}

/* three colours: a new random colouring of the board (a new seed) */
function triRandom() {
	if (!st)
		return;
	stopSolve();
	leaveModes();
	clearMessages();
	const params = { variant: 'tri', board: st.board.spec, vacate: $('vacate').value.trim() };
	act(async () => {
		await startGame(params);
		say('New random start, seed ' + st.seed + '.');
	});
}

/* the offered boards and their winnable default starts, from the API */
async function loadOffers() {
	let j;
	try {
		j = await ask('GET', 'boards');
	} catch (e) {
		showError(e.message);
		return;
	}
	const list = $('boards');
	list.textContent = '';
	offers = {};
	for (const o of j.offered || []) {
		offers[o.spec] = { vacate: o.vacate, goal: o.goal };
		const opt = document.createElement('option');
		opt.value = o.spec;
		list.appendChild(opt);
	}
}

function boardChosen() {
	const d = offers[normBoard($('board').value)];
	if (d) {
		$('vacate').value = d.vacate;
		$('goal').value = d.goal;
	}
}

/* Set start: the next hole clicked is the empty hole of a new game. */
function toggleStart() {
	if (mode === 'start')
		return leaveStart('');
	if (!st)
		return;
	stopSolve();
	leaveModes();
	mode = 'start';
	sel = null;
	$('setstart').setAttribute('aria-pressed', 'true');
	say('Click or tap the hole to leave empty at the start.');
	draw();
}

function leaveStart(text) {
	mode = 'game';
	$('setstart').setAttribute('aria-pressed', 'false');
	say(text);
	draw();
}

async function pickStart(i) {
	const name = holeName(i), spec = st.board.spec;
	const goal = st.goal === 'anywhere' || st.goal === 'complement' ? st.goal
		: ($('goal').value.trim() || 'anywhere');
	mode = 'game';
	$('setstart').setAttribute('aria-pressed', 'false');
	clearMessages();
	$('optinfo').textContent = '';
	$('board').value = spec;
	$('vacate').value = name;
	$('goal').value = goal;
	if (triGame())
		await startGame({ variant: 'tri', board: spec, vacate: name,
			seed: st.seed === null ? undefined : st.seed });
	else
		await startGame({ board: spec, vacate: name, goal });
	if (!$('message').textContent)
		say('New game: ' + name + ' empty at the start.');
}

/* A shared link: restore it, or say what is wrong with it, keep its legal
 * prefix, and leave the address alone. */
async function loadLink(game) {
	let why, answer;
	try {
		const s = await api('state', { game });
		helped = false;
		setState(s);
		fillForm();
		return;
	} catch (e) {
		why = e.message;
		answer = e.answer;
	}
	const f = game.split(';');
	if (answer && typeof answer.prefix === 'string') {
		/* the server found the legal prefix */
		const pf = isTri(game) ? f[2] : f[3];
		const n = pf ? pf.split(',').length : 0, lo = answer.legal_moves;
		try {
			setState(await api('state', { game: answer.prefix }));
			fillForm();
			showError('This game link is broken: ' + why + '. ' + (lo >= n
				? 'Kept its ' + n + ' played move' + (n === 1 ? '' : 's') + ' and the undone ones before the bad one.'
				: 'Kept the first ' + lo + ' of its ' + n + ' moves.'));
			return;
		} catch (e) {
			/* fall back to the search below */
		}
	}
	const head = f.length >= 3 && !isTri(game) ? f.slice(0, 3).join(';') + ';' : null;
	const played = f.length >= 4 && f[3] ? f[3].split(',') : [];
	const ok = async (k) => {
		try {
			return await api('state', { game: head + played.slice(0, k).join(','), hints: 'off' });
		} catch (e) {
			return null;
		}
	};
	if (head && await ok(0)) {
		let lo = 0, hi = played.length;   /* prefix lo is legal; find the longest */
		if (await ok(hi))
			lo = hi;
		else
			while (hi - lo > 1) {
				const mid = (lo + hi) >> 1;
				if (await ok(mid))
					lo = mid;
				else
					hi = mid;
			}
		setState(await api('state', { game: head + played.slice(0, lo).join(',') }));
		fillForm();
		showError('This game link is broken: ' + why + '. ' + (lo === played.length
			? 'Kept its ' + lo + ' played move' + (lo === 1 ? '' : 's') + ' without the undone ones.'
			: 'Kept the first ' + lo + ' of its ' + played.length + ' moves.'));
		return;
	}
	showError('This game link is broken: ' + why + '. Started a new game instead.');
	await startGame({ board: normBoard($('board').value), vacate: $('vacate').value.trim(),
		goal: $('goal').value.trim() || 'anywhere', variant: isTri(game) ? 'tri' : undefined });
}

function fillForm() {
	$('board').value = st.board.spec;
	$('goal').value = st.goal;
	const m = st.game.split(';')[1].match(/^empty:([^,]+)$/);
	if (m)
		$('vacate').value = m[1];
	fillHoles();
}

/* the start picker of the form lists the board's holes */
function fillHoles() {
	const list = $('holes');
	if (list.dataset.spec === st.board.spec)
		return;
	list.dataset.spec = st.board.spec;
	list.replaceChildren(...st.board.hole_list.map((h) => {
		const o = document.createElement('option');
		o.value = h[0];
		return o;
	}));
}

/* ---- puzzles ---- */
function puzzle() {
	stopSolve();
	leaveModes();
	clearMessages();
	const params = { board: normBoard($('board').value), level: $('plevel').value };
	if ($('ppegs').value.trim())
		params.pegs = $('ppegs').value.trim();
	if ($('pseed').value.trim())
		params.seed = $('pseed').value.trim();
	act(async () => {
		const s = await api('puzzle', params);
		helped = false;
		optKey = null;
		sel = null;
		setState(s);
		const p = s.puzzle;
		$('puzzleinfo').textContent = `Puzzle seed ${p.seed}: ${p.pegs} pegs, finish at ${p.finish}; ` +
			`graded ${p.grade} (${Math.round(p.score * 100)}% of the jumps on the way lose).`;
		$('puzzleinfo').dataset.seed = p.seed;
		say(`Puzzle: leave one peg at ${p.finish}.`);
		$('optinfo').textContent = '';
	});
}

/* ---- the board editor ---- */
function posText(b, pegs) {
	return 'pegs:' + b.hole_list.filter((h, i) => pegs[i]).map((h) => h[0]).join(',');
}

function drawPlain(b, pegs, what) {
	ensureView(b);
	const svg = $('board-svg');
	view.els.forEach((g, i) => {
		g.querySelector('.marks').replaceChildren();
		setHoleClasses(g, pegs[i] ? ['has-peg'] : []);
		g.setAttribute('aria-label', b.hole_list[i][0] + (pegs[i] ? ' peg' : ' empty'));
		g.setAttribute('tabindex', i === cursor ? 0 : -1);
	});
	svg.dataset.pegs = pegs.reduce((a, v) => a + v, 0);
	svg.setAttribute('aria-label', what);
	$('counters').textContent = '';
	$('verdict').textContent = '';
	gameButtons(false);
	return view.els;
}

function drawEdit() {
	drawPlain(edit.board, edit.pegs, 'board editor: ' + edit.board.title);
	$('board-svg').dataset.status = 'edit';
	$('status').className = '';
	$('status').textContent = 'Board editor: tap holes to add or remove pegs; ' +
		'"Play this position" plays it, "Back to the game" leaves.';
}

function editToggle(i) {
	setCursor(i, false);
	edit.pegs[i] = edit.pegs[i] ? 0 : 1;
	drawEdit();
	analyse(0);
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
	stopSolve();
	leaveModes();
	mode = 'edit';
	edit = { board: st.board, pegs: st.pegs.slice(),
		goal: st.goal === 'complement' ? (st.goal_hole || 'anywhere') : st.goal, seq: 0 };
	$('editplay').disabled = false;
	$('edit').textContent = 'Back to the game';
	clearMessages();
	drawEdit();
	analyse(0);
}

function leaveModes() {
	stopDemo();
	if (mode === 'edit') {
		edit = null;
		$('editplay').disabled = true;
		$('edit').textContent = 'Edit this board';
	}
	if (mode === 'start')
		$('setstart').setAttribute('aria-pressed', 'false');
	mode = 'game';
}

function editPlay() {
	if (!edit)
		return;
	const params = { board: edit.board.spec, position: posText(edit.board, edit.pegs),
		goal: edit.goal };
	leaveModes();
	clearMessages();
	act(() => startGame(params));
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
	stopSolve();
	leaveModes();
	const n = $('dsize').value, vacate = $('dvacate').value.trim() || 'a1';
	$('demoinfo').textContent = 'Constructing T' + n + '...';
	let r;
	try {
		r = await ask('GET', 'construct?n=' + encodeURIComponent(n) +
			'&vacate=' + encodeURIComponent(vacate));
	} catch (e) {
		$('demoinfo').textContent = e.message;
		showError(e.message);
		return;
	}
	mode = 'demo';
	clearMessages();
	const pegs = r.board.hole_list.map(() => 1);
	pegs[r.vacate_index] = 0;
	demo = { board: r.board, pegs, jumps: r.jumps, i: 0, timer: null, info: r };
	demo.els = drawPlain(r.board, pegs, 'ultimate demo: ' + r.board.title);
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
		const text = `T${n} from ${r.vacate}: jump ${demo.i} of ${demo.jumps.length}, ` +
			`${left} peg${left === 1 ? '' : 's'} left` + (demo.i === demo.jumps.length
				? `. Done: one peg at ${r.finish} (${r.n_moves} moves, ${r.purges} purges, verified by the server).`
				: '');
		$('demoinfo').textContent = text;
		$('status').textContent = 'Ultimate demo, ' + text;
		if (demo.i < demo.jumps.length)
			demo.timer = setTimeout(step, speed);
		else {
			svg.dataset.status = 'demo-done';
			$('demostop').disabled = true;
		}
	};
	demo.timer = setTimeout(step, 300);
}

/* ---- the board's input: pointer (tap, click, drag) and keys ---- */
function holeOf(node) {
	const g = node && node.closest ? node.closest('g.hole') : null;
	return g && view && view.els[+g.dataset.i] === g ? +g.dataset.i : -1;
}

function moveCursor(i, dx, dy) {
	const [px, py] = view.pts[i];
	let best = -1, bestScore = Infinity;
	const consider = (k, minAlong) => {
		const ax = view.pts[k][0] - px, ay = view.pts[k][1] - py;
		const along = ax * dx + ay * dy, perp = Math.abs(ax * dy - ay * dx);
		if (along > minAlong && perp <= along * 1.2) {
			const score = Math.hypot(ax, ay) * (1 + perp / along);
			if (score < bestScore - 1e-9) {
				bestScore = score;
				best = k;
			}
		}
	};
	/* after selecting a peg, an arrow goes to its landing hole that way */
	if (mode === 'game' && sel === i)
		for (const j of jumpsFrom(i))
			consider(j.t, 0.2);
	if (best < 0)
		for (let k = 0; k < view.els.length; k++)
			if (k !== i)
				consider(k, 0.3);
	if (best >= 0)
		setCursor(best, true);
}

function boardKey(e) {
	const i = holeOf(e.target);
	if (i < 0)
		return;
	$('board-svg').classList.add('kbd');
	const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
	if (dirs[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
		e.preventDefault();
		moveCursor(i, dirs[e.key][0], dirs[e.key][1]);
	} else if (e.key === 'Home' || e.key === 'End') {
		e.preventDefault();
		setCursor(e.key === 'Home' ? 0 : view.els.length - 1, true);
	} else if (e.key === 'Enter' || e.key === ' ') {
		e.preventDefault();
		e.stopPropagation();
		activate(i);
	}
}

function boardPointerDown(e) {
	const svg = $('board-svg');
	svg.classList.remove('kbd');
	const i = holeOf(e.target);
	if (i < 0 || (e.pointerType === 'mouse' && e.button !== 0))
		return;
	down = { i, cur: i, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false };
}

function boardPointerMove(e) {
	if (!down || e.pointerId !== down.id)
		return;
	if (!down.moved && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 10)
		return;
	if (mode !== 'game' || !st || !st.pegs[down.i] || !jumpsFrom(down.i).length)
		return;
	if (!down.moved) {
		down.moved = true;
		if (solving)
			stopSolve('Solve stopped: your move.');
		setCursor(down.i, false);
		if (sel !== down.i) {
			sel = down.i;
			draw();
		}
	}
	e.preventDefault();
	/* entering a landing hole of the dragged peg plays the jump; dragging
	 * on through the next landing hole makes a multi-jump */
	const t = holeOf(document.elementFromPoint(e.clientX, e.clientY));
	if (t >= 0 && t !== down.cur && sel === down.cur && pending === 0 &&
	    jumpsFrom(down.cur).some((j) => j.t === t)) {
		const f = down.cur;
		down.cur = t;
		act(() => jump(f, t));
	}
}

function boardPointerUp(e) {
	if (!down || e.pointerId !== down.id)
		return;
	const d = down;
	down = null;
	pointerTapAt = performance.now();
	if (!d.moved) {
		/* a tap: the hole under the finger when it went down */
		activate(d.i);
	}
}

function boardClick(e) {
	/* pointers were handled at pointerup; this is a click without one
	 * (a screen reader's activation) */
	if (performance.now() - pointerTapAt < 1000)
		return;
	const i = holeOf(e.target);
	if (i >= 0)
		activate(i);
}

/* a touch that starts on a peg that can jump drags it instead of scrolling */
function boardTouchStart(e) {
	if (mode !== 'game' || !st || e.touches.length !== 1)
		return;
	const i = holeOf(e.target);
	if (i >= 0 && st.pegs[i] && jumpsFrom(i).length)
		e.preventDefault();
}

function pageKey(e) {
	const t = e.target;
	if (['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || t.isContentEditable || e.altKey)
		return;
	const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
	if (e.ctrlKey || e.metaKey) {
		if (k === 'z' && !e.shiftKey) {
			e.preventDefault();
			undo();
		} else if (k === 'y' || (k === 'z' && e.shiftKey)) {
			e.preventDefault();
			redo();
		}
		return;
	}
	if (e.key === 'Escape') {
		if (solving)
			stopSolve('Solve stopped.');
		else if (mode === 'start')
			leaveStart('');
		else if (sel !== null) {
			sel = null;
			draw();
		}
		return;
	}
	if (t.tagName === 'BUTTON' && (k === 'Enter' || k === ' '))
		return;
	if (!st || mode !== 'game')
		return;
	if (k === 'u' || k === 'z')
		undo();
	else if (k === 'r' || k === 'y')
		redo();
	else if (k === 'h')
		hint();
	else if (k === 's')
		solve();
}

/* ---- wiring ---- */
const svg0 = $('board-svg');
svg0.addEventListener('keydown', boardKey);
svg0.addEventListener('pointerdown', boardPointerDown);
svg0.addEventListener('pointermove', boardPointerMove);
svg0.addEventListener('pointerup', boardPointerUp);
svg0.addEventListener('pointercancel', () => { down = null; });
svg0.addEventListener('click', boardClick);
svg0.addEventListener('touchstart', boardTouchStart, { passive: false });
$('newgame').addEventListener('submit', newGame);
$('board').addEventListener('change', boardChosen);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('reset').addEventListener('click', () => {
	if (!st || mode !== 'game')
		return;
	stopSolve('Solve stopped.');
	act(() => call('reset', { game: st.game }));
});
$('hint').addEventListener('click', hint);
$('solve').addEventListener('click', solve);
$('setstart').addEventListener('click', toggleStart);
$('trirandom').addEventListener('click', triRandom);
$('strength').addEventListener('change', () => {
	prefs.strength = $('strength').value;
	savePrefs();
	if (st && mode === 'game')
		act(() => call('state', { game: st.game }));
});
for (const id of ['labels', 'autojump', 'zoom'])
	$(id).addEventListener('change', () => {
		prefs[id] = $(id).checked;
		savePrefs();
		applyPrefs();
		fitBoard();
	});
$('optimum').addEventListener('click', () => optimum(false));
$('puzzle').addEventListener('click', puzzle);
$('edit').addEventListener('click', () => (mode === 'edit' ? (leaveModes(), draw()) : startEdit()));
$('editplay').addEventListener('click', editPlay);
$('demo').addEventListener('click', startDemo);
$('demostop').addEventListener('click', stopDemo);
$('share').addEventListener('click', (e) => {
	e.preventDefault();
	if (!st)
		return;
	const link = shareLink();
	pristine = false;
	history.replaceState(null, '', '#g=' + encodeURIComponent(st.game));
	if (navigator.clipboard)
		navigator.clipboard.writeText(link).catch(() => {});
	say('Link to this game: ' + link);
});
document.addEventListener('keydown', pageKey);
window.addEventListener('resize', fitBoard);
window.addEventListener('hashchange', () => {
	const m = location.hash.match(/^#g=(.*)$/);
	if (m && (!st || '#g=' + encodeURIComponent(st.game) !== location.hash)) {
		stopSolve();
		leaveModes();
		clearMessages();
		enqueue(() => loadLink(safeDecode(m[1])));
	}
});

function safeDecode(s) {
	try {
		return decodeURIComponent(s);
	} catch (e) {
		return s;
	}
}

window.pegsol = { state: () => st, mode: () => mode, busy: () => pending,
	demo: () => demo && { i: demo.i, n: demo.jumps.length, pegs: demo.pegs.reduce((a, v) => a + v, 0) } };
(function start() {
	applyPrefs();
	loadOffers();
	const m = location.hash.match(/^#g=(.*)$/);
	if (m)
		enqueue(() => loadLink(safeDecode(m[1])));
	else
		enqueue(() => startGame({ board: normBoard($('board').value), vacate: $('vacate').value.trim(),
			goal: $('goal').value.trim() || 'anywhere' }));
})();
