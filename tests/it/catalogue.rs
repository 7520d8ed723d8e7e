//! The Fairy-Stockfish catalogue, `scripts/fairy-stockfish/`: one script
//! per FS built-in variant, named as FS names it, each checked against FS
//! itself. A script's perft fixture (`tests/perft/fairy-stockfish/NAME.perft`,
//! FS's counts from the start and two random middle positions, written by
//! `tools/fairy-stockfish-perft.py`) must match, and so must the legal moves
//! of seeded random pyffish games, short and long (promotions and endings
//! reached), move for move.
//!
//! The scripts that came before this module are checked in the modules of
//! their rules (`ELSEWHERE`); [`every_catalogue_script_is_checked`] keeps
//! both lists true to the folder.

use std::collections::BTreeSet;
use std::process::Command;

use crate::common;
use common::oracle::{
    compare, fs_immediate_game_end, manifest_dir, oracle_short_and_long, require_pyffish, script,
};

/// Perft from the fixture (lines up to a million nodes: the start
/// position at depth 4 on most boards; `VARIA_PERFT_BUDGET` runs more), then 100 positions of 80-ply games and 200 of
/// 200-ply games (a pyffish call costs 2 to 6 ms, and the catalogue is
/// long: `tools/fairy-stockfish-perft.py --check NAME --positions N`
/// compares many more while a script is written).
fn check_against_fairy_stockfish(name: &str, seed: u64) {
    crate::perft::run_suite_within(&format!("fairy-stockfish/{name}.perft"), 1_000_000);
    let variant = script(name);
    let (short, long) = oracle_short_and_long(name, 100, 200, seed);
    compare(&variant, &short);
    compare(&variant, &long);
}

macro_rules! catalogue {
    ($($test:ident: $name:literal, $seed:literal;)*) => {
        $(
            #[test]
            fn $test() {
                check_against_fairy_stockfish($name, $seed);
            }
        )*
        /// The variants this module checks.
        const CHECKED_HERE: &[&str] = &[$($name),*];
    };
}

catalogue! {
    ai_wok: "ai-wok", 211;
    almost: "almost", 101;
    amazon: "amazon", 103;
    armageddon: "armageddon", 105;
    asean: "asean", 213;
    ataxx: "ataxx", 250;
    atomar: "atomar", 223;
    breakthrough: "breakthrough", 107;
    cambodian: "cambodian", 270;
    capablanca: "capablanca", 109;
    capahouse: "capahouse", 111;
    caparandom: "caparandom", 229;
    centaur: "centaur", 113;
    chancellor: "chancellor", 115;
    chaturanga: "chaturanga", 117;
    checkshogi: "checkshogi", 119;
    chigorin: "chigorin", 121;
    clobber: "clobber", 123;
    clobber10: "clobber10", 125;
    courier: "courier", 201;
    dobutsu: "dobutsu", 207;
    dragon: "dragon", 127;
    duck: "duck", 294;
    embassy: "embassy", 129;
    euroshogi: "euroshogi", 131;
    fairy: "fairy", 133;
    fischerandom: "fischerandom", 227;
    flipello: "flipello", 252;
    flipello10: "flipello10", 253;
    flipersi: "flipersi", 251;
    fox_and_hounds: "fox-and-hounds", 135;
    gardner: "gardner", 137;
    georgian: "georgian", 139;
    gorogoro: "gorogoro", 141;
    gothic: "gothic", 143;
    grand: "grand", 219;
    grasshopper: "grasshopper", 145;
    gustav3: "gustav3", 147;
    hoppelpoppel: "hoppelpoppel", 149;
    horde: "horde", 215;
    isolation: "isolation", 231;
    isolation7x7: "isolation7x7", 233;
    janus: "janus", 151;
    jesonmor: "jesonmor", 209;
    joust: "joust", 235;
    judkins: "judkins", 153;
    janggi: "janggi", 281;
    janggicasual: "janggicasual", 283;
    janggimodern: "janggimodern", 284;
    janggitraditional: "janggitraditional", 282;
    karouk: "karouk", 271;
    knightmate: "knightmate", 155;
    legan: "legan", 157;
    loop_chess: "loop", 159;
    losalamos: "losalamos", 161;
    makpong: "makpong", 292;
    makruk: "makruk", 217;
    manchu: "manchu", 261;
    minixiangqi: "minixiangqi", 260;
    misere: "misere", 163;
    modern: "modern", 165;
    newzealand: "newzealand", 167;
    nightrider: "nightrider", 169;
    nocheckatomic: "nocheckatomic", 171;
    normal: "normal", 173;
    okisakishogi: "okisakishogi", 175;
    omicron: "omicron", 177;
    opulent: "opulent", 221;
    paradigm: "paradigm", 179;
    pawnback: "pawnback", 225;
    pawnsideways: "pawnsideways", 181;
    perfect: "perfect", 183;
    petrified: "petrified", 247;
    placement: "placement", 249;
    pocketknight: "pocketknight", 185;
    raazuvaa: "raazuvaa", 187;
    racingkings: "racingkings", 293;
    shako: "shako", 189;
    shatar: "shatar", 245;
    shatranj: "shatranj", 203;
    shoshogi: "shoshogi", 241;
    sittuyin: "sittuyin", 291;
    snailtrail: "snailtrail", 237;
    sortofalmost: "sortofalmost", 191;
    spartan: "spartan", 239;
    tencubed: "tencubed", 193;
    torishogi: "torishogi", 205;
    torpedo: "torpedo", 195;
    troitzky: "troitzky", 197;
    wolf: "wolf", 243;
    yarishogi: "yarishogi", 199;
}

