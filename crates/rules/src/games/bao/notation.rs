//! Text forms: the position string (P1), move tokens (M1) and the board drawing.

use super::board::{dir_char, hole_at, hole_name, ROWS};
use super::moves::BaoMove;
use super::sowing::{front_empty, HOUSE, NO_HOLE};
use super::Bao;
use crate::decimal::push_uint;
use crate::game::{parse_side, parse_uint, parse_uint_named, split_fields, Player, PositionError};

/// Total seeds (P2).
pub const SEEDS: u64 = 64;

/// Is `token` of the form `^[a-d][1-8][<>][=+]?$`?
pub fn well_formed(token: &str) -> bool {
    let b = token.as_bytes();
    (b.len() == 3 || b.len() == 4)
        && (b'a'..=b'd').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b[2] == b'<' || b[2] == b'>')
        && (b.len() == 3 || b[3] == b'=' || b[3] == b'+')
}

impl Bao {
    pub(super) fn token_bytes(&self, mv: BaoMove) -> ([u8; 4], usize) {
        let me = self.me();
        let [r, c] = hole_name(me, mv.hole as usize);
        let d = dir_char(me, mv.hole as usize, mv.dir);
        match mv.house {
            0 => ([r, c, d, 0], 3),
            h => (
                [r, c, d, if h == super::sowing::PLUS { b'+' } else { b'=' }],
                4,
            ),
        }
    }

    pub(super) fn parse_str(s: &str) -> Result<Bao, PositionError> {
        let layout = "bao <board> <hand1> <hand2> <side> <houses> <takasia>";
        let f = split_fields(s, 7, layout)?;
        if f[0] != "bao" {
            return Err(PositionError::malformed(format!(
                "ruleset: '{}' is not 'bao'",
                f[0]
            )));
        }
        let rows: Vec<&str> = f[1].split('/').collect();
        if rows.len() != 4 {
            return Err(PositionError::malformed(format!(
                "board: '{}' has {} rows separated by '/', expected 4 (a/b/c/d)",
                f[1],
                rows.len()
            )));
        }
        let mut holes = [[0u8; 16]; 2];
        let mut total: u64 = 0;
        for (r, row) in rows.iter().enumerate() {
            let counts: Vec<&str> = row.split(',').collect();
            let letter = ROWS[r] as char;
            if counts.len() != 8 {
                return Err(PositionError::malformed(format!(
                    "board: row {letter} '{row}' has {} counts, expected 8",
                    counts.len()
                )));
            }
            for (col, text) in counts.iter().enumerate() {
                let what = || format!("board: hole {letter}{}", col + 1);
                let n = parse_uint_named(text, what)? as u64;
                if n > SEEDS {
                    return Err(PositionError::impossible(format!(
                        "{}: {n} seeds, more than the {SEEDS} of the game",
                        what()
                    )));
                }
                let (p, i) = hole_at(r, col);
                holes[p][i] = n as u8;
                total += n;
            }
        }
        let mut hand = [0u8; 2];
        for (p, text) in [(0, f[2]), (1, f[3])] {
            let what = format!("hand{}", p + 1);
            let n = parse_uint(text, &what)? as u64;
            if n > SEEDS {
                return Err(PositionError::impossible(format!(
                    "{what}: {n} seeds, more than the {SEEDS} of the game"
                )));
            }
            hand[p] = n as u8;
            total += n;
        }
        if total != SEEDS {
            return Err(PositionError::impossible(format!(
                "board and hands hold {total} seeds, expected exactly {SEEDS}"
            )));
        }
        let side = parse_side(f[4])?;
        let hb = f[5].as_bytes();
        if hb.len() != 2 || hb.iter().any(|&c| c != b'H' && c != b'-') {
            return Err(PositionError::malformed(format!(
                "houses: '{}' must be two characters, each H or -",
                f[5]
            )));
        }
        let houses = [hb[0] == b'H', hb[1] == b'H'];
        let takasia = parse_takasia(f[6], side, hand)?;
        if front_empty(&holes[0]) && front_empty(&holes[1]) {
            return Err(PositionError::impossible(
                "board: both front rows (b and c) are empty",
            ));
        }
        Ok(Bao {
            holes,
            hand,
            side,
            houses,
            takasia,
        })
    }

    pub(super) fn format_to(&self, s: &mut String) {
        s.push_str("bao ");
        for r in 0..4 {
            if r > 0 {
                s.push('/');
            }
            for col in 0..8 {
                if col > 0 {
                    s.push(',');
                }
                let (p, i) = hole_at(r, col);
                push_uint(s, self.holes[p][i]);
            }
        }
        s.push(' ');
        push_uint(s, self.hand[0]);
        s.push(' ');
        push_uint(s, self.hand[1]);
        s.push(' ');
        s.push(if self.side == Player::One { '1' } else { '2' });
        s.push(' ');
        for f in self.houses {
            s.push(if f { 'H' } else { '-' });
        }
        s.push(' ');
        if self.takasia == NO_HOLE {
            s.push('-');
        } else {
            let [r, c] = hole_name(self.me(), self.takasia as usize);
            s.push(r as char);
            s.push(c as char);
        }
    }

