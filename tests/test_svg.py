"""The SVG board (nardy.svg): well-formed documents that show the position.

Every checker is a ``checker white``/``checker black`` element inside a
``stack`` group whose ``data-point`` is White's point number (or ``bar``/
``off``) and whose ``data-count`` is the number of checkers there; these tests
read the pictures back through those attributes and compare them with the
position.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nardy
from nardy import BLACK, WHITE, Game, Play, Player, Position, Step, svg
from nardy.core import to_other_numbering

NS = "{http://www.w3.org/2000/svg}"
BOTH = (WHITE, BLACK)


# --------------------------------------------------------------------------- helpers


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def with_class(root: ET.Element, *names: str) -> list[ET.Element]:
    want = set(names)
    return [el for el in root.iter() if want <= classes(el)]


def drawn_counts(root: ET.Element) -> Counter[tuple[str, str]]:
    """(colour, where) -> checkers, read from the stacks; checks the stacks' checkers too."""
    counts: Counter[tuple[str, str]] = Counter()
    for stack in with_class(root, "stack"):
        (colour,) = classes(stack) & {"white", "black"}
        where = stack.get("data-point")
        assert where is not None
        n = int(stack.get("data-count", "0"))
        assert n > 0
        assert (colour, where) not in counts, f"two stacks for {colour} on {where}"
        counts[colour, where] = n
        checkers = [el for el in stack.iter() if "checker" in classes(el)]
        assert all(classes(el) == {"checker", colour} for el in checkers)
        assert all(el.get("data-point") == where for el in checkers)
        if where == "off":
            assert len(checkers) == n  # the tray shows every borne-off checker
        else:
            assert len(checkers) == min(n, 5)
            labels = [t.text for t in stack.iter(f"{NS}text")]
            assert labels == ([str(n)] if n > 5 else [])
    # no checker outside a stack
    inside = {id(el) for stack in with_class(root, "stack") for el in stack.iter()}
    assert all(id(el) in inside for el in with_class(root, "checker"))
    return counts


def expected_counts(pos: Position) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for i, n in enumerate(pos.white):
        if n:
            counts["white", str(i + 1)] = n
    for i, n in enumerate(pos.black):
        if n:
            counts["black", str(to_other_numbering(pos.family, i + 1))] = n
    for player in (WHITE, BLACK):
        if pos.bar(player):
            counts[str(player), "bar"] = pos.bar(player)
        if pos.off(player):
            counts[str(player), "off"] = pos.off(player)
    return counts


def check_board(pos: Position, text: str, orientation: Player = WHITE) -> ET.Element:
    root = parse(text)
    assert drawn_counts(root) == expected_counts(pos)
    assert root.get("data-family") == pos.family
    assert root.get("data-orientation") == str(orientation)
    assert root.get("data-turn") == str(pos.turn)
    (turn,) = with_class(root, "turn")
    assert turn.get("data-player") == str(pos.turn)
    offs = {el.get("data-player"): el.text for el in with_class(root, "off-count")}
    assert offs == {"white": str(pos.off(WHITE)), "black": str(pos.off(BLACK))}
    assert len(with_class(root, "point")) == 24
    return root


def polygon_centre(el: ET.Element) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in (el.get("points") or "").split()]
    return sum(p[0] for p in pts) / len(pts), pts[0][1]  # x of the centre, y of the base


POSITIONS = [
    "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 00",  # the start
    "long 24:15 24:15 w 00",  # the start: two stacks of 15
    "long 24:4,6:11 24:4,6:11 b 00",  # Khachapuri's start
    "short bar:2,6:7,5:2,4:2 bar:1,24:2,13:3,8:2,6:3,2:2 b 11",  # bars and trays
    "short bar:7,6:8 bar:2,1:13 w 11",  # tall stacks on a point and the bar
    "short - 1:1 w 11",  # White has borne off all, Black one checker left
    "long 13:6,3:2,1:1 20:9,16:1 b 11",  # borne off in the long family
]


# --------------------------------------------------------------------------- documents


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("orientation", BOTH, ids=str)
def test_counts_per_point(text: str, orientation: Player) -> None:
    pos = Position.from_string(text)
    check_board(pos, svg.board(pos, orientation=orientation), orientation)


