//! PGN reading. A game that reads and replays in a seed variant (chess,
//! and the one the input's first byte picks) plays into a `Game`, whose
//! PGN reads and replays to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use varia::game::Game;
use varia::notation::pgn::{parse_pgn, replay, PgnHeader};

fuzz_target!(|data: &[u8]| {
    let Some(&pick) = data.first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = parse_pgn(text) else {
        return;
    };
    for variant in [varia_fuzz::variant_for(0), varia_fuzz::variant_for(pick)] {
        let Ok((_, moves)) = replay(variant, &game) else {
            continue;
        };
        let played = match Game::from_pgn(variant, &game) {
            Ok(g) => g,
            Err(e) => panic!("a game that replays does not load: {e}"),
        };
        assert_eq!(played.moves(), &moves[..]);
        let written = played.to_pgn(&PgnHeader::default());
        let again = match parse_pgn(&written) {
            Ok(g) => g,
            Err(e) => panic!("the PGN varia wrote does not read: {e}\n{written}"),
        };
        match replay(variant, &again) {
            Ok((_, back)) => assert_eq!(back, moves, "PGN round trip changed the moves"),
            Err(e) => panic!("the PGN varia wrote does not replay: {e}\n{written}"),
        }
    }
});
