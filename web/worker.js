/* worker.js - the engine thread of the static web page (make wasm): it
 * loads the WebAssembly module (pegsol.js, pegsol.wasm) and answers the
 * page's API calls ({ id, method, path, body }) with { id, status, text },
 * the JSON the server would have sent, or { id, failed } when the engine
 * cannot answer.  The page stays responsive while a call searches, and it
 * stops a search (Stop, a new move) by ending this worker and starting a
 * fresh one: a game lives in its id, so nothing is lost but the module's
 * warm caches. */
'use strict';
importScripts('pegsol.js');

const engine = createPegsol();
engine.catch(() => {});   /* reported to each call below */

onmessage = async (e) => {
	const { id, method, path, body } = e.data;
	let M;
	try {
		M = await engine;
	} catch (err) {
		postMessage({ id, failed: 'the game engine did not load (' + err + '); reload the page' });
		return;
	}
	try {
		const ptr = M.ccall('pegsol_api', 'number', ['string', 'string', 'string'],
			[method, path, body]);
		const text = ptr ? M.UTF8ToString(ptr) : '{"error":"out of memory","status":503}';
		const status = ptr ? M._pegsol_status() : 503;
		if (ptr)
			M._free(ptr);
		postMessage({ id, status, text });
	} catch (err) {
		/* a trap or abort: the module may be corrupt, so this worker
		 * ends and the page's next call starts a fresh one */
		postMessage({ id, failed: 'the game engine failed (' + err + '); try again' });
		close();
	}
};
