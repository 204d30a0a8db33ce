#!/usr/bin/env bash
# Time from `baraza new-bot LANG` to a passing `check-bot`, following the printed steps
# verbatim, for each starter kit: a copy of the release binary on the PATH in a fresh folder
# outside the checkout (as `cargo install` would place it). Caches (pip's, cargo's registry)
# are as the machine has them; the build folders are new each time.
#
#   bash bench/kits.sh [LANGUAGE...]     # default: every kit
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
langs=("$@")
[ ${#langs[@]} -gt 0 ] || langs=(c cpp go java javascript rust python)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cp "$here/target/release/baraza" "$work/bin/"
export PATH="$work/bin:$PATH"
printf '%-11s %9s %9s %9s\n' kit build_s check_s total_s
for lang in "${langs[@]}"; do
    dir="$work/$lang"
    mkdir "$dir"
    cd "$dir"
    t0=$(date +%s.%N)
    baraza new-bot "$lang" mybot > steps.txt
    build=$(grep -m1 '^  (cd mybot && ' steps.txt | sed 's/^  //')
    check=$(grep -m1 ' check-bot darra bao dara ' steps.txt | sed 's/^  //')
    sh -c "$build" > build.log 2>&1 || { echo "$lang: build failed, see $dir/build.log"; cat build.log; exit 1; }
    t1=$(date +%s.%N)
    sh -c "$check" > check.log 2>&1 || { echo "$lang: check-bot failed"; cat check.log; exit 1; }
    t2=$(date +%s.%N)
    printf '%-11s %9.1f %9.1f %9.1f\n' "$lang" "$(echo "$t1 - $t0" | bc)" \
        "$(echo "$t2 - $t1" | bc)" "$(echo "$t2 - $t0" | bc)"
done
