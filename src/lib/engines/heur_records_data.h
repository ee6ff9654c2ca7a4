/* heur_records_data.h - the records table: the best known solution (fewest
 * moves, a move being one peg's consecutive jumps) of a single vacancy to
 * single survivor problem on each board, read by heur_records.c.
 *
 * RECORD(board, vacate, finish, moves, lower_bound, known_lower, proved,
 *        solution, how)
 *   lower_bound  seed 000 eq. (2), the column of its Table 4
 *   known_lower  the best proved lower bound on S(n): S(n) itself when
 *                proved, else the seed's (Table 4: 19 <= S(11),
 *                21 <= S(12)) or eq. (2)
 *   proved       moves = S(n), the fewest over every problem on the board
 *   how          where the solution comes from: the command that found it
 *                (seed, budget) or the source
 *
 * tests/test_heuristic.c replays every solution, checks its move count and
 * its finish; `pegsol records` replays them again before printing.  A new
 * record goes here and in docs/results.md (command, time, memory, nodes).
 */

RECORD("triangle:4", "a2", "b2", 5, 5, 5, 1,
       "a4-a2, a1-a3, c4-a4-a2, c3-a3-a1-c3, d4-b2",
       "seed 000 App. B.2; minimum proved by pegsol shortest T4 --anywhere")

RECORD("triangle:5", "c5", "c5", 9, 6, 9, 1,
       "a5-c5, d5-b5, a3-c5, a1-a3, b2-b4, d4-b2, a4-a2, b5-d5, "
       "e5-c5-c3-a1-a3-c5",
       "seed 000 App. B.2; minimum proved by pegsol shortest T5 --anywhere")

RECORD("triangle:6", "a4", "a1", 9, 8, 9, 1,
       "a6-a4, a3-a5, a1-a3, c4-a2-a4-c4, d4-b4, c6-c4, e6-c6-a6-a4, "
       "f6-d4, c3-e5-c5-a5-a3-c5-c3-a1",
       "seed 000 App. B.2; minimum proved by pegsol shortest T6 --anywhere")

RECORD("triangle:7", "c3", "e5", 12, 10, 12, 1,
       "a1-c3, d4-b2, f6-d4, a3-c3-e5, d6-d4-f6, b4-d6, a5-c5, f7-d5-b5, "
       "d7-f7, g7-e7, b7-d7-f7, a7-a5-c7-c5-a5-a3-a1-c3-c5-e7-g7-e5",
       "seed 000 App. B.2; minimum proved by pegsol shortest T7 --anywhere")

RECORD("triangle:8", "a2", "a2", 13, 12, 13, 1,
       "a4-a2, a1-a3, a6-a4-a2, c5-a5, e5-c5, d7-d5-b5-d7, c8-c6-a6-a4, "
       "f8-d6, c3-c5-e7-c7, a8-c8-c6, g7-e5-c3-a1-a3-a5, "
       "h8-f8-f6-d6-b6-b8, e8-c8-a8-a6-a4-c4-a2",
       "seed 000 App. B.2; minimum proved by pegsol shortest T8 --anywhere")

RECORD("triangle:9", "a2", "a8", 16, 13, 16, 1,
       "a4-a2, a6-a4, c5-a3-a5, e7-c5, g9-e7, d4-d6-f8, i9-g9-e7, "
       "f6-d4-b4-d6-f8, c7-c5, a1-a3, h8-f6, e9-e7, c9-c7, "
       "a9-c9-e9-g9-g7-e5, b2-d4-f6-d6-b4, "
       "a8-c8-e8-g8-e6-e8-c6-a4-c4-a2-a4-a6-c6-c8-a6-a8",
       "seed 000 App. B.2; minimum proved by pegsol shortest T9 --anywhere")

