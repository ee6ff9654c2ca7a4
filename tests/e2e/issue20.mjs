// issue20.mjs - the browser checks of issue 20 (keyboard, drag, broken
// links, Set start, options, hints past 63 holes, Solve, phone layout,
// accessibility), called by play.mjs with its browser context, for the
// server's page and for the static WebAssembly page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const art = path.join(here, 'artifacts');

/* In the page: text whose contrast with its background is under 4.5:1
 * (WCAG AA for normal text); the board's SVG and disabled controls are
 * left out, as axe-core does. */
function lowContrast() {
	const parse = (c) => {
		const m = /rgba?\(([^)]+)\)/.exec(c);
		if (!m)
			return null;
		const v = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
		return { r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1 };
	};
	const lum = (c) => {
		const f = (x) => ((x /= 255) <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
		return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
	};
	const bgOf = (e) => {
		for (; e; e = e.parentElement) {
			const c = parse(getComputedStyle(e).backgroundColor);
			if (c && c.a > 0.5)
				return c;
		}
		return { r: 255, g: 255, b: 255 };
	};
	const bad = [];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode());) {
		const e = n.parentElement;
		if (!n.textContent.trim() || e.closest('svg') || e.closest('[disabled]') || e.closest('[hidden]'))
			continue;
		if (e.closest('details:not([open])') && !e.closest('summary'))
			continue;
		const r = e.getBoundingClientRect();
		if (!r.width || !r.height)
			continue;
		const fg = parse(getComputedStyle(e).color), bg = bgOf(e);
		const a = lum(fg), b = lum(bg);
		const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
		if (ratio < 4.5)
			bad.push(`${e.id || e.tagName} "${n.textContent.trim().slice(0, 24)}" ${ratio.toFixed(2)}`);
	}
	return bad;
}

/* The page helpers of a test section: wait (a failed check on timeout),
 * ready (the first state, nothing queued), state, focused (the hole with
 * the keyboard focus); check already carries the section's tag.  Also
 * used by tricolor.mjs. */
export function pageHelpers(check, waitMs = 10000) {
	const wait = async (pg, fn, arg, what, ms = waitMs) => {
		try {
			await pg.waitForFunction(fn, arg, { timeout: ms });
			return true;
		} catch (e) {
			check(false, 'timeout waiting for ' + what);
			return false;
		}
	};
	const ready = (pg) => wait(pg, () => window.pegsol && window.pegsol.state() &&
		!window.pegsol.busy(), null, 'the first state');
	const state = (pg) => pg.evaluate(() => window.pegsol.state());
	const focused = (pg) => pg.evaluate(() => document.activeElement &&
		document.activeElement.dataset && document.activeElement.dataset.hole);
	/* arrow keys from the focused hole to hole name: true when there */
	const pos = (pg, name) => pg.evaluate((n) => {
		const m = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(
			document.querySelector(`g.hole[data-hole="${n}"]`).getAttribute('transform'));
		return [+m[1], +m[2]];
	}, name);
	const arrowsTo = async (pg, name) => {
		for (let k = 0; k < 40; k++) {
			const cur = await focused(pg);
			if (cur === name)
				return true;
			if (!cur)
				return false;
			const [cx, cy] = await pos(pg, cur), [tx, ty] = await pos(pg, name);
			await pg.keyboard.press(Math.abs(ty - cy) > 0.1 ? (ty < cy ? 'ArrowUp' : 'ArrowDown')
				: (tx < cx ? 'ArrowLeft' : 'ArrowRight'));
		}
		return false;
	};
	return { wait, ready, state, focused, arrowsTo };
}

/* opts.tag names the page in messages and screenshots ("wasm" for the
 * static WebAssembly page), opts.api is the server that gives the test
 * its solutions (url itself when it serves the API). */