    /// The board as `viewer` sits, their back row at the bottom: player 1's view is the
    /// spec's drawing; player 2's turns it half a turn (rows a to d, columns 8 to 1).
    pub(super) fn draw(&self, status: &str, viewer: Player) -> String {
        let from_two = viewer == Player::Two;
        let mut s = String::new();
        let columns: Vec<usize> = if from_two {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let rows: Vec<usize> = if from_two {
            (0..4).collect()
        } else {
            (0..4).rev().collect()
        };
        s.push_str("     ");
        for &col in &columns {
            s.push_str(&format!("{:>4}", col + 1));
        }
        s.push('\n');
        let labels = [
            "player 1 back",
            "player 1 front",
            "player 2 front",
            "player 2 back",
        ];
        for &r in &rows {
            s.push_str(&format!("  {} ", ROWS[r] as char));
            for &col in &columns {
                let (p, i) = hole_at(r, col);
                let n = self.holes[p][i];
                let cell = if i == HOUSE {
                    format!("[{n}]")
                } else if p == self.me() && i as u8 == self.takasia {
                    format!("*{n}*")
                } else {
                    n.to_string()
                };
                s.push_str(&format!("{cell:>4}"));
            }
            s.push_str(&format!("   {}\n", labels[r]));
        }
        s.push_str("  [n] = nyumba (house), *n* = takasia hole\n");
        for p in [Player::One, Player::Two] {
            let i = p.index();
            let [r, c] = hole_name(i, HOUSE);
            let status = if !self.houses[i] {
                "status lost"
            } else if self.holes[i][HOUSE] >= 6 {
                "functional"
            } else {
                "status kept, not functional (fewer than 6)"
            };
            s.push_str(&format!(
                "player {p}: hand {}, house {}{} flag {}, {status}{}\n",
                self.hand[i],
                r as char,
                c as char,
                if self.houses[i] { "H" } else { "-" },
                if self.side == p { "  <- to move" } else { "" }
            ));
        }
        let takasia = if self.takasia == NO_HOLE {
            "-".to_string()
        } else {
            let [r, c] = hole_name(self.me(), self.takasia as usize);
            format!("{}{}", r as char, c as char)
        };
        s.push_str(&format!(
            "stage: {}, takasia: {takasia}, to move: player {}\n",
            if self.namua_stage() { "namua" } else { "mtaji" },
            self.side
        ));
        s.push_str(&format!("status: {status}\n"));
        s
    }
}

/// The takasia field: `-` ([`NO_HOLE`]), or a hole of the mover's front row when both hands are
/// empty. A hole's name in another row reads, but the spec's validity rules (P2) refuse it.
fn parse_takasia(text: &str, side: Player, hand: [u8; 2]) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(NO_HOLE);
    }
    let tb = text.as_bytes();
    let front = if side == Player::One { b'b' } else { b'c' };
    let hole = tb.len() == 2 && (b'a'..=b'd').contains(&tb[0]) && (b'1'..=b'8').contains(&tb[1]);
    if !hole || tb[0] != front {
        let msg = format!(
            "takasia: '{text}' must be '-' or a hole of row {} (the front row of player {side})",
            front as char
        );
        return Err(match hole {
            true => PositionError::impossible(msg),
            false => PositionError::malformed(msg),
        });
    }
    if hand != [0, 0] {
        return Err(PositionError::impossible(format!(
            "takasia: '{text}' is set but the hands are not both 0"
        )));
    }
    Ok(hole_at((tb[0] - b'a') as usize, (tb[1] - b'1') as usize).1 as u8)
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Player};
    use crate::games::bao::Bao;

    /// The start seen from player 2's side: their back row d at the bottom, columns 8 to 1.
    /// By the spec's start, row c holds 2 in c2 and c3 and the house c4 with 6; row b holds
    /// the house b5 with 6 and 2 in b6 and b7.
    #[test]
    fn player_two_sees_the_board_turned() {
        let start =
            "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";
        let pos = Bao::parse(start).unwrap();
        let drawn = pos.show_from(Player::Two);
        let rows: Vec<String> = drawn
            .lines()
            .take(5)
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            rows,
            [
                "8 7 6 5 4 3 2 1",
                "a 0 0 0 0 0 0 0 0 player 1 back",
                "b 0 2 2 [6] 0 0 0 0 player 1 front",
                "c 0 0 0 0 [6] 2 2 0 player 2 front",
                "d 0 0 0 0 0 0 0 0 player 2 back",
            ]
        );
        assert_eq!(pos.show(), pos.show_from(Player::One));
    }
}
