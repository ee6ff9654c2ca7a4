// play.mjs - end-to-end test of the web game in a real browser: Debian's
// chromium driven by playwright-core.  Starts `pegsol serve --port 0`,
// plays a full T5 game to one peg by tapping, undoes, finds a bomb on a
// losing jump, restores a game from a shared link, animates the
// constructive demo on T20 to one peg, makes a generated puzzle from a seed
// and solves it, and checks the board editor's live verdict.  Then issue 20:
// a whole T5 game by keyboard alone (Tab into the board, arrows, Enter, the
// focus ring and focus kept across moves, u/r/Ctrl+Z), a jump by drag, a
// broken share link (message in the viewport, address kept, legal prefix
// kept), Set start by clicking, hole names and saved options, hints past 63
// holes, Solve stopped and not credited, the phone layout at 390x844
// (messages in the viewport, hit boxes, controls >= 44 px), no role=img
// holding buttons, text contrast >= 4.5 in light and dark, no 404s, and
// axe-core when node_modules has it.  With PEGSOL_WASM=DIR (run.sh sets it
// to $BUILD/wasm after make wasm) the static WebAssembly page in DIR is
// served by a plain file server and checked too (wasm.mjs, then all of
// issue20.mjs).  Screenshots go to tests/e2e/artifacts/.
// E2E_ROOT=web serves the page from disk (pegsol serve --root) while editing
// it.  Prints "RESULT passed failed" like the other tests.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { issue20 } from './issue20.mjs';
import { staticServer, wasmChecks } from './wasm.mjs';
import { tricolor } from './tricolor.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pegsol = process.env.PEGSOL || path.join(here, '../../build/pegsol');
const art = path.join(here, 'artifacts');
mkdirSync(art, { recursive: true });
let passed = 0, failed = 0;
// E2E_VERBOSE=1 prints every passing check too
function check(cond, what) {
	if (cond) {
		passed++;
		if (process.env.E2E_VERBOSE)
			console.log('ok ' + what);
	} else { failed++; console.error('FAIL ' + what); }
}

const cacheDir = mkdtempSync(path.join(tmpdir(), 'pegsol-e2e-cache-'));
function startServer() {
	return new Promise((resolve, reject) => {
		const extra = process.env.E2E_ROOT
			? ['--root', path.resolve(here, '../..', process.env.E2E_ROOT)] : [];
		const p = spawn(pegsol, ['serve', '--port', '0', '--cache', cacheDir, ...extra],
			{ stdio: ['ignore', 'pipe', 'inherit'] });
		let out = '';
		p.stdout.on('data', (d) => {
			out += d;
			const m = out.match(/listening on (http:\/\/\S+)/);
			if (m) resolve({ proc: p, url: m[1] });
		});
		p.on('exit', (c) => reject(new Error('server exited ' + c)));
		setTimeout(() => reject(new Error('server did not start')), 10000);
	});
}

