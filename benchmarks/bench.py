#!/usr/bin/env python3
"""Speed benchmark of nardy, alone and side by side with the peer backgammon engines.

    python benchmarks/bench.py [--quick] [--out FILE.json]

(1) nardy itself, for every ruleset in ``nardy.RULESET_NAMES``:
    * legal-play generations/s: ``rules.legal_plays(pos, dice)`` over a fixed list of
      (position, dice) cases (short: the 1000 cases of the peer benchmark's
      ``bench_cases.jsonl`` when present; otherwise, and for the other rulesets,
      cases sampled from seeded random self-play);
    * complete random games/s through ``nardy.Game`` (uniform random choice among
      ``game.legal_plays()``, seeded).
(2) nardy's short ruleset next to the peers, in the same process and through the same
    generic loops as the peer harness ``bench_peers.py`` (adapters.py interface):
    * canon calls/s: ``adapter.legal_canon`` (distinct resulting positions as POS28);
    * native calls/s: each library's cheapest legal-move call;
    * generic random games/s (uniform over the library's full-turn results);
    ratios vs gym-backgammon and vs bgsage, and a pure-Python yardstick.
(3) correctness: nardy's canon set must equal bgsage's on every case (other peers are
    compared with bgsage too, for information), plus a self-check of the adapter's
    perspective handling during random games.

Timing: time.perf_counter, median of a few repeats, after a warm-up.
Machines are shared and noisy: quote ratios measured in one run, not absolute rates.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import nardy  # noqa: E402
import nardy_adapter as NA  # noqa: E402  (also puts the peer folder on sys.path)

PEER_NAMES = ("bgsage", "gnubg", "openspiel", "gym_backgammon")
NATIVE_DESC = {
    "nardy": "rules.legal_plays(pos, dice) -> Plays (one per resulting position)",
    "bgsage": "bgbot_cpp.possible_moves -> list of boards",
    "gnubg": "GenerateMoves via ctypes (count only)",
    "openspiel": "state.legal_actions() after the roll (half-turn for doubles)",
    "gym_backgammon": "Backgammon.get_valid_plays",
}


# --------------------------------------------------------------------------- timing


def median_rate(run: Callable[[], int], repeats: int) -> dict[str, Any]:
    """Call ``run`` (returns the number of units it did) ``repeats`` times; median units/s."""
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        n = run()
        rates.append(n / (time.perf_counter() - t))
    return {"median_per_s": statistics.median(rates), "rates": rates}


def fit_items(fn: Callable[[Any], Any], items: list, repeats: int, budget_s: float) -> list:
    """Warm up on 20 items; shrink the list if ``repeats`` passes would exceed the budget."""
    k = min(20, len(items))
    t = time.perf_counter()
    for it in items[:k]:
        fn(it)
    per = (time.perf_counter() - t) / max(k, 1)
    n = len(items)
    if per * n * repeats > budget_s:
        n = min(n, max(20, int(budget_s / repeats / max(per, 1e-9))))
    return items[:n]


def yardstick(repeats: int, n: int) -> dict[str, Any]:
    def run() -> int:
        s = 0
        for i in range(n):
            s += i
        return n

    r = median_rate(run, repeats)
    return {"python_loop_iter_per_s": r["median_per_s"], "rates": r["rates"], "n": n}


# --------------------------------------------------------------------------- nardy itself


def load_bench_cases(path: str, n: int) -> list[dict] | None:
    if not os.path.exists(path):
        return None
    with open(path) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    return cases[:n]


def selfplay_cases(rules: nardy.RuleSet, n: int, seed: int) -> list[tuple[nardy.Position, tuple[int, ...]]]:
    """``n`` (position, dice) cases sampled from seeded uniform-random self-play."""
    pool: list[tuple[nardy.Position, tuple[int, ...]]] = []
    g = 0
    while len(pool) < 8 * n and g < 10_000:
        game = nardy.Game(rules, seed=seed + g)
        rng = random.Random(seed + g)
        while not game.is_over():
            if game.dice is None:
                game.roll()
            if game.pending.context.kind == "roll":
                pool.append((game.position, tuple(game.dice)))  # type: ignore[arg-type]
            game.play(rng.choice(game.legal_plays()))
        g += 1
    return random.Random(seed).sample(pool, min(n, len(pool)))


def nardy_cases(name: str, n: int, cases_file: str | None, seed: int) -> tuple[list, str]:
    rules = nardy.ruleset(name)
    if name == "short" and cases_file:
        raw = load_bench_cases(cases_file, n)
        if raw:
            return (
                [(NA.pos28_to_position(rules, c["pos"]), tuple(c["dice"])) for c in raw],
                f"{os.path.basename(cases_file)} ({len(raw)} cases)",
            )
    return selfplay_cases(rules, n, seed), f"random self-play (seed {seed}, {n} cases)"


def bench_nardy_legal(rules: nardy.RuleSet, items: list, repeats: int, budget_s: float) -> dict[str, Any]:
    legal = rules.legal_plays
    sub = fit_items(lambda it: legal(*it), items, repeats, budget_s)

    def run() -> int:
        for pos, dice in sub:
            legal(pos, dice)
        return len(sub)

    out = median_rate(run, repeats)
    out["n_items"] = len(sub)
    out["mean_plays"] = statistics.mean(len(legal(p, d)) for p, d in sub)
    return out


def nardy_game(rules: nardy.RuleSet, s: int, max_plies: int = 20_000) -> int:
    """One complete uniform-random game, exactly the documented idiom; returns its plies."""
    game = nardy.Game(rules, seed=s)
    rng = random.Random(s)
    plies = 0
    while not game.is_over():
        if game.dice is None:
            game.roll()
        game.play(rng.choice(game.legal_plays()))
        plies += 1
        if plies >= max_plies:  # pragma: no cover - a safety net, never hit in practice
            raise RuntimeError(f"game seed {s} did not end in {max_plies} plies")
    return plies


def bench_nardy_games(rules: nardy.RuleSet, repeats: int, budget_s: float, seed: int) -> dict[str, Any]:
    t = time.perf_counter()
    nardy_game(rules, seed)  # warm-up + calibration
    one = time.perf_counter() - t
    k = max(2, min(2000, int(budget_s / repeats / max(one, 1e-6))))
    seeds = [seed + i for i in range(k)]
    plies: list[int] = []

    def run() -> int:
        plies.clear()
        for s in seeds:
            plies.append(nardy_game(rules, s))
        return len(seeds)

    out = median_rate(run, repeats)
    out["games_per_repeat"] = k
    out["mean_plies"] = statistics.mean(plies)
    out["plies_per_s"] = out["median_per_s"] * out["mean_plies"]
    return out


# --------------------------------------------------------------------------- peers (generic loops)


def native_call(ad: Any) -> Callable[[tuple], Any]:
    """The library's own cheapest legal-move call on prepared items (as bench_peers.py)."""
    n = ad.name
    if n == "gnubg":
        return lambda x: ad.count_moves(x[0], x[1], x[2])
    if n == "bgsage":
        pm = ad._pm
        return lambda x: pm(x[0], x[1], x[2])
    if n == "openspiel":
        return lambda c: c.legal_actions()
    if n == "gym_backgammon":
        return lambda x: ad.raw(x[0], x[1], x[2])
    return lambda x: ad.legal_results(x[0], x[1], x[2])


