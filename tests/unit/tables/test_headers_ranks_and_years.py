"""Readings found on 2026-12-06 (twenty-third stop): a header repeated down a long table is no row of data; a
quantity written with its unit ("996 days") ranks groups of one row each; "students" name an Enrollment; "ranked first
in the preliminary" reads the Preliminary Rank; one row told apart from "every other" row; two rows' years apart;
"more than any other" and "the largest amount of" as "the most"; "how many years did X coach" as the years his row
spans; dates with month names of other languages, "born" of a Date of birth; the people of a country ("American")
name its cells (or their codes in brackets); a total of times is written as a time; a "Team Totals" row at the foot
is a totals row."""

from __future__ import annotations

from datetime import datetime

from backend.tables import parse
from backend.tables.cells import parse_date
from backend.tables.durations_said import as_time
from backend.tables.plan import ReadingKind
from backend.tables.rephrase import rephrased
from backend.types import AnswerType
from tests.unit.tables.sample import answer, table_of

PAGED = "Code,Name,Width\n1,Alpha,half\n2,Beta,full\nCode,Name,Width\n3,Gamma,half\n4,Delta,half\nCode,Name,Width\n"


def test_a_repeated_header_is_no_row():
    paged = table_of(PAGED, "codes.csv")
    assert paged.row_count == 4
    # it counted the two header rows among the codes (fresh tuning nt-14019: 31 for 21)
    assert answer("How many codes are there?", paged, "integer") == 4
    assert answer("How many codes are half width?", paged, "integer") == 3
    # a row that repeats only some header cells is data
    partly = table_of("Team,Coach,City\nLions,Bo,Oslo\nTeam,Ann,Rome\n", "teams.csv")
    assert partly.row_count == 2


def test_a_quantity_with_its_unit_ranks_groups_of_one_row():
    terms = table_of(
        "Prime Minister,Total time in office\nEdmund Barton,996 days\nChris Watson,113 days\nFrank Forde,7 days\n"
        "Prime Minister,Total time in office\n",
        "prime_ministers.csv",
    )
    # one row each: their days rank them (each one's rows were counted, a tie of all)
    assert answer("Which prime minister spent the shortest total time in office?", terms, "string") == "Frank Forde"
    assert answer("Which prime minister had the longest total time in office?", terms, "string") == "Edmund Barton"


def test_students_name_an_enrollment():
    schools = table_of(
        'Institution,Location,Enrollment\nBryan College,Dayton,"1,044"\nColumbia College,Columbia,"1,200"\n'
        'Milligan College,Elizabethton,"1,006"\n',
        "schools.csv",
    )
    # each school's one row counted, a tie of them all, declined: the Enrollment ranks them
    assert answer("Which school has the most students?", schools, "string") == "Columbia College"
    assert answer("Which school has the fewest students?", schools, "string") == "Milligan College"
    # a table with a Students column keeps it
    own = table_of("School,Students,Staff\nA,300,20\nB,250,40\n", "schools.csv")
    assert answer("Which school has the most students?", own, "string") == "A"


def test_ranked_first_in_a_round_the_question_names_reads_its_rank():
    diving = table_of(
        "Rank,Diver,Preliminary Points,Preliminary Rank,Final Points,Final Rank\n"
        ",Ingrid Kramer,56.30,1,34.98,2\n,Paula Myers,54.70,2,35.24,1\n4,Juno Stover,51.90,6,31.69,4\n",
        "diving.csv",
    )
    # the Rank of the final leaves its medal rows empty: "first in the preliminary" is its own column's 1
    assert answer("Who ranked first in the preliminary?", diving, "string") == "Ingrid Kramer"
    assert answer("Who ranked first in the final?", diving, "string") == "Paula Myers"