/// The catalogue scripts checked in other modules, with the module whose
/// tests compare them with FS (perft fixture and pyffish differential).
const ELSEWHERE: &[(&str, &str)] = &[
    ("3check", "hooks.rs"),
    ("5check", "differential.rs"),
    ("antichess", "compulsory.rs"),
    ("atomic", "hooks.rs"),
    ("berolina", "berolina.rs"),
    ("chess", "differential.rs"),
    ("chessgi", "hands.rs"),
    ("codrus", "compulsory.rs"),
    ("coregal", "royals.rs"),
    ("crazyhouse", "hands.rs"),
    ("extinction", "extinction.rs"),
    ("giveaway", "compulsory.rs"),
    ("kinglet", "extinction.rs"),
    ("kingofthehill", "hooks.rs"),
    ("kyotoshogi", "hands.rs"),
    ("losers", "compulsory.rs"),
    ("micro", "hands.rs"),
    ("mini", "hands.rs"),
    ("minishogi", "hands.rs"),
    ("nocastle", "differential.rs"),
    ("seirawan", "gating.rs"),
    ("shogi", "hands.rs"),
    ("shouse", "gating.rs"),
    ("suicide", "compulsory.rs"),
    ("threekings", "extinction.rs"),
    ("xiangqi", "xiangqi.rs"),
];

/// Every script of the folder is checked here or in the module `ELSEWHERE`
/// names (which mentions it), has a perft fixture naming it, and is a
/// variant of the pyffish installed; no name is listed twice.
#[test]
fn every_catalogue_script_is_checked() {
    let folder = manifest_dir().join("scripts/fairy-stockfish");
    let scripts: BTreeSet<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut listed: Vec<&str> = CHECKED_HERE.to_vec();
    listed.extend(ELSEWHERE.iter().map(|(n, _)| *n));
    let listed_set: BTreeSet<String> = listed.iter().map(|s| s.to_string()).collect();
    assert_eq!(listed.len(), listed_set.len(), "a variant is listed twice");
    assert_eq!(scripts, listed_set, "the folder and the lists differ");
    for (name, module) in ELSEWHERE {
        let text = std::fs::read_to_string(manifest_dir().join("tests/it").join(module)).unwrap();
        assert!(
            text.contains(&format!("\"{name}\"")),
            "{module} does not check {name}"
        );
    }
    for name in &scripts {
        let fixture = manifest_dir().join(format!("tests/perft/fairy-stockfish/{name}.perft"));
        let text = std::fs::read_to_string(&fixture)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
        assert!(
            text.lines()
                .any(|l| l.starts_with("script scripts/")
                    && l.ends_with(&format!("/{name}.variant"))),
            "{} names another script",
            fixture.display()
        );
    }
    require_pyffish();
    let out = Command::new("python3")
        .args(["-c", "import pyffish; print(' '.join(pyffish.variants()))"])
        .output()
        .unwrap();
    let known: BTreeSet<String> = String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let unknown: Vec<&String> = scripts.difference(&known).collect();
    assert!(
        unknown.is_empty(),
        "not Fairy-Stockfish variants: {unknown:?}"
    );
}

