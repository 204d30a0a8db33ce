//! The Bao board as the spec draws it, for the naive oracles written from its text
//! (`bao_oracle`, `bao_relay_oracle`): holes by row and column, each player's circuit.

/// The cap on a sowing's drops (E2): a sowing that passes it never ends.
pub(super) const CAP: u32 = 65_536;

/// A hole as (row 0..3 = a..d, column 0..7).
pub(super) type Hole = (usize, usize);

/// The mover's 16 holes in clockwise circuit order (G4).
pub(super) fn circuit(player: usize) -> Vec<Hole> {
    if player == 0 {
        // b1 b2 .. b8 a8 a7 .. a1
        (0..8)
            .map(|c| (1, c))
            .chain((0..8).rev().map(|c| (0, c)))
            .collect()
    } else {
        // c8 c7 .. c1 d1 d2 .. d8
        (0..8)
            .rev()
            .map(|c| (2, c))
            .chain((0..8).map(|c| (3, c)))
            .collect()
    }
}

/// The hole facing `h` on the other side: the same column, the mirrored row.
pub(super) fn facing(h: Hole) -> Hole {
    (3 - h.0, h.1)
}
