"""Readings found on 2026-12-06 (twenty-sixth stop): a "who" is never a number column, and a question that says how
many answers it expects ("which 4 countries") is not asking for a value of 4, and is declined when its reading finds
another number of them."""

from __future__ import annotations

from backend.answer.table_cap_levels import ANSWERS_MISCOUNTED, NAME_FOR_A_WORD
from backend.tables.positions import answers_said, ways_offered
from backend.types import AnswerType
from tests.unit.tables.sample import answer, cap_of, table_of

STANDINGS = "Place,Team,Titles,Runners-up\n1,Maccabi,5,1\n2,Hapoel,2,3\n3,Ironi,1,0\n"
MEDALS = "Rank,Nation,Gold,Silver,Bronze\n1,Egypt,4,2,1\n2,Ghana,1,1,4\n3,Togo,0,1,1\n4,Chad,0,0,1\n4,Niger,0,0,1\n"


def test_who_is_never_a_number_column():
    standings = table_of(STANDINGS, "standings.csv")
    # it read the Runners-up count, 1, at 0.8 ("runner" is a person's word; fresh tuning nt-12729)
    assert answer("who is in first place?", standings, "string") == "Maccabi"
    assert answer("who came in third place?", standings, "string") == "Ironi"


def test_how_many_answers_a_question_expects():
    assert answers_said("which 4 countries were last".split()) == (4, 1)
    assert answers_said("name the two kingdoms".split()) == (2, 2)
    assert answers_said("who were the other 2 opponents".split()) == (2, 4)
    # the rows a question ranks among, and a ranking's own size, are no answers expected
    assert answers_said("which of the 11 districts is largest".split()) is None
    assert answers_said("who are the top 3 drivers".split()) is None


def test_answers_expected_are_no_value_and_a_miscount_is_declined():
    medals = table_of(MEDALS, "medals.csv")
    # "3" is how many it asks for, not a Bronze of 3 (it answered Ghana at 0.8; fresh tuning nt-12786)
    assert answer("which 3 countries had only 1 bronze medal each?", medals, "string_array") == [
        "Egypt",
        "Togo",
        "Chad",
        "Niger",
    ]
    cap = cap_of("which 3 countries had only 1 bronze medal each?", medals, AnswerType.STRING_ARRAY)
    assert cap is not None and cap.level == ANSWERS_MISCOUNTED and "finds 4" in cap.why
    # as many as it says: no cap
    assert answer("which 2 countries had no silver?", medals, "string_array") == ["Chad", "Niger"]
    assert cap_of("which 2 countries had no silver?", medals, AnswerType.STRING_ARRAY) is None


ENGINES = (
    "Car,Engine,Power\nBluebird,Redtop,150 kW (201 hp) @ 6000 rpm\nAvenir,Silvertop,154 kW (206 hp) @ 6000 rpm\n"
    "Pulsar,Redtop,169 kW (227 hp) @ 6400 rpm\nSalut,Silvertop,169 kW (227 hp) @ 6000 rpm\n"
)


def test_the_least_of_a_quantity_written_with_its_units_is_a_rows_own():
    engines = table_of(ENGINES, "engines.csv")
    # it counted each engine's rows (Silvertop, at 0.72): "power" is each car's own, its cells "150 kW (201 hp)"
    # (fresh tuning nt-8460); "(s)" is one or more
    assert answer("which engine(s) has the least amount of power?", engines, "string") == "Redtop"
    assert answer("which engine has the least power?", engines, "string") == "Redtop"
    assert answer("which car has the least power?", engines, "string") == "Bluebird"


def test_a_person_the_file_names_is_read_from_a_column_of_people():
    delegates = table_of(
        "Province,Contestant,Age\nAzua,Patricia,21\nBonao,Jeimi,24\nSantiago,Amelia,18\n", "delegates.csv"
    )
    # "delegate" names the file's rows, and its first column told them apart: it answered the Province, Bonao
    assert answer("which delegate is the oldest?", delegates, "string") == "Jeimi"
    assert answer("who is the youngest delegate?", delegates, "string") == "Amelia"
    assert answer("which province is the oldest delegate from?", delegates, "string") == "Bonao"


def test_a_row_said_before_what_is_asked_is_the_one_before_it():
    roster = table_of("No,Player\n1,Brian Leetch\n2,Harry Howell\n3,Rod Gilbert\n", "roster.csv")
    # "X is before who" asks for the row after X (it read Brian Leetch, at 0.8; fresh tuning nt-10049)
    assert answer("harry howell is before who", roster, "string") == "Rod Gilbert"
    assert answer("harry howell is listed after which player?", roster, "string") == "Brian Leetch"
    assert answer("who is before harry howell?", roster, "string") == "Brian Leetch"


def test_the_total_amount_of_a_rows_noun_counts_them():
    riders = table_of("Pos,Rider,Laps\n1,Marco,25\n2,Alvaro,25\nDNQ,Stefano,\nDNQ,Ho,\n", "riders.csv")
    # it read a DNQ rider's name, declined as no integer (fresh tuning nt-13275)
    assert answer("the total amount of riders who did not qualify", riders, "integer") == 2
    assert answer("what is the total amount of laps?", riders, "integer") == 50


def test_values_an_agent_names_pick_rows_and_are_not_the_options_asked_between():
    songs = table_of('#,Title,Producer\n1,"The C-Quel",Pillo Jamel\n2,Dawn,Ty Fyffe\n3,Life Liquid,Juju\n', "songs.csv")
    # it listed the two producers, at 0.29 (fresh tuning nt-12743)
    assert answer("which songs are produced by pillo jamel or juju?", songs, "string_array") == [
        "The C-Quel",
        "Life Liquid",
    ]
    # two values to choose between are the answer's options
    assert answer("which was listed first, dawn or life liquid?", songs, "string") == "Dawn"


def test_only_one_is_a_number():
    medals = table_of(MEDALS, "medals.csv")
    # no reading of "only one" before (fresh tuning nt-7726, nt-156; the twenty-fifth stop's note)
    assert answer("which nations have won only one silver medal?", medals, "string_array") == ["Ghana", "Togo"]
    assert answer("how many nations won exactly one bronze?", medals, "integer") == 4
    # "the only one" is no number
    assert answer("which nation is the only one with 4 gold?", medals, "string") == "Egypt"


def test_a_name_read_where_two_words_are_offered_is_declined():
    places = table_of("Place,Player\n1,Bobby Jones\nT5,Tommy Armour\nT5,Denny Shute\n8,Gene Sarazen\n", "open.csv")
    # it answered "T5", at 0.8, where "above" or "below" answers (fresh, nt-9405's form)
    cap = cap_of("did tommy armour place above or below gene sarazen?", places, AnswerType.STRING)
    assert cap is not None and cap.level == NAME_FOR_A_WORD and "above or below" in cap.why
    assert not cap.offers_value  # accepting "T5" would answer no "above or below"
    assert ways_offered("did x place above or below y") == ("above", "below")
    assert ways_offered("who placed above y") is None
