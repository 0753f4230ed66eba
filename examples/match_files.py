"""Play a short match with the doubling cube and save it as JSON and as a Jellyfish .mat file.

Two built-in bots play a match to ``--length`` points of backgammon (short
nardy) with the cube (``nardy.ruleset("short", cube=True)``); the greedy bot
doubles when it leads the race by 15% and takes unless it trails by 25%
(:class:`nardy.agents.GreedyAgent`); the random bot never doubles and always
takes. The Crawford rule is on.

The match is then written twice and read back twice:

* as a nardy JSON record (:mod:`nardy.records`): every roll, play and cube
  action, replayed and checked again when loaded;
* as a Jellyfish ``.mat`` file (:func:`nardy.matfile.to_mat`), the text
  format GNU Backgammon and eXtreme Gammon import;
  :meth:`nardy.matfile.MatFile.from_string` replays it through the rules too.

Finally it prints the final position of the match with its gnubg Position ID
and Match ID (:mod:`nardy.gnubg`) and its XGID (:mod:`nardy.xgid`), which can be
pasted into gnubg or XG, and checks that they read back to the same board.

    python examples/match_files.py                           # 5 points, files in a temp dir
    python examples/match_files.py --length 7 --black random --out-dir match-out
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import nardy
from nardy import records
from nardy.agents import Agent, GreedyAgent, RandomAgent, play_game
from nardy.game import CubeEvent
from nardy.gnubg import GameState, MatchId, from_gnubg_id, to_gnubg_id, to_position_id
from nardy.matfile import MatFile, to_mat
from nardy.xgid import from_xgid, to_xgid

BOTS = {"greedy": GreedyAgent, "random": RandomAgent}


def make_bot(name: str, seed: int) -> Agent:
    return RandomAgent(seed=seed) if name == "random" else GreedyAgent()


def same_board(a: nardy.Position, b: nardy.Position) -> bool:
    """Whether two positions have the same checkers and the same side to move."""
    return all(
        (a.points(p), a.bar(p), a.off(p)) == (b.points(p), b.bar(p), b.off(p)) for p in nardy.Player
    ) and a.turn == b.turn


def cube_story(game: nardy.Game) -> str:
    """The game's cube actions, e.g. ``white doubles to 2, black takes``."""
    actions = [
        f"{e.player} {e.action}s" + (f" to {e.value}" if e.action in ("double", "beaver") else "")
        for e in game.history
        if isinstance(e, CubeEvent)
    ]
    return ", ".join(actions) if actions else "no cube action"


def play_match(length: int, white: str, black: str, seed: int) -> nardy.Match:
    rules = nardy.ruleset("short", cube=True)
    match = nardy.Match(rules, length=length, seed=seed)
    bots = {nardy.WHITE: make_bot(white, seed * 2), nardy.BLACK: make_bot(black, seed * 2 + 1)}
    print(f"Match to {length} points, {rules.title} with the cube: White ({white}) v Black ({black}), seed {seed}")
    while True:
        game = match.game
        result = play_game(game, bots)
        crawford = " (Crawford)" if game.crawford else ""
        print(
            f"  game {len(match.games)}{crawford}: {result.winner} wins {result.points} "
            f"({result.kind}, cube {result.cube}; {cube_story(game)}; {game.plies} plays) "
            f"-> {match.score[0]}-{match.score[1]}"
        )
        if match.next_game() is None:
            break
    winner = match.winner
    print(f"  {winner} wins the match {max(match.score)}-{min(match.score)}")
    return match


def histories(match: nardy.Match) -> list[tuple[object, ...]]:
    return [game.history for game in match.games]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--length", type=int, default=5, help="match length in points (default: 5)")
    parser.add_argument("--white", choices=sorted(BOTS), default="greedy", help="White's bot (default: greedy)")
    parser.add_argument("--black", choices=sorted(BOTS), default="greedy", help="Black's bot (default: greedy)")
    parser.add_argument("--seed", type=int, default=2, help="seed of the dice and the random bot (default: 2)")
    parser.add_argument("--out-dir", type=Path, default=None, help="where to save the files (default: a temp dir)")
    parser.add_argument("--show", type=int, default=14, help="lines of the .mat file to print (default: 14)")
    args = parser.parse_args(argv)
    if args.length < 1:
        parser.error("--length must be at least 1 (a match, not a money session)")
    out_dir = args.out_dir or Path(tempfile.mkdtemp(prefix="nardy-match-"))
    out_dir.mkdir(parents=True, exist_ok=True)

    match = play_match(args.length, args.white, args.black, args.seed)
    names = (f"White_{args.white}", f"Black_{args.black}")

    # -- JSON ------------------------------------------------------------------
    json_path = out_dir / "match.json"
    json_path.write_text(records.to_json(match, indent=1), encoding="utf-8")
    loaded = records.from_json(json_path.read_text(encoding="utf-8"))
    assert isinstance(loaded, nardy.Match)
    same = histories(loaded) == histories(match) and loaded.score == match.score
    print(f"\nJSON record: {json_path} ({json_path.stat().st_size:,} bytes)")
    print(f"  read back: {len(loaded.games)} games, score {loaded.score[0]}-{loaded.score[1]}, identical: {same}")

    # -- Jellyfish .mat ---------------------------------------------------------
    mat_path = out_dir / "match.mat"
    mat_path.write_text(to_mat(match, names, tags={"Event": "nardy example"}), encoding="utf-8")
    mat = MatFile.from_string(mat_path.read_text(encoding="utf-8"))
    same = histories(mat.match) == histories(match) and mat.match.score == match.score
    print(f"\nJellyfish .mat: {mat_path} ({mat_path.stat().st_size:,} bytes)")
    print(
        f"  read back: players {mat.names[0]} and {mat.names[1]}, tags {dict(mat.tags)}, "
        f"{len(mat.match.games)} games, score {mat.match.score[0]}-{mat.match.score[1]}, identical: {same}"
    )
    lines = mat_path.read_text(encoding="utf-8").splitlines()
    print(f"  first {min(args.show, len(lines))} of {len(lines)} lines:")
    for line in lines[: args.show]:
        print(f"  | {line}")

    # -- the final position's IDs -------------------------------------------------
    last = match.game
    pos = last.position
    result = last.result()
    assert result is not None and result.winner is not None
    before = [0, 0]  # the score before the last game
    for game in match.games[:-1]:
        done = game.result()
        assert done is not None and done.winner is not None
        before[done.winner] += done.points
    score = (before[0], before[1])
    state = GameState.DROPPED if result.ending == "drop" else GameState.OVER
    match_id = MatchId(
        cube_value=last.cube,
        cube_owner=last.cube_owner,
        player_on_roll=pos.turn,
        turn=pos.turn,
        crawford=last.crawford,
        game_state=state,
        match_length=match.length,
        score=score,
    )
    gid = to_gnubg_id(pos, match_id)
    xg = to_xgid(
        pos,
        cube_value=last.cube,
        cube_owner=last.cube_owner,
        score=score,
        crawford_jacoby=int(last.crawford),
        match_length=match.length,
    )
    print(f"\nFinal position (game {len(match.games)}, score before it {score[0]}-{score[1]}):")
    print(pos)
    print(f"  gnubg Position ID: {to_position_id(pos)}")
    print(f"  gnubg ID:          {gid}")
    print(f"  XGID:              {xg}")
    back_pos, back_match = from_gnubg_id(gid)
    info = from_xgid(xg)
    print(
        f"  read back: gnubg board same: {same_board(back_pos, pos)}, Match ID same: {back_match == match_id}, "
        f"XGID board same: {same_board(info.position, pos)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