def test_start_position_stacks() -> None:
    root = parse(svg.board(nardy.ruleset("short").initial_position()))
    counts = drawn_counts(root)
    assert counts["white", "24"] == 2 and counts["white", "6"] == 5
    assert counts["black", "1"] == 2 and counts["black", "19"] == 5  # Black's 24 and 6
    assert len(with_class(root, "checker", "white")) == 15
    assert len(with_class(root, "checker", "black")) == 15
    root = parse(svg.board(nardy.ruleset("long").initial_position()))
    assert drawn_counts(root) == {("white", "24"): 15, ("black", "12"): 15}
    assert len(with_class(root, "checker")) == 10  # two stacks of five, labelled 15
    assert with_class(root, "divider") and not with_class(root, "bar")


def test_size_and_viewbox() -> None:
    pos = nardy.ruleset("short").initial_position()
    root = parse(svg.board(pos, size=300))
    assert root.get("width") == "300"
    w, h = map(float, (root.get("viewBox") or "").split()[2:])
    assert int(root.get("height") or 0) == round(300 * h / w)
    root = parse(svg.board(pos, size=None))
    assert root.get("width") is None and root.get("viewBox")
    desc = root.find(f"{NS}desc")
    assert desc is not None and desc.text == pos.to_string()


def test_bad_arguments() -> None:
    pos = nardy.ruleset("short").initial_position()
    with pytest.raises(nardy.InvalidDiceError):
        svg.board(pos, dice=(0, 3))
    with pytest.raises(nardy.NardyError, match="orientation must be"):
        svg.board(pos, orientation="white")  # type: ignore[arg-type]
    with pytest.raises(nardy.NardyError, match="size must be"):
        svg.board(pos, size=0)


# --------------------------------------------------------------------------- orientation


@pytest.mark.parametrize("family", ["short", "long"])
@pytest.mark.parametrize("orientation", BOTH, ids=str)
def test_layout_and_numbers(family: str, orientation: Player) -> None:
    """The viewer's 13..24 run along the top from left to right and its 12..1 along
    the bottom; the numbers are in the viewer's numbering."""
    pos = nardy.ruleset(family).initial_position()
    root = parse(svg.board(pos, orientation=orientation))

    def viewer_number(white_point: int) -> int:
        if orientation == WHITE:
            return white_point
        return to_other_numbering(pos.family, white_point)

    where = {}
    for el in with_class(root, "point"):
        where[viewer_number(int(el.get("data-point") or 0))] = polygon_centre(el)
    top = sorted(range(13, 25), key=lambda v: where[v][0])
    bottom = sorted(range(1, 13), key=lambda v: where[v][0])
    assert top == list(range(13, 25))
    assert bottom == list(range(12, 0, -1))
    assert all(where[v][1] < where[1][1] for v in range(13, 25))
    # the number written over each point's column is the viewer's number
    labels = {}
    for t in with_class(root, "coord"):
        labels[float(t.get("x") or 0), float(t.get("y") or 0) < where[1][1]] = t.text
    for v, (x, base) in where.items():
        assert labels[x, base < where[1][1]] == str(v)


@pytest.mark.parametrize("family", ["short", "long"])
@pytest.mark.parametrize("orientation", BOTH, ids=str)
def test_viewer_home_and_tray_at_the_bottom(family: str, orientation: Player) -> None:
    pos = Position.from_string(f"{family} 6:7,5:3 3:5 w 11")
    root = parse(svg.board(pos, orientation=orientation))
    trays = {el.get("class"): float(el.get("y") or 0) for el in with_class(root, "tray")}
    assert trays[f"tray {orientation}"] > trays[f"tray {orientation.other}"]
    # the viewer's home (its points 1..6) is the bottom right quarter
    centre = {int(el.get("data-point") or 0): polygon_centre(el) for el in with_class(root, "point")}
    home = [p if orientation == WHITE else to_other_numbering(pos.family, p) for p in range(1, 7)]
    lowest = max(y for _, y in centre.values())
    assert all(centre[p][1] == lowest for p in home)
    assert min(centre[p][0] for p in home) > max(x for p, (x, y) in centre.items() if p not in home and y == lowest)


