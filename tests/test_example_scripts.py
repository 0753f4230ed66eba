"""Run every program in examples/ with its smallest settings.

Each script runs as a subprocess of this Python (as a user would run it from
the repository root) and must exit with 0 and print what it promises. The
settings are cut down so the whole module takes a few seconds; the default
settings are what ``.ci/run`` runs.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(script: str, *args: str) -> str:
    """Run ``examples/<script>`` with ``args``; its stdout, after checking the exit code."""
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode == 0, f"{script} exited with {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def test_every_example_is_tested() -> None:
    tested = {
        "analysis.py",
        "embed_game_loop.py",
        "gym_random_rollouts.py",
        "match_files.py",
        "opening_table.py",
        "train_tiny_agent.py",
    }
    assert {p.name for p in EXAMPLES.glob("*.py")} == tested


def test_opening_table() -> None:
    out = run("opening_table.py", "short", "long")
    assert "447 plays over 21 rolls" in out
    assert "Long nardy (long): 22 plays over 21 rolls" in out


def test_embed_game_loop() -> None:
    out = run("embed_game_loop.py", "--plays", "4")
    assert "White types: 8/5 6/5" in out
    assert "rejected:" in out  # the scripted "pass" is refused
    assert "Stopped after 4 plays." in out


def test_analysis(tmp_path: Path) -> None:
    out = run("analysis.py", "--games", "6", "--scan", "2", "--out-dir", str(tmp_path))
    # the first-turn exception of long nardy, RULES.md 4.3 and Appendix A
    assert "first_turn_head=formal:     6-6 4-4 3-3" in out
    assert "also 6-2 when the first player played 24/4" in out
    assert "random v random" in out and "greedy v random" in out
    assert "Report" in out
    for name in ("busiest_short.svg", "busiest_long.svg"):
        assert (tmp_path / name).read_text(encoding="utf-8").startswith("<svg")
    for name in ("game_short.json", "game_long.json"):
        assert json.loads((tmp_path / name).read_text(encoding="utf-8"))["format"] == "nardy-game"


def test_train_tiny_agent() -> None:
    out = run(
        "train_tiny_agent.py", "--games", "6", "--eval-every", "3", "--curve-games", "2", "--eval-games", "4"
    )
    assert "tdgammon (198 inputs)" in out
    assert "learning curve" in out
    assert "td's win rate against random:" in out


def test_train_tiny_agent_long() -> None:
    out = run(
        "train_tiny_agent.py",
        "--rules", "long", "--games", "2", "--eval-every", "2", "--curve-games", "2", "--eval-games", "2",
    )
    assert "Long nardy" in out and "observation (132 values as 228 inputs)" in out
    assert "td's win rate against random:" in out


@pytest.mark.skipif(
    importlib.util.find_spec("gymnasium") is None or importlib.util.find_spec("pettingzoo") is None,
    reason="needs gymnasium and pettingzoo (pip install 'nardy[gym,pettingzoo]')",
)
def test_gym_random_rollouts() -> None:
    out = run("gym_random_rollouts.py", "--episodes", "1")
    assert "gymnasium.make('nardy/Short-v0')" in out
    assert "mean return over 1 episodes" in out
    assert "PettingZoo" in out and "episode 0: white" in out


def test_match_files(tmp_path: Path) -> None:
    out = run("match_files.py", "--length", "3", "--out-dir", str(tmp_path))
    assert out.count("identical: True") == 2  # the JSON record and the .mat file
    assert "XGID=" in out and "gnubg ID:" in out
    assert "gnubg board same: True, Match ID same: True, XGID board same: True" in out
    assert (tmp_path / "match.mat").read_text(encoding="utf-8").startswith('; [Event "nardy example"]')
    assert json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))["format"] == "nardy-match"
