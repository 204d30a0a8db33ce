#!/usr/bin/env bash
# Legal+apply per CPU second of the baraza Python package (python/) against the pure-Python rules
# in bench/independent/, on random playouts: bench/python_package.py says how it measures.
# Builds and installs the package first when `import baraza` fails (docs/python.md: Build and
# install).
#
# usage: bench/python-package.sh [--games N] [--runs R] [--seed S] [RULESET...]
#   defaults: 200 playouts a run, 5 interleaved runs per implementation, darra bao dara
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import baraza' 2>/dev/null; then
  python3 -m pip install --quiet --root-user-action=ignore maturin
  python3 -m maturin build --release -m python/Cargo.toml -o target/wheels
  python3 -m pip install --quiet --root-user-action=ignore --force-reinstall \
    target/wheels/baraza-0.1.0-*.whl
fi
exec python3 bench/python_package.py "$@"