def native_prep(ad: Any, nat: Any, d1: int, d2: int) -> Any:
    if ad.name == "openspiel":
        return ad.roll(nat, d1, d2)
    return (nat, d1, d2)


def usable_natives(ad: Any, cases: list[dict]) -> list[tuple]:
    out = []
    for c in cases:
        try:
            out.append((ad.set_position(c), c["dice"][0], c["dice"][1], c["pos"]))
        except NA.A.Unsupported:
            continue
    return out


def interleaved(runs: dict[str, Callable[[], int]], repeats: int) -> dict[str, dict[str, Any]]:
    """Time every ``run`` once per round, round-robin over the engines, ``repeats`` rounds:
    a change of machine load during the run then hits every engine alike (the ratios
    stay meaningful). Returns the median units/s per engine."""
    rates: dict[str, list[float]] = {n: [] for n in runs}
    for _ in range(repeats):
        for n, run in runs.items():
            t = time.perf_counter()
            k = run()
            rates[n].append(k / (time.perf_counter() - t))
    return {n: {"median_per_s": statistics.median(r), "rates": r} for n, r in rates.items()}


def pass_over(fn: Callable[[Any], Any], sub: list) -> Callable[[], int]:
    def run() -> int:
        for it in sub:
            fn(it)
        return len(sub)

    return run