/// `promote white …` and `promote black …` (Chigorin chess): each side's
/// pawns promote to its own army's pieces only. By hand, from the rules
/// (FS's `chigorin` gives the same sets: the pyffish differential above).
#[test]
fn each_side_promotes_to_its_own_army() {
    use common::moves::moves_from;
    use varia::vm::Position;
    let v = script("chigorin");
    let white = Position::from_fen(&v, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1").unwrap();
    let expected: BTreeSet<String> = ["b7b8c", "b7b8r", "b7b8n"].map(String::from).into();
    assert_eq!(moves_from(&white, "b7"), expected);
    let black = Position::from_fen(&v, "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1").unwrap();
    let expected: BTreeSet<String> = ["g2g1q", "g2g1r", "g2g1b"].map(String::from).into();
    assert_eq!(moves_from(&black, "g2"), expected);
}

/// Wolf chess's promotions, derived from its rules: a pawn reaching the
/// last rank becomes a Queen, Wolf, Fox, Rook or Bishop, or an Elephant
/// (written `+` in coordinates, `+P` in FEN, as Fairy-Stockfish writes its
/// promoted pawn); a sergeant any of these but the Elephant, stepping or
/// capturing forward. pyffish offers the same moves. SAN writes the pawn's
/// moves without a letter and the sergeant's with its `S`, as FS does.
#[test]
fn wolf_pawns_and_sergeants_promote_as_fairy_stockfish_offers() {
    use common::moves::moves;
    use common::oracle::{fs_fen_after, fs_legal_moves, fs_san};
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    use varia::notation::san::move_to_san;
    use varia::vm::Position;
    let v = script("wolf");
    let pawn = "k7/2P5/8/8/8/8/8/8/8/K7 w - - 0 1";
    let pos = Position::from_fen(&v, pawn).unwrap();
    let expected: BTreeSet<String> = [
        "a1a2", "a1b1", "a1b2", "c9c10q", "c9c10w", "c9c10f", "c9c10r", "c9c10b", "c9c10+",
    ]
    .map(String::from)
    .into();
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("wolf", pawn));
    let mut elephant = pos.clone();
    elephant.play(parse_coord(&pos, "c9c10+").unwrap());
    assert_eq!(write_fen(&elephant), "k1+P5/8/8/8/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(
        write_fen(&elephant),
        fs_fen_after("wolf", pawn, &["c9c10+"])
    );
    let sergeant = "kr1r4/2S5/8/8/8/8/8/8/8/K7 w - - 0 1";
    let pos = Position::from_fen(&v, sergeant).unwrap();
    let mut expected: BTreeSet<String> = ["a1a2".to_string()].into();
    for to in ["b10", "c10", "d10"] {
        for piece in ["q", "w", "f", "r", "b"] {
            expected.insert(format!("c9{to}{piece}"));
        }
    }
    assert_eq!(moves(&pos), expected);
    assert_eq!(moves(&pos), fs_legal_moves("wolf", sergeant));
    let start = Position::start(&v);
    let fen = write_fen(&start);
    for (mv, san) in [("a2a3", "a3"), ("b2a3", "Sa3"), ("b1a3", "Na3")] {
        assert_eq!(move_to_san(&start, parse_coord(&start, mv).unwrap()), san);
        assert_eq!(fs_san("wolf", &fen, mv), san);
    }
}