const srv = await startServer();
const profile = mkdtempSync(path.join(tmpdir(), 'pegsol-chromium-'));
let browser = null;
try {
	browser = await chromium.launchPersistentContext(profile, {
		colorScheme: 'light',
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		hasTouch: true,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	browser.on('response', (r) => {
		if (r.status() === 404 && !/\/api\//.test(r.url()))
			check(false, '404 for ' + r.url());
	});
	const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
	page.on('pageerror', (e) => check(false, 'page error: ' + e.message));
	const state = () => page.evaluate(() => window.pegsol.state());
	const pegs = async () => (await state()).pegs_left;
	async function waitState(pred, what) {
		try {
			await page.waitForFunction(pred, null, { timeout: 10000 });
		} catch (e) {
			check(false, 'timeout waiting for ' + what);
		}
	}
	const tapHole = (name) => page.locator(`g.hole[data-hole="${name}"]`).click();

	// 1. a full T5 game to one peg, by tapping: the solution comes from the
	//    server's API, the taps go through the page
	await page.goto(srv.url);
	await waitState(() => window.pegsol && window.pegsol.state(), 'first state');
	check((await pegs()) === 14, 'T5 starts with 14 pegs');
	await page.screenshot({ path: path.join(art, '1-start.png') });
	const sol = await (await fetch(srv.url + 'api/solve?hints=off&game=' +
		encodeURIComponent((await state()).game))).json();
	check(sol.solve && sol.solve.verdict === 'win', 'solve verdict win');
	check(sol.solve && sol.solve.line === 'shortest', 'T5 solve is a fewest-moves line');
	const moves = sol.solve.solution.split(/,\s*/).map((m) => m.split('-'));
	for (const path_ of moves) {
		for (let k = 1; k < path_.length; k++) {
			const before = (await state()).jumps;
			const cur = await state();
			const from = cur.board.hole_list.findIndex((h) => h[0] === path_[k - 1]);
			const sel = await page.locator('g.hole.selected').count();
			if (!sel || (await page.locator(`g.hole.selected[data-hole="${path_[k - 1]}"]`).count()) === 0)
				await tapHole(path_[k - 1]);
			check(from >= 0, 'hole ' + path_[k - 1]);
			await tapHole(path_[k]);
			await page.waitForFunction((b) => window.pegsol.state().jumps > b, before, { timeout: 10000 });
		}
	}
	let s = await state();
	check(s.pegs_left === 1, 'one peg left, got ' + s.pegs_left);
	check(s.status === 'won', 'status won, got ' + s.status);
	check(s.moves === sol.solve.solution_moves, 'moves counted as in the solution');
	check(/Solved/.test(await page.locator('#status').textContent()), 'page says solved');
	await page.screenshot({ path: path.join(art, '2-solved.png') });

	// 2. undo
	await page.locator('#undo').click();
	await waitState(() => window.pegsol.state().pegs_left === 2, 'undo');
	s = await state();
	check(s.pegs_left === 2 && s.can_redo, 'undo gives two pegs and redo');
	await page.keyboard.press('r');
	await waitState(() => window.pegsol.state().pegs_left === 1, 'redo key');

	// 3. a bomb on a losing jump: T5 with a2 vacant, c4-a2 is dead at once
	//    (seed 001 section 7.1)
	await page.fill('#board', 'T5');
	await page.fill('#vacate', 'a2');
	await page.fill('#goal', 'anywhere');
	await page.locator('#new').click();
	await waitState(() => window.pegsol.state().pegs_left === 14 &&
		window.pegsol.state().pegs[1] === 0, 'new game a2');
	await tapHole('c4');
	const target = page.locator('g.hole.target[data-hole="a2"]');
	check((await target.count()) === 1, 'a2 is a target of c4');
	check(await target.evaluate((e) => e.classList.contains('lose')), 'c4-a2 marked losing');
	check((await target.locator('.bomb-body').count()) === 1, 'bomb drawn on c4-a2');
	await tapHole('a4');
	const good = page.locator('g.hole.target.win[data-hole="a2"]');
	check((await good.count()) === 1, 'a4-a2 marked winning');
	await tapHole('c4');
	await page.screenshot({ path: path.join(art, '3-bomb.png') });

	// 4. a shared link restores the game
	await tapHole('a2');
	await waitState(() => window.pegsol.state().jumps === 1, 'losing jump played');
	const before = await state();
	check(before.verdict === 'lose', 'position after the bomb is lost');
	const link = await page.locator('#share').getAttribute('href');
	check(/#g=/.test(link), 'share link has the game');
	const page2 = await browser.newPage({ viewport: { width: 1000, height: 700 } });
	await page2.goto(link);
	await page2.waitForFunction(() => window.pegsol && window.pegsol.state(), null, { timeout: 10000 });
	const after = await page2.evaluate(() => window.pegsol.state());
	check(after.game === before.game, 'shared link restores the game id');
	check(JSON.stringify(after.pegs) === JSON.stringify(before.pegs), 'same pegs');
	check(after.jumps === 1 && after.moves === 1, 'same counters');
	await page2.screenshot({ path: path.join(art, '4-shared.png') });

	// 5. bad requests get 4xx JSON, the server stays up
	for (const q of ['api/play?game=T5', 'api/new?board=nosuch', 'api/nothing?game=T5;full;anywhere;',
		'api/play?game=triangle:5;empty:a1;anywhere;&from=a1&to=zz']) {
		const r = await fetch(srv.url + q);
		const j = await r.json();
		check(r.status >= 400 && r.status < 500 && j.error, 'error for ' + q);
	}
	check((await fetch(srv.url + 'api/boards')).ok, 'server alive');

	// 6. the ultimate demo: the constructive solution of T20 animated to
	//    one peg (209 jumps, fastest speed)
	await page.locator('#demobox summary').click();
	await page.fill('#dsize', '20');
	await page.fill('#dvacate', 'a1');
	await page.selectOption('#dspeed', '0');
	await page.locator('#demo').click();
	await waitState(() => document.getElementById('board-svg').dataset.status === 'demo-done',
		'demo to finish');
	const d = await page.evaluate(() => window.pegsol.demo());
	check(d && d.i === 208 && d.n === 208, 'demo played all 208 jumps of T20');
	check(d && d.pegs === 1, 'demo ends with one peg, got ' + (d && d.pegs));
	check((await page.locator('g.hole.has-peg').count()) === 1, 'one peg drawn after the demo');
	check(/Done: one peg/.test(await page.locator('#demoinfo').textContent()), 'demo says done');
	await page.screenshot({ path: path.join(art, '5-demo-T20.png') });
	const t40 = await (await fetch(srv.url + 'api/construct?n=40&vacate=a2')).json();
	check(t40.verified && t40.n_jumps === 818, 'T40 construct: 818 verified jumps');

	// 7. a generated puzzle from an explicit seed, solved to its finish
	await page.locator('#puzzlebox summary').click();
	await page.fill('#board', 'triangle:6');
	await page.selectOption('#plevel', 'hard');
	await page.fill('#pseed', '2026');
	await page.locator('#puzzle').click();
	await waitState(() => document.getElementById('puzzleinfo').dataset.seed === '2026', 'puzzle');
	s = await state();
	check(s.board.spec === 'triangle:6' && s.goal_hole, 'puzzle is a T6 game with a goal hole');
	check(s.verdict === 'win', 'generated puzzle is winnable');
	check(/seed 2026/.test(await page.locator('#puzzleinfo').textContent()), 'seed printed');
	const again = await (await fetch(srv.url + 'api/puzzle?hints=off&board=triangle:6&level=hard&seed=2026')).json();
	check(again.game === s.game, 'same seed, same puzzle');
	const psol = await (await fetch(srv.url + 'api/solve?hints=off&game=' + encodeURIComponent(s.game))).json();
	check(psol.solve.verdict === 'win', 'puzzle solves');
	let g2 = psol.game;
	for (let k = 0; k < psol.solve.solution_jumps; k++)
		g2 = (await (await fetch(srv.url + 'api/redo?hints=off&game=' + encodeURIComponent(g2))).json()).game;
	const fin = await (await fetch(srv.url + 'api/state?hints=off&game=' + encodeURIComponent(g2))).json();
	check(fin.status === 'won', 'puzzle played to its finish: ' + fin.status);
	await page.screenshot({ path: path.join(art, '6-puzzle.png') });

	// 8. the board editor: class at once, search verdict when done
	await page.locator('#editbox summary').click();
	await page.locator('#edit').click();
	await waitState(() => /Search: (solvable|not)/.test(document.getElementById('editinfo').textContent),
		'editor verdict');
	check((await page.locator('#editinfo').getAttribute('data-cls')) !== '', 'editor shows the class');
	await page.screenshot({ path: path.join(art, '7-editor.png') });

	// 9. touch: a phone-sized page, taps only.  A multi-jump move of the
	//    fewest-moves solution is played with taps: after a jump the same
	//    peg stays selected, and the move counter counts one move.
	const tp = await browser.newPage();
	await tp.setViewportSize({ width: 390, height: 800 });
	tp.on('pageerror', (e) => check(false, 'page error: ' + e.message));
	const tstate = () => tp.evaluate(() => window.pegsol.state());
	const tapT = (name) => tp.locator(`g.hole[data-hole="${name}"]`).tap();
	const tsol = (await (await fetch(srv.url + 'api/solve?hints=off&game=' +
		encodeURIComponent('triangle:5;empty:a1;anywhere;'))).json()).solve;
	const tmoves = tsol.solution.split(/,\s*/);
	const mi = tmoves.findIndex((m) => m.split('-').length >= 3);
	check(mi >= 0, 'the T5 solution has a multi-jump move');
	const gid = 'triangle:5;empty:a1;anywhere;' + tmoves.slice(0, mi).join(',');
	await tp.goto(srv.url + '#g=' + encodeURIComponent(gid));
	await tp.waitForFunction(() => window.pegsol && window.pegsol.state(), null, { timeout: 10000 });
	const box = await tp.locator('g.hole[data-hole="a1"]').boundingBox();
	check(box && box.width >= 32 && box.height >= 32,
		'touch targets are at least 32 px: ' + (box && Math.round(box.width)));
	check(await tp.evaluate(() => getComputedStyle(document.getElementById('board-svg')).touchAction === 'manipulation'),
		'no double-tap zoom on the board');
	const path0 = tmoves[mi].split('-');
	const t0 = await tstate();
	await tapT(path0[0]);
	check((await tp.locator(`g.hole.selected[data-hole="${path0[0]}"]`).count()) === 1, 'tap selects a peg');
	await tapT(path0[1]);
	await tp.waitForFunction((b) => window.pegsol.state().jumps === b + 1, t0.jumps, { timeout: 10000 });
	await tp.waitForFunction((h) => document.querySelector(`g.hole.selected[data-hole="${h}"]`), path0[1],
		{ timeout: 5000 }).catch(() => {});
	check((await tp.locator(`g.hole.selected[data-hole="${path0[1]}"]`).count()) === 1,
		'after a jump the same peg stays selected');
	let t1 = await tstate();
	check(t1.moves === t0.moves + 1, 'first jump of the move: one move');
	for (let k = 2; k < path0.length; k++) {
		const bj = (await tstate()).jumps;
		await tapT(path0[k]);
		await tp.waitForFunction((b) => window.pegsol.state().jumps === b + 1, bj, { timeout: 10000 });
	}
	t1 = await tstate();
	check(t1.jumps === t0.jumps + path0.length - 1, 'multi-jump: ' + (path0.length - 1) + ' jumps');
	check(t1.moves === t0.moves + 1, 'multi-jump counted as one move: ' + t1.moves);
	check(/Moves: 1?\d/.test(await tp.locator('#counters').textContent()), 'counters shown');
	await tp.screenshot({ path: path.join(art, '8-touch-multijump.png') });

	// 10. the whole history through the share link, redo tail included
	await tp.locator('#undo').tap();
	await tp.waitForFunction((b) => window.pegsol.state().jumps === b - 1, t1.jumps, { timeout: 10000 });
	await tp.locator('#undo').tap();
	await tp.waitForFunction((b) => window.pegsol.state().jumps === b - 2, t1.jumps, { timeout: 10000 });
	const mid = await tstate();
	check(mid.can_redo && mid.future, 'undone jumps wait in the redo tail');
	const link2 = await tp.locator('#share').getAttribute('href');
	const tp2 = await browser.newPage();
	await tp2.setViewportSize({ width: 390, height: 800 });
	await tp2.goto(link2);
	await tp2.waitForFunction(() => window.pegsol && window.pegsol.state(), null, { timeout: 10000 });
	const back = await tp2.evaluate(() => window.pegsol.state());
	check(back.game === mid.game, 'share link restores the game id with its redo tail');
	check(back.history === mid.history && back.future === mid.future, 'history and redo tail restored');
	check(back.can_redo && back.jumps === mid.jumps, 'restored game can redo');
	await tp2.locator('#redo').tap();
	await tp2.waitForFunction((b) => window.pegsol.state().jumps === b + 1, mid.jumps, { timeout: 10000 });
	await tp2.locator('#redo').tap();
	await tp2.waitForFunction((b) => window.pegsol.state().jumps === b + 2, mid.jumps, { timeout: 10000 });
	const fwd = await tp2.evaluate(() => window.pegsol.state());
	check(JSON.stringify(fwd.pegs) === JSON.stringify(t1.pegs) && fwd.moves === t1.moves,
		'redo after restore reaches the same position and move count');
	// Solve says which kind of line it plays
	await tp2.locator('#solve').tap();
	await tp2.waitForFunction(() => document.getElementById('message').dataset.line, null, { timeout: 10000 });
	check((await tp2.locator('#message').getAttribute('data-line')) === 'shortest', 'solve: fewest-moves line');
	check(/fewest moves from here/.test(await tp2.locator('#message').textContent()), 'solve names the line');
	await tp2.waitForFunction(() => window.pegsol.state().status === 'won', null, { timeout: 15000 });
	await tp2.waitForFunction(() => document.getElementById('optinfo').dataset.optimum, null, { timeout: 10000 });
	const opt = await tp2.locator('#optinfo').textContent();
	check(/Fewest moves from the start: \d+ \(you: \d+/.test(opt), 'fewest moves shown after the win');
	check(!/optimal!/.test(opt) && /computer's Solve/.test(opt),
		'no "optimal!" credit for the computer\'s Solve: ' + opt);
	await tp2.screenshot({ path: path.join(art, '9-shared-redo-solved.png') });
	for (const pg of [page, page2, tp, tp2])
		await pg.close();

	await issue20(browser, srv.url, check);
	await tricolor(browser, srv.url, check);

	// the static WebAssembly page (make wasm): its own checks, then all of
	// issue 20's on it; run.sh says why when it is skipped
	const wasmDir = process.env.PEGSOL_WASM;
	if (wasmDir && existsSync(path.join(wasmDir, 'pegsol.wasm'))) {
		const st = await staticServer(path.resolve(wasmDir));
		try {
			await wasmChecks(browser, st.url, srv.url, check);
			await issue20(browser, st.url, check, { tag: 'wasm', api: srv.url });
			await tricolor(browser, st.url, check, { tag: 'wasm' });
		} finally {
			await st.close();
		}
	} else if (wasmDir) {
		check(false, 'wasm: no pegsol.wasm in ' + wasmDir);
	}
} catch (e) {
	check(false, 'exception: ' + e.stack);
} finally {
	if (browser)
		await browser.close();
	srv.proc.kill('SIGTERM');
	rmSync(profile, { recursive: true, force: true });
	rmSync(cacheDir, { recursive: true, force: true });
}
console.log(`RESULT ${passed} ${failed}`);
process.exit(failed ? 1 : 0);
