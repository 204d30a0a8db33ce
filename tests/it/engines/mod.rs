//! The rules engines against the specs: worked examples, oracles written from the spec text,
//! and properties of random games.

mod bao_board;
mod bao_oracle;
mod bao_properties;
mod bao_relay_oracle;
mod bao_rules;
mod dara_reference;
mod legal_cache;
mod properties;
mod protocol_line_lengths;
mod spec_examples;
mod token_lookup;