/// `remove Queen` takes the imported Queen out: its letter is free for
/// another piece (a Fers here), which moves as a Fers.
#[test]
fn a_removed_piece_leaves_its_letter_and_the_fen() {
    let v = varia::compile_source(
        "queenless.variant",
        "variant \"Q\"\nimport orthodox\nremove Queen\npiece Fers Q \"F\"\n\
         promote Pawn in rank last to Fers\nboard 8 x 8\n\
         setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n",
    )
    .unwrap();
    let names: Vec<&str> = v.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["King", "Rook", "Bishop", "Knight", "Pawn", "Fers"]);
    let pos = varia::vm::Position::start(&v);
    let fers: BTreeSet<String> = common::moves::moves_from(&pos, "d1");
    assert!(fers.is_empty(), "the Fers on d1 is boxed in: {fers:?}");
    let pos = varia::vm::Position::from_fen(&v, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").unwrap();
    assert_eq!(
        common::moves::moves_from(&pos, "a1"),
        common::moves::set("a1", "b2")
    );
}

/// `draws win for black` (Armageddon): a stalemate of either side, the
/// move rule and repetition are Black's wins, not draws. pyffish agrees on
/// the stalemates (`game_result('armageddon', FEN, [])` is +32000 for
/// Black to move stalemated, -32000 for White); checkmate is unchanged.
#[test]
fn armageddon_draws_are_black_wins() {
    use varia::ir::piece::Color;
    use varia::vm::{EndReason, Outcome, Position};
    let v = script("armageddon");
    let outcome = |fen: &str| Position::from_fen(&v, fen).unwrap().outcome().unwrap();
    let black_wins = |reason| Outcome::Decisive {
        winner: Color::Black,
        reason,
    };
    assert_eq!(
        outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        black_wins(EndReason::Stalemate)
    );
    assert_eq!(
        outcome("8/8/8/8/8/6k1/5q2/7K w - - 0 1"),
        black_wins(EndReason::Stalemate)
    );
    assert_eq!(
        outcome("7k/8/8/8/8/8/8/R6K w - - 100 80"),
        black_wins(EndReason::MoveRule)
    );
    assert_eq!(
        outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        }
    );
    let mut pos = Position::start(&v);
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = varia::notation::coord::parse_coord(&pos, m).unwrap();
            pos.play(mv);
        }
    }
    assert_eq!(pos.outcome().unwrap(), black_wins(EndReason::Repetition));
    let chess = Position::from_fen(&script("chess"), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        chess.outcome().unwrap(),
        Outcome::Draw {
            reason: EndReason::Stalemate
        }
    );
}

