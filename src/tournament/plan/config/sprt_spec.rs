//! [`SprtSpec`]: `--sprt` as the command line gives it, or an event file's `sprt`, the same
//! string or a table with the same keys.

use crate::stats::sprt::{SprtError, SprtParams};
use serde::Deserialize;

/// `--sprt`: read once from the command line ([`SprtSpec::Params`], by its `FromStr`), or from
/// an event file as the command-line string or a table with the same keys (checked by
/// [`SprtSpec::params`] when the event is resolved).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum SprtSpec {
    /// The command line's `--sprt`, already read and checked.
    #[serde(skip_deserializing)]
    Params(SprtParams),
    Text(String),
    Table {
        elo0: Option<f64>,
        elo1: Option<f64>,
        alpha: Option<f64>,
        beta: Option<f64>,
        model: Option<String>,
    },
}

impl SprtSpec {
    pub fn params(&self) -> Result<SprtParams, SprtError> {
        match self {
            SprtSpec::Params(p) => Ok(*p),
            SprtSpec::Text(s) => s.parse(),
            SprtSpec::Table {
                elo0,
                elo1,
                alpha,
                beta,
                model,
            } => {
                let d = SprtParams::default();
                let p = SprtParams {
                    elo0: elo0.unwrap_or(d.elo0),
                    elo1: elo1.unwrap_or(d.elo1),
                    alpha: alpha.unwrap_or(d.alpha),
                    beta: beta.unwrap_or(d.beta),
                    model: match model {
                        Some(m) => m.parse()?,
                        None => d.model,
                    },
                };
                p.validate()?;
                Ok(p)
            }
        }
    }
}

impl std::str::FromStr for SprtSpec {
    type Err = SprtError;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=...]`, read and checked at once.
    fn from_str(text: &str) -> Result<SprtSpec, SprtError> {
        text.parse().map(SprtSpec::Params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_is_read_once_from_the_command_line() {
        let spec: SprtSpec = "elo0=0,elo1=5,model=normalized".parse().unwrap();
        let SprtSpec::Params(p) = &spec else {
            panic!("{spec:?}")
        };
        assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (0.0, 5.0, 0.05, 0.05));
        assert_eq!(spec.params().unwrap(), *p);
        for (bad, msg) in [
            ("elo0=x", "SPRT: 'x' is not a number"),
            ("elo0", "SPRT: 'elo0' is not KEY=VALUE"),
            (
                "elo2=1",
                "SPRT: unknown key 'elo2' (expected elo0, elo1, alpha, beta, model)",
            ),
            (
                "elo0=10,elo1=0",
                "SPRT: elo0 (10) must be less than elo1 (0)",
            ),
            (
                "model=bayes",
                "SPRT: model 'bayes' is not logistic or normalized",
            ),
        ] {
            let e = bad.parse::<SprtSpec>().unwrap_err();
            assert_eq!(e.to_string(), msg, "{bad}");
        }
    }
}
