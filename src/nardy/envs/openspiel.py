"""OpenSpiel games for every nardy ruleset (``pip install 'nardy[openspiel]'``).

Importing this module registers one Python game with ``pyspiel`` per ruleset
of :data:`nardy.RULESET_NAMES`, at its default options, under the short name
``python_nardy_<ruleset>`` (:data:`GAME_NAMES`): ``python_nardy_short``,
``python_nardy_long``, ... Load them with ``pyspiel.load_game(name)`` or
:func:`load_game`. :func:`register_games` does the registration again if
needed (it is idempotent).

* **Players**: 0 = White, 1 = Black. Sequential, perfect information,
  explicit stochastic (the dice are chance nodes), zero-sum, terminal reward.
* **The opening roll** is the first chance node: one die each, ties
  re-rolled, so 30 outcomes of probability 1/30; outcome ``i`` is
  :data:`OPENINGS` ``[i]`` = (White's die, Black's die), and the higher die
  starts. With ``opening_roll="use_opening_dice"`` (the short family) the
  winner then plays those two dice; with ``"reroll"`` (the long family) it
  rolls afresh: a second chance node.
* **Rolls** are chance nodes of 21 outcomes: outcome ``i`` is
  :data:`nardy.ROLLS` ``[i]`` (larger die first), probability 1/36 for a
  double and 1/18 otherwise. A Gulbar re-roll is a chance node too, followed
  by a decision of the same player. Owed values (Gulbar) and a cascade's
  stages (Crazy, Crazy Gulbar, Giul) need no dice: they are decision nodes
  straight after the play that created them.
* **Actions** (:data:`NUM_ACTIONS` = 157): the 156 step actions of
  :mod:`nardy.encoding` (``source * 6 + (die - 1)``, one checker moved by one
  value; a play is a sequence of step decisions by the same player, made once
  its last step is chosen, exactly as in :class:`nardy.envs.StepGame`), plus
  :data:`PASS` = 156, which is the only legal action, and legal only, when a
  play cannot move anything (the empty play). OpenSpiel needs at least one
  legal action at a decision node, so the pass is an explicit decision.
* **Returns**: 0 until the end; then the winner gets the points of the result
  and the loser their negative (a draw of the last-roll rule: 0 for both).
  The utility range is ``[-max_points, max_points]`` (:func:`max_points`):
  3 in short and caucasian (koks), 2 in the long-family rulesets scored
  oin/mars, 15 in khachapuri (one point per checker left). The cube is not
  part of these games (the registered rulesets have ``cube=False``).
* **Observations**: ``observation_tensor(player)`` is
  :func:`nardy.encoding.observation` (v1, 132 floats) from ``player``'s point
  of view, with the steps already chosen in the play in progress applied;
  the observer's ``dict`` names the fields of
  :data:`nardy.encoding.OBSERVATION_LAYOUT`. ``observation_string`` is
  ``str(state)``: the text board and what is to be played. The information
  state string is the action history (a perfect-information game).
* **Game length**: ``max_game_length`` counts decisions (steps and passes),
  not chance nodes: :data:`MAX_GAME_LENGTH` per family. A long-family game
  makes at most 720 steps (every step brings a checker closer home), plus the
  passes (random play: at most 57 passes in 500 games of each ruleset); a
  short-family game has no bound in principle (hits send checkers back), so
  5,000 is a safe bound, not a proof: in 5,000 random games of short and
  caucasian the longest made 845 decisions. It is not enforced.

``clone()`` copies the game cheaply (:meth:`nardy.Game.clone`): OpenSpiel
clones a Python state by deep-copying each of its attributes, and the one
attribute of :class:`NardyState` copies itself with ``Game.clone``.

>>> import pyspiel
>>> from nardy.envs import openspiel
>>> game = pyspiel.load_game("python_nardy_long")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 30)
>>> state.apply_action(openspiel.OPENINGS.index((5, 2)))  # White's 5 beats Black's 2
>>> state.current_player() == pyspiel.PlayerId.CHANCE  # the long family re-rolls
True
>>> state.apply_action(1)  # nardy.ROLLS[1] == (6, 5)
>>> state.current_player(), [state.action_to_string(0, a) for a in state.legal_actions()]
(0, ['24/19', '24/18'])
>>> state.apply_action(149); state.legal_actions()  # 24/18, then only 18/13
[112]
>>> state.apply_action(112); state.current_player() == pyspiel.PlayerId.CHANCE
True
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import nardy
from nardy import encoding
from nardy.core import ROLLS, Player, Step, roll_probability
from nardy.envs import PLAYER_NAMES, StepGame, missing_extra
from nardy.errors import GameStateError, IllegalPlayError, format_dice, shown
from nardy.game import Game
from nardy.rules.base import RuleSet

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as error:
    raise missing_extra(__name__, "openspiel", error) from error

__all__ = [
    "GAME_NAMES",
    "GAME_CLASSES",
    "PASS",
    "NUM_ACTIONS",
    "OPENINGS",
    "MAX_CHANCE_OUTCOMES",
    "MAX_GAME_LENGTH",
    "game_name",
    "max_points",
    "register_games",
    "load_game",
    "NardyGame",
    "NardyState",
    "NardyObserver",
]

#: the pass, the only legal action of a play that cannot move anything
PASS: Final = encoding.N_ACTIONS
#: the number of player actions (the 156 step actions and :data:`PASS`)
NUM_ACTIONS: Final = encoding.N_ACTIONS + 1

#: the opening roll's outcomes, (White's die, Black's die), ties excluded:
#: chance outcome ``i`` of the first chance node is ``OPENINGS[i]``
OPENINGS: Final[tuple[tuple[int, int], ...]] = tuple(
    (w, b) for w in range(1, 7) for b in range(1, 7) if w != b
)
#: the most outcomes of a chance node (the opening roll's 30; a roll has 21)
MAX_CHANCE_OUTCOMES: Final = len(OPENINGS)

#: the ``max_game_length`` of each family, in decision nodes (steps and passes)
MAX_GAME_LENGTH: Final[dict[str, int]] = {"short": 5000, "long": 2000}

#: the short name of each ruleset's OpenSpiel game
GAME_NAMES: Final[dict[str, str]] = {name: f"python_nardy_{name}" for name in nardy.RULESET_NAMES}

_OPENING_PROB: Final = 1.0 / len(OPENINGS)
_ROLL_OUTCOMES: Final[list[tuple[int, float]]] = [(i, roll_probability(r)) for i, r in enumerate(ROLLS)]
_OPENING_OUTCOMES: Final[list[tuple[int, float]]] = [(i, _OPENING_PROB) for i in range(len(OPENINGS))]
#: the players of chance and of the end, as ints (read once: an attribute of pyspiel's enum costs a call)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

_SHORT_POINTS: Final = {"oin": 1, "mars": 2, "koks": 3}
_LONG_POINTS: Final = {
    "oin_mars": 2,
    "koks_start_quarter": 3,
    "koks_home_mars": 4,
    "checkers_left": 15,
    "s0_end": 14,
}


def game_name(rules: str) -> str:
    """The OpenSpiel short name of a ruleset's game (aliases accepted).

    >>> game_name("short"), game_name("tbilisi")
    ('python_nardy_short', 'python_nardy_khachapuri')
    """
    return GAME_NAMES[nardy.ruleset(rules).name]


def max_points(rules: RuleSet) -> int:
    """The most points one game of ``rules`` can be worth (without the cube).

    >>> [max_points(nardy.ruleset(n)) for n in ("short", "long", "khachapuri")]
    [3, 2, 15]
    """
    if not isinstance(rules, RuleSet):
        raise nardy.NardyError(f"rules must be a nardy RuleSet (see nardy.ruleset), not {shown(rules)}")
    if rules.family == "short":
        return _SHORT_POINTS[rules.option("max_result")]
    return _LONG_POINTS[rules.option("long_scoring")]


def _game_type(rules: RuleSet) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAMES[rules.name],
        long_name=f"Python nardy: {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


def _game_info(rules: RuleSet) -> Any:
    top = float(max_points(rules))
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
        num_players=2,
        min_utility=-top,
        max_utility=top,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH[rules.family],
    )


class NardyGame(pyspiel.Game):
    """The OpenSpiel game of one nardy ruleset (at its default options).

    Made by ``pyspiel.load_game(GAME_NAMES[name])``: each ruleset has its own
    subclass (:data:`GAME_CLASSES`) that names it in :attr:`RULESET`; the
    ruleset itself is :attr:`rules`.
    """

    #: the ruleset's name (set by each ruleset's subclass)
    RULESET: ClassVar[str] = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if not self.RULESET:
            raise GameStateError("NardyGame is abstract: load a game with pyspiel.load_game('python_nardy_<ruleset>')")
        rules = nardy.ruleset(self.RULESET)
        if rules.option("cube"):  # pragma: no cover - the registered rulesets have no cube
            raise GameStateError("the OpenSpiel games have no cube actions: use a ruleset with cube=False")
        #: the ruleset played
        self.rules: RuleSet = rules
        super().__init__(_game_type(rules), _game_info(rules), params or {})

    def new_initial_state(self) -> NardyState:
        """The state before the opening roll (a chance node)."""
        return NardyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NardyObserver | IIGObserverForPublicInfoGame:
        """The observer of ``observation_tensor``/``observation_string`` (and, for
        perfect recall, the public-information observer: the action history)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return NardyObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Table:
    """Everything a :class:`NardyState` holds, in one attribute that deep-copies
    cheaply (OpenSpiel clones a Python state by deep-copying its attributes)."""

    __slots__ = ("rules", "sg")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        #: the game driven step by step; None before the opening roll
        self.sg: StepGame | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        twin = _Table(self.rules)  # the ruleset is immutable: shared
        if self.sg is not None:
            twin.sg = self.sg.clone()
        return twin