def test_bar_halves() -> None:
    """The viewer's checkers on the bar are drawn below the middle, the opponent's above."""
    pos = Position.from_string("short bar:2,6:13 bar:3,6:12 w 11")
    for orientation in BOTH:
        root = parse(svg.board(pos, orientation=orientation))
        ys = {}
        for stack in with_class(root, "stack"):
            if stack.get("data-point") == "bar":
                (colour,) = classes(stack) & {"white", "black"}
                ys[colour] = [float(c.get("cy") or 0) for c in stack.iter(f"{NS}circle") if "checker" in classes(c)]
        assert min(ys[str(orientation)]) > max(ys[str(orientation.other)])


# --------------------------------------------------------------------------- last play, dice


def highlights(root: ET.Element) -> dict[str, set[str]]:
    return {el.get("data-point") or "": classes(el) - {"highlight"} for el in with_class(root, "highlight")}


def test_last_play_highlighted_short() -> None:
    rules = nardy.ruleset("short")
    start = rules.initial_position()
    play = rules.parse_play(start, "24/18 13/9", (6, 4))
    after = rules.apply(start, play)
    for orientation in BOTH:
        root = check_board(after, svg.board(after, last_play=play, orientation=orientation), orientation)
        assert highlights(root) == {
            "24": {"source"},
            "18": {"target"},
            "13": {"source"},
            "9": {"target"},
        }
        arrows = {(a.get("data-from"), a.get("data-to")) for a in with_class(root, "arrow")}
        assert arrows == {("24", "18"), ("13", "9")}


def test_last_play_of_black_uses_whites_numbers() -> None:
    """Black's steps are in Black's numbering; the picture marks White's point numbers."""
    rules = nardy.ruleset("long")
    pos = rules.apply(rules.initial_position(), rules.parse_play(rules.initial_position(), "24/15", (6, 3)))
    play = rules.parse_play(pos, "24/19/17", (5, 2))
    after = rules.apply(pos, play)
    root = parse(svg.board(after, last_play=play))
    # Black's 24, 19, 17 are White's 12, 7, 5
    assert highlights(root) == {"12": {"source"}, "7": {"source", "target"}, "5": {"target"}}
    # without the origin the mover is the opponent of the side to move; `mover` overrides
    bare = Play(play.steps, play.dice)
    assert highlights(parse(svg.board(after, last_play=bare))) == highlights(root)
    as_white = parse(svg.board(after, last_play=bare, mover=WHITE))
    assert set(highlights(as_white)) == {"24", "19", "17"}


def test_entry_hit_and_bear_off() -> None:
    rules = nardy.ruleset("short")
    pos = Position.from_string("short bar:1,13:5,8:3,6:5,2:1 24:2,13:5,8:3,6:4,5:1 w 11")
    play = rules.parse_play(pos, "bar/20* 13/9", (5, 4))
    after = rules.apply(pos, play)
    root = check_board(after, svg.board(after, last_play=play))
    assert highlights(root) == {"bar": {"source"}, "20": {"target"}, "13": {"source"}, "9": {"target"}}
    hits = with_class(root, "hit")
    assert len(hits) == 1 and hits[0].get("data-point") == "bar"
    pos = Position.from_string("short 6:4,5:3,4:2,2:1 24:2,13:5,8:3,6:4,18:1 w 11")
    play = rules.parse_play(pos, "6/off 5/off", (6, 5))
    after = rules.apply(pos, play)
    root = check_board(after, svg.board(after, last_play=play, orientation=BLACK), BLACK)
    assert highlights(root) == {"6": {"source"}, "5": {"source"}, "off": {"target"}}
    assert not with_class(root, "hit")


def dice_drawn(root: ET.Element) -> list[tuple[int, int]]:
    return [
        (int(d.get("data-value") or 0), len(with_class(d, "pip")))
        for d in with_class(root, "die")
    ]


@pytest.mark.parametrize("dice", [(6, 5), (1, 2), (3, 3), (4, 4, 4, 4), (2,)])
def test_dice_faces(dice: tuple[int, ...]) -> None:
    pos = nardy.ruleset("short").initial_position()
    root = parse(svg.board(pos, dice=dice))
    assert dice_drawn(root) == [(d, d) for d in dice]
    assert not with_class(parse(svg.board(pos)), "die")


