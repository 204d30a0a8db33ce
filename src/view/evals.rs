//! One evaluation per move, from the record's info text (`move_infos`, or a PGN log's move
//! comments), turned to player 1's side so that a page can list and plot them on one scale.

use crate::record::info::{Eval, Score};

/// A forced win in `n` plies is plotted and compared as this many centi-units less `n`: above
/// any real evaluation, and a shorter win above a longer one.
pub const WIN_CP: i64 = 1_000_000;

/// One move's evaluation from player 1's side: in centi-units (wins as [`WIN_CP`] less the
/// plies), and as text as a PGN comment writes it (`+0.44`, `-2.42`, `0.00`, `+M5`, `-M3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct P1Eval {
    pub cp: i64,
    pub text: String,
}

/// The evaluation of `info` (the mover's last info line before its move, scored from the
/// mover's side), from player 1's side; `mover` is 1 or 2. `None` without a score.
pub fn from_player_one(info: &str, mover: u8) -> Option<P1Eval> {
    let eval = Eval::of_info(info)?;
    let (cp, mate) = match eval.score {
        Score::Cp(cp) => (cp, None),
        Score::Win(n) => (WIN_CP - n as i64, Some((true, n))),
        Score::Loss(n) => (-(WIN_CP - n as i64), Some((false, n))),
    };
    let flip = mover == 2;
    let cp = if flip { -cp } else { cp };
    let text = match mate {
        Some((win, n)) => format!("{}M{n}", if win != flip { '+' } else { '-' }),
        None => format!(
            "{}{}.{:02}",
            match cp.signum() {
                -1 => "-",
                1 => "+",
                _ => "",
            },
            cp.abs() / 100,
            cp.abs() % 100
        ),
    };
    Some(P1Eval { cp, text })
}

/// Each ply's evaluation from player 1's side (`movers`: `1` or `2` per ply).
pub fn per_ply(infos: &[Option<String>], movers: &str) -> Vec<Option<P1Eval>> {
    movers
        .bytes()
        .enumerate()
        .map(|(i, who)| {
            let info = infos.get(i)?.as_deref()?;
            from_player_one(info, who - b'0')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_two_scores_are_turned_to_player_one() {
        let e = from_player_one("depth 9 score cp 44 nodes 10", 1).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (44, "+0.44"));
        let e = from_player_one("depth 11 score cp -162", 2).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (162, "+1.62"));
        let e = from_player_one("score cp 5", 2).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (-5, "-0.05"));
        let e = from_player_one("score cp 0", 2).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (0, "0.00"));
    }

    #[test]
    fn forced_wins_are_marked_and_above_every_score() {
        let e = from_player_one("depth 5 score win 5", 1).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (999_995, "+M5"));
        let e = from_player_one("depth 3 score win 3", 2).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (-999_997, "-M3"));
        let e = from_player_one("score loss 2", 2).unwrap();
        assert_eq!((e.cp, e.text.as_str()), (999_998, "+M2"));
    }

    #[test]
    fn moves_without_a_score_have_no_evaluation() {
        assert_eq!(from_player_one("depth 4 nodes 100", 1), None);
        let infos = vec![Some("score cp 10".to_string()), None];
        let got = per_ply(&infos, "12");
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].as_ref().unwrap().cp, 10);
        assert_eq!(got[1], None);
    }
}