/// Dobutsu's `reaching far with Lion wins if unattacked`, derived by hand
/// and checked against pyffish's `is_immediate_game_end` (and its result)
/// in each position: White's Lion on b4, the far rank.
#[test]
fn a_lion_on_the_far_rank_wins_only_unattacked() {
    use varia::ir::piece::Color;
    use varia::vm::{EndReason, Outcome, Position};
    require_pyffish();
    let v = script("dobutsu");
    let cases = [
        // Attacked by the Giraffe on a4: the game goes on, and Black may
        // take it (Gxb4) or let it stand.
        ("gL1/3/2l/3[] b - - 0 1", None),
        // Nothing attacks it: White has won.
        ("1L1/3/2l/g2[] b - - 0 1", Some(Some(Color::White))),
        // Black's Lion stands on Black's far rank (a1) unattacked too: drawn.
        ("1L1/3/3/l2[] w - - 0 1", Some(None)),
    ];
    for (fen, expected) in cases {
        let pos = Position::from_fen(&v, fen).unwrap();
        let outcome = pos.outcome().unwrap();
        let got = match outcome {
            Outcome::Ongoing => None,
            Outcome::Decisive {
                winner,
                reason: EndReason::GoalReached { .. },
            } => Some(Some(winner)),
            Outcome::Draw {
                reason: EndReason::GoalReached { .. },
            } => Some(None),
            other => panic!("{fen}: {other:?}"),
        };
        assert_eq!(got, expected, "{fen}");
        assert_eq!(
            pos.legal_moves().unwrap().is_empty(),
            expected.is_some(),
            "{fen}"
        );
        let (ended, score) = fs_immediate_game_end("dobutsu", fen);
        let fs_verdict = match (ended, score.signum()) {
            (false, _) => None,
            (true, 0) => Some(None),
            // A mate score from the side to move's view.
            (true, _) if score < 0 => Some(Some(pos.side_to_move().opposite())),
            (true, _) => Some(Some(pos.side_to_move())),
        };
        assert_eq!(fs_verdict, expected, "pyffish at {fen}: {ended} {score}");
    }
    let pos = Position::from_fen(&v, "gL1/3/2l/3[] b - - 0 1").unwrap();
    let takes = varia::notation::coord::parse_coord(&pos, "a4b4").unwrap();
    assert!(pos.legal_moves().unwrap().contains(&takes));
}

/// Jeson Mor's `reaching centre with Knight wins after a reply`, derived
/// by hand and checked against pyffish's `is_immediate_game_end`: White's
/// knight has just reached e5; Black may take it (the knight on d7 can),
/// and only if it is still there with White to move has White won.
#[test]
fn a_knight_on_the_centre_wins_after_the_reply() {
    use varia::ir::piece::Color;
    use varia::vm::{EndReason, Outcome, Position};
    require_pyffish();
    let v = script("jesonmor");
    let cases = [
        ("n8/3n5/9/9/4N4/9/9/9/N8 b - - 1 1", false),
        ("n8/9/9/9/4N4/9/5n3/9/N8 w - - 2 2", true),
        // Black's knight took it and stands there: White may answer.
        ("n8/9/9/9/4n4/9/9/9/N8 w - - 0 2", false),
    ];
    for (fen, ended) in cases {
        let pos = Position::from_fen(&v, fen).unwrap();
        let outcome = pos.outcome().unwrap();
        if ended {
            assert!(
                matches!(
                    outcome,
                    Outcome::Decisive {
                        winner: Color::White,
                        reason: EndReason::GoalReached { .. }
                    }
                ),
                "{fen}: {outcome:?}"
            );
        } else {
            assert_eq!(outcome, Outcome::Ongoing, "{fen}");
        }
        assert_eq!(
            fs_immediate_game_end("jesonmor", fen).0,
            ended,
            "pyffish at {fen}"
        );
    }
}