@pytest.mark.parametrize("orientation", BOTH, ids=str)
@pytest.mark.parametrize("turn", ["w", "b"])
def test_dice_in_the_movers_half(orientation: Player, turn: str) -> None:
    pos = Position.from_string(f"short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 {turn} 00")
    root = parse(svg.board(pos, dice=(3, 1), orientation=orientation))
    bar = with_class(root, "bar")[0]
    bar_x = float(bar.get("x") or 0)
    xs = [float(r.get("x") or 0) for d in with_class(root, "die") for r in d.iter(f"{NS}rect")]
    right = all(x > bar_x for x in xs)
    left = all(x < bar_x for x in xs)
    assert right if pos.turn == orientation else left


# --------------------------------------------------------------------------- games


def test_game_picture() -> None:
    g = Game(nardy.ruleset("short"), first=WHITE)
    root = check_board(g.position, svg.game(g))
    assert not with_class(root, "highlight") and not with_class(root, "die")
    g.roll((3, 1))
    assert dice_drawn(parse(svg.game(g))) == [(3, 3), (1, 1)]
    g.play("8/5 6/5")
    g.roll((6, 6))
    root = check_board(g.position, svg.game(g, orientation=BLACK, size=None), BLACK)
    assert highlights(root) == {"8": {"source"}, "6": {"source"}, "5": {"target"}}
    assert dice_drawn(root) == [(6, 6), (6, 6)]
    assert root.get("data-turn") == "black"


@pytest.mark.parametrize("name", nardy.RULESET_NAMES)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 150), orientation=st.sampled_from(BOTH))
def test_random_games_render(name: str, seed: int, plies: int, orientation: Player) -> None:
    """Positions reached by random play in every ruleset draw with the right counts,
    the last play's points marked and the dice to play as faces."""
    g = Game(nardy.ruleset(name), seed=seed)
    rng = random.Random(seed)
    while g.plies < plies and not g.is_over():
        if g.pending.phase == "roll":
            g.roll()
        elif g.pending.phase == "play":
            g.play(rng.choice(g.legal_plays()))
        else:  # pragma: no cover - the cube is off by default
            g.take()
    text = svg.game(g, orientation=orientation)
    root = check_board(g.position, text, orientation)
    last = next((e for e in reversed(g.history) if isinstance(e, nardy.game.PlayEvent)), None)
    if last is None or last.play.is_pass:
        assert not with_class(root, "highlight")
    else:
        marked = set(highlights(root))
        for step in last.play.steps:
            for point, kind in ((step.source, "bar"), (step.target, "off")):
                if point in (nardy.BAR, nardy.OFF):
                    assert kind in marked
                else:
                    absolute = point if last.player == WHITE else to_other_numbering(g.position.family, point)
                    assert str(absolute) in marked
        assert len(with_class(root, "arrow")) <= len(last.play.steps)
    assert dice_drawn(root) == [(d, d) for d in (g.dice or ())]
    assert re.fullmatch(r"<svg [^>]*>.*</svg>", text, re.S)


def test_step_bar_and_off_without_origin() -> None:
    """A hand-made play (no origin) still draws: bar and off anchors, mover given."""
    pos = Position.from_string("short bar:1,6:14 24:15 w 11")
    play = Play((Step(25, 22, 3), Step(6, 0, 6)), (6, 3))
    root = parse(svg.board(pos, last_play=play, mover=WHITE))
    assert highlights(root) == {"bar": {"source"}, "22": {"target"}, "6": {"source"}, "off": {"target"}}


def test_docs_pictures_up_to_date() -> None:
    """docs/_static/boards/ holds what docs/make_boards.py writes now."""
    import importlib.util
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    script = docs / "make_boards.py"
    if not script.exists():  # pragma: no cover - an installed package without its docs
        pytest.skip("no docs/make_boards.py")
    spec = importlib.util.spec_from_file_location("make_boards", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, text in module.pictures().items():
        path = docs / "_static" / "boards" / name
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run python docs/make_boards.py"
        parse(text)


def test_repr_svg_hooks() -> None:
    """Position._repr_svg_ and Game._repr_svg_ (for Jupyter) draw with nardy.svg."""
    if not hasattr(Position, "_repr_svg_") or not hasattr(Game, "_repr_svg_"):
        pytest.skip("the _repr_svg_ methods are not added yet")
    g = Game(nardy.ruleset("short"), first=WHITE)
    g.roll((3, 1))
    assert g.position._repr_svg_() == svg.board(g.position)
    assert g._repr_svg_() == svg.game(g)