def bench_peers_legal(ads: dict[str, Any], cases: list[dict], repeats: int, budget_s: float) -> dict[str, Any]:
    """native and canon calls/s of every engine, repeats interleaved across engines."""
    out: dict[str, Any] = {}
    runs: dict[str, Callable[[], int]] = {}
    for n, ad in ads.items():
        natives = usable_natives(ad, cases)
        out[n] = {"cases_usable": len(natives)}
        if not natives:
            continue
        call = native_call(ad)
        items = [native_prep(ad, nat, d1, d2) for nat, d1, d2, _ in natives]
        sub = fit_items(call, items, repeats, budget_s)
        out[n]["native"] = {"n_items": len(sub)}
        runs[f"{n}\0native"] = pass_over(call, sub)
        canon = ad.legal_canon

        def canon_call(x: tuple, canon: Callable = canon) -> Any:
            return canon(x[0], x[1], x[2], pos=x[3])

        sub = fit_items(canon_call, natives, repeats, budget_s)
        out[n]["canon"] = {"n_items": len(sub)}
        runs[f"{n}\0canon"] = pass_over(canon_call, sub)
    for key, r in interleaved(runs, repeats).items():
        n, what = key.split("\0")
        out[n][what].update(r)
    return out


def random_game(ad: Any, rng: random.Random, max_turns: int = 20_000) -> int:
    """Verbatim the generic loop of bench_peers.py."""
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while d1 == d2:  # opening roll is never a double
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    nat = ad.start()
    for turn in range(max_turns):
        res = ad.legal_results(nat, d1, d2)
        if res:
            r = rng.choice(res)
            if ad.is_won(r):
                return turn + 1
            nat = ad.next_turn(r)
        else:  # no legal move: pass
            nat = ad.pass_turn(nat)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return max_turns


def bench_peers_games(ads: dict[str, Any], repeats: int, budget_s: float, seed: int = 7,
                      api_rules: nardy.RuleSet | None = None) -> dict[str, Any]:
    """As bench_peers.bench_games (calibrate on one game, then repeats of per_rep games,
    one seeded rng per engine), with the repeats interleaved across engines.  With
    ``api_rules``, nardy's own ``nardy.Game`` loop joins the rounds as "nardy.Game"."""
    out: dict[str, Any] = {}
    runs: dict[str, Callable[[], int]] = {}
    if api_rules is not None:
        t = time.perf_counter()
        nardy_game(api_rules, seed)
        one = time.perf_counter() - t
        k_api = max(2, min(2000, int(budget_s / repeats / max(one, 1e-6))))
        plies: list[int] = []
        out["nardy.Game"] = {"games_per_repeat": k_api, "turns": plies}

        def run_api(k: int = k_api) -> int:
            for s in range(seed, seed + k):  # the same seeds in every round
                plies.append(nardy_game(api_rules, s))
            return k

        runs["nardy.Game"] = run_api
    for n, ad in ads.items():
        rng = random.Random(seed)
        t = time.perf_counter()
        turns = [random_game(ad, rng)]
        one = time.perf_counter() - t
        per_rep = max(1, min(200, int(budget_s / repeats / max(one, 1e-6))))
        out[n] = {"games_per_repeat": per_rep, "turns": turns}

        def run(ad: Any = ad, rng: random.Random = rng, turns: list = turns, k: int = per_rep) -> int:
            for _ in range(k):
                turns.append(random_game(ad, rng))
            return k

        runs[n] = run
    for n, r in interleaved(runs, repeats).items():
        out[n].update(r)
        out[n]["mean_turns"] = statistics.mean(out[n].pop("turns"))
    return out


# --------------------------------------------------------------------------- correctness


def check_against(ref: Any, ads: dict[str, Any], cases: list[dict]) -> dict[str, Any]:
    """For every adapter: on how many cases does its canon set differ from ``ref``'s?"""
    truth: list[Any] = []
    for c in cases:
        d1, d2 = c["dice"]
        truth.append(ref.legal_canon(ref.set_position(c), d1, d2, pos=c["pos"]))
    out: dict[str, Any] = {}
    for name, ad in ads.items():
        if ad is ref:
            continue
        bad, checked, examples = 0, 0, []
        for i, c in enumerate(cases):
            try:
                nat = ad.set_position(c)
            except NA.A.Unsupported:
                continue
            d1, d2 = c["dice"]
            got = ad.legal_canon(nat, d1, d2, pos=c["pos"])
            checked += 1
            if got != truth[i]:
                bad += 1
                if len(examples) < 3:
                    missing = sorted(set(truth[i]) - set(got))
                    extra = sorted(set(got) - set(truth[i]))
                    examples.append({"case": i, "dice": c["dice"], "pos": c["pos"],
                                     "missing": [list(x) for x in missing[:2]],
                                     "extra": [list(x) for x in extra[:2]],
                                     "n_ref": len(truth[i]), "n_got": len(got)})
        out[name] = {"checked": checked, "disagreements": bad, "examples": examples}
    return out