/// Horde (`white has no royal piece`, `en passant in rank 6`): White,
/// without a king, is never in check; a White side that cannot move is
/// stalemated (a draw), Black checkmated loses, White with no piece left
/// loses; a FEN must still give Black its king. A pawn's double step from
/// the first rank makes no en passant square (the capture would land on the
/// second rank); from the second it does. Positions derived by hand; every
/// move list, FEN and result is pyffish's too.
#[test]
fn horde_white_plays_without_a_king() {
    use common::moves::moves;
    use common::oracle::fs_game_result;
    use varia::ir::piece::Color;
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    use varia::vm::{EndReason, Outcome, Position};
    let v = script("horde");
    let set = |ms: &[&str]| -> BTreeSet<String> { ms.iter().map(|m| m.to_string()).collect() };
    let played = |fen: &str, mv: &str| {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let m = parse_coord(&pos, mv).unwrap();
        pos.play_unchecked(m);
        pos
    };
    let from_first = played("4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3");
    assert_eq!(write_fen(&from_first), "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
    assert_eq!(
        moves(&from_first),
        set(&["b3b2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"])
    );
    let from_second = played("4k3/8/8/8/p7/8/1P6/8 w - - 0 1", "b2b4");
    assert_eq!(write_fen(&from_second), "4k3/8/8/8/pP6/8/8/8 b - b3 0 1");
    assert!(moves(&from_second).contains("a4b3"));
    let outcome = |fen: &str| Position::from_fen(&v, fen).unwrap().outcome().unwrap();
    let cases = [
        (
            "4k3/4p3/4P3/8/8/8/8/8 w - - 0 1",
            Outcome::Draw {
                reason: EndReason::Stalemate,
            },
        ),
        (
            "R3k3/R7/8/8/8/8/8/8 b - - 0 1",
            Outcome::Decisive {
                winner: Color::White,
                reason: EndReason::Checkmate,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            Outcome::Decisive {
                winner: Color::Black,
                reason: EndReason::PiecesLost {
                    side: Color::White,
                    kind: None,
                    left: 0,
                },
            },
        ),
    ];
    for (fen, expected) in cases {
        let ours = outcome(fen);
        assert_eq!(ours, expected, "{fen}");
        let score = match &ours {
            Outcome::Decisive { winner, .. }
                if *winner == Position::from_fen(&v, fen).unwrap().side_to_move() =>
            {
                1
            }
            Outcome::Decisive { .. } => -1,
            _ => 0,
        };
        assert_eq!(fs_game_result("horde", fen).signum(), score, "{fen}");
    }
    let error = Position::from_fen(&v, "8/8/8/8/8/8/8/P7 w - - 0 1").unwrap_err();
    assert!(
        error.to_string().contains("Black has no royal piece"),
        "{error}"
    );
}

/// Racing Kings (`white reaching … unless answered`, `black reaching …`,
/// `checks forbidden`): White's king first on the eighth rank wins only if
/// Black's reply cannot put its king there too (a draw when it does; the
/// win at once when no legal move of Black's can); Black's king first wins
/// at once; no move may give check. Positions derived by hand; each move
/// list and result is pyffish's too (`legal_moves`, `game_result`).
#[test]
fn racing_kings_gives_black_one_reply() {
    use common::moves::moves;
    use common::oracle::fs_game_result;
    use varia::ir::piece::Color;
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    use varia::vm::{EndReason, Outcome, Position};
    let v = script("racingkings");
    let set = |ms: &[&str]| -> BTreeSet<String> { ms.iter().map(|m| m.to_string()).collect() };
    let at = |fen: &str| Position::from_fen(&v, fen).unwrap();
    let after = |fen: &str, mv: &str| {
        let mut pos = at(fen);
        let m = parse_coord(&pos, mv).unwrap();
        pos.play_unchecked(m);
        pos
    };
    let white_at_h8 = |winner: Option<Color>| {
        let reason = EndReason::GoalReached {
            side: Color::White,
            kind: v.kind_by_letter('K').unwrap(),
            square: v.geometry.parse_square("h8").unwrap(),
            region: None,
        };
        match winner {
            Some(winner) => Outcome::Decisive { winner, reason },
            None => Outcome::Draw { reason },
        }
    };
    // Black's king cannot reach the eighth rank: White has won.
    let cannot = "7K/8/8/8/8/8/1k6/8 b - - 0 1";
    assert_eq!(
        at(cannot).outcome().unwrap(),
        white_at_h8(Some(Color::White))
    );
    assert_eq!(fs_game_result("racingkings", cannot), -32000);
    // It can: the game goes on, and reaching draws; not reaching loses.
    let can = "7K/1k6/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(at(can).outcome().unwrap(), Outcome::Ongoing);
    assert_eq!(
        moves(&at(can)),
        set(&["b7a6", "b7a7", "b7a8", "b7b6", "b7b8", "b7c6", "b7c7", "b7c8"])
    );
    let drawn = after(can, "b7b8");
    assert_eq!(drawn.outcome().unwrap(), white_at_h8(None));
    assert_eq!(fs_game_result("racingkings", &write_fen(&drawn)), 0);
    let lost = after(can, "b7a7");
    assert_eq!(lost.outcome().unwrap(), white_at_h8(Some(Color::White)));
    assert_eq!(fs_game_result("racingkings", &write_fen(&lost)), 32000);
    // Black first: no reply for White.
    let black_first = "1k6/8/8/8/8/8/8/6K1 w - - 0 1";
    assert!(matches!(
        at(black_first).outcome().unwrap(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::GoalReached {
                side: Color::Black,
                ..
            }
        }
    ));
    assert_eq!(fs_game_result("racingkings", black_first), -32000);
    // No check: the rook may not go to g2 (nor the king stand next to it).
    let rook = "8/8/8/8/8/8/k7/6RK w - - 0 1";
    assert_eq!(
        moves(&at(rook)),
        set(&[
            "g1b1", "g1c1", "g1d1", "g1e1", "g1f1", "g1g3", "g1g4", "g1g5", "g1g6", "g1g7", "g1g8",
            "h1g2", "h1h2"
        ])
    );
}

/// Grand chess's `promotion-limit`: a pawn promotes only into a kind its
/// side has fewer of on the board than the limit (one Queen, Marshal or
/// Cardinal, two of the others), so with its whole army on the board a
/// pawn on the ninth rank has no move (it must promote on the tenth), and
/// on the seventh it may only step to the eighth unpromoted; with a Rook
/// or the Queen captured, that is its choice. Black's the same, mirrored.
/// Positions derived by hand; every move list is pyffish's too.
#[test]
fn grand_promotes_only_into_captured_pieces() {
    use common::moves::moves_from;
    use common::oracle::fs_legal_moves;
    use varia::vm::Position;
    let v = script("grand");
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "7k2/4P5/10/10/10/10/10/10/10/QCARRBBNNK w - - 0 1",
            "e9",
            &[],
        ),
        (
            "7k2/4P5/10/10/10/10/10/10/10/QCAR1BBNNK w - - 0 1",
            "e9",
            &["e9e10r"],
        ),
        (
            "7k2/10/10/4P5/10/10/10/10/10/QCARRBBNNK w - - 0 1",
            "e7",
            &["e7e8"],
        ),
        (
            "7k2/10/10/4P5/10/10/10/10/10/1CARRBBNNK w - - 0 1",
            "e7",
            &["e7e8", "e7e8q"],
        ),
        (
            "qcarrbbnnk/10/10/10/10/10/10/10/4p5/7K2 b - - 0 1",
            "e2",
            &[],
        ),
    ];
    for (fen, from, expected) in cases {
        let pos = Position::from_fen(&v, fen).unwrap();
        let expected: BTreeSet<String> = expected.iter().map(|m| m.to_string()).collect();
        assert_eq!(moves_from(&pos, from), expected, "{fen}");
        assert_eq!(
            common::moves::moves(&pos),
            fs_legal_moves("grand", fen),
            "{fen}"
        );
    }
}