export async function issue20(browser, url, check, opts = {}) {
	const tag = opts.tag ? opts.tag + ': ' : '', pre = opts.tag ? opts.tag + '-' : '';
	const checkAll = check;
	check = (cond, what) => checkAll(cond, tag + what);
	const { wait, ready, state, focused, arrowsTo } = pageHelpers(check);
	const inView = async (pg, sel) => {
		const b = await pg.locator(sel).boundingBox();
		const vp = pg.viewportSize();
		return b && b.height > 0 && b.y >= 0 && b.y + b.height <= vp.height;
	};
	const solution = async (game) => (await (await fetch((opts.api || url) + 'api/solve?hints=off&game=' +
		encodeURIComponent(game))).json()).solve;

	// 1. a whole T5 game by keyboard alone
	const kp = await browser.newPage({ viewport: { width: 1366, height: 768 } });
	kp.on('pageerror', (e) => check(false, 'page error: ' + e.message));
	await kp.goto(url);
	await ready(kp);
	let tabs = 1;
	for (; tabs <= 10; tabs++) {
		await kp.keyboard.press('Tab');
		if (await focused(kp))
			break;
	}
	check(tabs <= 6, 'Tab reaches the board within 6 Tabs: ' + tabs);
	check(await kp.evaluate(() => document.querySelectorAll('#board-svg g.hole[tabindex="0"]').length) === 1,
		'the board is one Tab stop (roving tabindex)');
	const ring = await kp.evaluate(() => {
		const g = document.activeElement, c = g.querySelector('circle.focus1');
		return { stroke: getComputedStyle(c).stroke, w: c.getBoundingClientRect().width,
			hole: g.querySelector('circle.hit').getBoundingClientRect().width,
			outline: getComputedStyle(g).outlineStyle };
	});
	check(ring.stroke !== 'none' && ring.w > 0.8 * ring.hole && ring.w < 1.2 * ring.hole,
		`focus ring drawn and hole-sized: ring ${Math.round(ring.w)} px, hole ${Math.round(ring.hole)} px`);
	check(ring.outline === 'none', 'no browser outline scaled by the SVG');
	const start = await focused(kp);
	await kp.keyboard.press('Tab');
	check(!(await focused(kp)), 'one more Tab leaves the board');
	await kp.keyboard.press('Shift+Tab');
	check((await focused(kp)) === start, 'Shift+Tab comes back to the same hole');
	const go = (name) => arrowsTo(kp, name);
	let s0 = await state(kp);
	const ksol = await solution(s0.game);
	let lost = 0, keys = 0, shot = false;
	for (const mv of ksol.solution.split(/,\s*/).map((m) => m.split('-'))) {
		for (let k = 1; k < mv.length; k++) {
			const before = (await state(kp)).jumps;
			const isSel = await kp.locator(`g.hole.selected[data-hole="${mv[k - 1]}"]`).count();
			if (!isSel) {
				check(await go(mv[k - 1]), 'arrows reach ' + mv[k - 1]);
				await kp.keyboard.press(keys++ % 2 ? 'Space' : 'Enter');
			}
			check(await go(mv[k]), 'arrows reach ' + mv[k]);
			if (!shot) {
				await kp.screenshot({ path: path.join(art, pre + '10-keyboard-focus.png') });
				shot = true;
			}
			await kp.keyboard.press('Enter');
			await wait(kp, (b) => window.pegsol.state().jumps > b && !window.pegsol.busy(), before, 'keyboard jump');
			if ((await focused(kp)) !== mv[k])
				lost++;
		}
	}
	let s = await state(kp);
	check(s.status === 'won' && s.pegs_left === 1, 'T5 won by keyboard alone: ' + s.status);
	check(lost === 0, 'focus stays on the landing hole after every jump (lost ' + lost + ' times)');
	await kp.keyboard.press('u');
	await wait(kp, () => window.pegsol.state().pegs_left === 2, null, 'u undoes');
	await kp.keyboard.press('r');
	await wait(kp, () => window.pegsol.state().pegs_left === 1, null, 'r redoes');
	await kp.keyboard.press('Control+z');
	await wait(kp, () => window.pegsol.state().pegs_left === 2, null, 'Ctrl+Z undoes');
	await kp.keyboard.press('Control+y');
	await wait(kp, () => window.pegsol.state().pegs_left === 1, null, 'Ctrl+Y redoes');

	// 2. a jump by drag: a3 onto a1
	await kp.goto(url);
	await ready(kp);
	const centre = async (n) => {
		const b = await kp.locator(`g.hole[data-hole="${n}"]`).boundingBox();
		return [b.x + b.width / 2, b.y + b.height / 2];
	};
	const [ax, ay] = await centre('a3'), [bx, by] = await centre('a1');
	await kp.mouse.move(ax, ay);
	await kp.mouse.down();
	await kp.mouse.move(bx, by, { steps: 8 });
	await kp.mouse.up();
	await wait(kp, () => window.pegsol.state().jumps === 1, null, 'the dragged jump');
	s = await state(kp);
	check(s.jumps === 1 && s.pegs[0] === 1 && s.pegs[3] === 0, 'drag a3 onto a1 plays a3-a1');

	// 3. Set start by clicking a hole; a board's default start can be won
	await kp.locator('#setstart').click();
	check((await kp.locator('#setstart').getAttribute('aria-pressed')) === 'true', 'Set start is on');
	await kp.locator('g.hole[data-hole="c3"]').click();
	await wait(kp, () => window.pegsol.state().jumps === 0 && window.pegsol.state().pegs[5] === 0,
		null, 'the new start');
	s = await state(kp);
	check(s.pegs_left === 14 && s.pegs[5] === 0, 'Set start + click c3: a new game with c3 empty');
	check((await kp.inputValue('#vacate')) === 'c3', 'the form shows the start c3');
	for (const [board, vac] of [['triangle:4', 'a2'], ['triangle:7', 'a2'], ['trunc-triangle:5', 'b3']]) {
		await kp.fill('#board', board);
		await kp.locator('#board').dispatchEvent('change');
		check((await kp.inputValue('#vacate')) === vac, board + ' offers the start ' + vac);
	}
	await kp.locator('#new').click();
	await wait(kp, () => window.pegsol.state().board.spec === 'trunc-triangle:5' && !window.pegsol.busy(),
		null, 'trunc-triangle:5');
	s = await state(kp);
	check(s.verdict === 'win', 'trunc-triangle:5 from its default start can be won: ' + s.verdict);

	// 4. hole names on request, options kept in localStorage
	await kp.locator('#optbox summary').click();
	await kp.locator('#labels').check();
	check(await kp.locator('g.hole[data-hole="c3"] text.label').isVisible(), 'hole names shown');
	await kp.screenshot({ path: path.join(art, pre + '11-labels.png') });
	await kp.reload();
	await ready(kp);
	check(await kp.locator('#labels').isChecked(), 'the option is kept across a reload');
	await kp.locator('#optbox summary').click();
	await kp.locator('#labels').uncheck();

	// 5. past 63 holes the hints say they are unavailable, no green targets
	await kp.goto(url + '#g=' + encodeURIComponent('triangle:12;empty:a1;anywhere;'));
	await ready(kp);
	check(/unavailable/.test(await kp.locator('#hintsinfo').textContent()), 'T12: hints unavailable');
	check(await kp.locator('#strength').isDisabled(), 'T12: the hints select is disabled');
	await kp.locator('g.hole[data-hole="a3"]').click();
	check((await kp.locator('g.hole.target').count()) === 1 &&
		(await kp.locator('g.hole.target.win, g.hole .check').count()) === 0,
		'T12: a landing hole is not drawn as winning');

	// 6. Solve can be stopped; Undo stops it too
	await kp.goto(url + '#g=' + encodeURIComponent('triangle:6;empty:a1;anywhere;'));
	await ready(kp);
	await kp.locator('#solve').click();
	await wait(kp, () => window.pegsol.state().jumps >= 1, null, 'Solve playing');
	check((await kp.locator('#solve').textContent()) === 'Stop', 'Solve turns into Stop');
	await kp.locator('#solve').click();
	const stoppedAt = (await state(kp)).jumps;
	await kp.waitForTimeout(900);
	s = await state(kp);
	check(s.jumps <= stoppedAt + 1 && s.status === 'playing' &&
		(await kp.locator('#solve').textContent()) === 'Solve', 'Stop stops Solve at ' + s.jumps);
	await kp.close();

	// 7. the phone: 390x844, touch
	const pp = await browser.newPage();
	await pp.setViewportSize({ width: 390, height: 844 });
	pp.on('pageerror', (e) => check(false, 'page error: ' + e.message));
	const broken = '#g=garbage;;;';
	await pp.goto(url + broken);
	await ready(pp);
	await wait(pp, () => document.getElementById('error').textContent, null, 'the broken-link message');
	const err = await pp.locator('#error').textContent();
	check(/this game link is broken/i.test(err), 'a broken link says so: ' + err);
	check(!/pegsol /.test(err), 'no command-line advice: ' + err);
	check(await inView(pp, '#error'), 'the broken-link message is in the phone viewport');
	check(await pp.evaluate(() => location.hash) === broken, 'the address is left alone');
	check((await pp.locator('#error').getAttribute('role')) === 'alert', 'errors are role=alert');
	await pp.screenshot({ path: path.join(art, pre + '12-phone-broken-link.png') });
	await pp.locator('g.hole[data-hole="a3"]').tap();
	await pp.locator('g.hole[data-hole="a1"]').tap();
	await wait(pp, () => window.pegsol.state().jumps === 1, null, 'a tap jump on the phone');
	check(/^#g=triangle/.test(await pp.evaluate(() => location.hash)), 'the address follows once the player acts');
	await pp.goto(url + '#g=' + encodeURIComponent('triangle:5;empty:a1;anywhere;a3-a1,zz-b2,c3-a3'));
	await ready(pp);
	await wait(pp, () => /broken/.test(document.getElementById('error').textContent), null, 'prefix message');
	s = await state(pp);
	check(s.jumps === 1 && /first 1 of its 3/.test(await pp.locator('#error').textContent()),
		'a link with an illegal move keeps its legal prefix');
	await pp.fill('#board', 'nosuch');
	await pp.locator('#new').tap();
	await wait(pp, () => /nosuch/.test(document.getElementById('error').textContent), null, 'bad board message');
	const berr = await pp.locator('#error').textContent();
	check(/pick one from the list/.test(berr) && !/pegsol boards/.test(berr), 'bad board in player words: ' + berr);
	check(await inView(pp, '#error'), 'the bad-board message is in the phone viewport');
	// Solve's summary in the viewport, and every control at least 44 px tall
	await pp.goto(url + '#g=' + encodeURIComponent('english;empty:d4;complement;'));
	await ready(pp);
	const boxes = await pp.locator('g.hole').evaluateAll((gs) => gs.map((g) => {
		const r = g.getBoundingClientRect();
		return Math.min(r.width, r.height);
	}));
	check(boxes.length === 33 && Math.min(...boxes) >= 44,
		'English hit boxes at 390x844 >= 44 px: ' + Math.round(Math.min(...boxes)));
	const small = await pp.evaluate(() => [...document.querySelectorAll(
		'button, select, input:not([type=checkbox]), .button, summary')]
		.filter((e) => e.offsetParent && e.getBoundingClientRect().height < 44)
		.map((e) => e.id || e.textContent.trim().slice(0, 20)));
	check(small.length === 0, 'controls >= 44 px tall on the phone: ' + small.join(', '));
	await pp.goto(url);
	await ready(pp);
	await pp.locator('#solve').tap();
	await wait(pp, () => document.getElementById('message').dataset.line, null, 'Solve summary');
	check(await inView(pp, '#message'), 'the Solve summary is in the phone viewport');
	await wait(pp, () => window.pegsol.state().status === 'won', null, 'Solve to the end', 15000);
	await pp.screenshot({ path: path.join(art, pre + '13-phone-solved.png') });
	check((await pp.locator('#message').getAttribute('role')) === 'status', 'the message line is role=status');

	// 8. accessibility on both layouts and both colour schemes
	for (const [w, h, scheme] of [[1366, 768, 'light'], [390, 844, 'light'], [390, 844, 'dark'],
		[1366, 768, 'dark']]) {
		await pp.setViewportSize({ width: w, height: h });
		await pp.emulateMedia({ colorScheme: scheme });
		await pp.goto(url);
		await ready(pp);
		await pp.locator('g.hole[data-hole="a3"]').click();
		const where = `${w}x${h} ${scheme}`;
		check(await pp.evaluate(() => document.querySelectorAll(
			'[role=img] [role=button], [role=img] button, [role=img] [tabindex]').length === 0),
			'no role=img holding buttons (' + where + ')');
		check(await pp.evaluate(() => [...document.querySelectorAll('g.hole')]
			.every((g) => g.getAttribute('role') === 'button' && /^[a-z]+\d+ (peg|empty)/.test(g.getAttribute('aria-label')))),
			'every hole is a named button (' + where + ')');
		const low = await pp.evaluate(lowContrast);
		check(low.length === 0, 'text contrast >= 4.5 (' + where + '): ' + low.join('; '));
		if (scheme === 'dark' && w === 390)
			await pp.screenshot({ path: path.join(art, pre + '14-phone-dark.png') });
	}
	const axePath = path.join(here, 'node_modules/axe-core/axe.min.js');
	if (existsSync(axePath)) {
		for (const [w, h] of [[1366, 768], [390, 844]]) {
			await pp.setViewportSize({ width: w, height: h });
			await pp.goto(url);
			await ready(pp);
			await pp.addScriptTag({ content: readFileSync(axePath, 'utf8') });
			const v = await pp.evaluate(async () => (await window.axe.run()).violations
				.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id));
			check(v.length === 0, `axe-core ${w}x${h}: no serious or critical violations: ` + v.join(', '));
		}
	} else {
		console.log('SKIP axe-core: not in tests/e2e/node_modules (npm install axe-core to run it)');
	}
	await pp.close();
}