def adapter_selfcheck(ad: Any, games: int, seed: int = 11) -> dict[str, Any]:
    """During random games, next_turn(r) seen by the new mover must be flip(to_canon(r))."""
    rng = random.Random(seed)
    bad = turns = 0
    for _ in range(games):
        nat = ad.start()
        for _ in range(20_000):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            r = rng.choice(ad.legal_results(nat, d1, d2))
            canon = ad.to_canon(r)
            if ad.is_won(r) != (canon[26] == 15):
                bad += 1
            if ad.is_won(r):
                break
            nat = ad.next_turn(r)
            turns += 1
            pos, p28 = nat
            if p28 != NA.A.flip(canon) or NA.position_to_pos28(pos, pos.turn) != p28:
                bad += 1
    return {"games": games, "turns": turns, "errors": bad}


# --------------------------------------------------------------------------- report


def fmt_rate(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def paired_ratio(a: dict | None, b: dict | None) -> float | None:
    """Median over the interleaved rounds of rate_a / rate_b: the rounds ran back to back,
    so a load change during the run cancels out of each round's ratio."""
    if not a or not b or not a.get("rates") or not b.get("rates"):
        return None
    return statistics.median(x / y for x, y in zip(a["rates"], b["rates"]))


def fmt_ratio(a: dict | None, b: dict | None) -> str:
    r = paired_ratio(a, b)
    return "-" if r is None else f"{r:.2f}x"


def report(res: dict[str, Any]) -> str:
    out: list[str] = []
    m = res["machine"]
    y = res["yardstick"]["python_loop_iter_per_s"]
    out.append(f"Machine: Python {m['python']}, {m['cpus']} CPUs, {m['platform']}; "
               f"pure-Python `for i in range(N): s += i` = {y / 1e6:.1f} M iter/s; "
               f"mode: {res['mode']}; run took {res['elapsed_s']:.0f} s; load average "
               f"{m['loadavg_at_start'][0]:.2f} at start, {m['loadavg_at_end'][0]:.2f} at end\n")
    out.append("### nardy, per ruleset (median of repeats)\n")
    out.append("| ruleset | cases | legal_plays calls/s | mean plays/call | random games/s "
               "| mean plies/game | plies/s |")
    out.append("|---|---|---:|---:|---:|---:|---:|")
    for name, r in res["nardy"].items():
        lg, gm = r["legal"], r["games"]
        out.append(f"| {name} | {r['cases']} | {fmt_rate(lg['median_per_s'])} | {lg['mean_plays']:.1f} "
                   f"| {fmt_rate(gm['median_per_s'])} | {gm['mean_plies']:.0f} | {fmt_rate(gm['plies_per_s'])} |")
    for name, err in res.get("nardy_errors", {}).items():
        out.append(f"| {name} | FAILED: {err} | | | | | |")
    peers = res.get("peers")
    if not peers:
        out.append("\n(peer comparison skipped: " + res.get("peers_skipped", "") + ")")
        return "\n".join(out)
    legal, games = peers["legal"], peers["games"]

    def timing(d: dict, k: str, sub: str | None = None) -> dict | None:
        v = d.get(k)
        if v and sub:
            v = v.get(sub)
        return v if v and "median_per_s" in v else None

    def rate(d: dict, k: str, sub: str | None = None) -> float | None:
        v = timing(d, k, sub)
        return v["median_per_s"] if v else None

    gym_c, bg_c = timing(legal, "gym_backgammon", "canon"), timing(legal, "bgsage", "canon")
    gym_g, bg_g = timing(games, "gym_backgammon"), timing(games, "bgsage")
    out.append(f"\n### Side by side, same process, same generic loops ({peers['n_cases']} cases of "
               f"{peers['cases_source']})\n")
    out.append("| engine | native calls/s | canon calls/s | canon vs gym | canon vs bgsage "
               "| random games/s | games vs gym | games vs bgsage | mean turns |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    order = sorted(legal, key=lambda n: -(rate(legal, n, "canon") or 0))
    for n in order:
        c = timing(legal, n, "canon")
        g = timing(games, n)
        turns = games.get(n, {}).get("mean_turns")
        turns_s = f"{turns:.0f}" if turns else "-"
        nat = rate(legal, n, "native")
        label = f"**{n}**" if n == "nardy" else n
        out.append(f"| {label} | {fmt_rate(nat)} | {fmt_rate(c and c['median_per_s'])} "
                   f"| {fmt_ratio(c, gym_c)} | {fmt_ratio(c, bg_c)} "
                   f"| {fmt_rate(g and g['median_per_s'])} | {fmt_ratio(g, gym_g)} | {fmt_ratio(g, bg_g)} "
                   f"| {turns_s} |")
    api = games.get("nardy.Game")
    if api:
        out.append(f"| nardy.Game (own API loop) | | | | | {fmt_rate(api['median_per_s'])} "
                   f"| {fmt_ratio(api, gym_g)} | {fmt_ratio(api, bg_g)} | {api['mean_turns']:.0f} plies |")
    out.append("\nRates: median of the rounds. Ratios: median over the rounds of the per-round ratio "
               "(the engines are timed round-robin, so load changes cancel out). Games rows: the "
               "generic adapter loop of bench_peers.py; 'nardy.Game' is nardy's own documented loop "
               "(Game, roll, legal_plays, play: history, undo and turn flow included), timed in the "
               "same rounds.")
    out.append("\nNative calls: " + "; ".join(f"{n}: {NATIVE_DESC.get(n, 'legal_results')}" for n in order))
    out.append("\n### Correctness (canon sets vs bgsage on the same cases)\n")
    out.append("| engine | cases checked | disagreements with bgsage |")
    out.append("|---|---:|---:|")
    for n, v in peers["correctness"].items():
        out.append(f"| {n} | {v['checked']} | {v['disagreements']} |")
    sc = peers.get("selfcheck")
    if sc:
        out.append(f"\nnardy adapter self-check (next_turn == flip(to_canon), is_won == off 15) over "
                   f"{sc['games']} random games / {sc['turns']} turns: {sc['errors']} errors")
    return "\n".join(out)


# --------------------------------------------------------------------------- main


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a fast smoke run (seconds)")
    ap.add_argument("--out", help="write the results as JSON to this file")
    ap.add_argument("--cases", type=int, help="cases per ruleset (default 1000; quick 200)")
    ap.add_argument("--repeats", type=int, help="timed repeats per figure (default 7; quick 3)")
    ap.add_argument("--budget", type=float, help="seconds per legal-play figure (default 4; quick 0.5)")
    ap.add_argument("--game-budget", type=float, help="seconds per games figure (default 6; quick 0.8)")
    ap.add_argument("--rulesets", default=",".join(nardy.RULESET_NAMES),
                    help="comma list (default: every name in nardy.RULESET_NAMES)")
    ap.add_argument("--peers", default=",".join(PEER_NAMES),
                    help="comma list of peer adapters to run beside nardy ('' for none)")
    ap.add_argument("--cases-file", default=os.path.join(NA.PEER_DIR, "bench_cases.jsonl"))
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()

    q = args.quick
    n_cases = args.cases or (200 if q else 1000)
    repeats = args.repeats or (3 if q else 7)
    budget = args.budget or (0.5 if q else 4.0)
    gbudget = args.game_budget or (0.8 if q else 6.0)
    t_start = time.perf_counter()

    res: dict[str, Any] = {
        "mode": "quick" if q else "full",
        "machine": {"python": sys.version.split()[0], "platform": platform.platform(),
                    "cpus": os.cpu_count(), "nardy": nardy.__version__,
                    "loadavg_at_start": os.getloadavg()},
        "settings": {"cases": n_cases, "repeats": repeats, "budget_s": budget,
                     "game_budget_s": gbudget, "seed": args.seed},
        "yardstick": yardstick(repeats, 1_000_000 if q else 5_000_000),
        "nardy": {},
    }
    print(f"yardstick {res['yardstick']['python_loop_iter_per_s'] / 1e6:.1f} M iter/s", flush=True)

    # (1) nardy itself, every ruleset
    for name in [n for n in args.rulesets.split(",") if n]:
        try:
            rules = nardy.ruleset(name)
            items, source = nardy_cases(name, n_cases, args.cases_file, args.seed)
            lg = bench_nardy_legal(rules, items, repeats, budget)
            gm = bench_nardy_games(rules, repeats, gbudget, args.seed)
        except Exception as e:  # a ruleset in progress must not sink the whole run
            res.setdefault("nardy_errors", {})[name] = f"{type(e).__name__}: {e}"
            print(f"[nardy {name:11s}] FAILED: {type(e).__name__}: {e}", flush=True)
            continue
        res["nardy"][name] = {"cases": source, "legal": lg, "games": gm}
        print(f"[nardy {name:11s}] legal_plays {lg['median_per_s']:>9,.0f}/s (n={lg['n_items']}, "
              f"{lg['mean_plays']:.1f} plays/call)   games {gm['median_per_s']:>7,.1f}/s "
              f"({gm['mean_plies']:.0f} plies/game, {gm['games_per_repeat']} games/repeat)", flush=True)

    # (2) + (3) side by side with the peers
    peer_names = [n for n in args.peers.split(",") if n]
    if not NA.HAVE_PEERS:
        res["peers_skipped"] = f"adapters.py not found in {NA.PEER_DIR}"
    elif not peer_names:
        res["peers_skipped"] = "no peers requested (--peers '')"
    else:
        ads: dict[str, Any] = {"nardy": NA.NardyAdapter()}
        import contextlib
        import io
        import warnings

        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            ads.update(NA.A.make(peer_names))
        raw = load_bench_cases(args.cases_file, n_cases)
        if raw:
            cases, source = raw, os.path.basename(args.cases_file)
        else:  # no peer case file: short self-play positions as POS28 (OpenSpiel cannot use them)
            rules = nardy.ruleset("short")
            cases = [{"pos": list(NA.position_to_pos28(p, p.turn)), "dice": list(d)}
                     for p, d in selfplay_cases(rules, n_cases, args.seed)]
            source = "nardy short random self-play"
        peers: dict[str, Any] = {"adapters": list(ads), "n_cases": len(cases),
                                 "cases_source": source, "legal": {}, "games": {}}
        res["peers"] = peers
        print(f"peers: {', '.join(ads)}", flush=True)
        if "bgsage" in ads:
            peers["correctness"] = check_against(ads["bgsage"], ads, cases)
            for n, v in peers["correctness"].items():
                print(f"[check] {n:15s} vs bgsage: {v['disagreements']} disagreements "
                      f"in {v['checked']} cases", flush=True)
        else:
            peers["correctness"] = {}
        peers["selfcheck"] = adapter_selfcheck(ads["nardy"], 3 if q else 20)
        print(f"[check] nardy adapter self-check: {peers['selfcheck']}", flush=True)
        peers["legal"] = bench_peers_legal(ads, cases, repeats, budget)
        for n, r in peers["legal"].items():
            if "canon" in r:
                print(f"[legal] {n:15s} native {r['native']['median_per_s']:>10,.0f}/s "
                      f"(n={r['native']['n_items']})  canon {r['canon']['median_per_s']:>9,.0f}/s "
                      f"(n={r['canon']['n_items']})", flush=True)
        peers["games"] = bench_peers_games(ads, repeats, gbudget, api_rules=nardy.ruleset("short"))
        for n, r in peers["games"].items():
            print(f"[games] {n:15s} {r['median_per_s']:>9,.1f} games/s (mean turns {r['mean_turns']:.0f}, "
                  f"{r['games_per_repeat']} games/repeat)", flush=True)
        ratios: dict[str, Any] = {}
        for ref in ("gym_backgammon", "bgsage", "gnubg", "openspiel"):
            c_ref = peers["legal"].get(ref, {}).get("canon")
            g_ref = peers["games"].get(ref)
            if c_ref and g_ref:
                ratios[f"nardy_vs_{ref}"] = {
                    "canon": paired_ratio(peers["legal"]["nardy"]["canon"], c_ref),
                    "games": paired_ratio(peers["games"]["nardy"], g_ref),
                    "games_nardy_api": paired_ratio(peers["games"]["nardy.Game"], g_ref),
                    "canon_of_medians": peers["legal"]["nardy"]["canon"]["median_per_s"]
                    / c_ref["median_per_s"],
                    "games_of_medians": peers["games"]["nardy"]["median_per_s"] / g_ref["median_per_s"],
                }
        peers["ratios"] = ratios

    res["elapsed_s"] = time.perf_counter() - t_start
    res["machine"]["loadavg_at_end"] = os.getloadavg()
    print()
    print(report(res))
    ratios = res.get("peers", {}).get("ratios", {})
    if ratios:
        print()
        for k, v in ratios.items():
            print(f"{k}: canon {v['canon']:.2f}x, random games {v['games']:.2f}x "
                  f"(nardy.Game loop {v['games_nardy_api']:.2f}x)")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1, default=str)
        print(f"wrote {args.out}")
    bad = res.get("peers", {}).get("correctness", {}).get("nardy", {}).get("disagreements", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