/// Atomar (`captures explode … immune King`, `restrict King: never take
/// King`): a king survives an explosion next to it and its own captures,
/// and may not take the other king, though it stands beside it. Positions
/// derived by hand (Atomic without checks would blow both kings up, and
/// let a king take a king); every FEN and move list is pyffish's too.
#[test]
fn atomar_kings_survive_explosions_and_never_take_each_other() {
    use common::moves::moves_from;
    use common::oracle::{fs_fen_after, fs_legal_moves};
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    use varia::vm::Position;
    let v = script("atomar");
    let after = |fen: &str, mv: &str| {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let m = parse_coord(&pos, mv).unwrap();
        pos.play_unchecked(m);
        write_fen(&pos)
    };
    let cases = [
        // The king takes: the explosion spares it.
        (
            "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
            "e1d2",
            "4k3/8/8/8/8/8/3K4/8 b - - 0 1",
        ),
        // A capture next to the black king blows up the rook and the queen only.
        (
            "4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1",
            "e1e7",
            "4k3/8/8/8/8/8/8/5K2 b - - 0 1",
        ),
    ];
    for (fen, mv, expected) in cases {
        assert_eq!(after(fen, mv), expected, "{fen} {mv}");
        assert_eq!(fs_fen_after("atomar", fen, &[mv]), expected, "{fen} {mv}");
    }
    let kings = "8/8/8/3kK3/8/8/8/8 w - - 0 1";
    let pos = Position::from_fen(&v, kings).unwrap();
    let expected: BTreeSet<String> = ["e5d4", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves_from(&pos, "e5"), expected);
    assert_eq!(common::moves::moves(&pos), fs_legal_moves("atomar", kings));
}