RECORD("triangle:10", "a3", "c6", 18, 17, 18, 1,
       "a1-a3, a4-a2, a6-a4, a8-a6, c3-a1-a3-a5-a7, c5-a3, e5-c3-c5-a5, "
       "g7-e5-c5, f8-f6, f10-f8, d7-d5-b5-d7-f9-f7-d5, "
       "c8-c6-a6-a8-c8-e8-e6, d10-b8-b6, b10-d10-f10-d8-d10, "
       "i9-g7-e5-e7, h10-h8-f8, j10-h10-f10, "
       "a10-a8-c10-e10-g10-g8-e8-e6-c4-a2-a4-a6-c6",
       "seed 000 App. B.2; minimum proved by pegsol (docs/shortest.md: "
       "bound 17 fails for every start, a3 solved at 18)")

RECORD("triangle:11", "a2", "i9", 22, 18, 19, 0,
       "a4-a2, a1-a3, a6-a4-a2, a8-a6, c5-a5-a7, e5-c5, d7-b5-d5, "
       "c3-a3-a1-c3-e5-c5, d9-d7-d5-b5-b3-d5, a10-a8-a6-c6, g7-e5-c5, "
       "i9-g7, f8-h8-f6-f8-d8, f11-d9-d7-b5-d5-f7, g10-g8-e6-e8-e10, "
       "k11-i9-g9-e9, d11-d9-f9, b8-d8-b6-b8-d10, h11-f11-d11-d9, "
       "c11-a9-c9-e9-g11, j11-h11-f11-d9, a11-c11-c9-e9-g9-i11-i9",
       "pegsol shortest T11 --vacate a2 --anywhere --heuristic --nodes "
       "20000000 --seed 2 (9.6 s, 23 MB); Bell's record was 28")
RECORD("triangle:12", "a2", "h10", 25, 20, 21, 0,
       "a4-a2, a1-a3, a6-a4-a2, a8-a6, c5-a5-a7, e5-c5, d7-b5-d5, "
       "a10-a8-a6-c6, c3-a3-a1-c3-e5-c5, g7-e5, d9-d7-d5-b5-b3-d5, "
       "i9-g7, f8-h8-f6-f8-d8-b6-d6-f6-d4-d6-f8, g10-g8, i12-g10-e8, "
       "a12-a10, c9-c7-a7-c9-a9-a11, g12-i12, e12-g12, j12-h12-f12, "
       "c12-a12-a10-c12-e12-g12-g10, d11-b11-b9-d11-d9-f9-f7, "
       "k11-i9-g9-g7-e7-e9-g11, j11-h9-h11, "
       "l12-j12-h10-h12-f10-f12-d10-f10-h10",
       "pegsol shortest T12 --vacate a2 --anywhere --heuristic --nodes "
       "600000000 --seed 1 (473 s, 56 MB, best after 4 s)")

RECORD("triangle:13", "a2", "b11", 28, 24, 24, 0,
       "a4-a2, a6-a4, c5-a3-a5, a1-a3, c8-a6-a4-a2, c3-a1-a3, "
       "e5-c3-c5-a5, g7-e5-c5, i9-g7, a8-a6-a4-a2-c4, d7-b7-b5-d7-d5, "
       "h10-h8-f6-d6-d4-b4-d6, f9-d7, f11-f9-h9, "
       "a10-a8-c8-e8-e6-c6-e8, k11-i9-g9-g7-e7-g9, m13-k11, "
       "j12-l12-j10-h10-f10-d8-f8-h10-j12, c11-a9, e13-c11, "
       "d10-d12-b10-d10-f10, i13-i11, "
       "a12-a10-a8-c10-c8-e10-g10-i12-k12-i10-i12, j13-h11-f11-d11, "
       "g13-g11, c13-e13-g13-i13, a13-c13-a11-c11-e11-e13, "
       "l13-j13-h13-h11-f11-f13-d13-b11",
       "pegsol shortest T13 --vacate a2 --anywhere --heuristic --nodes "
       "450000000 --seed 1 (314 s, 59 MB, best after 206 s)")

