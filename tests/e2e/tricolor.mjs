// tricolor.mjs - the browser checks of the three-colour mode (issue 20,
// "Three colours"; rules of seed 004 in docs/tricolor.md), called by
// play.mjs with its browser context for the server's page and for the
// static WebAssembly page: a fixed T5 start from a share link, a
// same-colour jump by keyboard (the jumped peg changes colour and stays),
// the pegs' shapes and names, undo, Solve to one peg, the checkbox and a
// new random start with its seed, and axe-core.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageHelpers } from './issue20.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const art = path.join(here, 'artifacts');

/* T5: a1, a2, b2 and e5 colour 2, c3 colour 1.  a1 over a2 to a3 is a
 * same-colour jump (a2: 2 + 2 = 1 mod 3, it stays); the table says the
 * position stays winnable (checked below through the API's verdict). */
export const TRI_START = '222001000000002';
export const TRI_GAME = 'triangle:5;tri:' + TRI_START + ';';

export async function tricolor(browser, url, check, opts = {}) {
	const tag = (opts.tag ? opts.tag + ': ' : '') + 'tri: ', pre = opts.tag ? opts.tag + '-' : '';
	const checkAll = check;
	check = (cond, what) => checkAll(cond, tag + what);
	const { wait, ready: idle, state, focused, arrowsTo } = pageHelpers(check, 15000);
	const label = (pg, h) => pg.locator(`g.hole[data-hole="${h}"]`).getAttribute('aria-label');

	const pg = await browser.newPage({ viewport: { width: 1366, height: 768 } });
	pg.on('pageerror', (e) => check(false, 'page error: ' + e.message));

	// 1. a fixed start from a share link keeps the variant
	await pg.goto(url + '#g=' + encodeURIComponent(TRI_GAME));
	await idle(pg);
	let s = await state(pg);
	check(s.variant === 'tri' && s.start === TRI_START && s.pegs_left === 5,
		'the link opens the three-colour game: ' + s.variant + ' ' + s.start);
	check(await pg.locator('#tri').isChecked(), 'the Three colours box is ticked');
	check(!(await pg.locator('#tribox').isHidden()), 'the three-colour panel is shown');
	check(s.verdict === 'win' && s.oracle.source === 'table', 'exact verdict from the table: ' + s.verdict);
	const look = await pg.evaluate(() => {
		const g = (n) => document.querySelector(`g.hole[data-hole="${n}"]`);
		const cs = (e) => getComputedStyle(e);
		return { c1: cs(g('c3').querySelector('circle.peg')).fill,
			c2: cs(g('a1').querySelector('circle.peg')).fill,
			dot: cs(g('c3').querySelector('.c1mark')).fill, dot2: cs(g('a1').querySelector('.c1mark')).fill,
			dia: cs(g('a1').querySelector('.c2mark')).fill, dia1: cs(g('c3').querySelector('.c2mark')).fill };
	});
	check(look.c1 !== look.c2, `the two colours differ: ${look.c1} / ${look.c2}`);
	check(look.dot !== 'none' && look.dot2 === 'none' && look.dia !== 'none' && look.dia1 === 'none',
		'colour 1 has a dot, colour 2 a diamond (shape as well as colour)');
	check(/^a1 peg colour 2/.test(await label(pg, 'a1')) && /^c3 peg colour 1/.test(await label(pg, 'c3')),
		'the names say the colour: ' + await label(pg, 'a1'));

	// 2. a same-colour jump by keyboard: a1 over a2 to a3
	let tabs = 1;
	for (; tabs <= 10; tabs++) {
		await pg.keyboard.press('Tab');
		if (await focused(pg))
			break;
	}
	const go = (name) => arrowsTo(pg, name);
	check(await go('a1'), 'arrows reach a1');
	await pg.keyboard.press('Enter');
	await wait(pg, () => document.querySelector('g.hole.selected[data-hole="a1"]'), null, 'a1 selected');
	check(/^a1 peg colour 2.*, selected/.test(await label(pg, 'a1')),
		'the selected peg is named with its colour: ' + await label(pg, 'a1'));
	check(/landing for a1 \(a2 changes colour\)/.test(await label(pg, 'a3')),
		'a3 is named as a landing hole where a2 changes colour: ' + await label(pg, 'a3'));
	check(await go('a3'), 'arrows reach a3');
	await pg.keyboard.press('Enter');
	await wait(pg, () => window.pegsol.state().jumps === 1 && !window.pegsol.busy(), null, 'the keyboard jump');
	s = await state(pg);
	check(s.pegs[0] === 0 && s.pegs[3] === 2, 'a1-a3 moved the colour-2 peg to a3');
	check(s.pegs[1] === 1 && s.pegs_left === 5,
		`the jumped peg a2 changed colour 2 -> ${s.pegs[1]} and stayed (${s.pegs_left} pegs)`);
	check(/^a2 peg colour 1/.test(await label(pg, 'a2')), 'a2 is now named colour 1');
	check((await focused(pg)) === 'a3', 'the focus stays on the landing hole');
	check(/[#]g=triangle%3A5%3Btri%3A/.test(await pg.evaluate(() => location.hash)),
		'the address keeps the variant');
	await pg.screenshot({ path: path.join(art, pre + '20-tricolor.png') });

	// 3. undo by key
	await pg.keyboard.press('u');
	await wait(pg, () => window.pegsol.state().jumps === 0 && !window.pegsol.busy(), null, 'u undoes');
	s = await state(pg);
	check(s.pegs.join('') === TRI_START && s.can_redo, 'undo restores the start: ' + s.pegs.join(''));

	// 4. Solve to one peg (animated through the redo tail)
	await pg.locator('#solve').click();
	await wait(pg, () => document.getElementById('message').dataset.line, null, 'the Solve line');
	check(/three-colour table/.test(await pg.locator('#message').textContent()),
		'Solve says where its line comes from: ' + await pg.locator('#message').textContent());
	await wait(pg, () => window.pegsol.state().status === 'won' && !window.pegsol.busy(), null,
		'Solve to one peg', 60000);
	s = await state(pg);
	check(s.status === 'won' && s.pegs_left === 1 && s.variant === 'tri', 'Solve ends with one peg: ' + s.pegs_left);

	// 5. the checkbox and a new random start with its seed
	await pg.fill('#board', 'triangle:5');
	await pg.fill('#vacate', 'c3');
	await pg.locator('#tri').check();
	await pg.locator('#new').click();
	await wait(pg, () => window.pegsol.state().jumps === 0 && window.pegsol.state().variant === 'tri' &&
		window.pegsol.state().seed && !window.pegsol.busy(), null, 'a new random start');
	s = await state(pg);
	check(s.pegs[5] === 0 && s.pegs_left === 14 && s.pegs.every((c, i) => i === 5 || c === 1 || c === 2),
		'New game with Three colours: c3 empty, every other hole colour 1 or 2');
	check((await pg.locator('#triinfo').textContent()).includes('seed ' + s.seed), 'the seed is shown: ' + s.seed);
	const seed1 = s.seed;
	await pg.locator('#trirandom').click();
	await wait(pg, (a) => window.pegsol.state().seed !== a && !window.pegsol.busy(), seed1, 'another seed');
	s = await state(pg);
	check(s.seed !== seed1 && s.variant === 'tri' && s.pegs[5] === 0, 'New random start: seed ' + s.seed);

	// 6. axe-core with a peg selected, on the desktop and the phone
	const axePath = path.join(here, 'node_modules/axe-core/axe.min.js');
	for (const [w, h] of existsSync(axePath) ? [[1366, 768], [390, 844]] : []) {
		await pg.setViewportSize({ width: w, height: h });
		await pg.goto(url + '#g=' + encodeURIComponent(TRI_GAME));
		await idle(pg);
		await pg.locator('g.hole[data-hole="a1"]').click();
		await pg.addScriptTag({ content: readFileSync(axePath, 'utf8') });
		const v = await pg.evaluate(async () => (await window.axe.run()).violations
			.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id));
		check(v.length === 0, `axe-core ${w}x${h}: no serious or critical violations: ` + v.join(', '));
	}
	await pg.close();
}