/// Pawnback (`move-rule 50 reset by captures`): no pawn move resets the
/// move rule, not even a double step, which cannot be taken back; a
/// capture and a promotion still do. A pawn never steps back onto its
/// first rank, and one that steps back to its second rank may step two
/// again. Positions derived by hand; each FEN and move list is pyffish's
/// too (the random games compare move lists at FS's own FENs, so they
/// never see our count).
#[test]
fn pawnback_pawn_moves_never_reset_the_move_rule() {
    use common::moves::moves_from;
    use common::oracle::{fs_fen_after, fs_legal_moves};
    use varia::notation::coord::parse_coord;
    use varia::notation::fen::write_fen;
    use varia::vm::Position;
    let v = script("pawnback");
    let after = |fen: &str, moves: &[&str]| {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        for mv in moves {
            let m = parse_coord(&pos, mv).unwrap();
            pos.play_unchecked(m);
        }
        write_fen(&pos)
    };
    let start = "4k3/3p4/8/8/8/8/4P3/4K3 w - - 10 30";
    let cases: [(&[&str], &str); 4] = [
        // A double step, a step back, a step forward: the count goes on.
        (
            &["e2e4", "d7d5", "e4e3"],
            "4k3/8/8/3p4/8/4P3/8/4K3 b - - 13 31",
        ),
        (
            &["e2e3", "d7d6", "e3e2", "d6d7", "e2e4", "d7d6"],
            "4k3/8/3p4/8/4P3/8/8/4K3 w - - 16 33",
        ),
        // A capture resets it.
        (
            &["e2e4", "d7d5", "e4d5"],
            "4k3/8/8/3P4/8/8/8/4K3 b - - 0 31",
        ),
        (
            &[
                "e2e4", "d7d5", "e4e5", "e8f7", "e5e6", "f7g6", "e6e7", "g6f5", "e7e8q",
            ],
            "4Q3/8/8/3p1k2/8/8/8/4K3 b - - 0 34",
        ),
    ];
    for (moves, expected) in cases {
        assert_eq!(after(start, moves), expected, "{moves:?}");
        assert_eq!(
            fs_fen_after("pawnback", start, moves),
            expected,
            "{moves:?}"
        );
    }
    // From its second rank: one or two forward, never back onto the first.
    let second = "4k3/8/8/8/8/8/4P3/K7 w - - 0 1";
    let pos = Position::from_fen(&v, second).unwrap();
    let expected: BTreeSet<String> = ["e2e3", "e2e4"].iter().map(|m| m.to_string()).collect();
    assert_eq!(moves_from(&pos, "e2"), expected);
    assert_eq!(
        common::moves::moves(&pos),
        fs_legal_moves("pawnback", second)
    );
    // Black's the same, mirrored.
    let seventh = "k7/4p3/8/8/8/8/8/4K3 b - - 0 1";
    let pos = Position::from_fen(&v, seventh).unwrap();
    let expected: BTreeSet<String> = ["e7e6", "e7e5"].iter().map(|m| m.to_string()).collect();
    assert_eq!(moves_from(&pos, "e7"), expected);
    assert_eq!(
        common::moves::moves(&pos),
        fs_legal_moves("pawnback", seventh)
    );
}
