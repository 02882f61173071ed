"""Every refusal the rules and the host can give, as a code and its English template.

Players at one table read the game in different languages, and each client words a refusal
in its own: so a refusal travels as data (a stable snake_case code and its parameters, plain
str and int values), never only as a sentence. This table is the English wording, which the
host also sends as the error frame's `message`, and which a client falls back to for a code it
does not know (a newer host). `IllegalMove(code, **params)` words itself with `word`.

A code is never renamed or given other placeholders once released: clients key their own
wordings on it. A new sentence gets a new code; a code is shared only by raise sites that say
the very same template.
"""

from __future__ import annotations

import string
from collections.abc import Mapping


def N_(text: str) -> str:
    """Mark a template for the clients' catalogs (Babel extracts `N_` calls: tui/locale)."""
    return text


def NC_(context: str, text: str) -> str:
    """Mark `text`, said in `context`, for the clients' catalogs: a short English word that
    serves other places too, where another language says each differently ("Games")."""
    return text


PLAIN = "refused"
"""The code of a refusal raised as a bare English sentence (code outside core and net that is
not coded yet, or an older host's frame): its one parameter `message` is all there is."""

REFUSALS: dict[str, str] = {
    PLAIN: "{message}",
    # Any game (core/api.py)
    "action_not_a_map": N_("an action must be a map with a 'kind', not {type}"),
    "unknown_kind": N_("unknown action kind {kind}; this game knows {known}"),
    "no_such_seat": N_("there is no seat {seat} at this table of {players}"),
    "game_over": N_("the game is over"),
    "not_your_turn": N_("it is seat {turn}'s turn, not seat {seat}'s"),
    "no_other_fields": N_("a {kind} action takes no other fields (got {extra})"),
    # No Thanks! (core/nothanks)
    "pass_needs_tokens": N_("you have no tokens left, so you must take the card (NT-8)"),
    # Papayoo (core/papayoo)
    "pass_cards_fields": N_("a pass_cards action has exactly one more field, 'cards'"),
    "cards_passed": N_("the cards have been passed already; it is time to play"),
    "passed_already": N_("you have passed your cards already (a pass is final)"),
    "pass_count": N_("pass exactly {count} cards (PY-8), not {cards}"),
    "pass_card_not_in_hand": N_("you cannot pass {card}: it is not in your hand"),
    "pass_card_twice": N_("pass each card only once"),
    "play_fields": N_("a play action has exactly one more field, 'card'"),
    "play_after_pass": N_("play once every player has passed their cards"),
    "not_your_turn_to_play": N_("it is seat {turn}'s turn to play, not seat {seat}'s"),
    "card_not_in_hand": N_("you cannot play {card}: it is not in your hand"),
    "must_follow_suit": N_("you must follow suit: play one of your {suit} cards (PY-13)"),
    # Pásovec (core/pasovec)
    "dice_not_a_map": N_("a roll names its dice as a map like {{'blue': 1, 'red': 1}}"),
    "no_such_dice": N_("there are no {colour} dice; the colours are blue, yellow, red"),
    "dice_count": N_("roll 0, 1 or 2 {colour} dice, not {count}"),
    "no_dice": N_("roll at least one die (PA-7)"),
    "fields_wanted": N_("a {kind} action takes {fields} (got {extra})"),
    "dice_rolled": N_("the dice are rolled; decide on this sum first"),
    "not_your_roll": N_("it is seat {active}'s roll, not seat {seat}'s"),
    "roll_first": N_("seat {active} rolls first; decide once the sum is known"),
    "decided_already": N_("you have already decided on this roll (PA-8)"),
    "discard_not_a_number": N_("a discard names a card by its number, not {card}"),
    "no_such_card": N_("you have no {card} in your hand"),
    "discard_too_dear": N_(
        "discarding {card} on a sum of {sum} costs {price} tokens and you hold {held} (PA-8)"
    ),
    # Rummikub (core/rummikub)
    "no_such_field": N_("a {kind} action takes no field {extra}"),
    "match_over": N_("the match is over"),
    "not_a_tile": N_("{value} is not a tile; tiles are written like R7, K13 or J"),
    "set_not_a_list": N_("a set must be a list of tiles, not {value}"),
    "set_too_long": N_("a set of {size} tiles is too long: a run has at most 13 tiles"),
    "empty_set": N_("an empty set is too short: a set needs at least 3 tiles"),
    "set_too_short": N_("{tiles} is too short: a set needs at least 3 tiles"),
    "only_jokers": N_("{tiles} has no tile besides jokers"),
    "run_mixes_colours": N_("the run {tiles} mixes colours"),
    "run_out_of_order": N_(
        "the run {tiles} is not in order: each number must be one more than the last"
    ),
    "run_below_one": N_("the run {tiles} would go below 1"),
    "run_past_thirteen": N_("the run {tiles} would go past 13 (13 is never followed by 1)"),
    "neither_run_nor_group": N_("{tiles} is neither a run (one colour) nor a group (one number)"),
    "group_too_big": N_("the group {tiles} has more than 4 tiles"),
    "group_repeats_colour": N_("the group {tiles} repeats the colour {colour}"),
    "table_not_a_list": N_("a play's table must be a list of sets, not {value}"),
    "too_many_sets": N_("a table of {count} sets cannot be: {tiles} tiles make at most {most}"),
    "too_many_tiles": N_("a table of {count} tiles cannot be: the game has {tiles}"),
    "table_tile_missing": N_(
        "{tiles} was on the table and is missing: tiles on the table stay on the table"
    ),
    "not_on_rack": N_("you do not have {tiles} on your rack"),
    "nothing_placed": N_("a play must put at least one tile from your rack on the table"),
    "meld_touches_table": N_(
        "before your initial meld you may not add to, move or rearrange the table's sets: "
        "lay new sets of your own"
    ),
    "meld_jokers": N_("jokers may not be used in the initial meld"),
    "meld_too_low": N_("your initial meld is worth {value}; it must be worth at least {needed}"),
    "joker_not_freed": N_(
        "a joker on the table stands for {tiles}: to free it, put that tile in its place "
        "and use the joker again"
    ),
    # The table (net/referee.py, net/host.py)
    "table_closed": N_("this table is closed"),
    "version_missing": N_("an action must name the state version it was decided on"),
    "no_such_version": N_("this table has no state {version}; look again"),
    "stale_not_your_move": N_("that action was decided on a state where it was not your move"),
    "stale_moved_since": N_("you have moved since the state that action was decided on"),
    "timeout_not_yours": N_("only the host's clock can time a turn out"),
    # Why a table or a club cannot start yet (net/lobby.py, net/club, core/club, core/api.py)
    "players_range": N_("{title} is for {low} to {high} players, not {players}"),
    "seats_open": N_("seats {seats} are still open"),
    "round_playing": N_("round {round} is still being played"),
    "evening_over": N_("the evening is over"),
    "club_too_few": N_(
        "{title} needs at least {low} players at a table: {players} cannot be seated (let bots "
        "fill the empty seats, or wait for more players)"
    ),
    "club_no_split": N_(
        "{players} players cannot be split into tables of {low} to {high} for {title} (let "
        "bots fill the empty seats)"
    ),
    "club_no_fixed_seat": N_(
        "there is no free seat for {person} at the fixed tables (at most {high} play {title}): "
        "draw this round by mix"
    ),
    "club_table_short": N_(
        "table {number} is down to {size}, and {title} needs {low}: let bots fill the empty "
        "seats, or draw this round by mix"
    ),
    "club_table_over": N_(
        "table {number} has {size} seats, and {title} is for at most {high}: draw this round by mix"
    ),
    # A client's own (net/session.py)
    "not_connected": N_("not connected to the table: {reason}"),
    "connection_lost": N_("the connection to the table was lost"),
}


def placeholders(template: str) -> set[str]:
    """The parameter names a template formats (its `{name}` fields)."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


_FIELDS = {code: frozenset(placeholders(template)) for code, template in REFUSALS.items()}


def fits(code: str, params: Mapping[str, object]) -> bool:
    """Whether `code` is known here and `params` give every placeholder of its template: a
    refusal from another version of the program may not."""
    fields = _FIELDS.get(code)
    return fields is not None and fields <= params.keys()


def word(code: str, params: Mapping[str, object]) -> str:
    """The English sentence of a refusal.

    An unknown code (or parameters its template cannot format) still gives a sentence, naming
    the code and the parameters, rather than failing: a refusal must always be readable.
    """
    if fits(code, params):
        try:
            return REFUSALS[code].format_map(params)
        except (ValueError, IndexError, AttributeError):
            pass
    given = ", ".join(f"{name}={value}" for name, value in params.items())
    return f"the move was refused ({code}{': ' + given if given else ''})"
