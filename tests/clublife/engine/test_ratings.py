"""Ratings against OpenSkill called directly on the same results."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from clublife.engine.ratings import RatedMatch, Rating, rate_match, rate_matches


def direct(matches):
    """OpenSkill by hand: each match a list of (player, place)."""
    model = PlackettLuce()
    ratings = {}
    for match in matches:
        ordered = sorted(match, key=lambda pair: (pair[1], str(pair[0])))
        teams = [[ratings.get(player) or model.rating()] for player, _place in ordered]
        rated = model.rate(teams, ranks=[float(place) for _player, place in ordered])
        for (player, _place), team in zip(ordered, rated, strict=True):
            ratings[player] = team[0]
    return {player: (rating.mu, rating.sigma) for player, rating in ratings.items()}


def test_a_four_player_table_rates_like_openskill():
    places = {"Anna": 1, "Bruno": 2, "Carla": 3, "Dario": 4}
    ours = rate_match({}, places)
    theirs = direct([list(places.items())])
    for player, (mu, sigma) in theirs.items():
        assert ours[player].mu == pytest.approx(mu)
        assert ours[player].sigma == pytest.approx(sigma)
    assert ours["Anna"].mu > 25 > ours["Dario"].mu
    assert all(rating.sigma < 25 / 3 for rating in ours.values())


def test_shared_places_are_ties():
    ours = rate_match({}, {"Anna": 1, "Bruno": 1, "Carla": 3})
    assert ours["Anna"] == ours["Bruno"]
    assert ours["Carla"].mu < ours["Anna"].mu


def test_a_season_of_tables_and_gin_matches_matches_openskill():
    matches = [
        [("Anna", 1), ("Bruno", 2), ("Carla", 3), ("Dario", 4)],
        [("Bruno", 1), ("Anna", 2)],
        [("Carla", 1), ("Dario", 2), ("Elena", 2)],
        [("Dario", 1), ("Anna", 2), ("Elena", 3), ("Bruno", 4), ("Carla", 5)],
    ]
    ratings = rate_matches(
        RatedMatch(key=index, places=dict(match)) for index, match in enumerate(matches)
    )
    for player, (mu, sigma) in direct(matches).items():
        assert ratings.of(player).mu == pytest.approx(mu)
        assert ratings.of(player).sigma == pytest.approx(sigma)
    assert [change.match for change in ratings.history if change.player == "Anna"] == [0, 1, 3]
    board = ratings.leaderboard()
    assert [player for player, _ in board] == sorted(
        ratings.current, key=lambda p: -ratings.current[p].ordinal
    )


def test_a_newcomer_has_the_default_rating_and_ordinal_zero():
    assert rate_matches([]).of("Nuovo") == Rating()
    assert Rating().ordinal == pytest.approx(0)


def test_a_match_of_one_player_changes_nothing():
    assert rate_match({}, {"Anna": 1}) == {"Anna": Rating()}


@given(
    st.lists(
        st.lists(st.sampled_from("ABCDEFG"), min_size=2, max_size=5, unique=True),
        min_size=1,
        max_size=6,
    )
)
def test_replaying_from_scratch_equals_rating_match_by_match(tables):
    matches = [
        RatedMatch(key=index, places={p: place for place, p in enumerate(table, start=1)})
        for index, table in enumerate(tables)
    ]
    step = {}
    for match in matches:
        step.update(rate_match(step, match.places))
    assert rate_matches(matches).current == step
    winner = tables[-1][0]
    loser = tables[-1][-1]
    before = rate_matches(matches[:-1])
    after = rate_matches(matches)
    assert after.of(winner).mu >= before.of(winner).mu
    assert after.of(loser).mu <= before.of(loser).mu


# Teams (two lines of two) ------------------------------------------------------------------------


def by_teams(ratings, teams, ranks):
    """OpenSkill's team rating called directly."""
    model = PlackettLuce()
    rated = model.rate(
        [[model.rating(*ratings.get(name, (25.0, 25 / 3))) for name in team] for team in teams],
        ranks=ranks,
    )
    return {
        name: (rating.mu, rating.sigma)
        for team, after in zip(teams, rated, strict=True)
        for name, rating in zip(team, after, strict=True)
    }


def test_two_teams_of_two_rate_like_openskill_s_team_rating():
    places = {"Anna": 1, "Carla": 1, "Bruno": 2, "Dario": 2}
    before = {"Anna": Rating(30.0, 5.0), "Bruno": Rating(22.0, 6.0)}
    ours = rate_match(before, places, [("Anna", "Carla"), ("Bruno", "Dario")])
    theirs = by_teams(
        {"Anna": (30.0, 5.0), "Bruno": (22.0, 6.0)},
        [("Anna", "Carla"), ("Bruno", "Dario")],
        [1, 2],
    )
    for name, (mu, sigma) in theirs.items():
        assert ours[name].mu == pytest.approx(mu)
        assert ours[name].sigma == pytest.approx(sigma)
    # the same places with each player alone are another result
    alone = rate_match(before, places)
    assert alone["Carla"].mu != pytest.approx(ours["Carla"].mu)


def test_level_teams_are_a_tie_and_the_order_given_does_not_matter():
    places = dict.fromkeys(("Anna", "Bruno", "Carla", "Dario"), 1)
    one = rate_match({}, places, [("Anna", "Carla"), ("Bruno", "Dario")])
    other = rate_match({}, places, [("Bruno", "Dario"), ("Anna", "Carla")])
    assert one == other
    theirs = by_teams({}, [("Anna", "Carla"), ("Bruno", "Dario")], [1, 1])
    assert one["Anna"].mu == pytest.approx(theirs["Anna"][0]) == pytest.approx(25.0)


def test_a_team_whose_players_do_not_share_a_place_is_refused():
    with pytest.raises(ValueError):
        rate_match(
            {},
            {"Anna": 1, "Carla": 2, "Bruno": 3, "Dario": 4},
            [("Anna", "Carla"), ("Bruno", "Dario")],
        )
    with pytest.raises(ValueError):
        rate_match({}, {"Anna": 1, "Carla": 1, "Bruno": 2}, [("Anna", "Carla")])


@given(
    st.lists(
        st.tuples(st.permutations(range(4)), st.sampled_from([(1, 2), (2, 1), (1, 1)])), max_size=6
    )
)
def test_teams_of_one_are_the_players_alone_and_rating_from_scratch_is_match_by_match(matches):
    """Teams of one give what no teams give; a season of pair matches rated from scratch gives
    what rating each on top of the last gives."""
    rated = []
    current: dict[int, Rating] = {}
    for number, (seats, (ns, eo)) in enumerate(matches):
        teams = ((seats[0], seats[2]), (seats[1], seats[3]))
        places = {seats[0]: ns, seats[2]: ns, seats[1]: eo, seats[3]: eo}
        rated.append(RatedMatch(key=number, places=places, teams=teams))
        current.update(rate_match(current, places, teams))
        singles = {seats[0]: ns, seats[1]: eo}
        assert rate_match(current, singles, [(seats[0],), (seats[1],)]) == rate_match(
            current, singles
        )
    assert rate_matches(rated).current == current