def test_one_row_against_every_other_row():
    titles = table_of(
        'Place,Team,Titles,Winning Years\n1,Maccabi Tel Aviv,5,"2007, 2010, 2011, 2012, 2013"\n'
        '2,Hapoel Jerusalem,2,"2008, 2009"\n3,Ironi Ashkelon,1,2006\n4,Hapoel Holon,0,\n',
        "titles.csv",
    )
    # its Titles less every other team's added up (it read its Titles less its Winning Years, named by "win": 2002)
    question = "How many more titles did Maccabi Tel Aviv win than every other team combined?"
    assert answer(question, titles, "integer") == 2
    reading = parse.read(question, titles, AnswerType.INTEGER)
    assert reading is not None and reading.unexplained == ()
    assert answer("How many more titles did Maccabi Tel Aviv win than the rest?", titles, "integer") == 2
    # rows counted where no number is named
    games = table_of("Game,Winner\n1,Ana\n2,Ana\n3,Bo\n4,Ana\n", "games.csv")
    assert answer("How many more games did Ana win than all the others?", games, "integer") == 2


def test_years_apart_are_the_two_rows_years_told_apart():
    cup = table_of(
        "Team,County,Wins,Years won\nGreystones,Wicklow,1,2011\nConfey,Kildare,1,2006\nCrettyard,Laois,1,2005\n",
        "cup.csv",
    )
    # their Years won told apart: it read their Wins (1 each: 0), or counted their two rows
    for question in (
        "What is the difference in years won between Crettyard and Greystones?",
        "How many years apart did Crettyard and Greystones win?",
        "How many years between Crettyard's win and Greystones' win?",
    ):
        assert answer(question, cup, "integer") == 6, question
    careers = table_of("Player,Career\nEddie Giacomin,1965–76\nMark Messier,1991–97\n", "careers.csv")
    # how long each lasted is no year apart (it read 1965 and 1991: 26, at 0.72)
    question = "What is the difference in years between the length of Eddie Giacomin's career and Mark Messier's?"
    reading = parse.read(question, careers, AnswerType.INTEGER)
    assert reading is not None and reading.kind is not ReadingKind.DIFFERENCE


def test_more_than_any_other_and_the_largest_amount_of_are_the_most():
    venues = table_of(
        "Venue,Event,Screens\nMadrid,Open,12\nParis,Masters,30\nMadrid,Final,12\nRome,Cup,8\n", "venues.csv"
    )
    # "than" compared with no value said, "amount of" a count: no reading of either
    assert answer("Which venue hosted the largest amount of events?", venues, "string") == "Madrid"
    assert answer("Which venue hosted more events than any other venue?", venues, "string") == "Madrid"
    assert answer("Which event had more screens than any other?", venues, "string") == "Masters"
    assert answer("Which event has the least amount of screens?", venues, "string") == "Cup"
    # a mass said stays as said
    assert rephrased("Who spent the largest amount of money?") == "Who spent the largest amount of money?"


def test_how_many_years_of_a_tenure_is_its_span():
    staff = table_of(
        "Name,Title,Years at Nebraska\nBiff Jones,Head Coach,1937–1941\nW. Harold Browne,Assistant Coach,1930–1940\n",
        "staff.csv",
    )
    # the years its cells span (it counted his one row: 1)
    assert answer("How many years did Biff Jones coach?", staff, "integer") == 4
    assert answer("How many consecutive years did W. Harold Browne coach?", staff, "integer") == 10
    seasons = table_of(
        "Season,Gold\n1967–68,Rosenborg\n1968–69,Rosenborg\n1969–70,Lyn\n1970–71,Rosenborg\n", "seasons.csv"
    )
    # of a column of seasons, one a row, the rows are counted
    assert answer("How many consecutive years did Rosenborg win gold?", seasons, "integer") == 2
    assert answer("How many years did Rosenborg win gold?", seasons, "integer") == 3