RECORD("triangle:14", "a2", "a14", 33, 26, 26, 0,
       "a4-a2, a1-a3, a6-a4-a2, c5-a5, a8-a6-a4, d7-b5, "
       "e5-c5-a5-a3-c5, f9-d7-d5, f6-d6, c8-e8-e6-c6-c8-a6-c6, h8-f6, "
       "c3-a3-a1-c3-e5-g7-e7, f11-f9-f7-d7, h10-f10-d8-d6-d4-b4-d6, "
       "j10-h8-f8, a10-a8-c8, i12-g10-g8, l12-j10-h10-h8, a12-a10, "
       "n14-l12, k14-i12-i10, c9-c7-c5-e7-g9-g7-i9-i11-k11-m13, "
       "i14-k14, l14-n14-l12-l14-j14, g14-i14-i12, "
       "d11-f11-h11-j13-l13-j11-j13, c11-c9-e9-e11-c9-a9-a11, "
       "a14-a12-a10, c13-c11-a11-a9-c11, e14-c12, "
       "g12-i12-k14-i14-g12, f13-h13-f11-f13-d13-b11-d11-f13, "
       "c14-e14-g14-e12-c12-a12-c14-a14",
       "pegsol shortest T14 --vacate a2 --anywhere --heuristic --nodes "
       "350000000 --seed 1 (181 s, 45 MB, best after 48 s)")

RECORD("triangle:15", "a2", "l15", 37, 27, 27, 0,
       "a4-a2, a1-a3, a6-a4-a2, a8-a6, c5-a5-a7, e5-c5, d7-b5-d5, "
       "c3-a3-a1-c3-e5-c5, a10-a8-a6-c6, d9-d7-d5-b5-b3-d5, g7-e5, "
       "i9-g7, f8-h8-f6-f8-d8-b6-d6-f6-d4-d6-f8, c10-a8, f11-d9-b9, "
       "g10-g8-e8-e10-c10-a10, k11-i9-g9-e9, a11-a9-a7-c7-c9, "
       "a13-a11, h13-f11-f9, e12-g12-g10-e8-e10, "
       "c12-e12-c10-c8-a8-c10-c12-a12-a10-c12, i11-g11, m13-k11-i11, "
       "j13-h13-h11-j13-j11-h9-h11, o15-m13, "
       "f14-f12-d10-f10-h12-h10-j12-l12-n14, i15-i13, "
       "l13-j13-h13-f13, k15-i15-g13, m15-o15-m13-m15-k15-k13, "
       "d14-b12-d12-f14-f12-h14, g15-g13, a15-a13-c13-e13, "
       "e15-g15-i15, c15-e15, "
       "b15-b13-d15-f15-d13-f13-h13-h15-j15-j13-l13-l15",
       "pegsol shortest T15 --vacate a2 --anywhere --heuristic --nodes "
       "300000000 --seed 1 (165 s, 47 MB, best after 27 s)")

RECORD("triangle:16", "a2", "c7", 42, 33, 33, 0,
       "a4-a2, a6-a4, c5-a3-a5, d4-b4, a8-a6-a4-c4, f6-d4-b4, h8-f6, "
       "e7-g7-e5, c7-e7-c5-c7-a7, a10-a8-a6-c6-a4-c4, b2-d4-f6, "
       "a1-a3-c3-c5-e5-g7, j10-h8-f6, l12-j10, g9-g7-e5-e7-g9-i9-k11, "
       "n14-l12-j10, l14-l12, i11-i9-k11-m13, l16-l14-n14-l12, "
       "p16-n14, g11-i11-k11-m13-o15, j13-l13-j11-j13-l15, "
       "n16-p16-n14-n16-l16-l14, j16-l16, i14-k14-m14-m16-k16, "
       "h16-j16-l16-j14, f16-h16, g12-i14-i16-g16, f13-h13-j13-h11, "
       "e11-g11-i11-g9-g11-i13-k15-i15-g13, a12-a10, d16-f16-h16-h14, "
       "c11-a11-a9-c11-e11, d9-d11-f13-h13-h15-f13-f11-d9-b7, "
       "e14-g14-g16-e14-e16, c13-c11, f9-d9-d7-f9-f11-d11-b11, "
       "a14-a12-c12-e12-e14, a16-a14, "
       "c15-a15-a13-c15-e15-e13-c13-e15, b16-d16-f16-d14-b14-b12-b10, "
       "c9-c11-a9-c9-a7-c7",
       "pegsol shortest T16 --vacate a2 --anywhere --heuristic --nodes "
       "250000000 --seed 1 (252 s, 48 MB, best after 49 s)")