def _step_label(step: Step) -> str:
    """A step in move notation; a bear-off with a larger die names the die
    (``3/off`` with a 3, ``3/off(5)`` with a 5), so labels stay distinct."""
    text = str(step)
    if step.target == 0 and step.die != step.source:
        text += f"({step.die})"
    return text


class NardyState(pyspiel.State):
    """A state of a :class:`NardyGame`: chance nodes for the dice, a decision
    node per step (or pass), terminal once the game is over."""

    def __init__(self, game: NardyGame) -> None:
        super().__init__(game)
        self._table = _Table(game.rules)

    # -- views ---------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The ruleset played."""
        return self._table.rules

    @property
    def nardy_game(self) -> Game | None:
        """The :class:`nardy.Game` (None before the opening roll). Read it, do
        not change it: the state drives it."""
        sg = self._table.sg
        return None if sg is None else sg.game

    @property
    def prefix(self) -> tuple[Step, ...]:
        """The steps chosen so far in the play in progress."""
        sg = self._table.sg
        return () if sg is None else tuple(sg.prefix)

    # -- the OpenSpiel API -----------------------------------------------------

    def current_player(self) -> int:
        """0 (White) or 1 (Black) at a decision, ``PlayerId.CHANCE`` at a roll,
        ``PlayerId.TERMINAL`` at the end."""
        sg = self._table.sg
        if sg is None:
            return _CHANCE
        phase = sg.game.pending.phase
        if phase == "play":
            return int(sg.game.turn)
        if phase == "roll":
            return _CHANCE
        if phase == "over":
            return _TERMINAL
        raise GameStateError(f"phase {shown(phase)}: the OpenSpiel games have no cube")  # pragma: no cover

    def is_terminal(self) -> bool:
        sg = self._table.sg
        return sg is not None and sg.game.is_over()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening roll's 30 outcomes (:data:`OPENINGS`) or a roll's 21
        (:data:`nardy.ROLLS`), with their probabilities."""
        sg = self._table.sg
        if sg is None:
            return list(_OPENING_OUTCOMES)
        if sg.game.pending.phase != "roll":
            raise GameStateError("chance_outcomes(): this is not a chance node")
        return list(_ROLL_OUTCOMES)

    def _legal_actions(self, player: int) -> list[int]:
        sg = self._table.sg
        if sg is None or sg.game.pending.phase != "play" or int(sg.game.turn) != player:
            return []
        return sorted(sg.legal) if sg.legal else [PASS]

    def _apply_action(self, action: int) -> None:
        table = self._table
        sg = table.sg
        action = int(action)
        if sg is None:  # the opening roll
            if not 0 <= action < len(OPENINGS):
                raise IllegalPlayError(f"chance outcome {action} is not an opening roll: use 0..{len(OPENINGS) - 1}")
            sg = StepGame(table.rules, seed=0)
            sg.game = Game(table.rules, opening=OPENINGS[action])
            table.sg = sg
        else:
            game = sg.game
            phase = game.pending.phase
            if phase == "roll":
                if not 0 <= action < len(ROLLS):
                    raise IllegalPlayError(f"chance outcome {action} is not a roll: use 0..{len(ROLLS) - 1}")
                game.roll(ROLLS[action])
            elif phase != "play":
                raise GameStateError(f"no action is expected now: the game is {phase}")
            elif action == PASS:
                if sg.legal or sg.prefix:
                    raise IllegalPlayError("pass: a step can be played")
                game.play(game.legal_plays()[0])
                sg.passes += 1
            elif not sg.step(action):
                return  # the play goes on: sg.legal holds the next steps
        # a new play starts (or a roll, or the end): its first steps
        game = sg.game
        if game.pending.phase == "play":
            assert game.dice is not None
            sg.prefix = []
            sg.legal = encoding.legal_steps(
                game.rules, game.position, game.dice, (), game.pending.context
            )
        else:
            sg.legal = {}

    def _action_to_string(self, player: int, action: int) -> str:
        action = int(action)
        sg = self._table.sg
        if player == _CHANCE:
            if sg is None and 0 <= action < len(OPENINGS):
                w, b = OPENINGS[action]
                return f"opening {w}-{b} ({PLAYER_NAMES[0 if w > b else 1]} starts)"
            if 0 <= action < len(ROLLS):
                return "roll {}-{}".format(*ROLLS[action])
            return f"chance outcome {action}"
        if action == PASS:
            return "pass"
        if sg is not None:
            legal = sg.legal.get(action)
            if legal is not None:
                return _step_label(legal)
            try:
                return _step_label(encoding.action_to_step(action, sg.game.position, sg.prefix))
            except (IllegalPlayError, nardy.NardyError):
                pass
        if 6 <= action < encoding.N_ACTIONS:
            src, die = divmod(action, 6)
            return _step_label(Step(src, max(src - die - 1, 0), die + 1))
        return f"action {action}"

    def returns(self) -> list[float]:
        """The points won (+) and lost (-) by White and Black; 0 before the end."""
        sg = self._table.sg
        result = None if sg is None else sg.game.result()
        if result is None or result.winner is None:
            return [0.0, 0.0]
        points = float(result.points)
        return [points, -points] if result.winner == Player.WHITE else [-points, points]

    def __str__(self) -> str:
        return self.text()

    # -- nardy helpers ---------------------------------------------------------

    def text(self) -> str:
        """The text board (the play in progress applied) and what happens next."""
        sg = self._table.sg
        if sg is None:
            return f"{self.rules.initial_position()}\nopening roll: one die each, the higher starts"
        game = sg.game
        pos = encoding.apply_steps(game.position, sg.prefix) if sg.prefix else game.position
        pending = game.pending
        who = PLAYER_NAMES[game.turn]
        kind = pending.context.kind
        if pending.phase == "over":
            line = f"game over: {game.result()}"
        elif pending.phase == "roll":
            line = f"{who} to {'re-roll' if kind == 'reroll' else 'roll'}"
        else:
            line = f"{who} to play {format_dice(sg.dice_left())}"
            if kind in ("owed", "stage"):
                line += f" ({kind})"
            if sg.prefix:
                line += f" (played so far: {' '.join(map(str, sg.prefix))})"
            if not sg.legal and not sg.prefix:
                line += ": nothing can move, pass"
        return f"{pos}\n{line}"

    def observation(self, player: int) -> np.ndarray:
        """:func:`nardy.encoding.observation` from ``player``'s point of view
        (before the opening roll: the initial position, White to roll)."""
        me = Player(player)
        sg = self._table.sg
        if sg is None:
            rules = self.rules
            return encoding.observation(rules.initial_position(), rules=rules, perspective=me)
        return encoding.observation(sg.game, prefix=sg.prefix, perspective=me)


class NardyObserver:
    """The observer of :class:`NardyGame` (OpenSpiel's ``PyObserver`` interface):
    ``tensor`` is the observation vector, ``dict`` its named fields."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params:
            raise nardy.NardyError(f"observation parameters are not supported; got {shown(params)}")
        self.tensor = np.zeros(encoding.OBSERVATION_SIZE, np.float32)
        self.dict = {name: self.tensor[part] for name, part in encoding.OBSERVATION_LAYOUT.items()}

    def set_from(self, state: NardyState, player: int) -> None:
        self.tensor[:] = state.observation(player)

    def string_from(self, state: NardyState, player: int) -> str:
        return state.text()


def _game_class(name: str) -> type[NardyGame]:
    title = "".join(part.capitalize() for part in name.split("_"))
    return type(f"Nardy{title}Game", (NardyGame,), {"RULESET": name, "__module__": __name__})


#: the game class of each ruleset, by ruleset name. pyspiel keeps the class it
#: registers until the process ends; a class (unlike a ``functools.partial``)
#: is never freed during Python's shutdown, which would crash the interpreter.
GAME_CLASSES: Final[dict[str, type[NardyGame]]] = {name: _game_class(name) for name in GAME_NAMES}


def register_games() -> None:
    """Register ``python_nardy_<ruleset>`` for every ruleset (done on import; idempotent)."""
    known = set(pyspiel.registered_names())
    for name, short_name in GAME_NAMES.items():
        if short_name not in known:
            pyspiel.register_game(_game_type(nardy.ruleset(name)), GAME_CLASSES[name])


def load_game(rules: str) -> NardyGame:
    """``pyspiel.load_game`` of a ruleset's game (aliases accepted).

    >>> load_game("backgammon").get_type().short_name
    'python_nardy_short'
    """
    game: NardyGame = pyspiel.load_game(game_name(rules))
    return game


register_games()
