//! The bots: the built-in ones, the examples in `bots/`, `check-bot`, and a newcomer's
//! mistakes.

mod builtin;
mod check_bot;
mod check_bot_words;
mod command_words;
mod examples;
mod flush_words;
mod habits;
mod hints_to_the_fix;
mod kits;
mod mistakes;
mod python_kit;
mod reasons;
mod search;
mod search_allocations;
mod threads;
mod words;