def test_dates_with_month_names_of_other_languages():
    assert parse_date("23 settembre 1981") == datetime(1981, 9, 23)
    assert parse_date("12 mayo 1990") == datetime(1990, 5, 12)
    assert parse_date("1 mars 2020") == datetime(2020, 3, 1)
    assert parse_date("Mars") is None  # a word alone is no date
    squad = table_of(
        "N°,Name,Date of birth,Nationality\n1,Marcus Popp,23 settembre 1981,Germany\n"
        "10,Guillaume Di Betta,8 settembre 1994,France\n17,Victor Le Guennec,19 giugno 1994,France\n",
        "squad.csv",
    )
    assert squad.columns[2].kind == "date"
    # "born" names the Date of birth, which orders the rows; the rows' names answer (it read the last row listed)
    assert answer("Which player was born last?", squad, "string") == "Guillaume Di Betta"
    assert answer("Who was born first?", squad, "string") == "Marcus Popp"
    assert answer("How many players are older than Guillaume Di Betta?", squad, "integer") == 2
    # the shirt numbers (N°) are no amount to average
    assert answer("Which nationality has the most players?", squad, "string") == "France"


def test_the_people_of_a_country_name_its_cells():
    race = table_of(
        "Rank,Athlete,Nationality,Time\n1,Moses Tanui,Kenya,1:01:45\n2,Peter Weilenmann,United States,1:02:30\n"
        "3,Mark Plaatjes,United States,1:03:10\n4,Dionicio Ceron,Mexico,1:03:20\n",
        "race.csv",
    )
    # "american" is the people of the United States: it was left out, and every athlete ranked
    assert answer("Which American came in in the least amount of time?", race, "string") == "Peter Weilenmann"
    assert answer("How many Kenyan athletes are listed?", race, "integer") == 1
    assert answer("Which Mexican runner finished the race?", race, "string") == "Dionicio Ceron"
    assert answer("How many runners are from America?", race, "integer") == 2
    codes = table_of("Athlete,Nation\nA,USA\nB,KEN\n", "codes.csv")
    assert answer("Which American athlete is listed?", codes, "string") == "A"  # the code as sports tables write it


def test_a_total_of_times_is_written_as_a_time():
    walk = table_of(
        "Rank,Name,Time (hand)\n1,Tommy Green,4:50:10\n2,Janis Dalins,4:57:20\n3,Ugo Frigerio,4:59:06\n"
        "4,Karl Hahnel,5:06:06\n",
        "walk.csv",
    )
    # the first three's times added up, in the column's own form (it read the first name: "the time" of a
    # "Time (hand)" was no name, and a sum of times was seconds)
    question = "What is the combined time it took the first three competitors to finish the race?"
    assert answer(question, walk, "string") == "14:46:36"
    assert answer("What was the average time of the first two?", walk, "string") == "4:53:45"
    assert answer(question, walk, "integer") == 53196  # asked as a number: seconds
    mile = table_of("Name,Time\nA,4:09.41\nB,4:29.41\n", "mile.csv")
    assert as_time(259.41, mile, 1) == "4:19.41"


def test_a_label_ending_in_totals_at_the_foot_is_a_totals_row():
    box = table_of(
        "No.,Name,Points,3 Points\n4,Sarah Vinci,8,0/1\n5,Cobi Crispin,72,2/9\n,Team Totals,80,2/10\n", "box.csv"
    )
    assert box.has_summary
    assert answer("How many points were scored in total?", box, "integer") == 80  # not 160: the totals row added in
    assert answer("Who is the last player listed?", box, "string") == "Cobi Crispin"
    film = table_of("Title,Year,Director\nHeat,1995,Mann\nTotal Recall,1990,Verhoeven\n", "films.csv")
    assert not film.has_summary  # a title that starts so, beside words, is a film


def test_a_country_said_of_names_with_its_code_in_brackets():
    marathon = table_of(
        "Year,Men's winner,Women's winner\n2013,Yemane Tsegay (ETH),Ruth Wanjiru (KEN)\n"
        "2012,Dickson Chumba (KEN),Aberume Mekuria (ETH)\n2011,Kenneth Mungara (CAN),Kim Smith (NZL)\n",
        "marathon.csv",
    )
    # the cells that write "(KEN)", not "Kenneth": it counted every year, "kenya" left out
    assert answer("How many men's winners were from Kenya?", marathon, "integer") == 1
    assert answer("How many Ethiopian men's winners are there?", marathon, "integer") == 1
