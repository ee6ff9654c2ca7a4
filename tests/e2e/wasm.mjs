// wasm.mjs - the static WebAssembly page (make wasm) in the browser test:
// a tiny static file server for $BUILD/wasm/, and the checks that are the
// page's own (no request reaches /api/, the module answers what the
// server answers: hints, a hint, a bad share link, the manifest and the
// icon).  play.mjs then runs all of issue20.mjs on it as well.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES = {
	'.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm',
	'.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml',
};

/* Serve dir on 127.0.0.1 at a free port, as any static host would:
 * files only, no /api/.  Resolves to { url, close }. */
export function staticServer(dir) {
	const srv = createServer(async (req, res) => {
		const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
		const file = path.join(dir, name === '/' ? 'index.html' : name);
		if (!file.startsWith(dir + path.sep) || !TYPES[path.extname(file)]) {
			res.writeHead(404).end('not found');
			return;
		}
		try {
			const body = await readFile(file);
			res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] }).end(body);
		} catch (e) {
			res.writeHead(404).end('not found');
		}
	});
	return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({
		url: `http://127.0.0.1:${srv.address().port}/`,
		close: () => new Promise((r) => {
			srv.close(r);
			srv.closeAllConnections();   /* the browser keeps them alive */
		}),
	})));
}

/* The server's answer to GET /api/CALL?hints=on&game=GAME */
async function served(api, call, game) {
	return (await fetch(api + 'api/' + call + '?hints=on&game=' + encodeURIComponent(game))).json();
}

export async function wasmChecks(browser, url, api, check) {
	const pg = await browser.newPage({ viewport: { width: 1366, height: 768 } });
	const asked = [];
	pg.on('request', (r) => {
		if (/\/api\//.test(r.url()))
			asked.push(r.url());
	});
	pg.on('pageerror', (e) => check(false, 'wasm page error: ' + e.message));
	const ready = () => pg.waitForFunction(() => window.pegsol && window.pegsol.state() &&
		!window.pegsol.busy(), null, { timeout: 20000 });
	const state = () => pg.evaluate(() => window.pegsol.state());

	// 1. the page starts a game with the module, and its hints are the
	// server's: every legal jump's verdict on T5 from a2 (a bomb: c4-a2)
	const game = 'triangle:5;empty:a2;anywhere;';
	await pg.goto(url + '#g=' + encodeURIComponent(game));
	await ready();
	let s = await state(), t = await served(api, 'state', game);
	check(s.game === t.game && s.pegs_left === 14, 'wasm: the shared game loads: ' + s.game);
	const verdicts = (x) => x.legal.map((j) => j.from + '-' + j.to + ':' + j.verdict).sort().join(' ');
	check(verdicts(s) === verdicts(t) && /lose/.test(verdicts(s)) && /win/.test(verdicts(s)),
		'wasm: jump verdicts equal the server\'s: ' + verdicts(s));
	check(s.verdict === t.verdict && s.hints_available === true, 'wasm: position verdict ' + s.verdict);
	await pg.locator('g.hole[data-hole="c4"]').click();
	check((await pg.locator('g.hole.target .bomb-body').count()) === 1, 'wasm: the bomb on c4-a2 is drawn');
	await pg.keyboard.press('Escape');

	// 2. Hint: the module's hint is a winning jump, as the server's is
	await pg.locator('#hint').click();
	await pg.waitForFunction(() => /^Hint: /.test(document.getElementById('message').textContent),
		null, { timeout: 10000 }).catch(() => {});
	const msg = await pg.locator('#message').textContent();
	const hinted = (/^Hint: (\S+)/.exec(msg) || [])[1];
	const win = t.legal.filter((j) => j.verdict === 'win').map((j) => j.from + '-' + j.to);
	check(hinted && win.includes(hinted), `wasm: Hint shows a winning jump: "${msg}" (server: ${win})`);

	// 3. Solve from the start to one peg, and the line is replayed
	await pg.locator('#solve').click();
	await pg.waitForFunction(() => window.pegsol.state().status === 'won', null, { timeout: 20000 })
		.catch(() => {});
	s = await state();
	check(s.status === 'won' && s.pegs_left === 1, 'wasm: Solve wins T5 from a2: ' + s.status);
	t = await served(api, 'state', s.game);
	check(t.status === 'won' && t.pegs_left === 1, 'wasm: the server replays the solved game id');

	// 4. a bad share link: the message, the address kept
	const broken = '#g=garbage;;;';
	await pg.goto('about:blank');
	await pg.goto(url + broken);
	await ready();
	await pg.waitForFunction(() => document.getElementById('error').textContent, null, { timeout: 10000 })
		.catch(() => {});
	const err = await pg.locator('#error').textContent();
	check(/this game link is broken/i.test(err) && /garbage/.test(err), 'wasm: a broken link says so: ' + err);
	check(await pg.evaluate(() => location.hash) === broken, 'wasm: the address is left alone');

	// 5. the manifest is linked and served, the icon too; nothing asked a server
	const links = await pg.evaluate(async () => {
		const out = {};
		for (const rel of ['manifest', 'icon']) {
			const l = document.querySelector(`link[rel=${rel}]`);
			out[rel] = l ? (await fetch(l.href)).status : 0;
		}
		out.start = (await (await fetch('manifest.webmanifest')).json()).start_url;
		return out;
	});
	check(links.manifest === 200 && links.icon === 200 && links.start === './',
		'wasm: manifest and icon linked and served: ' + JSON.stringify(links));
	check(asked.length === 0, 'wasm: no request went to /api/: ' + asked.slice(0, 3).join(' '));
	await pg.screenshot({ path: path.join(path.dirname(new URL(import.meta.url).pathname),
		'artifacts', '20-wasm-broken-link.png') });

	// 6. the module answers in a worker: while Solve searches the French
	// board (about 5 s to its deadline) the page answers at once, and Stop
	// ends the search at once; the next call starts a fresh engine
	await pg.goto('about:blank');
	await pg.goto(url + '#g=' + encodeURIComponent('french;empty:c1;anywhere;'));
	await ready();
	await pg.locator('#solve').click();
	await pg.waitForTimeout(300);
	let t0 = Date.now();
	const solving = await pg.evaluate(() => document.getElementById('solve').textContent);
	const answered = Date.now() - t0;
	check(solving === 'Stop' && answered < 1000,
		`wasm: the page answers during a search (${answered} ms, button "${solving}")`);
	t0 = Date.now();
	await pg.locator('#solve').click();
	await pg.waitForFunction(() => document.getElementById('solve').textContent === 'Solve' &&
		!window.pegsol.busy(), null, { timeout: 10000 }).catch(() => {});
	const stopped = Date.now() - t0;
	const said = await pg.locator('#message').textContent();
	check(stopped < 1500 && /Solve stopped/.test(said),
		`wasm: Stop ends the search in ${stopped} ms: "${said}"`);
	await pg.evaluate((g) => { location.hash = '#g=' + encodeURIComponent(g); }, game);
	await pg.waitForFunction((g) => window.pegsol.state() && window.pegsol.state().game === g &&
		!window.pegsol.busy(), game, { timeout: 20000 }).catch(() => {});
	s = await state();
	check(s.game === game && verdicts(s) === verdicts(await served(api, 'state', game)),
		'wasm: a fresh engine answers after Stop: ' + s.game);
	await pg.close();
}
