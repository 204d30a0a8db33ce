// A baraza starter bot in C++ (protocol v1: ../../protocol.md).
//
// Build:  c++ -O2 -std=c++17 -o bot bot.cpp
// Check:  baraza check-bot darra bao dara ./bot
//
// It plays every ruleset by choosing from the legal moves the referee sends each turn. Make
// choose_move() smarter; keep the loop: it flushes every line, plays game after game in one
// process, and stops on `quit` or at the end of its input.
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

struct Turn {
    std::string position;            // the whole position string (docs/<ruleset>.md)
    std::vector<std::string> legal;  // the legal move tokens, in the referee's order
};

class Bot {
public:
    // Pick a move. Here: one at random. A stronger bot parses the position and searches.
    const std::string& choose_move(const Turn& turn) {
        std::uniform_int_distribution<std::size_t> pick(0, turn.legal.size() - 1);
        return turn.legal[pick(rng_)];
    }

    // Forget everything about the last game (a process plays several).
    void new_game() { turn_ = Turn{}; }

    void run() {
        std::string line;
        while (std::getline(std::cin, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            std::istringstream words(line);
            std::string type;
            if (!(words >> type)) continue;  // blank lines are ignored
            std::string rest;
            std::getline(words >> std::ws, rest);
            if (type == "baraza") {          // hello: baraza 1 <ruleset>
                // Do slow set-up (tables, files) before `ready`.
                std::cout << "id name cpp-kit\nready\n" << std::flush;
            } else if (type == "newgame") {
                new_game();
            } else if (type == "position") {
                turn_.position = rest;
            } else if (type == "legal") {
                turn_.legal.clear();
                std::istringstream tokens(rest);
                for (std::string t; tokens >> t;) turn_.legal.push_back(t);
            } else if (type == "go") {       // our turn: info lines (optional), then one move
                if (turn_.legal.empty()) continue;  // never: the referee plays passes itself
                const std::string& mv = choose_move(turn_);
                // Every line is flushed, or the referee never sees it.
                std::cout << "info chose one of " << turn_.legal.size() << " legal moves\n"
                          << "move " << mv << '\n'
                          << std::flush;
            } else if (type == "quit") {
                return;
            }
            // anything else (last, gameover, messages added later) is ignored
        }
    }

private:
    Turn turn_;
    std::mt19937 rng_{std::random_device{}()};
};

int main() {
    std::ios::sync_with_stdio(false);
    Bot().run();
}
